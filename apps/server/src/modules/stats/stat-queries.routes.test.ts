import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

/**
 * Issue 25 item 3: `GET /api/stat/activities-for-courses` for the course team — the figures equal counts computed
 * straight from the main database on a seeded course, each activity's completion by its own rule.
 */

let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
const cookies: Record<string, string> = {};
let made: { id: number; title: string }[] = [];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who]! }, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  const other = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
  await t.factories.enrol(w.course.id, other.id, 'student');
  for (const [who, user] of [
    ['instructor', w.instructor],
    ['assistant', w.assistant],
    ['student', w.student],
    ['other', other],
    ['outsider', w.outsider],
    ['admin', w.admin],
  ] as const)
    cookies[who] = await t.factories.login(user.userName);
  const mod = (await call('POST', `/api/courses/${w.course.id}/modules`, 'instructor', { title: 'Week 1' })).json();
  await call('PUT', `/api/modules/${mod.id}/publish`, 'instructor', { published: true });
  made = [];
  for (const [type, title, data] of [
    ['page', 'Reading', { content: '<p>Read</p>' }],
    ['page', 'Notes', { content: '<p>More</p>' }],
    ['homework', 'Essay', {}],
  ] as const) {
    const activity = (await call('POST', `/api/courses/${w.course.id}/activities`, 'instructor', { module_id: mod.id, type, title, data })).json();
    await call('PUT', `/api/activities/${activity.id}/publish`, 'instructor', { published: true });
    made.push(activity);
  }
  // The student reads all three (the homework only visited: its rule is a submission); the other student reads the first.
  for (const activity of made) expect((await call('POST', `/api/activities/${activity.id}/reads`, 'student', {})).statusCode).toBe(200);
  expect((await call('POST', `/api/activities/${made[0]!.id}/reads`, 'other', {})).statusCode).toBe(200);
  // The instructor's own visit is not a student's.
  await call('POST', `/api/activities/${made[1]!.id}/reads`, 'instructor', {});
});
afterAll(async () => t.close());

describe('GET /api/stat/activities-for-courses', () => {
  it('answers each activity’s viewers and completions among the students, equal to the database’s own counts', async () => {
    const res = await call('GET', `/api/stat/activities-for-courses?course_ids=${w.course.id}`, 'instructor');
    expect(res.statusCode).toBe(200);
    const [item] = res.json().items;
    expect(item).toMatchObject({ course_id: w.course.id, student_count: 2 });
    expect(item.activities.map((a: { title: string }) => a.title)).toEqual(['Reading', 'Notes', 'Essay']);
    const direct = (
      (await t.database.db.execute(sql`
        select a.id, count(distinct r.user_id)::int as viewed
        from activities a
        left join activity_read_records r on r.activity_id = a.id
          and exists (select 1 from enrolments e where e.course_id = a.course_id and e.user_id = r.user_id and e.role = 'student')
        where a.course_id = ${w.course.id} and a.deleted_at is null group by a.id`)) as unknown as { rows: { id: number; viewed: number }[] }
    ).rows;
    for (const activity of item.activities) expect(activity.viewed_count).toBe(direct.find((row) => row.id === activity.id)!.viewed);
    expect(
      item.activities.map((a: { viewed_count: number; completed_count: number; completion_rate: number }) => [
        a.viewed_count,
        a.completed_count,
        a.completion_rate,
      ]),
    ).toEqual([
      [2, 2, 1],
      [1, 1, 0.5],
      [1, 0, 0],
    ]);
  });

  it('lets the assistant and the organisation admin read it; refuses a student, and an outsider’s or unknown course', async () => {
    expect((await call('GET', `/api/stat/activities-for-courses?course_ids=${w.course.id}`, 'assistant')).statusCode).toBe(200);
    expect((await call('GET', `/api/stat/activities-for-courses?course_ids=${w.course.id}`, 'admin')).statusCode).toBe(200);
    expect([403, 404]).toContain((await call('GET', `/api/stat/activities-for-courses?course_ids=${w.course.id}`, 'student')).statusCode);
    expect((await call('GET', `/api/stat/activities-for-courses?course_ids=${w.course.id},999999`, 'instructor')).statusCode).toBe(404);
  });

  it('refuses course_ids that are not a list of ids, naming the field', async () => {
    for (const value of ['', 'abc', '1,-2', Array.from({ length: 51 }, (_, i) => i + 1).join(',')]) {
      const res = await call('GET', `/api/stat/activities-for-courses?course_ids=${encodeURIComponent(value)}`, 'instructor');
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toContain('course_ids');
    }
  });
});
