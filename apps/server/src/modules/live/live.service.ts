import type {
  CalendarLiveActivityList,
  CalendarWindowQuery,
  LiveActivityList,
  LiveAttendancePage,
  LiveAttendanceQuery,
  LiveJoinResponse,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { findActivity, recordRead, type ActivityRow } from '../activities/activities.repository.js';
import { assertOpen, studiedIn } from '../activities/activities.policy.js';
import { isMeetingType, learnerActivityData, liveStatusOf, meetingWindow } from '../activities/activities.presenter.js';
import { contentAccess, contentStudy } from '../activities/content.service.js';
import { emit, transaction } from '../events/events.service.js';
import { listAttendancePage, listCalendarMeetingActivities, listMeetingActivities, recordJoin } from './live.repository.js';

/**
 * Live activities (issue 24 item 1; spec §2 `/course/{id}/live-activities#/{id}/detail`; decision 0150):
 * the meeting and live types with a status, joining through the server inside the join window
 * (attendance recorded from the learners' joins), the team's attendance list, the calendar's items.
 */

const NOT_FOUND = 'This activity does not exist or was deleted';
const NOT_LIVE = 'This activity is not a meeting or live activity';

/** A live activity (not deleted), or ACTIVITY_NOT_FOUND (404). */
async function activityRow(deps: AppDeps, activityId: number): Promise<ActivityRow> {
  const row = await findActivity(deps.db, activityId);
  if (!row) throw new AppError('ACTIVITY_NOT_FOUND', NOT_FOUND);
  return row;
}

/** NOT_A_LIVE_ACTIVITY (409) unless a meeting or live type; asked after the access check, so who may not see the activity learns nothing of its type. */
function assertMeeting(row: ActivityRow): void {
  if (!isMeetingType(row.type)) throw new AppError('NOT_A_LIVE_ACTIVITY', NOT_LIVE);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const replaysOf = (data: Record<string, unknown>) => (Array.isArray(data.replay_urls) ? data.replay_urls.length : 0);

/**
 * `GET /api/courses/{id}/live-activities` (course members): the course's meeting and live
 * activities, each with its provider, join window (`start_time`/`end_time`, the window's bounds),
 * `status` at `now` (upcoming / live / ended), the requester's `access` and the replays they can
 * see (`replay_count`: learners 0 until the meeting ended). Learners (and the team previewing as
 * students) get the published ones only, as in the content tree. Sorted by window start (none
 * first), then id. Throws COURSE_NOT_FOUND, FORBIDDEN.
 */
export async function listLiveActivities(deps: AppDeps, actor: Actor, courseId: number, now = new Date()): Promise<LiveActivityList> {
  const { access, study } = await contentStudy(deps, actor, courseId, 'view', now);
  const rows = await listMeetingActivities(deps.db, courseId);
  const items = rows
    .flatMap((row) => {
      const studied = study.byId.get(row.id);
      if (!studied) return [];
      if (!access.isTeamView && (!row.isPublished || !row.isModulePublished)) return [];
      const window = meetingWindow(row);
      const data = access.isTeamView ? row.data : learnerActivityData(row, now.getTime());
      return [
        {
          id: row.id,
          module_id: row.moduleId,
          type: row.type,
          title: row.title,
          provider: typeof row.data.provider === 'string' ? row.data.provider : '',
          is_published: row.isPublished,
          start_time: iso(window.start),
          end_time: iso(window.end),
          status: liveStatusOf(window, now.getTime()),
          access: studied.access,
          replay_count: replaysOf(data),
        },
      ];
    })
    .sort((a, b) =>
      a.start_time === b.start_time ? a.id - b.id : a.start_time === null ? -1 : b.start_time === null ? 1 : a.start_time < b.start_time ? -1 : 1,
    );
  return { items };
}

/**
 * `POST /api/activities/{id}/join` (spec §2 meeting/live types; decision 0150): the join address.
 * The activity must be a meeting or live type (NOT_A_LIVE_ACTIVITY, 409) the requester may open
 * (as `GET /api/activities/{id}`: ACTIVITY_NOT_FOUND, FORBIDDEN, 403 ACTIVITY_NOT_STARTED / _ENDED /
 * _UNPUBLISHED / _LOCKED with start_time/end_time). For a learner (the team previewing as a student
 * too) only inside the join window (meetingWindow): before it 409 LIVE_NOT_STARTED with
 * `join_available_from` (ISO), after it 409 LIVE_ENDED, recording nothing; inside it the join is
 * recorded (live_attendance: first and last join, count) with a visit of the activity (read record,
 * `activity.read`: a `viewed` activity completes) and `{join_url, recorded: true, join_count}` answered.
 * The course team gets the address at any time, recorded: false.
 */
export async function joinLiveActivity(deps: AppDeps, actor: Actor, activityId: number, now = new Date()): Promise<LiveJoinResponse> {
  const row = await activityRow(deps, activityId);
  const { access, study } = await contentStudy(deps, actor, row.courseId, 'view', now);
  assertOpen(studiedIn(study, row.id));
  assertMeeting(row);
  const joinUrl = String(row.data.join_url ?? '');
  if (access.isTeamView) return { join_url: joinUrl, recorded: false, join_count: 0 };
  const window = meetingWindow(row);
  const status = liveStatusOf(window, now.getTime());
  if (status === 'upcoming')
    throw new AppError('LIVE_NOT_STARTED', 'This meeting has not started yet', undefined, { join_available_from: new Date(window.start!).toISOString() });
  if (status === 'ended') throw new AppError('LIVE_ENDED', 'This meeting has ended');
  const attendance = await transaction(deps, async (tx) => {
    const joined = await recordJoin(tx, row.id, actor.id, now);
    await recordRead(tx, row.id, actor.id, 0, undefined);
    await emit(deps, tx, { type: 'activity.read', payload: { course_id: row.courseId, activity_id: row.id, user_id: actor.id, upload_id: 0 } });
    return joined;
  });
  return { join_url: joinUrl, recorded: true, join_count: attendance.joinCount };
}

/**
 * `GET /api/activities/{id}/attendance?page=&page_size=&joined=` (the course team: manage_content):
 * one page of the course's students by name with whether each joined the meeting, their first and
 * last join (ISO) and join count, and the totals `students` / `joined_students` over the course.
 * Throws ACTIVITY_NOT_FOUND, NOT_A_LIVE_ACTIVITY (409), COURSE_NOT_FOUND, FORBIDDEN.
 */
export async function liveAttendance(deps: AppDeps, actor: Actor, activityId: number, query: LiveAttendanceQuery): Promise<LiveAttendancePage> {
  const row = await activityRow(deps, activityId);
  await contentAccess(deps, actor, row.courseId, 'manage_content');
  assertMeeting(row);
  const joined = query.joined === undefined ? undefined : query.joined === 'true';
  const offset = (query.page - 1) * query.page_size;
  const page = await listAttendancePage(deps.db, row.courseId, row.id, joined, query.page_size, offset);
  return {
    items: page.rows.map((r) => ({
      user_id: r.userId,
      name: r.name,
      user_no: r.userNo,
      joined: r.joinCount !== null,
      first_joined_at: r.firstJoinedAt?.toISOString() ?? null,
      last_joined_at: r.lastJoinedAt?.toISOString() ?? null,
      join_count: r.joinCount ?? 0,
    })),
    page: query.page,
    page_size: query.page_size,
    pages: Math.ceil(page.total / query.page_size),
    total: page.total,
    students: page.students,
    joined_students: page.joinedStudents,
  };
}

/** A calendar item without an end lasts this long (ms). */
const DEFAULT_DURATION_MS = 3_600_000;

/**
 * `GET /api/calendar-live-activities?start=&end=` (calendar.read; decision 0150): the meeting and
 * live activities of the requester's courses whose join window (meetingWindow; one without a start
 * is left out, one without an end lasts an hour) overlaps the window, by start. Students see the
 * published ones of published modules; a course's instructors and assistants all. Each with its
 * course, provider and status at `now`; the web links it to `/course/{course_id}/live-activities#/{id}/detail`.
 */
export async function calendarLiveActivities(deps: AppDeps, actor: Actor, q: CalendarWindowQuery, now = new Date()): Promise<CalendarLiveActivityList> {
  const from = new Date(q.start);
  const to = new Date(q.end);
  const rows = await listCalendarMeetingActivities(deps.db, actor.id, from, to);
  const byId = new Map<number, (typeof rows)[number] & { isTeam: boolean }>();
  for (const row of rows) {
    const isTeam = row.role !== 'student' || byId.get(row.id)?.isTeam === true;
    byId.set(row.id, { ...row, isTeam });
  }
  const items = [...byId.values()]
    .filter((row) => row.isTeam || (row.isPublished && row.isModulePublished))
    .flatMap((row) => {
      const window = meetingWindow(row);
      if (window.start === null) return [];
      const end = window.end ?? window.start + DEFAULT_DURATION_MS;
      if (window.start >= to.getTime() || end < from.getTime()) return [];
      return [
        {
          id: row.id,
          course_id: row.courseId,
          course_title: row.courseTitle,
          type: row.type,
          title: row.title,
          provider: typeof row.data.provider === 'string' ? row.data.provider : '',
          start_time: new Date(window.start).toISOString(),
          end_time: new Date(end).toISOString(),
          status: liveStatusOf(window, now.getTime()),
        },
      ];
    })
    .sort((a, b) => (a.start_time === b.start_time ? a.id - b.id : a.start_time < b.start_time ? -1 : 1));
  return { live_activities: items };
}
