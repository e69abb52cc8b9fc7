import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { calendarWorld, injectAs, type CalendarWorld, type Who } from '../../../test/helpers/calendar-world.js';
import { sendDueCalendarAlerts } from '../../jobs/calendar-alerts.job.js';
import { outboxEmails } from '../outbox/outbox.table.js';
import { calendarEvents } from './calendar.table.js';

let t: TestApp;
let w: CalendarWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await calendarWorld(t);
});
afterAll(() => t.close());

const inject = (...args: Parameters<ReturnType<typeof injectAs>>) => injectAs(t, w)(...args);
const WINDOW = 'start=2026-12-01T00:00:00Z&end=2026-12-31T00:00:00Z';
const base = { title: 'Exam review', start_time: '2026-12-10T09:00:00Z', end_time: '2026-12-10T10:00:00Z' };
const titlesFor = async (who: Who) =>
  (await inject('GET', `/api/calendar-events?${WINDOW}`, who)).json().calendar_events.map((e: { title: string }) => e.title);
const eventCount = async () => (await t.app.deps.db.select().from(calendarEvents)).length;

describe('self events', () => {
  it('creates an event only its creator sees, with spec §3 fields', async () => {
    const res = await inject('POST', '/api/calendar-events', 'student', { ...base, title: 'My own study time', location: 'Library', tag: 'study' });
    expect(res.statusCode).toBe(200);
    expect(res.json().calendar_event).toMatchObject({
      title: 'My own study time',
      all_day: false,
      target_type: 'self',
      editable: true,
      location: 'Library',
      tag: 'study',
      uploads: [],
      alert_id: null,
    });
    expect(await titlesFor('student')).toContain('My own study time');
    expect(await titlesFor('colleague')).not.toContain('My own study time');
    expect(await titlesFor('instructor')).not.toContain('My own study time');
  });
  it('answers 401 without a session and 400 naming end_time (nothing stored)', async () => {
    expect((await inject('GET', `/api/calendar-events?${WINDOW}`)).statusCode).toBe(401);
    expect((await inject('POST', '/api/calendar-events', undefined, base)).statusCode).toBe(401);
    const before = await eventCount();
    const bad = await inject('POST', '/api/calendar-events', 'student', { ...base, end_time: '2026-12-10T08:00:00Z' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('end_time');
    const badWindow = await inject('GET', '/api/calendar-events?start=2026-12-10T00:00:00Z&end=2026-12-01T00:00:00Z', 'student');
    expect(badWindow.json().errors).toHaveProperty('end');
    const badAlert = await inject('POST', '/api/calendar-events', 'student', { ...base, alert_id: 7 });
    expect(badAlert.json().errors).toHaveProperty('alert_id');
    expect(await eventCount()).toBe(before);
  });
});

describe('department events (spec §5)', () => {
  it('an admin addresses department A: its users see it, a user of department B does not', async () => {
    const res = await inject('POST', '/api/calendar-events', 'admin', {
      ...base,
      title: 'Department A meeting',
      target_type: 'department',
      target_data: { department_ids: [w.deptA] },
    });
    expect(res.statusCode).toBe(200);
    expect(await titlesFor('colleague')).toContain('Department A meeting');
    expect(await titlesFor('student')).toContain('Department A meeting');
    expect(await titlesFor('outsider')).not.toContain('Department A meeting');
    expect(await titlesFor('foreigner')).not.toContain('Department A meeting');
  });
  it('role_ids narrow a department event to those org roles', async () => {
    await inject('POST', '/api/calendar-events', 'admin', {
      ...base,
      title: 'Instructors of A',
      target_type: 'department',
      target_data: { department_ids: [w.deptA], role_ids: [0] },
    });
    expect(await titlesFor('instructor')).toContain('Instructors of A');
    expect(await titlesFor('colleague')).not.toContain('Instructors of A');
  });
  it("answers 400 'data required' on event_target_data_department_multi_select_tree, 403 for a non-admin, 400 for another org's department", async () => {
    const before = await eventCount();
    const empty = await inject('POST', '/api/calendar-events', 'admin', { ...base, target_type: 'department', target_data: { department_ids: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ event_target_data_department_multi_select_tree: ['data required'] });
    expect(
      (await inject('POST', '/api/calendar-events', 'instructor', { ...base, target_type: 'department', target_data: { department_ids: [w.deptA] } }))
        .statusCode,
    ).toBe(403);
    const foreign = await inject('POST', '/api/calendar-events', 'admin', {
      ...base,
      target_type: 'department',
      target_data: { department_ids: [w.otherOrg.departmentId] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });
});

describe('course events (spec §5)', () => {
  it('an instructor addresses the course: members see it, others do not', async () => {
    const res = await inject('POST', '/api/calendar-events', 'instructor', {
      ...base,
      title: 'Course quiz',
      target_type: 'course',
      target_data: { course_id: w.course.id },
    });
    expect(res.statusCode).toBe(200);
    expect(await titlesFor('student')).toContain('Course quiz');
    expect(await titlesFor('assistant')).toContain('Course quiz');
    expect(await titlesFor('colleague')).not.toContain('Course quiz');
    expect(await titlesFor('outsider')).not.toContain('Course quiz');
  });
  it('all courses with none selected means every course the user teaches', async () => {
    const res = await inject('POST', '/api/calendar-events', 'instructor', {
      ...base,
      title: 'All my courses',
      target_type: 'course',
      target_data: { all_courses: true },
    });
    expect(res.json().calendar_event.target_data).toMatchObject({ course_ids: [w.course.id], all_courses: true });
    expect(await titlesFor('student')).toContain('All my courses');
  });
  it('user_ids address chosen members only', async () => {
    await inject('POST', '/api/calendar-events', 'instructor', {
      ...base,
      title: 'Only the student',
      target_type: 'course',
      target_data: { course_id: w.course.id, user_ids: [w.student.id] },
    });
    expect(await titlesFor('student')).toContain('Only the student');
    expect(await titlesFor('assistant')).not.toContain('Only the student');
    const notMember = await inject('POST', '/api/calendar-events', 'instructor', {
      ...base,
      target_type: 'course',
      target_data: { course_id: w.course.id, user_ids: [w.outsider.id] },
    });
    expect(notMember.json().errors).toHaveProperty('target_data_user_ids');
  });
  it("answers 400 'data required' on target_data_course_id, 403 for a student of the course, 400 for a foreign course", async () => {
    const before = await eventCount();
    const none = await inject('POST', '/api/calendar-events', 'instructor', { ...base, target_type: 'course', target_data: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ target_data_course_id: ['data required'] });
    expect(
      (await inject('POST', '/api/calendar-events', 'student', { ...base, target_type: 'course', target_data: { course_id: w.course.id } })).statusCode,
    ).toBe(403);
    const foreign = await inject('POST', '/api/calendar-events', 'foreigner', { ...base, target_type: 'course', target_data: { course_id: w.course.id } });
    expect(foreign.json().errors).toHaveProperty('target_data_course_id');
    expect(await eventCount()).toBe(before);
  });
});

describe('PUT and DELETE /api/calendar-events/{id}', () => {
  it('moves an event (drag: start and end only), refuses others, deletes it', async () => {
    const { calendar_event: e } = (
      await inject('POST', '/api/calendar-events', 'instructor', { ...base, title: 'Movable', target_type: 'course', target_data: { course_id: w.course.id } })
    ).json();
    const moved = await inject('PUT', `/api/calendar-events/${e.id}`, 'instructor', { start_time: '2026-12-11T09:00:00Z', end_time: '2026-12-11T11:00:00Z' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().calendar_event).toMatchObject({ start_time: '2026-12-11T09:00:00.000Z', end_time: '2026-12-11T11:00:00.000Z', title: 'Movable' });
    const asStudent = (await inject('GET', `/api/calendar-events?${WINDOW}`, 'student')).json().calendar_events.find((x: { id: number }) => x.id === e.id);
    expect(asStudent.editable).toBe(false);
    expect(
      (await inject('PUT', `/api/calendar-events/${e.id}`, 'student', { start_time: '2026-12-12T09:00:00Z', end_time: '2026-12-12T10:00:00Z' })).statusCode,
    ).toBe(403);
    expect(
      (await inject('PUT', `/api/calendar-events/${e.id}`, 'outsider', { start_time: '2026-12-12T09:00:00Z', end_time: '2026-12-12T10:00:00Z' })).statusCode,
    ).toBe(404);
    const bad = await inject('PUT', `/api/calendar-events/${e.id}`, 'instructor', { start_time: '2026-12-12T09:00:00Z', end_time: '2026-12-12T08:00:00Z' });
    expect(bad.json().errors).toHaveProperty('end_time');
    const [row] = await t.app.deps.db.select().from(calendarEvents).where(eq(calendarEvents.id, e.id));
    expect(row!.startTime.toISOString()).toBe('2026-12-11T09:00:00.000Z');
    const full = await inject('PUT', `/api/calendar-events/${e.id}`, 'instructor', {
      ...base,
      title: 'Renamed',
      all_day: true,
      start_time: '2026-12-14T00:00:00Z',
      end_time: '2026-12-15T00:00:00Z',
    });
    expect(full.json().calendar_event).toMatchObject({ title: 'Renamed', all_day: true, target_type: 'self' });
    expect(await titlesFor('student')).not.toContain('Renamed');
    expect((await inject('DELETE', `/api/calendar-events/${e.id}`, 'student')).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/calendar-events/${e.id}`, 'instructor')).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/calendar-events/${e.id}`, 'instructor')).statusCode).toBe(404);
  });
});

describe('alerts', () => {
  // Alert times must be ahead of the real clock when the event is written (decision 0021), so
  // the job's `now` is set far in the future here, or relative to the real clock.
  const at = (iso: string) => ({ start_time: iso, end_time: new Date(Date.parse(iso) + 3600_000).toISOString() });
  const alerted = (title: string, startIso: string, alertId = 102) => ({
    ...base,
    ...at(startIso),
    title,
    target_type: 'course',
    target_data: { course_id: w.course.id },
    alert_id: alertId,
    send_email_alert: true,
  });
  const job = (iso: string | number) => sendDueCalendarAlerts(t.app.deps, new Date(iso));
  const inMinutes = (m: number) => Date.now() + m * 60_000;

  it('GET /api/calendar-alerts lists alert 100; an e-mail alert reaches the outbox once, when due', async () => {
    const alerts = await inject('GET', '/api/calendar-alerts', 'student');
    expect(alerts.json().alerts).toContainEqual({ id: 100, minutes_before: 0 });
    expect((await inject('GET', '/api/calendar-alerts')).statusCode).toBe(401);
    await inject('POST', '/api/calendar-events', 'instructor', alerted('Alerted', '2036-12-10T09:00:00Z'));
    expect(await job('2036-12-10T08:40:00Z')).toBe(0);
    expect(await job('2036-12-10T08:46:00Z')).toBe(1);
    expect(await job('2036-12-10T08:47:00Z')).toBe(0);
    const mail = await t.app.deps.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'calendar-alert'));
    expect(mail).toEqual([expect.objectContaining({ to: 'student@example.test', subject: expect.stringContaining('Alerted') })]);
  });

  it('an event written with its alert time already past (created in the past, or too close to its start) sends no e-mail', async () => {
    const yesterday = await inject('POST', '/api/calendar-events', 'instructor', alerted('Yesterday', new Date(inMinutes(-24 * 60)).toISOString()));
    expect(yesterday.statusCode).toBe(200);
    expect(yesterday.json().calendar_event).toMatchObject({ alert_id: 102, send_email_alert: true });
    await inject('POST', '/api/calendar-events', 'instructor', alerted('Starting soon', new Date(inMinutes(5)).toISOString()));
    expect(await job(inMinutes(1))).toBe(0);
    expect(await job(inMinutes(6))).toBe(0);
  });

  it('moving an event after its alert went out sends nothing again; moving it to a later alert time re-arms it', async () => {
    const e = (await inject('POST', '/api/calendar-events', 'instructor', alerted('Dragged', new Date(inMinutes(16)).toISOString()))).json().calendar_event;
    expect(await job(inMinutes(2))).toBe(1);
    // Dragged ten minutes earlier: the new alert time is already past.
    expect((await inject('PUT', `/api/calendar-events/${e.id}`, 'instructor', at(new Date(inMinutes(6)).toISOString()))).statusCode).toBe(200);
    expect(await job(inMinutes(2))).toBe(0);
    // A full edit keeping the time keeps the alert sent.
    expect(
      (await inject('PUT', `/api/calendar-events/${e.id}`, 'instructor', { ...alerted('Dragged and renamed', new Date(inMinutes(6)).toISOString()) }))
        .statusCode,
    ).toBe(200);
    expect(await job(inMinutes(3))).toBe(0);
    // Dragged two hours later: reminded again 15 minutes before the new start, once.
    await inject('PUT', `/api/calendar-events/${e.id}`, 'instructor', at(new Date(inMinutes(120)).toISOString()));
    expect(await job(inMinutes(100))).toBe(0);
    expect(await job(inMinutes(106))).toBe(1);
    expect(await job(inMinutes(107))).toBe(0);
  });

  it('a late job run sends an alert only while the event has not begun, or within 15 minutes of its alert time', async () => {
    await inject('POST', '/api/calendar-events', 'instructor', alerted('Begun long ago', '2036-12-20T09:00:00Z', 104));
    expect(await job('2036-12-20T09:30:00Z')).toBe(0);
    await inject('POST', '/api/calendar-events', 'instructor', alerted('Not begun yet', '2036-12-23T09:00:00Z', 104));
    expect(await job('2036-12-23T08:40:00Z')).toBe(1);
    await inject('POST', '/api/calendar-events', 'instructor', alerted('At the start', '2036-12-26T09:00:00Z', 100));
    expect(await job('2036-12-26T09:10:00Z')).toBe(1);
    const subjects = (await t.app.deps.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'calendar-alert'))).map((m) => m.subject);
    expect(subjects.some((s) => s.includes('Begun long ago'))).toBe(false);
    expect(subjects.filter((s) => s.includes('Not begun yet') || s.includes('At the start'))).toHaveLength(2);
  });
});

describe('targeting helpers', () => {
  it('GET /api/calendar-events/users/{id}/courses: own courses; 403 for another user; an admin may look; 404 unknown', async () => {
    const mine = await inject('GET', `/api/calendar-events/users/${w.instructor.id}/courses`, 'instructor');
    expect(mine.json().courses).toEqual([{ id: w.course.id, name: w.course.name, role: 'instructor' }]);
    expect((await inject('GET', `/api/calendar-events/users/${w.instructor.id}/courses`, 'student')).statusCode).toBe(403);
    expect((await inject('GET', `/api/calendar-events/users/${w.instructor.id}/courses`, 'admin')).statusCode).toBe(200);
    expect((await inject('GET', '/api/calendar-events/users/999999/courses', 'admin')).statusCode).toBe(404);
  });
  it('GET /api/course/{id}/students and /api/courses/{id}/groups: staff only', async () => {
    const students = await inject('GET', `/api/course/${w.course.id}/students`, 'assistant');
    expect(students.json().students).toEqual([{ id: w.student.id, name: w.student.name, user_no: w.student.userNo }]);
    expect((await inject('GET', `/api/course/${w.course.id}/students`, 'student')).statusCode).toBe(403);
    expect((await inject('GET', '/api/course/999999/students', 'instructor')).statusCode).toBe(404);
    expect((await inject('GET', `/api/courses/${w.course.id}/groups`, 'instructor')).json()).toEqual({ groups: [] });
    expect((await inject('GET', `/api/courses/${w.course.id}/groups`, 'student')).statusCode).toBe(403);
  });
});

describe('GET /api/org and /api/departments', () => {
  it('answers the calendar toggles (spec §6) and the departments of my organisation only; 401', async () => {
    const org = await inject('GET', '/api/org', 'student');
    expect(org.json()).toEqual({
      id: w.org.id,
      name: w.org.name,
      time_zone: 'Asia/Shanghai',
      toggles: {
        timetable: true,
        meeting: true,
        instruction_meeting: true,
        cloud_classroom: true,
        vocabulary_entries: false,
        inclass_user_action_track: false,
        chat_group: false,
      },
      office_preview: { wps_preview: true, yz_office_preview: false, aliyun: false, private_wps: false },
    });
    const depts = await inject('GET', '/api/departments', 'student');
    expect(
      depts
        .json()
        .departments.map((d: { id: number }) => d.id)
        .sort(),
    ).toEqual([w.deptA, w.deptB].sort());
    expect((await inject('GET', '/api/org')).statusCode).toBe(401);
    expect((await inject('GET', '/api/departments')).statusCode).toBe(401);
  });
});
