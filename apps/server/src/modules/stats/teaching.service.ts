import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  RESEARCH_EXPORT_COLUMNS,
  USER_ROLE,
  type CourseRole,
  type ResearchExportQuery,
  type ResearchExportRow,
  type TeachingActionCounts,
  type TeachingCourse,
  type TeachingMember,
  type TeachingPerson,
  type TeachingStats,
  type TeachingStatsQuery,
  type TeachingTurnaround,
  type Turnaround,
  type Waiting,
} from '@atrium/contracts';
import { orgEventsPage, teachingActionCounts, type OrgEventRow, type TeachingActionCount } from '@atrium/stats';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { isOrgAdmin } from '../courses/courses.policy.js';
import { assertManagesOrganisation } from '../orgs/orgs.policy.js';
import { assertEmbeddedStats } from './embedded.js';
import { learningPeriod, round2 } from './learning-figures.js';
import {
  countContentCreated,
  countWaiting,
  listTeachingCourses,
  listTeamMembers,
  listTurnaround,
  listUserNames,
  type TurnaroundRow,
  orgPseudonymKeyHex,
} from './teaching.repository.js';

/**
 * Teaching statistics and the research-activity export (issue 25 item 5; decision 0147 "Teaching statistics and
 * research export"; contracts stats/teaching.schemas.ts). Teaching actions come from the statistics' events of the
 * `teaching_action` stream (apps/stats teachingActionCounts); content created, grading turnaround and waiting work
 * from the main database (teaching.repository.ts). With the statistics server apart (STATS_URL) its events are not
 * here: the action counts answer 0 with `actions_available` false, and the research export (nothing but events)
 * answers 409 STATS_ELSEWHERE, as the xAPI calls do.
 */

const EMPTY_TURNAROUND: Turnaround = { graded: 0, median_hours: null, p90_hours: null };
const NO_WAITING: Waiting = { homework: 0, exam: 0 };

/** What one course or person adds up to. */
interface Figures {
  actions: TeachingActionCounts;
  content: number;
}

const addAction = (figures: Figures, action: string, events: number) => {
  figures.actions[action] = (figures.actions[action] ?? 0) + events;
};
const totalOf = (actions: TeachingActionCounts) => Object.values(actions).reduce((sum, n) => sum + n, 0);
const sortedActions = (actions: TeachingActionCounts): TeachingActionCounts =>
  Object.fromEntries(Object.entries(actions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const byName = <T extends { name: string; user_id?: number; course_id?: number }>(a: T, b: T) =>
  a.name.localeCompare(b.name) || (a.user_id ?? a.course_id ?? 0) - (b.user_id ?? b.course_id ?? 0);

/** The turnaround of one group's homework, exam and all rows (each absent: none graded). */
function turnaroundOf(rows: readonly TurnaroundRow[]): TeachingTurnaround {
  const of = (kind: 'homework' | 'exam' | null): Turnaround => {
    const row = rows.find((r) => r.kind === kind);
    return row ? { graded: row.graded, median_hours: round2(row.median), p90_hours: round2(row.p90) } : EMPTY_TURNAROUND;
  };
  return { homework: of('homework'), exam: of('exam'), all: of(null) };
}

/** The GROUPING bits of listTurnaround: which of course (4), grader (2) and kind (1) a row spans. */
const SPANS = { course: 4, grader: 2, kind: 1 } as const;
const keeps = (row: TurnaroundRow, course: boolean, grader: boolean) =>
  ((row.spans & SPANS.course) === 0) === course && ((row.spans & SPANS.grader) === 0) === grader;

/**
 * `GET /api/stat/teaching?from&to&course_id` (the management area's instructors and organisation admins,
 * `organisation.list`): per course and per team member over the period (learningPeriod; 400 naming `from`/`to`),
 * teaching actions by kind, content created, grading turnaround, and what waits to be graded now. Instructors get the
 * courses they teach, admins every live course of the organisation. FORBIDDEN (403) for anyone else; with
 * `course_id`, COURSE_NOT_FOUND (404) or FORBIDDEN (403) as `course.read_statistics` answers. Whatever the number of
 * courses, after the session: the access check (with `course_id`), the courses, five statements together, and the
 * names of those on no team (when any).
 */
export async function teachingStats(deps: AppDeps, actor: Actor, query: TeachingStatsQuery, now = new Date()): Promise<TeachingStats> {
  const isAdmin = isOrgAdmin(actor);
  if (!isAdmin && actor.role !== USER_ROLE.instructor) throw new AppError('FORBIDDEN', 'The management area is for instructors and administrators');
  const period = learningPeriod(query, now);
  if (query.course_id !== undefined) await authorize(deps, actor, 'course.read_statistics', { courseId: query.course_id });
  const courseRows = await listTeachingCourses(deps.db, {
    orgId: actor.orgId,
    // One course the actor may read (checked above) whatever their role in it; else all (admins) or their own.
    teacherId: isAdmin || query.course_id !== undefined ? null : actor.id,
    courseId: query.course_id,
  });
  const ids = courseRows.map((c) => c.id);
  const isEmbedded = !deps.config.statsUrl;
  const [team, content, turnaround, waiting, actions] = await Promise.all([
    listTeamMembers(deps.db, ids),
    countContentCreated(deps.db, ids, period.since, period.until),
    listTurnaround(deps.db, ids, period.since, period.until),
    countWaiting(deps.db, ids),
    isEmbedded
      ? teachingActionCounts(deps.db, { courseIds: ids, since: period.since.getTime(), until: period.until.getTime() })
      : Promise.resolve([] as TeachingActionCount[]),
  ]);

  // Who is who: the team's names, then anyone else with a figure (an admin who graded, a former member).
  const nameOf = new Map(team.map((m) => [m.userId, m.name]));
  const figureUsers = new Set<number>([
    ...actions.map((a) => a.user_id),
    ...content.flatMap((c) => (c.userId === null ? [] : [c.userId])),
    ...turnaround.flatMap((r) => (r.graderId === null ? [] : [r.graderId])),
  ]);
  const others = [...figureUsers].filter((id) => !nameOf.has(id));
  for (const [id, name] of await listUserNames(deps.db, others)) nameOf.set(id, name);

  const rolesOf = new Map(team.map((m) => [`${m.courseId}:${m.userId}`, m.roles]));
  const waitingOf = new Map(waiting.map((w) => [w.courseId, { homework: w.homework, exam: w.exam }]));
  const courseFigures = new Map(ids.map((id) => [id, { actions: {}, content: 0 } as Figures]));
  const memberFigures = new Map<string, Figures & { courseId: number; userId: number }>();
  const personFigures = new Map<number, Figures & { courses: Set<number>; waiting: Waiting }>();
  const member = (courseId: number, userId: number) => {
    const key = `${courseId}:${userId}`;
    let figures = memberFigures.get(key);
    if (!figures) memberFigures.set(key, (figures = { courseId, userId, actions: {}, content: 0 }));
    let person = personFigures.get(userId);
    if (!person) personFigures.set(userId, (person = { actions: {}, content: 0, courses: new Set(), waiting: { ...NO_WAITING } }));
    if (!person.courses.has(courseId)) {
      person.courses.add(courseId);
      // What waits in a course is the waiting work of those who teach it (not of an admin who once graded there).
      if (rolesOf.has(key)) {
        const w = waitingOf.get(courseId) ?? NO_WAITING;
        person.waiting.homework += w.homework;
        person.waiting.exam += w.exam;
      }
    }
    return { figures, person };
  };
  for (const m of team) member(m.courseId, m.userId);
  for (const a of actions) {
    const course = courseFigures.get(a.course_id);
    if (!course) continue;
    addAction(course, a.action, a.events);
    const { figures, person } = member(a.course_id, a.user_id);
    addAction(figures, a.action, a.events);
    addAction(person, a.action, a.events);
  }
  for (const c of content) {
    const course = courseFigures.get(c.courseId);
    if (!course) continue;
    course.content += c.created;
    if (c.userId === null) continue;
    const { figures, person } = member(c.courseId, c.userId);
    figures.content += c.created;
    person.content += c.created;
  }
  for (const r of turnaround) if (r.courseId !== null && r.graderId !== null && keeps(r, true, true)) member(r.courseId, r.graderId);

  const groups = (pick: (row: TurnaroundRow) => boolean) => turnaroundOf(turnaround.filter(pick));
  const courses: TeachingCourse[] = courseRows.map((c) => {
    const figures = courseFigures.get(c.id)!;
    const members: TeachingMember[] = [...memberFigures.values()]
      .filter((m) => m.courseId === c.id)
      .map((m) => ({
        user_id: m.userId,
        name: nameOf.get(m.userId) ?? '',
        roles: (rolesOf.get(`${c.id}:${m.userId}`) ?? []) as CourseRole[],
        actions: sortedActions(m.actions),
        actions_total: totalOf(m.actions),
        content_created: m.content,
        turnaround: groups((r) => keeps(r, true, true) && r.courseId === c.id && r.graderId === m.userId),
      }))
      .sort(byName);
    return {
      course_id: c.id,
      name: c.name,
      course_code: c.courseCode,
      actions: sortedActions(figures.actions),
      actions_total: totalOf(figures.actions),
      content_created: figures.content,
      turnaround: groups((r) => keeps(r, true, false) && r.courseId === c.id),
      waiting: waitingOf.get(c.id) ?? { ...NO_WAITING },
      members,
    };
  });
  const members: TeachingPerson[] = [...personFigures.entries()]
    .map(([userId, p]) => ({
      user_id: userId,
      name: nameOf.get(userId) ?? '',
      courses: p.courses.size,
      actions: sortedActions(p.actions),
      actions_total: totalOf(p.actions),
      content_created: p.content,
      turnaround: groups((r) => keeps(r, false, true) && r.graderId === userId),
      waiting: p.waiting,
    }))
    .sort(byName);
  const allActions: TeachingActionCounts = {};
  for (const c of courses) for (const [action, n] of Object.entries(c.actions)) allActions[action] = (allActions[action] ?? 0) + n;
  return {
    from: period.from,
    to: period.to,
    scope: isAdmin ? 'organisation' : 'own_courses',
    actions_available: isEmbedded,
    courses,
    members,
    totals: {
      actions: sortedActions(allActions),
      actions_total: totalOf(allActions),
      content_created: courses.reduce((sum, c) => sum + c.content_created, 0),
      turnaround: groups((r) => keeps(r, false, false)),
      waiting: courses.reduce((sum, c) => ({ homework: sum.homework + c.waiting.homework, exam: sum.exam + c.waiting.exam }), { ...NO_WAITING }),
    },
  };
}

// ---------------------------------------------------------------- research export

/** Events one page of the export reads: the most it holds in memory at once. */
const EXPORT_PAGE = 500;

/**
 * The key of an organisation's pseudonyms (32 bytes): HKDF-SHA-256 (RFC 5869) of a secret with the organisation in
 * `info`, so each organisation has its own key. The secret is STATS_SECRET when set (the same on every instance);
 * else the organisation's own random key kept in the database (research_pseudonym_keys, made on its first export),
 * so pseudonyms stay the same across exports, restarts and instances either way.
 */
export async function pseudonymKey(deps: Pick<AppDeps, 'config' | 'db'>, orgId: number): Promise<Buffer> {
  const secret = deps.config.statsSecret
    ? Buffer.from(deps.config.statsSecret, 'utf8')
    : Buffer.from(await orgPseudonymKeyHex(deps.db, orgId, randomBytes(32).toString('hex')), 'hex');
  return Buffer.from(hkdfSync('sha256', secret, 'atrium.research-pseudonym.v1', `org:${orgId}`, 32));
}

/** A user's pseudonym under an organisation's key: HMAC-SHA-256 of the user id, its first 16 bytes in hex. */
export function pseudonymOf(key: Buffer, userId: number): string {
  return createHmac('sha256', key).update(`user:${userId}`).digest('hex').slice(0, 32);
}

/** A key of `data` naming people by id (`user_id`, `learner_ids`, `authorId` …): its values become pseudonyms. */
const PERSON_ID_KEY = /(^|_)(user|learner|author|grader|actor|student|member|reporter|owner)_?ids?$/i;
/** A key of `data` holding a person's name, e-mail, phone or account: left out. */
const PERSONAL_KEY = /(^|_)(name|names|email|emails|e_mail|mail|phone|mobile|user_no|username|user_name|login)$/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/** `data` with person ids pseudonymised and names, e-mails and phone numbers left out, at any depth. */
function scrub(value: unknown, key: Buffer): unknown {
  if (Array.isArray(value)) return value.map((v) => scrub(v, key)).filter((v) => v !== undefined);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (PERSONAL_KEY.test(k)) continue;
      if (PERSON_ID_KEY.test(k)) {
        const ids = Array.isArray(v) ? v : [v];
        const pseudonyms = ids.map((id) => (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)) ? pseudonymOf(key, Number(id)) : null));
        out[k] = Array.isArray(v) ? pseudonyms : pseudonyms[0];
        continue;
      }
      const scrubbed = scrub(v, key);
      if (scrubbed !== undefined) out[k] = scrubbed;
    }
    return out;
  }
  if (typeof value === 'string' && EMAIL.test(value)) return undefined;
  return value;
}

/** A page's path without query or fragment (which may carry anything), or null. */
function pathOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url, 'http://path.invalid').pathname;
  } catch {
    return url.split(/[?#]/)[0] ?? null;
  }
}

/** One stored event as the export writes it (ResearchExportRowSchema). */
function exportRow(row: OrgEventRow, key: Buffer): ResearchExportRow {
  return {
    pseudonym: row.user_id === null ? null : pseudonymOf(key, row.user_id),
    ts: new Date(row.ts).toISOString(),
    stream: row.stream as ResearchExportRow['stream'],
    action: row.action,
    source: row.source,
    course_id: row.course_id,
    activity_id: row.activity_id,
    url: pathOf(row.url),
    data: row.data === null ? null : (scrub(row.data, key) as Record<string, unknown>),
  };
}

/** One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break; null is empty. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The export as it leaves: its name, media type and body, written as it is read. */
export interface ResearchExportFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

/**
 * `GET /api/stat/research-activity/export?from&to&format&streams` (the organisation's admins, `organisation.manage`):
 * the events the organisation's users reported in `streams` (research_activity by default) over the period, oldest
 * first, pseudonymised (exportRow), as CSV (UTF-8 with BOM, a header of RESEARCH_EXPORT_COLUMNS, CRLF lines) or a
 * JSON array — read page by page by keyset (500 events) and written as read, never whole in memory. FORBIDDEN (403)
 * for anyone but an admin; 400 naming `from`/`to` for a bad period; 409 STATS_ELSEWHERE with the statistics apart.
 */
export function researchExport(deps: AppDeps, actor: Actor, query: ResearchExportQuery, now = new Date()): ResearchExportFile {
  assertManagesOrganisation(actor, 'Only organisation administrators do this');
  assertEmbeddedStats(deps);
  const period = learningPeriod(query, now);
  async function* rows(): AsyncGenerator<ResearchExportRow> {
    const key = await pseudonymKey(deps, actor.orgId);
    let after: { ts: number; eventId: string } | null = null;
    for (;;) {
      const page = await orgEventsPage(deps.db, {
        orgId: actor.orgId,
        streams: query.streams,
        since: period.since.getTime(),
        until: period.until.getTime(),
        after,
        limit: EXPORT_PAGE,
      });
      for (const row of page) yield exportRow(row, key);
      const last = page.at(-1);
      if (page.length < EXPORT_PAGE || !last) return;
      after = { ts: last.ts, eventId: last.event_id };
    }
  }
  async function* csv(): AsyncGenerator<string> {
    yield `\uFEFF${RESEARCH_EXPORT_COLUMNS.join(',')}\r\n`;
    for await (const row of rows()) yield `${RESEARCH_EXPORT_COLUMNS.map((column) => csvField(row[column])).join(',')}\r\n`;
  }
  async function* json(): AsyncGenerator<string> {
    let first = true;
    yield '[';
    for await (const row of rows()) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
      first = false;
    }
    yield first ? ']\n' : '\n]\n';
  }
  const base = `research-activity-${period.from}-${period.to}`;
  return query.format === 'csv'
    ? { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: Readable.from(csv(), { objectMode: false }) }
    : { fileName: `${base}.json`, contentType: 'application/json; charset=utf-8', body: Readable.from(json(), { objectMode: false }) };
}
