import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { upsertGrades } from '../gradebook/gradebook.repository.js';

/**
 * Issue 25 item 4: early warning on a seeded course with a fake clock (the server's `Date`): no sign-in for
 * N days, completeness behind the schedule, missed deadlines and falling scores, each student with the
 * reasons; rules per organisation and course; the course team reads it, a student does not.
 */

const DAY = 24 * 3600_000;
const T0 = new Date('2026-11-02T08:00:00Z');
let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let quietId: number;
const cookies: Record<string, string> = {};
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who]! }, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  // The quiet student never signs in: their only sign-in is none.
  const quiet = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
  quietId = quiet.id;
  await t.factories.enrol(w.course.id, quiet.id, 'student');
  for (const [who, user] of [
    ['instructor', w.instructor],
    ['assistant', w.assistant],
    ['student', w.student],
    ['admin', w.admin],
  ] as const)
    cookies[who] = await t.factories.login(user.userName);
  const mod = (await call('POST', `/api/courses/${w.course.id}/modules`, 'instructor', { title: 'Week 1' })).json();
  await call('PUT', `/api/modules/${mod.id}/publish`, 'instructor', { published: true });
  const made: number[] = [];
  for (const [type, title, endDays, data] of [
    ['page', 'Reading', 5, { content: '<p>Read</p>' }],
    ['homework', 'Essay', 5, {}],
    ['page', 'Later reading', 20, { content: '<p>Later</p>' }],
  ] as const) {
    const activity = (await call('POST', `/api/courses/${w.course.id}/activities`, 'instructor', { module_id: mod.id, type, title, data })).json();
    expect(
      (await call('PUT', `/api/activities/${activity.id}`, 'instructor', { end_time: new Date(T0.getTime() + endDays * DAY).toISOString() })).statusCode,
    ).toBe(200);
    await call('PUT', `/api/activities/${activity.id}/publish`, 'instructor', { published: true });
    made.push(activity.id);
  }
  expect((await call('POST', `/api/activities/${made[0]}/reads`, 'student', {})).json()).toMatchObject({ is_completed: true });
  // The quiet student's scores fell: 90, 70, 50 in the order of their activities' end times.
  for (const [i, score] of [90, 70, 50].entries()) {
    await upsertGrades(t.database.db, [
      { activityId: made[i]!, userId: quiet.id, courseId: w.course.id, score, maxScore: 100, source: 'import', updatedAt: new Date(T0.getTime() + i * 1000) },
    ]);
  }
  // Ten days on.
  vi.setSystemTime(new Date(T0.getTime() + 10 * DAY));
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

type Reason = { rule: string; [key: string]: unknown };
const reasonsBy = (body: { items: { user: { id: number }; reasons: Reason[] }[] }) => new Map(body.items.map((item) => [item.user.id, item.reasons]));

describe('GET /api/courses/{id}/warnings', () => {
  it('flags each student with every rule that fires, by the server’s clock', async () => {
    const res = await call('GET', `/api/courses/${w.course.id}/warnings`, 'instructor');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, student_count: 2, computed_at: new Date(T0.getTime() + 10 * DAY).toISOString() });
    const reasons = reasonsBy(body);
    // Two of three counted activities are past their end: the schedule expects 66 %.
    expect(reasons.get(w.student.id)).toEqual([
      { rule: 'inactive', days: 10, last_sign_in_at: T0.toISOString() },
      { rule: 'behind_schedule', completeness: 33, expected: 66 },
      { rule: 'missed_deadlines', activities: [expect.objectContaining({ title: 'Essay' })] },
    ]);
    expect(reasons.get(quietId)).toEqual([
      { rule: 'inactive', days: null, last_sign_in_at: null },
      { rule: 'behind_schedule', completeness: 0, expected: 66 },
      { rule: 'missed_deadlines', activities: [expect.objectContaining({ title: 'Reading' }), expect.objectContaining({ title: 'Essay' })] },
      { rule: 'falling_scores', scores: [90, 70, 50] },
    ]);
    const falling = (await call('GET', `/api/courses/${w.course.id}/warnings?rule=falling_scores`, 'instructor')).json();
    expect(falling.items.map((item: { user: { id: number } }) => item.user.id)).toEqual([quietId]);
  });

  it('follows the organisation’s rules and the course’s over them; a rule set to null is off', async () => {
    expect((await call('PUT', '/api/org/warning-rules', 'admin', { missed_deadlines: 2, inactive_days: 30 })).statusCode).toBe(200);
    expect((await call('PUT', '/api/org/warning-rules', 'instructor', { missed_deadlines: 1 })).statusCode).toBe(403);
    let reasons = reasonsBy((await call('GET', `/api/courses/${w.course.id}/warnings`, 'instructor')).json());
    expect(reasons.get(w.student.id)?.map((r) => r.rule)).toEqual(['behind_schedule']);
    const set = await call('PUT', `/api/courses/${w.course.id}/warning-rules`, 'instructor', { behind_percent: null, falling_scores: null });
    expect(set.json()).toMatchObject({
      own: { behind_percent: null, falling_scores: null },
      effective: { missed_deadlines: 2, inactive_days: 30, behind_percent: null },
    });
    reasons = reasonsBy((await call('GET', `/api/courses/${w.course.id}/warnings`, 'instructor')).json());
    expect(reasons.has(w.student.id)).toBe(false);
    expect(reasons.get(quietId)?.map((r) => r.rule)).toEqual(['inactive', 'missed_deadlines']);
  });

  it('is the course team’s and the admins’: a student is refused, the assistant may read but not set rules', async () => {
    expect((await call('GET', `/api/courses/${w.course.id}/warnings`, 'assistant')).statusCode).toBe(200);
    expect((await call('GET', `/api/courses/${w.course.id}/warnings`, 'admin')).statusCode).toBe(200);
    expect([403, 404]).toContain((await call('GET', `/api/courses/${w.course.id}/warnings`, 'student')).statusCode);
    expect((await call('PUT', `/api/courses/${w.course.id}/warning-rules`, 'assistant', { inactive_days: 3 })).statusCode).toBe(403);
    const bad = await call('PUT', `/api/courses/${w.course.id}/warning-rules`, 'instructor', { inactive_days: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('inactive_days');
  });
});
