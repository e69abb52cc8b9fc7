import { NOTIFICATION_TYPES, type NotificationType } from '@atrium/contracts';

/** The centre's type filter (issue 17 §1): groups of spec §2's destination types. */
export const NOTIFICATION_GROUPS = ['homework', 'exams', 'scores', 'bulletins', 'courses', 'other'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

const FIXED: Record<Exclude<NotificationGroup, 'courses'>, readonly NotificationType[]> = {
  homework: ['homework'],
  exams: ['exam', 'questionnaire'],
  scores: ['score_publish'],
  bulletins: ['bulletin'],
  other: ['plan_expiry', 'storage_expiry', 'plan_request', 'resource_share', 'other'],
};

/** Every type in exactly one group: course content (the other activity types, classes, live lectures, forum and topics) is `courses`. */
export const GROUP_TYPES: Record<NotificationGroup, readonly NotificationType[]> = {
  ...FIXED,
  courses: NOTIFICATION_TYPES.filter((type) => !Object.values(FIXED).some((types) => types.includes(type))),
};

/** True when `value` names a group. */
export function isNotificationGroup(value: unknown): value is NotificationGroup {
  return typeof value === 'string' && (NOTIFICATION_GROUPS as readonly string[]).includes(value);
}
