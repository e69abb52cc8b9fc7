import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { calendarWorld, injectAs, type CalendarWorld, type Who } from '../../../test/helpers/calendar-world.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { recipientsOf } from './events.service.js';
import { calendarEvents } from './calendar.table.js';

let t: TestApp;
let w: CalendarWorld;
let groupId: number;
beforeAll(async () => {
  t = await buildTestApp();
  w = await calendarWorld(t);
  // colleague joins the course as a second student, outside the group
  await t.factories.enrol(w.course.id, w.colleague.id, 'student');
  groupId = (await inject('POST', `/api/courses/${w.course.id}/groups`, 'instructor', { name: 'Group 1', member_ids: [w.student.id] })).json().group.id;
});
afterAll(() => t.close());

const inject = (...args: Parameters<ReturnType<typeof injectAs>>) => injectAs(t, w)(...args);
const WINDOW = 'start=2026-12-01T00:00:00Z&end=2026-12-31T00:00:00Z';
const base = { title: 'Group work', start_time: '2026-12-10T09:00:00Z', end_time: '2026-12-10T10:00:00Z' };
const titlesFor = async (who: Who) =>
  (await inject('GET', `/api/calendar-events?${WINDOW}`, who)).json().calendar_events.map((e: { title: string }) => e.title);
const eventCount = async () => (await t.app.deps.db.select().from(calendarEvents)).length;

describe('events addressed to course groups (target_data.group_ids)', () => {
  it("reach exactly the group's members (and the creator); a course member outside the group does not see it", async () => {
    const res = await inject('POST', '/api/calendar-events', 'instructor', {
      ...base,
      title: 'Group 1 lab',
      target_type: 'course',
      target_data: { course_id: w.course.id, group_ids: [groupId] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().calendar_event.target_data).toMatchObject({ course_id: w.course.id, group_ids: [groupId], user_ids: [] });
    expect(await titlesFor('student')).toContain('Group 1 lab');
    expect(await titlesFor('instructor')).toContain('Group 1 lab');
    expect(await titlesFor('colleague')).not.toContain('Group 1 lab');
    expect(await titlesFor('assistant')).not.toContain('Group 1 lab');
    expect(await titlesFor('outsider')).not.toContain('Group 1 lab');
    const reached = (await recipientsOf(t.app.deps.db, res.json().calendar_event.id)).map((u) => u.id).sort();
    expect(reached).toEqual([w.instructor.id, w.student.id].sort());
  });

  it('follows the group: a member added later sees it; a member who leaves the course stops seeing it', async () => {
    await inject('POST', '/api/calendar-events', 'instructor', {
      ...base,
      title: 'Changing group',
      target_type: 'course',
      target_data: { course_id: w.course.id, group_ids: [groupId] },
    });
    await inject('PUT', `/api/courses/${w.course.id}/groups/${groupId}`, 'instructor', { name: 'Group 1', member_ids: [w.student.id, w.colleague.id] });
    expect(await titlesFor('colleague')).toContain('Changing group');
    await t.app.deps.db.delete(enrolments).where(and(eq(enrolments.courseId, w.course.id), eq(enrolments.userId, w.colleague.id)));
    expect(await titlesFor('colleague')).not.toContain('Changing group');
    expect(await titlesFor('student')).toContain('Changing group');
  });

  it('refuses a group of another course or an unknown group with 400 naming target_data_group_ids (nothing stored)', async () => {
    const other = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id });
    const otherGroup = (await inject('POST', `/api/courses/${other.id}/groups`, 'instructor', { name: 'Elsewhere' })).json().group.id;
    const before = await eventCount();
    const wrongCourse = await inject('POST', '/api/calendar-events', 'instructor', {
      ...base,
      target_type: 'course',
      target_data: { course_id: w.course.id, group_ids: [otherGroup] },
    });
    expect(wrongCourse.statusCode).toBe(400);
    expect(wrongCourse.json().errors).toHaveProperty('target_data_group_ids');
    const unknown = await inject('POST', '/api/calendar-events', 'instructor', {
      ...base,
      target_type: 'course',
      target_data: { course_id: w.course.id, group_ids: [999999] },
    });
    expect(unknown.json().errors).toHaveProperty('target_data_group_ids');
    expect(await eventCount()).toBe(before);
  });
});

describe('uploads attached to events (upload_ids)', () => {
  const upload = async (who: Who, name: string) => (await inject('POST', '/api/uploads', who, { name, size: 1234 })).json().id as number;

  it('attaches my uploads, shows them with their names, and removes one on edit', async () => {
    const a = await upload('instructor', 'syllabus.pdf');
    const b = await upload('instructor', 'slides.pptx');
    const created = await inject('POST', '/api/calendar-events', 'instructor', { ...base, title: 'With files', upload_ids: [a, b] });
    expect(created.statusCode).toBe(200);
    const event = created.json().calendar_event;
    expect(event.uploads).toEqual([
      { id: a, name: 'syllabus.pdf' },
      { id: b, name: 'slides.pptx' },
    ]);
    const edited = await inject('PUT', `/api/calendar-events/${event.id}`, 'instructor', { ...base, title: 'With files', upload_ids: [b] });
    expect(edited.json().calendar_event.uploads).toEqual([{ id: b, name: 'slides.pptx' }]);
  });

  it("refuses someone else's upload with 400 naming upload_ids (nothing stored or changed)", async () => {
    const mine = await upload('instructor', 'mine.pdf');
    const theirs = await upload('student', 'theirs.pdf');
    const before = await eventCount();
    const refused = await inject('POST', '/api/calendar-events', 'instructor', { ...base, title: 'Borrowed', upload_ids: [mine, theirs] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('upload_ids');
    expect(await eventCount()).toBe(before);
    const event = (await inject('POST', '/api/calendar-events', 'instructor', { ...base, title: 'Kept', upload_ids: [mine] })).json().calendar_event;
    const edit = await inject('PUT', `/api/calendar-events/${event.id}`, 'instructor', { ...base, title: 'Kept', upload_ids: [theirs] });
    expect(edit.json().errors).toHaveProperty('upload_ids');
    const [row] = await t.app.deps.db.select().from(calendarEvents).where(eq(calendarEvents.id, event.id));
    expect(row!.uploadIds).toEqual([mine]);
  });
});
