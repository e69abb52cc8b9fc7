import type { Statement } from '@xapi/xapi';
import type { XapiLrsExportBody, XapiStatementResult, XapiStatementsQuery } from '@atrium/contracts';
import { courseEventsForStatements, sendToLrs, statementOf } from '@atrium/stats';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { assertEmbeddedStats } from './embedded.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';

/** The far end of a period left open: now and a day (clock skew, as ingestion allows). */
const openUntil = () => Date.now() + 24 * 3600_000;

/**
 * `GET /api/stat/xapi/statements` (issue 25 item 6): a page of a course's learning events as xAPI statements
 * (apps/stats xapi.ts), oldest first; `more` is the next page's address, "" at the end. The course team and the
 * organisation's admins (`course.read_statistics`); only while the statistics are embedded (else 409 STATS_ELSEWHERE).
 */
export async function courseStatements(deps: AppDeps, actor: Actor, query: XapiStatementsQuery): Promise<XapiStatementResult> {
  assertEmbeddedStats(deps);
  await authorize(deps, actor, 'course.read_statistics', { courseId: query.course_id });
  const [afterTs, ...rest] = query.after?.split(':') ?? [];
  const rows = await courseEventsForStatements(deps.db, {
    courseId: query.course_id,
    since: query.since ? Date.parse(query.since) : 0,
    until: query.until ? Date.parse(query.until) : openUntil(),
    after: query.after ? { ts: Number(afterTs), eventId: rest.join(':') } : null,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const statements = page.map((row) => statementOf(row, deps.config.publicUrl)).filter((s): s is Statement => s !== null);
  const last = page.at(-1);
  let more = '';
  if (rows.length > query.limit && last) {
    const params = new URLSearchParams({ course_id: String(query.course_id), limit: String(query.limit), after: `${last.ts}:${last.event_id}` });
    if (query.since) params.set('since', query.since);
    if (query.until) params.set('until', query.until);
    more = `/api/stat/xapi/statements?${params}`;
  }
  return { statements: statements as unknown as Record<string, unknown>[], more };
}

/**
 * `POST /api/stat/xapi/lrs-export` (issue 25 item 6): sends a course's statements (of a period, or all) to a
 * Learning Record Store with the xAPI client, page by page (500). Instructors and the organisation's admins
 * (`course.edit`). An LRS that refuses (or cannot be reached) is a 502 LRS_REFUSED naming its answer; pages sent
 * before stay sent (statement ids make a resend harmless). Answers how many statements went.
 */
export async function exportToLrs(deps: AppDeps, actor: Actor, body: XapiLrsExportBody): Promise<{ sent: number }> {
  assertEmbeddedStats(deps);
  await authorize(deps, actor, 'course.edit', { courseId: body.course_id });
  let sent = 0;
  let after: { ts: number; eventId: string } | null = null;
  for (;;) {
    const rows = await courseEventsForStatements(deps.db, {
      courseId: body.course_id,
      since: body.since ? Date.parse(body.since) : 0,
      until: body.until ? Date.parse(body.until) : openUntil(),
      after,
      limit: 500,
    });
    if (rows.length === 0) break;
    const statements = rows.map((row) => statementOf(row, deps.config.publicUrl)).filter((s): s is Statement => s !== null);
    try {
      sent += await sendToLrs(statements, { endpoint: body.endpoint, username: body.username, password: body.password });
    } catch (error) {
      const status = (error as { status?: number; response?: { status?: number } }).response?.status ?? (error as { status?: number }).status;
      if (status === undefined) throw new AppError('LRS_REFUSED', 'The learning record store did not answer');
      throw new AppError('LRS_REFUSED', `The learning record store refused the statements (HTTP ${status})`);
    }
    const last = rows.at(-1)!;
    after = { ts: last.ts, eventId: last.event_id };
    if (rows.length < 500) break;
  }
  return { sent };
}
