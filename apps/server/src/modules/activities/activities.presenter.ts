import { MEETING_ACTIVITY_TYPES, type Activity, type ActivitySummary, type LiveStatus, type Module } from '@atrium/contracts';
import type { ActivityRow, ModuleRow } from './activities.repository.js';
import type { StudiedActivity } from './course-study.js';

/** A module row as the API answers it (ModuleSchema). */
export function presentModule(row: ModuleRow): Module {
  return { id: row.id, title: row.title, summary: row.summary, sort: row.sort, is_published: row.isPublished };
}

/** One activity of the content tree (ActivitySummarySchema). */
export function presentActivitySummary(a: StudiedActivity): ActivitySummary {
  const row = a.row;
  return {
    id: row.id,
    module_id: row.moduleId,
    type: row.type,
    title: row.title,
    is_published: row.isPublished,
    start_time: row.startTime?.toISOString() ?? null,
    end_time: row.endTime?.toISOString() ?? null,
    completion_criterion: row.completionCriterion,
    completion_percent: row.completionPercent,
    sort: row.sort,
    is_completed: a.isCompleted,
    access: a.access,
  };
}

/**
 * The join window of a meeting or live activity (spec §2 meeting/live types; decisions 0070, 0150):
 * [data.meeting_start_time ?? start_time, data.meeting_end_time ?? end_time] in epoch ms, a missing
 * bound null (open).
 */
export function meetingWindow(row: Pick<ActivityRow, 'data' | 'startTime' | 'endTime'>): { start: number | null; end: number | null } {
  const time = (value: unknown, fallback: Date | null) => (typeof value === 'string' && value ? Date.parse(value) : (fallback?.getTime() ?? null));
  return { start: time(row.data.meeting_start_time, row.startTime), end: time(row.data.meeting_end_time, row.endTime) };
}

/** Where a meeting stands at `now` (ms) against its window (meetingWindow): 'upcoming' before the start, 'ended' after the end, else 'live'. */
export function liveStatusOf(window: { start: number | null; end: number | null }, now: number): LiveStatus {
  if (window.start !== null && now < window.start) return 'upcoming';
  if (window.end !== null && now > window.end) return 'ended';
  return 'live';
}

/** True for the meeting and live types (MEETING_ACTIVITY_TYPES). */
export function isMeetingType(type: string): boolean {
  return (MEETING_ACTIVITY_TYPES as readonly string[]).includes(type);
}

/**
 * A meeting or live activity's `data` as a learner gets it (spec §2 meeting/live
 * types; decisions 0070, 0150): `join_url` only inside the meeting's window
 * (meetingWindow; a missing bound is open). Outside it `join_url` is null and
 * `join_withheld` says why: 'not_started' with `join_available_from` (ISO time),
 * or 'ended'. `replay_urls` only once the window has ended (or when it has no
 * end); before that an empty list. Other types' data are answered unchanged. `now` in ms.
 */
export function learnerActivityData(row: Pick<ActivityRow, 'type' | 'data' | 'startTime' | 'endTime'>, now: number): Record<string, unknown> {
  if (!isMeetingType(row.type)) return row.data;
  const window = meetingWindow(row);
  const status = liveStatusOf(window, now);
  const replays = status === 'ended' || window.end === null ? {} : row.data.replay_urls !== undefined ? { replay_urls: [] } : {};
  if (status === 'upcoming')
    return { ...row.data, ...replays, join_url: null, join_withheld: 'not_started', join_available_from: new Date(window.start!).toISOString() };
  if (status === 'ended') return { ...row.data, join_url: null, join_withheld: 'ended' };
  return { ...row.data, ...replays };
}

/**
 * One activity in full (ActivitySchema): the full row, with the learner's
 * completion and access from `a`. A learner (`isTeamView` false, also the team
 * previewing as a student) gets a meeting's join URL only inside its window
 * (learnerActivityData); the course team always gets the stored data.
 */
export function presentActivity(row: ActivityRow, a: StudiedActivity, { isTeamView, now = new Date() }: { isTeamView: boolean; now?: Date }): Activity {
  return {
    ...presentActivitySummary({ ...a, row }),
    course_id: row.courseId,
    description: row.description,
    data: isTeamView ? row.data : learnerActivityData(row, now.getTime()),
    uploads: a.uploads.map((u) => ({ id: u.id, name: u.name, type: u.type, status: u.status, size: u.size })),
    can_guest_preview: row.canGuestPreview,
    refuse_forward_seeking: row.isForwardSeekingRefused,
  };
}
