import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_ROLE, type Notification, type NotificationList } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { countStatements } from '../../../test/helpers/count-statements.js';
import { notificationEmail } from '../notifications/notifications.service.js';
import { notifyNewWarnings } from './warning-alerts.service.js';

/**
 * Issue 25 item 4: the daily early-warning job tells a course's team of students newly flagged — one notice per
 * team member per course and run, counting them, opening the course's alert list — on a fake clock (the server's
 * `Date`). The lever is the default rule "no sign-in for 7 days", moved by real sign-ins: a student flagged for
 * the same reason is not told again while still flagged, one who recovered and relapsed is, students are never
 * told, and another organisation's team hears only of its own course.
 */

const DAY = 24 * 3600_000;
const HOUR = 3600_000;
const T0 = new Date('2026-11-02T08:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

let t: TestApp;
let a: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let b: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
const students: Record<'s1' | 's2' | 's3', { id: number; userName: string }> = {} as never;
const cookies: Record<string, string> = {};

/** Signs `who` in now (the fake clock): for a student, a sign-in the rule sees. */
async function signIn(who: string, userName: string): Promise<void> {
  cookies[who] = await t.factories.login(userName);
}
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]! } });
/** `who`'s early-warning notices, newest first. */
async function alertsOf(who: string): Promise<Notification[]> {
  const res = await get('/api/notifications?type=warning_alert&page_size=50', who);
  expect(res.statusCode).toBe(200);
  return (res.json() as NotificationList).items;
}
/** Runs the job at `now`, a page of one course at a time (so paging is walked). */
const run = (now: Date) => notifyNewWarnings(t.app.deps, now, { pageSize: 1 });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  t = await buildTestApp();
  a = await t.factories.courseWorld();
  b = await t.factories.courseWorld();
  students.s1 = a.student;
  for (const key of ['s2', 's3'] as const) {
    const user = await t.factories.user({ orgId: a.org.id, role: USER_ROLE.student });
    await t.factories.enrol(a.course.id, user.id, 'student');
    students[key] = user;
  }
  // Everyone signs in at T0; s1 again a day later.
  for (const [who, user] of [
    ['instructor', a.instructor],
    ['assistant', a.assistant],
    ['s1', students.s1],
    ['s2', students.s2],
    ['s3', students.s3],
    ['otherInstructor', b.instructor],
    ['otherStudent', b.student],
  ] as const)
    await signIn(who, user.userName);
  vi.setSystemTime(at(DAY));
  await signIn('s1', students.s1.userName);
}, 120_000);
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('the daily early-warning job (warning-alerts)', () => {
  it('tells each team member of the course once, counting the students flagged, opening the alert list; students hear nothing', async () => {
    vi.setSystemTime(at(7 * DAY));
    // s2 and s3 are 7 days without a sign-in, s1 6: two in course A; the other organisation's student in course B.
    expect(await run(at(7 * DAY))).toBe(3);
    for (const who of ['instructor', 'assistant']) {
      const notices = await alertsOf(who);
      expect(notices, who).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        type: 'warning_alert',
        kind: 'warning.students_flagged',
        course_id: a.course.id,
        url: `/course/${a.course.id}/warning`,
        payload: { count: 2, course_name: a.course.name, title: a.course.name },
        read_at: null,
      });
    }
    for (const who of ['s1', 's2', 's3', 'otherStudent']) expect(await alertsOf(who), who).toEqual([]);
    // The other organisation's team: its own course only.
    const other = await alertsOf('otherInstructor');
    expect(other.map((n) => [n.course_id, n.payload.count, n.url])).toEqual([[b.course.id, 1, `/course/${b.course.id}/warning`]]);
    // What the alert list shows is what was told.
    const list = (await get(`/api/courses/${a.course.id}/warnings`, 'instructor')).json();
    expect(list.items.map((item: { user: { id: number } }) => item.user.id).sort()).toEqual([students.s2.id, students.s3.id].sort());
    // The daily digest's line for it (the kind's default e-mail delivery).
    expect(notificationEmail('warning.students_flagged', { course_name: 'Biology', count: 2 }, '/course/7/warning', 'https://lms.example').subject).toBe(
      '2 students newly flagged in Biology',
    );
  });

  it('tells nothing on a second run with nothing new, in a few statements per course', async () => {
    vi.setSystemTime(at(7 * DAY + HOUR));
    const { res, statements } = await countStatements(t, () => run(at(7 * DAY + HOUR)));
    expect(res).toBe(0);
    // Per course: five SELECTs to evaluate, then begin, one statement to remember, commit; plus three pages of courses (one each, then none).
    expect(statements).toBeLessThanOrEqual(2 * 8 + 3);
    expect(await alertsOf('instructor')).toHaveLength(1);
    expect(await alertsOf('otherInstructor')).toHaveLength(1);
  });

  it('a newly flagged student makes a new notice counting only them; one still flagged is not counted again', async () => {
    vi.setSystemTime(at(7 * DAY + 2 * HOUR));
    await signIn('s2', students.s2.userName); // s2 recovers
    vi.setSystemTime(at(8 * DAY + HOUR));
    // s1 is now 7 days without a sign-in; s3 still flagged; s2 no longer.
    expect(await run(at(8 * DAY + HOUR))).toBe(1);
    for (const who of ['instructor', 'assistant']) {
      const notices = await alertsOf(who);
      expect(
        notices.map((n) => n.payload.count),
        who,
      ).toEqual([1, 2]);
      expect(notices[0]).toMatchObject({ course_id: a.course.id, url: `/course/${a.course.id}/warning` });
    }
    for (const who of ['s1', 's2', 's3']) expect(await alertsOf(who), who).toEqual([]);
    expect(await alertsOf('otherInstructor')).toHaveLength(1);
  });

  it('a student who recovered and relapses is told again', async () => {
    // s2 signed in at 7 days 2 hours: 7 days later they are flagged anew. The team's sessions (14 days) are renewed.
    vi.setSystemTime(at(14 * DAY + 3 * HOUR));
    await signIn('instructor', a.instructor.userName);
    await signIn('otherInstructor', b.instructor.userName);
    expect(await run(at(14 * DAY + 3 * HOUR))).toBe(1);
    const notices = await alertsOf('instructor');
    expect(notices.map((n) => n.payload.count)).toEqual([1, 1, 2]);
    // And not again the same day.
    expect(await run(at(14 * DAY + 4 * HOUR))).toBe(0);
    expect(await alertsOf('instructor')).toHaveLength(3);
    expect((await alertsOf('otherInstructor')).map((n) => n.course_id)).toEqual([b.course.id]);
  });
});
