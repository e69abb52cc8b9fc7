import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE, type Dashboard } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createActivity } from '../../../test/factories/activities.js';
import { countStatements } from '../../../test/helpers/count-statements.js';
import { activities, courseModules } from '../activities/activities.table.js';
import { courseGroupMembers, courseGroups } from '../enrolments/course-groups.table.js';
import { examAttempts } from '../exams/exams.table.js';
import { homeworkSubmissions } from '../homework/homework.table.js';
import { notifications } from '../notifications/notifications.table.js';
import { courseUserStates } from '../progress/progress.table.js';

/**
 * Issue 19 §5, `/user/index`: a student's home page lists today's lessons of their courses and the
 * exams and homework of their courses due within a week that they have not handed in; another
 * course's items never appear (neither its lessons nor its deadlines), nor unpublished ones, nor
 * ones due later or already past; the request runs a fixed number of statements however much data.
 */

let t: TestApp;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
const iso = (offsetMs: number) => at(offsetMs).toISOString();
/** "Today" as the web sends it: here a window of 24 hours around now (the web sends the user's midnight to midnight). */
const today = () => `start=${encodeURIComponent(iso(-12 * HOUR))}&end=${encodeURIComponent(iso(12 * HOUR))}`;

type World = Awaited<ReturnType<typeof makeWorld>>;
let w: World;

async function makeWorld() {
  const f = t.factories;
  const db = t.database.db;
  const base = await f.courseWorld();
  const mate = await f.user({ orgId: base.org.id, role: USER_ROLE.student });
  await f.enrol(base.course.id, mate.id, 'student');
  const otherInstructor = await f.user({ orgId: base.org.id, role: USER_ROLE.instructor });
  const other = await f.course({ orgId: base.org.id, instructorId: otherInstructor.id, name: 'Not my course' });
  // A course where the student teaches: its deadlines are not theirs to meet.
  const teaching = await f.course({ orgId: base.org.id, instructorId: base.student.id, name: 'I teach this' });
  const cookies = {
    student: await f.login(base.student.userName),
    instructor: await f.login(base.instructor.userName),
    otherInstructor: await f.login(otherInstructor.userName),
    outsider: await f.login(base.outsider.userName),
  };

  const activity = async (courseId: number, type: 'exam' | 'homework', title: string, endInMs: number, options: { isPublished?: boolean } = {}) => {
    const row = await createActivity(t.database, { courseId, type, isPublished: options.isPublished ?? true });
    await db
      .update(activities)
      .set({ title, endTime: at(endInMs), startTime: at(-DAY) })
      .where(eq(activities.id, row.id));
    return row;
  };
  const examSoon = await activity(base.course.id, 'exam', 'Exam in two days', 2 * DAY);
  const homeworkSoon = await activity(base.course.id, 'homework', 'Homework in three days', 3 * DAY);
  const homeworkDone = await activity(base.course.id, 'homework', 'Homework handed in', 4 * DAY);
  const groupHomework = await activity(base.course.id, 'homework', 'Group homework a mate handed in', 4 * DAY);
  const examDone = await activity(base.course.id, 'exam', 'Exam taken', 5 * DAY);
  await activity(base.course.id, 'exam', 'Exam next month', 30 * DAY);
  await activity(base.course.id, 'homework', 'Homework already closed', -DAY);
  await activity(base.course.id, 'homework', 'Unpublished homework', 2 * DAY, { isPublished: false });
  const hiddenModule = await activity(base.course.id, 'exam', 'Exam of an unpublished module', 2 * DAY);
  await db.update(courseModules).set({ isPublished: false }).where(eq(courseModules.id, hiddenModule.moduleId));
  await activity(other.id, 'exam', 'Exam of another course', 2 * DAY);
  await activity(teaching.id, 'homework', 'Homework I set', 2 * DAY);

  await db
    .insert(homeworkSubmissions)
    .values({ activityId: homeworkDone.id, courseId: base.course.id, userId: base.student.id, status: 'submitted', submittedAt: new Date() });
  const [group] = await db.insert(courseGroups).values({ courseId: base.course.id, name: 'Group A' }).returning();
  await db.insert(courseGroupMembers).values([
    { groupId: group!.id, userId: base.student.id },
    { groupId: group!.id, userId: mate.id },
  ]);
  await db
    .insert(homeworkSubmissions)
    .values({ activityId: groupHomework.id, courseId: base.course.id, userId: mate.id, groupId: group!.id, status: 'submitted', submittedAt: new Date() });
  // A draft of the student's is not handed in: that homework stays a deadline.
  await db.insert(homeworkSubmissions).values({ activityId: homeworkSoon.id, courseId: base.course.id, userId: base.student.id, status: 'draft' });
  await db
    .insert(examAttempts)
    .values({ activityId: examDone.id, userId: base.student.id, number: 1, layout: [], status: 'submitted', startedAt: new Date(), submittedAt: new Date() });

  // Today's lessons: one of my course's timetable, one of another course's, my own event.
  const post = async (cookie: string, url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const lesson = { start_time: iso(HOUR), end_time: iso(2 * HOUR), repeat_type: 'no_repeat', location: 'Room 7' };
  await post(cookies.instructor, '/api/calendar-timetables', { ...lesson, course_id: base.course.id });
  await post(cookies.otherInstructor, '/api/calendar-timetables', { ...lesson, course_id: other.id, location: 'Elsewhere' });
  await post(cookies.student, '/api/calendar-events', { title: 'Study group', start_time: iso(3 * HOUR), end_time: iso(4 * HOUR) });
  await post(cookies.otherInstructor, '/api/calendar-events', {
    title: 'Another course’s review',
    start_time: iso(3 * HOUR),
    end_time: iso(4 * HOUR),
    target_type: 'course',
    target_data: { course_id: other.id },
  });

  await db.insert(courseUserStates).values({
    courseId: base.course.id,
    userId: base.student.id,
    studyCompleteness: 40,
    lastActivityId: examSoon.id,
    lastActivityTitle: 'Exam in two days',
    lastUpdateCompletenessTime: new Date(),
  });
  await db.insert(notifications).values([
    { userId: base.student.id, type: 'exam', kind: 'exam.opened', courseId: base.course.id, activityId: examSoon.id, payload: {} },
    { userId: base.student.id, type: 'homework', kind: 'homework.assigned', courseId: base.course.id, activityId: homeworkSoon.id, payload: {} },
    { userId: base.student.id, type: 'other', kind: 'course.published', payload: {}, readAt: new Date() },
    { userId: otherInstructor.id, type: 'other', kind: 'course.published', payload: {} },
  ]);
  const bulletin = async (cookie: string, payload: object) => post(cookie, '/api/bulletins', { content: '<p>Hello</p>', ...payload });
  await bulletin(await f.login(base.admin.userName), { type: 'org', title: 'Welcome back' });
  await bulletin(cookies.instructor, { type: 'course', course_id: base.course.id, title: 'Room change' });
  await bulletin(cookies.otherInstructor, { type: 'course', course_id: other.id, title: 'Not for you' });
  return { ...base, other, teaching, cookies, examSoon, homeworkSoon };
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await makeWorld();
});
afterAll(async () => t?.close());

const get = (cookie: string | undefined, query = today()) =>
  t.app.inject({ method: 'GET', url: `/api/user/dashboard?${query}`, headers: cookie ? { cookie } : {} });

describe('GET /api/user/dashboard', () => {
  it('shows a student today’s lessons and the week’s deadlines of their own courses only', async () => {
    const res = await get(w.cookies.student);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Dashboard>();

    expect(body.today.lessons.map((l) => [l.kind, l.title, l.location])).toEqual([
      ['timetable', w.course.name, 'Room 7'],
      ['event', 'Study group', null],
    ]);
    expect(body.deadlines.items.map((d) => d.title)).toEqual(['Exam in two days', 'Homework in three days']);
    expect(body.deadlines.items[0]).toMatchObject({
      type: 'exam',
      course_id: w.course.id,
      activity_id: w.examSoon.id,
      url: `/course/${w.course.id}/learning-activity#/exam/${w.examSoon.id}`,
    });
    expect(body.deadlines.items[1]!.url).toBe(`/course/${w.course.id}/learning-activity#/${w.homeworkSoon.id}`);
    expect(Date.parse(body.deadlines.to) - Date.parse(body.deadlines.from)).toBe(7 * DAY);

    const recent = body.recent_courses.find((c) => c.id === w.course.id);
    expect(recent).toMatchObject({ study_completeness: 40, my_roles: ['student'], last_activity: { id: w.examSoon.id } });
    expect(body.recent_courses[0]!.id).toBe(w.course.id);
    expect(body.recent_courses.find((c) => c.id === w.teaching.id)).toMatchObject({ study_completeness: null, my_roles: ['instructor'] });
    expect(body.recent_courses.some((c) => c.id === w.other.id)).toBe(false);

    // Two notices of mine, and the two bulletins' (the organisation's and my course's); not the read one.
    expect(body.notifications.unread_count).toBe(4);
    expect(body.notifications.latest.map((n) => n.kind).sort()).toEqual(['bulletin.published', 'bulletin.published', 'exam.opened', 'homework.assigned']);
    expect(body.bulletins.map((b) => b.title).sort()).toEqual(['Room change', 'Welcome back']);
    expect(body.bulletins.find((b) => b.type === 'org')!.url).toMatch(/^\/bulletin-list\/\?type=org&bulletin_id=\d+$/);
  });

  it('never shows another course’s lessons or deadlines, nor the student’s own to its instructor', async () => {
    const res = await get(w.cookies.otherInstructor);
    expect(res.statusCode).toBe(200);
    const body = res.json<Dashboard>();
    expect(body.today.lessons.map((l) => l.title)).toEqual(['Not my course', 'Another course’s review']);
    // The other course's exam is theirs to set, not to meet.
    expect(body.deadlines.items).toEqual([]);
    expect(body.bulletins.map((b) => b.title).sort()).toEqual(['Not for you', 'Welcome back']);

    const outsider = (await get(w.cookies.outsider)).json<Dashboard>();
    expect(outsider.today.lessons).toEqual([]);
    expect(outsider.deadlines.items).toEqual([]);
    expect(outsider.recent_courses).toEqual([]);
    expect(outsider.notifications.unread_count).toBe(1);
    expect(outsider.notifications.latest.map((n) => n.payload.title)).toEqual(['Welcome back']);
    expect(outsider.bulletins.map((b) => b.title)).toEqual(['Welcome back']);
  });

  it('runs at most 11 statements, in at most 4 rounds (the session, then the timetables’ chain of three), decision 0133', async () => {
    const budget = await countStatements(t, () => get(w.cookies.student));
    expect(budget.res.statusCode).toBe(200);
    expect(budget.statements, budget.sql.join('\n')).toBeLessThanOrEqual(11);
    expect(budget.rounds, budget.shape.join(',')).toBeLessThanOrEqual(4);
  });

  it('answers 401 without a session and 400 naming the window’s field', async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    const backwards = await get(w.cookies.student, `start=${encodeURIComponent(iso(HOUR))}&end=${encodeURIComponent(iso(0))}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toHaveProperty('end');
    const tooLong = await get(w.cookies.student, `start=${encodeURIComponent(iso(0))}&end=${encodeURIComponent(iso(8 * DAY))}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toHaveProperty('end');
    expect((await get(w.cookies.student, 'start=yesterday&end=today')).json().errors).toHaveProperty('start');
  });
});
