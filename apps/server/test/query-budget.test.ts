import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { createActivity } from './factories/activities.js';
import { contentWorld, type ContentWorld } from './helpers/content-world.js';
import { countStatements } from './helpers/count-statements.js';

// The query budget (decision 0083): the hot routes' SQL statements per request, measured on the
// test app (SESSION_CACHE_MS=0 and CALENDAR_CACHE_MS=0, so every request looks its session up and
// the calendar computes every answer). Each budget is today's count: a change that adds a
// statement to one of these requests fails here and must say why in the decision record.
let t: TestApp;
let w: ContentWorld;
let activityId: number;
let uploadId: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await contentWorld(t);
  // Three courses for the student, as in the demo: the world's course with content, and two more.
  for (const name of ['Second course', 'Third course']) {
    const c = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id, name });
    await t.factories.enrol(c.id, w.student.id, 'student');
  }
  await w.moduleWith('Week 1', 3);
  await w.moduleWith('Week 2', 3);
  const upload = await w.upload('pdf/pdfjs__tracemonkey.pdf');
  uploadId = upload.id;
  activityId = (await createActivity(t.database, { courseId: w.course.id, uploadIds: [uploadId] })).id;
  const lesson = { start_time: '2027-05-04T09:00:00Z', end_time: '2027-05-04T10:00:00Z', repeat_type: 'no_repeat', location: 'Room 7' };
  expect((await w.call('POST', '/api/calendar-timetables', 'instructor', { ...lesson, course_id: w.course.id })).statusCode).toBe(200);
  const event = {
    title: 'Quiz',
    start_time: '2027-05-05T09:00:00Z',
    end_time: '2027-05-05T10:00:00Z',
    target_type: 'course',
    target_data: { course_id: w.course.id },
  };
  expect((await w.call('POST', '/api/calendar-events', 'instructor', event)).statusCode).toBe(200);
}, 180_000);
afterAll(async () => t?.close());

describe('countStatements', () => {
  it('counts what the work sends, a transaction with its begin and commit, and nothing sent outside the work', async () => {
    const db = t.app.deps.db;
    const one = await countStatements(t, () => db.execute(sql`select 1`));
    expect(one.statements).toBe(1);
    const tx = await countStatements(t, () => db.transaction(async (x) => x.execute(sql`select 2`)));
    expect(tx.sql).toEqual(['begin', 'select 2', 'commit']);
    expect(tx.shape).toEqual([1, 1, 1]);
    const outside = db.execute(sql`select 3`);
    const none = await countStatements(t, async () => 'nothing');
    await outside;
    expect(none).toEqual({ res: 'nothing', statements: 0, sql: [], notifications: 0, maxInFlight: 0, rounds: 0, shape: [] });
    // A cross-instance wake-up is tallied apart, so a budget holds the same on PGlite and PostgreSQL.
    const notify = await countStatements(t, () => db.execute(sql`select pg_notify('atrium_budget_test', 'x')`));
    expect(notify).toMatchObject({ statements: 0, sql: [], notifications: 1 });
    const both = await countStatements(t, () => Promise.all([db.execute(sql`select 4`), db.execute(sql`select 5`)]));
    expect(both).toMatchObject({ statements: 2, maxInFlight: 2, rounds: 1, shape: [2] });
    expect(one.maxInFlight).toBe(1);
  });
});

const WEEK = 'start=2027-05-03T00:00:00Z&end=2027-05-10T00:00:00Z';
/**
 * A hot route as one user: its request, its budget of statements, and of rounds (statements waited for one
 * after the other). Issue 22's targets (decision 0140): user courses ≤ 3, course content ≤ 3, an activity ≤ 4,
 * an upload ≤ 3, a calendar week ≤ 5 (cold), the management course list ≤ 3 — session lookup included.
 */
interface Hot {
  route: string;
  who: 'student' | 'instructor';
  url: () => string;
  body?: object;
  statements: number;
  rounds: number;
}
const HOT: Hot[] = [
  { route: 'GET /api/user/courses', who: 'student', url: () => '/api/user/courses', statements: 2, rounds: 2 },
  { route: 'GET /api/user/courses', who: 'instructor', url: () => '/api/user/courses', statements: 2, rounds: 2 },
  { route: 'GET /api/courses/{id}/content', who: 'student', url: () => `/api/courses/${w.course.id}/content`, statements: 3, rounds: 3 },
  { route: 'GET /api/courses/{id}/content', who: 'instructor', url: () => `/api/courses/${w.course.id}/content`, statements: 3, rounds: 3 },
  { route: 'GET /api/activities/{id}', who: 'student', url: () => `/api/activities/${activityId}`, statements: 4, rounds: 4 },
  { route: 'GET /api/activities/{id}', who: 'instructor', url: () => `/api/activities/${activityId}`, statements: 4, rounds: 4 },
  { route: 'GET /api/uploads/{id}', who: 'student', url: () => `/api/uploads/${uploadId}`, statements: 3, rounds: 3 },
  { route: 'GET /api/uploads/{id}', who: 'instructor', url: () => `/api/uploads/${uploadId}`, statements: 2, rounds: 2 },
  // The management course list with a keyword filter (POST /api/courses; the org's settings, for the management code, then one page).
  {
    route: 'POST /api/courses (keyword)',
    who: 'instructor',
    url: () => '/api/courses?page=1&page_size=20',
    body: { keyword: 'course' },
    statements: 3,
    rounds: 3,
  },
  // The calendar's week: the five window GETs its page sends (calendar-cache.routes.test.ts).
  { route: 'GET /api/calendar-timetables (week)', who: 'student', url: () => `/api/calendar-timetables?${WEEK}`, statements: 3, rounds: 3 },
  { route: 'GET /api/calendar-events (week)', who: 'student', url: () => `/api/calendar-events?${WEEK}`, statements: 2, rounds: 2 },
  { route: 'GET /api/calendar-meeting (week)', who: 'student', url: () => `/api/calendar-meeting?${WEEK}`, statements: 2, rounds: 2 },
  { route: 'GET /api/instruction-team/meeting (week)', who: 'student', url: () => `/api/instruction-team/meeting?${WEEK}`, statements: 2, rounds: 2 },
  { route: 'GET /api/activity/cloud-classroom (week)', who: 'student', url: () => `/api/activity/cloud-classroom?${WEEK}`, statements: 2, rounds: 2 },
];

describe('query budget of the hot routes (decisions 0083, 0140)', () => {
  it.each(HOT)('$route as the $who: at most $statements statements in $rounds rounds', async ({ who, url, body, statements: budget, rounds: roundBudget }) => {
    const { res, statements, rounds, sql: text } = await countStatements(t, () => w.call(body ? 'POST' : 'GET', url(), who, body));
    expect(res.statusCode, res.body).toBe(200);
    const shown = text.map((s) => s.replace(/\s+/g, ' ').slice(0, 120)).join('\n');
    expect(statements, shown).toBeLessThanOrEqual(budget);
    expect(rounds, shown).toBeLessThanOrEqual(roundBudget);
    // The first statement is the session lookup (the test app runs with SESSION_CACHE_MS=0).
    expect(text[0]).toMatch(/from "sessions"|"sessions"\./);
  });

  it('a warm session cache saves exactly the session lookup', async () => {
    const cached = await buildTestApp({ SESSION_CACHE_MS: '60000' });
    try {
      const world = await cached.factories.courseWorld();
      const cookie = await cached.factories.login(world.student.userName);
      const get = () => cached.app.inject({ method: 'GET', url: '/api/user/courses', headers: { cookie } });
      const cold = await countStatements(cached, get);
      const warm = await countStatements(cached, get);
      expect(warm.res.statusCode).toBe(200);
      expect(warm.statements).toBe(cold.statements - 1);
    } finally {
      await cached.close();
    }
  });
});
