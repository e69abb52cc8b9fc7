import {
  COURSE_DAYS_PATH,
  courseDays,
  CourseDaysAnswerSchema,
  SERVER_TOKEN_TTL_MS,
  signReporterToken,
  type CourseDayCount,
  type CourseDaysBody,
} from '@atrium/stats';
import type { AppDeps } from '../../lib/deps.js';

/** How long the statistics server apart may take to answer a dashboard's days before the dashboard goes without, ms. */
const READ_TIMEOUT_MS = 5_000;

/**
 * A course's days with events (events, active users among `students`), oldest first, wherever the statistics are
 * (issue 25 items 1–3; decisions 0147, 0148):
 * - embedded: the rollups of this database's `stats` schema (one statement);
 * - apart (STATS_URL with STATS_SECRET): `POST {STATS_URL}/api/stat/course-days` under a reporter token of source
 *   `server` — the statistics server reads its rollups, and its column store for days past its retention;
 * - apart without a shared secret, or when the statistics server does not answer in 5 s or answers an error:
 *   none (logged), and the dashboard shows its other figures.
 */
export async function readCourseDays(deps: AppDeps, courseId: number, from: string, to: string, students: readonly number[]): Promise<CourseDayCount[]> {
  const { statsUrl, statsSecret } = deps.config;
  if (!statsUrl) return courseDays(deps.db, courseId, from, to, students);
  if (!statsSecret) return [];
  try {
    const token = await signReporterToken(statsSecret, { userId: null, orgId: null, source: 'server' }, Date.now() + SERVER_TOKEN_TTL_MS);
    const body: CourseDaysBody = { course_id: courseId, from, to, students: [...students] };
    const response = await fetch(`${statsUrl}${COURSE_DAYS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the statistics server at ${statsUrl} answered ${response.status}`);
    return CourseDaysAnswerSchema.parse(await response.json()).days;
  } catch (err) {
    deps.log.warn({ err, courseId }, 'course days not read from the statistics server apart');
    return [];
  }
}
