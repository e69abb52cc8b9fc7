import { z } from 'zod';
import { PageQuerySchema } from '../common/pagination.schemas.js';
import { LEARNING_ACTIVITY_DESTINATION_TYPES } from './destinations.js';

/**
 * Notifications (issue 17 §1–2; spec §3 Notification: type, payload, is_locked, sender, url, and
 * further ids per type; §2 notification click destinations). A notification is made for one user by
 * a handler of a domain event (decision 0081); `type` chooses where a click goes (see
 * `notificationDestination`), `kind` says what happened (and is what a user's preferences are kept
 * per). Instants are ISO 8601 with offset; ids are database ids.
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

/**
 * Notification types of spec §2's destination table: the activity types that open the
 * learning-activity page, the types with routes of their own, and `other` (opens `/user/index`).
 */
export const NOTIFICATION_TYPES = [
  // Activity types that open `/course/{id}/learning-activity#/{activityId}` (spec §2).
  ...LEARNING_ACTIVITY_DESTINATION_TYPES,
  // Types with routes of their own.
  'exam',
  'questionnaire',
  'classroom',
  'lecture_live',
  'plan_expiry',
  'storage_expiry',
  'score_publish',
  'bulletin',
  'topic',
  'resource_share',
  // Issue 25 item 4: students newly flagged by early warning (the course team's; opens `/course/{id}/warning`).
  'warning_alert',
  // Issue 24 item 3: an organisation applied for a plan change (platform operators'; opens `/wg-admin/request`).
  'plan_request',
  // Anything else (invites, enrolments, course publication, meeting reminders): `/user/index`.
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/**
 * What happened, one per event a notification is made for (issue 17 §1). Each kind has a fixed
 * `type` (where it opens) and default channels; a user's preferences are kept per kind.
 * The forum and resource issues add theirs here.
 */
export const NOTIFICATION_KINDS = {
  'course.invited': { type: 'other', email: 'instant' },
  'course.published': { type: 'other', email: 'off' },
  'enrolment.created': { type: 'other', email: 'off' },
  'activity.published': { type: 'material', email: 'off' },
  'homework.assigned': { type: 'homework', email: 'daily' },
  'homework.due_soon': { type: 'homework', email: 'instant' },
  'homework.graded': { type: 'homework', email: 'instant' },
  'exam.opened': { type: 'exam', email: 'daily' },
  'scores.published': { type: 'score_publish', email: 'instant' },
  'bulletin.published': { type: 'bulletin', email: 'daily' },
  'resource.shared': { type: 'resource_share', email: 'off' },
  'plan.expiring': { type: 'plan_expiry', email: 'instant' },
  'storage.expiring': { type: 'storage_expiry', email: 'instant' },
  'meeting.starting': { type: 'other', email: 'off' },
  // Issue 19 §1, §6: a new file took the user's (or the organisation's) storage to 90 % of its quota.
  'storage.quota_near': { type: 'other', email: 'instant' },
  // Issue 18 §5: forum and questions on files (all open the topic or the question: notificationDestination 'topic').
  'topic.replied': { type: 'topic', email: 'daily' },
  'topic.mentioned': { type: 'topic', email: 'instant' },
  'topic.created': { type: 'topic', email: 'off' },
  'question.answered': { type: 'topic', email: 'instant' },
  // Issue 25 item 4: the daily early-warning job flagged students of a course anew (its instructors and assistants).
  'warning.students_flagged': { type: 'warning_alert', email: 'daily' },
  // Issue 24 item 3: a plan request to decide (operators; opens `/wg-admin/request`), and its decision (the requester; opens `/management/plan`).
  'plan.requested': { type: 'plan_request', email: 'instant' },
  'plan.request_approved': { type: 'plan_expiry', email: 'instant' },
  'plan.request_rejected': { type: 'plan_expiry', email: 'instant' },
} as const satisfies Record<string, { type: NotificationType; email: EmailDelivery }>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
export const NotificationKindSchema = z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]]);

/** How a kind reaches a user by e-mail: not at all, one e-mail each, or in the daily digest. */
export const EMAIL_DELIVERIES = ['off', 'instant', 'daily'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

/**
 * The facts a notification shows (spec §3 `payload`). Titles are copied when it is made, so the
 * list reads without joins and keeps reading after the thing is renamed or deleted. `text` is a
 * short plain-text excerpt (a bulletin's first lines, a feedback's start); `score` 0–100.
 */
export const NotificationPayloadSchema = z.object({
  course_name: z.string().optional(),
  title: z.string().optional(),
  text: z.string().optional(),
  score: z.number().optional(),
  /** How many things the notice counts (early warning: the students newly flagged). */
  count: z.number().int().nonnegative().optional(),
  /** ISO instant the notice is about (a due date, a start time, an expiry). */
  at: isoTime.optional(),
  /** Bulletins: `org` or `course` (picks the bulletin list's tab). */
  bulletin_type: z.enum(['org', 'course']).optional(),
  /** Group topics: the group the topic belongs to. */
  group_id: id.optional(),
  /** Topics: the reply the notice is about (the destination lands on it). */
  reply_id: id.optional(),
  /** Topics: `course` (the course forum), `team` (the teaching team's) or `question` (a question on a file). */
  space: z.enum(['course', 'team', 'question']).optional(),
  /** Questions on files: the file, and the page or second the question is anchored at. */
  upload_id: id.optional(),
  anchor_page: z.number().int().optional(),
  anchor_second: z.number().optional(),
});
export type NotificationPayload = z.infer<typeof NotificationPayloadSchema>;

/** One notification as its user reads it (`GET /api/notifications`, and each SSE event's `data`). */
export const NotificationSchema = z.object({
  id,
  type: NotificationTypeSchema,
  kind: NotificationKindSchema,
  payload: NotificationPayloadSchema,
  /** A locked notice cannot be marked read or dismissed by its user (spec §3). */
  is_locked: z.boolean(),
  sender: z.object({ id, name: z.string() }).nullable(),
  /** Where a click goes (spec §2 destinations; `notificationDestination`). */
  url: z.string(),
  course_id: id.nullable(),
  activity_id: id.nullable(),
  bulletin_id: id.nullable(),
  topic_id: id.nullable(),
  resource_id: id.nullable(),
  read_at: isoTime.nullable(),
  created_at: isoTime,
});
export type Notification = z.infer<typeof NotificationSchema>;

/** `GET /api/notifications?page=&page_size=&type=&unread=`: newest first. */
export const NotificationListQuerySchema = PageQuerySchema.extend({
  /** Only these types (comma-separated list). */
  type: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const types = value.split(',').filter(Boolean);
      for (const type of types) {
        if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) {
          ctx.addIssue({ code: 'custom', message: `unknown notification type: ${type}` });
          return z.NEVER;
        }
      }
      return types as NotificationType[];
    }),
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** The list's answer: a page of notifications, `total` of the filtered list, `unread_count` of all the user's unread ones. */
export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** `PUT /api/notifications/read`: mark these (the user's own; others are ignored) or all as read. */
export const MarkNotificationsReadBodySchema = z.union([z.object({ ids: z.array(id).min(1).max(500) }).strict(), z.object({ all: z.literal(true) }).strict()]);
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBodySchema>;
export const MarkNotificationsReadAnswerSchema = z.object({ updated: z.number().int(), unread_count: z.number().int() });

/** `GET /api/notifications/unread-count`: the bell's badge. */
export const UnreadCountSchema = z.object({ unread_count: z.number().int() });

/** One kind's channels for a user (`GET/PUT /api/notifications/preferences`). */
export const NotificationPreferenceSchema = z.object({
  kind: NotificationKindSchema,
  in_app: z.boolean(),
  email: z.enum(EMAIL_DELIVERIES),
});
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;
export const NotificationPreferencesSchema = z.object({ items: z.array(NotificationPreferenceSchema) });
export const PutNotificationPreferencesBodySchema = z.object({ items: z.array(NotificationPreferenceSchema).min(1).max(NOTIFICATION_KIND_NAMES.length) });

/**
 * Server-Sent Events of `GET /api/notifications/stream` (issue 17 §2): `event: notification`
 * (`id:` the notification id, `data:` its JSON), `event: unread` (`data: {"unread_count": n}` after
 * reads on another tab or device), and a `: heartbeat` comment every `SSE_HEARTBEAT_MS`. A client
 * that reconnects with `Last-Event-ID` gets every notification made after that id first.
 */
export const SSE_HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting (`retry:` field), ms. */
export const SSE_RETRY_MS = 3_000;
