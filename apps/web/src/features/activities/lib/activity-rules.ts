import dayjs from 'dayjs';
import { MEETING_ACTIVITY_TYPES, TIME_FORMAT, type ActivityAccess, type ActivitySummary, type ActivityType } from '@atrium/contracts';
import { ApiError } from '../../../lib/api-client';
import { formatInZone } from '../../../lib/zone-format';

/** Types with a full view here; the rest (exam, homework, forum, questionnaire, classroom) show a not-yet-available page. */
export const LATER_ACTIVITY_TYPES = ['exam', 'homework', 'forum', 'questionnaire', 'classroom'] as const satisfies readonly ActivityType[];

/** Types that are files or a link (spec: lesson, slide, h5_courseware as file or link content). */
export const FILE_OR_LINK_TYPES = ['lesson', 'slide', 'h5_courseware', 'virtual_experiment'] as const satisfies readonly ActivityType[];

/** True for the meeting and live types (provider, join URL, time window). */
export function isMeetingType(type: ActivityType): boolean {
  return (MEETING_ACTIVITY_TYPES as readonly string[]).includes(type);
}

/** True for exam, homework, forum, questionnaire and classroom (their full behaviour is another issue). */
export function isLaterType(type: ActivityType): boolean {
  return (LATER_ACTIVITY_TYPES as readonly string[]).includes(type);
}

/**
 * Where an activity opens (spec §2 learning-activity hash targets): exam
 * `#/exam/{id}`, classroom `#/classroom/{id}`, questionnaire the full-screen
 * page, the meeting and live types the live-activities page, everything else `#/{id}`.
 */
export function activityPath(courseId: number, activity: Pick<ActivitySummary, 'id' | 'type'>): string {
  const base = `/course/${courseId}/learning-activity`;
  switch (activity.type) {
    case 'exam':
      return `${base}#/exam/${activity.id}`;
    case 'classroom':
      return `${base}#/classroom/${activity.id}`;
    case 'questionnaire':
      return `${base}/full-screen#/questionnaire/${activity.id}`;
    default:
      // The meeting and live types open on the live-activities page (spec §2; decision 0150).
      return isMeetingType(activity.type) ? `/course/${courseId}/live-activities#/${activity.id}/detail` : `${base}#/${activity.id}`;
  }
}

/** A parsed learning-activity hash (spec §2): the activity id, which view, and `?view=scores`. */
export interface ActivityHashTarget {
  activityId: number;
  view: 'activity' | 'exam' | 'exam-score-list' | 'classroom' | 'questionnaire' | 'live-detail';
  isScoresView: boolean;
}

/**
 * Parses the hash of `/course/{id}/learning-activity`, `/full-screen` and
 * `/live-activities`: `#/{id}`, `#/{id}?view=scores`, `#/exam/{id}`,
 * `#/exam/{id}/score-list`, `#/classroom/{id}`, `#/questionnaire/{id}`,
 * `#/{id}/detail`. Null for anything else.
 */
export function parseActivityHash(hash: string): ActivityHashTarget | null {
  const raw = hash.replace(/^#/, '');
  const [path = '', query = ''] = raw.split('?');
  const isScoresView = new URLSearchParams(query).get('view') === 'scores';
  const patterns: [RegExp, ActivityHashTarget['view']][] = [
    [/^\/exam\/(\d+)\/score-list\/?$/, 'exam-score-list'],
    [/^\/exam\/(\d+)\/?$/, 'exam'],
    [/^\/classroom\/(\d+)\/?$/, 'classroom'],
    [/^\/questionnaire\/(\d+)\/?$/, 'questionnaire'],
    [/^\/(\d+)\/detail\/?$/, 'live-detail'],
    [/^\/(\d+)\/?$/, 'activity'],
  ];
  for (const [pattern, view] of patterns) {
    const match = pattern.exec(path);
    if (match) {
      const activityId = Number(match[1]);
      return activityId > 0 ? { activityId, view, isScoresView } : null;
    }
  }
  return null;
}

/** The hash view each activity type is opened by (`activityPath`); `activity` (`#/{id}`) is the generic form. */
const TYPED_VIEWS: Partial<Record<ActivityType, readonly ActivityHashTarget['view'][]>> = {
  exam: ['exam', 'exam-score-list'],
  classroom: ['classroom'],
  questionnaire: ['questionnaire'],
  ...Object.fromEntries(MEETING_ACTIVITY_TYPES.map((type) => [type, ['live-detail'] as const])),
};

/**
 * Whether a loaded activity is the one a learning-activity URL names (issue 20 §13): it belongs
 * to the course of the path, and a typed hash (`#/exam/`, `#/classroom/`, `#/questionnaire/`,
 * `#/{id}/detail`) names its type. The generic `#/{id}` (notifications, "continue studying")
 * opens any type. Anything else is shown as not found.
 */
export function isActivityOfTarget(activity: { course_id: number; type: ActivityType }, courseId: number, target: ActivityHashTarget): boolean {
  if (activity.course_id !== courseId) return false;
  if (target.view === 'activity') return true;
  return TYPED_VIEWS[activity.type]?.includes(target.view) ?? false;
}

/** The access-forbidden popup (spec §2): its title key and the time shown (YYYY-MM-DD HH:mm, spec §9). */
export interface ForbiddenView {
  titleKey: 'forbidden.notStarted' | 'forbidden.ended' | 'forbidden.unpublished' | 'forbidden.locked';
  time: string | null;
}

const FORBIDDEN_CODES: Record<string, ActivityAccess> = {
  ACTIVITY_NOT_STARTED: 'not_started',
  ACTIVITY_ENDED: 'ended',
  ACTIVITY_UNPUBLISHED: 'unpublished',
  ACTIVITY_LOCKED: 'locked',
};

/** The popup for an access state and the activity's times (shown in `zone`, the account's, else the browser's); null when the activity is open. */
export function forbiddenViewOf(
  access: ActivityAccess,
  startTime: string | null | undefined,
  endTime: string | null | undefined,
  zone?: string,
): ForbiddenView | null {
  const format = (iso: string | null | undefined) =>
    iso ? (zone ? formatInZone(iso, zone, TIME_FORMAT.accessForbidden) : dayjs(iso).format(TIME_FORMAT.accessForbidden)) : null;
  switch (access) {
    case 'not_started':
      return { titleKey: 'forbidden.notStarted', time: format(startTime) };
    case 'ended':
      return { titleKey: 'forbidden.ended', time: format(endTime) };
    case 'unpublished':
      return { titleKey: 'forbidden.unpublished', time: null };
    case 'locked':
      return { titleKey: 'forbidden.locked', time: null };
    default:
      return null;
  }
}

/** The popup for a server 403 (codes ACTIVITY_NOT_STARTED / _ENDED / _UNPUBLISHED / _LOCKED with start_time, end_time in the body); null for other errors. */
export function forbiddenViewOfError(error: unknown, zone?: string): ForbiddenView | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const access = FORBIDDEN_CODES[error.code];
  if (!access) return null;
  const time = (key: string) => (typeof error.body[key] === 'string' ? (error.body[key] as string) : null);
  return forbiddenViewOf(access, time('start_time'), time('end_time'), zone);
}

/** Whether a meeting's join button is enabled: inside [start, end] (a missing bound is open). Times ISO-8601, `now` in ms. */
export function isJoinWindowOpen(start: string | null | undefined, end: string | null | undefined, now: number): boolean {
  if (start && now < Date.parse(start)) return false;
  if (end && now > Date.parse(end)) return false;
  return true;
}

/** True for an absolute http(s) address: the only links the activity pages open (spec: web_link opens only http/https). */
export function isOpenableLink(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
