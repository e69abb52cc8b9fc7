import {
  DASHBOARD_DEADLINE_DAYS,
  DASHBOARD_LATEST_BULLETINS,
  DASHBOARD_LATEST_NOTIFICATIONS,
  DASHBOARD_RECENT_COURSES,
  notificationDestination,
  type Dashboard,
  type DashboardBulletin,
  type DashboardLesson,
  type DashboardQuery,
} from '@atrium/contracts';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { listBulletinsPage, type BulletinScope, type BulletinViewRow } from '../bulletins/bulletins.repository.js';
import { listEvents } from '../calendar/events.service.js';
import { listTimetables } from '../calendar/timetables.service.js';
import { listNotificationsPage } from '../notifications/notifications.repository.js';
import { presentNotification } from '../notifications/notifications.service.js';
import { listLearnerDeadlines, listRecentCourses } from './dashboard.repository.js';

const DAY_MS = 86_400_000;
/** At most this many deadlines are answered (a week of a heavy timetable stays well under it). */
const DEADLINES_MAX = 50;

/** Today's lessons: the timetable occurrences and calendar events of the window, as the calendar page sees them (its services, its access rules). */
async function todayLessons(deps: AppDeps, actor: Actor, window: DashboardQuery): Promise<DashboardLesson[]> {
  const [{ timetables }, { calendar_events }] = await Promise.all([listTimetables(deps, actor, window), listEvents(deps, actor, window)]);
  const lessons: DashboardLesson[] = [
    ...timetables.map((l) => ({
      kind: 'timetable' as const,
      id: l.id,
      title: l.course_title,
      course_id: l.course_id,
      start_time: l.start_time,
      end_time: l.end_time,
      all_day: false,
      location: l.location,
      color: l.color,
    })),
    ...calendar_events.map((e) => ({
      kind: 'event' as const,
      id: e.id,
      title: e.title,
      course_id: e.target_type === 'course' ? (e.target_data.course_id ?? null) : null,
      start_time: e.start_time,
      end_time: e.end_time,
      all_day: e.all_day,
      location: e.location,
      color: e.color,
    })),
  ];
  // All-day items first, then by start; ISO instants of one format sort as text.
  return lessons.sort((a, b) => Number(b.all_day) - Number(a.all_day) || (a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : a.id - b.id));
}

/** The newest published bulletins of my organisation and of my courses, merged newest first. */
async function latestBulletins(deps: AppDeps, actor: Actor, now: Date): Promise<DashboardBulletin[]> {
  const reader = { userId: actor.id, now };
  const page = { limit: DASHBOARD_LATEST_BULLETINS, offset: 0 };
  const pageOf = async (scope: Promise<BulletinScope>) => (await listBulletinsPage(deps.db, await scope, {}, reader, page)).rows;
  const [org, course] = await Promise.all([
    pageOf(authorize(deps, actor, 'bulletin.list', { type: 'org' })),
    pageOf(authorize(deps, actor, 'bulletin.list', { type: 'course' })),
  ]);
  const published = (r: BulletinViewRow) => r.publishAt.getTime() <= now.getTime();
  return [...org, ...course]
    .filter(published)
    .sort((a, b) => b.publishAt.getTime() - a.publishAt.getTime() || b.id - a.id)
    .slice(0, DASHBOARD_LATEST_BULLETINS)
    .map((r) => {
      const type = r.type === 'course' ? ('course' as const) : ('org' as const);
      return {
        id: r.id,
        type,
        title: r.title,
        course_id: r.courseId,
        course_name: r.courseName,
        publish_at: r.publishAt.toISOString(),
        is_read: r.isRead,
        url: notificationDestination({ type: 'bulletin', course_id: r.courseId, bulletin_id: r.id, payload: { bulletin_type: type } }),
      };
    });
}

/**
 * `GET /api/user/dashboard` (issue 19 §5, spec §2 `/user/index`): the timetable of the window the
 * web sends (the user's today, midnight to midnight), the exams and homework of my courses ending in
 * the next 7 days that I have not handed in, my recent courses with my completeness, my unread
 * notifications (count and newest) and the newest bulletins. Only my own courses, published
 * activities of published modules, my own submissions and my groups' count. Eleven statements
 * with the session, in at most four rounds (the calendar's chain of three after it; decision 0133).
 */
export async function userDashboard(deps: AppDeps, actor: Actor, query: DashboardQuery, now = new Date()): Promise<Dashboard> {
  const to = new Date(now.getTime() + DASHBOARD_DEADLINE_DAYS * DAY_MS);
  const [lessons, deadlines, recent, unread, bulletins] = await Promise.all([
    todayLessons(deps, actor, query),
    listLearnerDeadlines(deps.db, actor.orgId, actor.id, now, to, DEADLINES_MAX),
    listRecentCourses(deps.db, actor.orgId, actor.id, DASHBOARD_RECENT_COURSES),
    listNotificationsPage(deps.db, actor.id, { unread: true }, DASHBOARD_LATEST_NOTIFICATIONS, 0),
    latestBulletins(deps, actor, now),
  ]);
  return {
    today: { start: new Date(query.start).toISOString(), end: new Date(query.end).toISOString(), lessons },
    deadlines: {
      from: now.toISOString(),
      to: to.toISOString(),
      items: deadlines.map((d) => ({
        activity_id: d.activityId,
        type: d.type,
        title: d.title,
        course_id: d.courseId,
        course_name: d.courseDisplayName || d.courseName,
        start_time: d.startTime?.toISOString() ?? null,
        end_time: d.endTime.toISOString(),
        url: notificationDestination({ type: d.type, course_id: d.courseId, activity_id: d.activityId }),
      })),
    },
    recent_courses: recent.map((c) => ({
      id: c.id,
      name: c.displayName || c.name,
      course_code: c.courseCode,
      course_type: c.courseType,
      my_roles: c.roles,
      study_completeness: c.roles.includes('student') ? (c.studyCompleteness ?? 0) : null,
      last_activity: c.lastActivityId !== null && c.lastActivityTitle !== null ? { id: c.lastActivityId, title: c.lastActivityTitle } : null,
      last_update_completeness_time: c.lastUpdateCompletenessTime?.toISOString() ?? null,
    })),
    notifications: { unread_count: unread.total, latest: unread.rows.map(presentNotification) },
    bulletins,
  };
}
