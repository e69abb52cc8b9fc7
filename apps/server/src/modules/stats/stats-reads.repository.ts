import type { z } from 'zod';
import {
  COURSE_DAYS_PATH,
  COURSE_USERS_PATH,
  courseDays,
  CourseDaysAnswerSchema,
  courseUserActivity,
  courseUserDays,
  CourseUsersAnswerSchema,
  postAsServer,
  type CourseDayCount,
  type CourseDaysBody,
  type CourseUsersAnswer,
  type CourseUsersBody,
} from '@atrium/stats';
import type { AppDeps } from '../../lib/deps.js';

/**
 * The learning dashboards' reads of the statistics (issue 25 items 1–3; decisions 0147, 0148), wherever they are:
 * - embedded: this database's `stats` schema (its rollups, one statement each);
 * - apart (STATS_URL with STATS_SECRET): the statistics server's read calls (apps/stats `query-routes.ts`), under
 *   a reporter token of source `server`;
 * - apart without a shared secret, or when the statistics server does not answer in 5 s or answers an error:
 *   nothing (logged), and the dashboards show their other figures.
 */

/** How long the statistics server apart may take to answer before a dashboard goes without, ms. */
const READ_TIMEOUT_MS = 5_000;

/** POSTs `body` to the statistics server apart and parses the answer with `schema`; null (logged) on any failure. */
async function askApart<T>(deps: AppDeps, path: string, body: object, schema: z.ZodType<T>): Promise<T | null> {
  const { statsUrl, statsSecret } = deps.config;
  if (!statsUrl || !statsSecret) return null;
  try {
    return schema.parse(await postAsServer(statsUrl, statsSecret, { userId: null, orgId: null }, path, body, READ_TIMEOUT_MS));
  } catch (err) {
    deps.log.warn({ err, path }, 'statistics not read from the statistics server apart');
    return null;
  }
}

/**
 * A course's days with events (events, active users among `students`), oldest first. Apart, the statistics server
 * reads its rollups, and its column store for days past its retention (`POST /api/stat/course-days`).
 */
export async function readCourseDays(deps: AppDeps, courseId: number, from: string, to: string, students: readonly number[]): Promise<CourseDayCount[]> {
  if (!deps.config.statsUrl) return courseDays(deps.db, courseId, from, to, students);
  const body: CourseDaysBody = { course_id: courseId, from, to, students: [...students] };
  return (await askApart(deps, COURSE_DAYS_PATH, body, CourseDaysAnswerSchema))?.days ?? [];
}

/**
 * Each of `users`' activity in a course (last day, last instant in epoch ms, events; users without an event absent;
 * every user when `users` is not given) and, with `daysOf`, that user's days with events from `from` to `to`
 * (inclusive UTC days). Apart: `POST /api/stat/course-users`.
 */
export async function readCourseUsers(
  deps: AppDeps,
  courseId: number,
  query: { users?: readonly number[]; daysOf?: { userId: number; from: string; to: string } },
): Promise<CourseUsersAnswer> {
  const { users, daysOf } = query;
  if (!deps.config.statsUrl) {
    const [activity, days] = await Promise.all([
      courseUserActivity(deps.db, courseId, users),
      daysOf ? courseUserDays(deps.db, courseId, daysOf.userId, daysOf.from, daysOf.to) : Promise.resolve([]),
    ]);
    return { users: activity, days };
  }
  const body: CourseUsersBody = {
    course_id: courseId,
    ...(users ? { users: [...users] } : {}),
    ...(daysOf ? { days_of: { user_id: daysOf.userId, from: daysOf.from, to: daysOf.to } } : {}),
  };
  return (await askApart(deps, COURSE_USERS_PATH, body, CourseUsersAnswerSchema)) ?? { users: [], days: [] };
}
