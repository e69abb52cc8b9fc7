import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { calendarWorld, injectAs, type CalendarWorld } from '../../../test/helpers/calendar-world.js';
import { courseGroups } from './course-groups.table.js';

let t: TestApp;
let w: CalendarWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await calendarWorld(t);
});
afterAll(() => t.close());

const inject = (...args: Parameters<ReturnType<typeof injectAs>>) => injectAs(t, w)(...args);
const groupCount = async () => (await t.app.deps.db.select().from(courseGroups)).length;

describe('course groups (GET/POST /api/courses/{id}/groups, PUT/DELETE …/{groupId})', () => {
  it('an instructor creates a group of members; staff read it with its members; a student may not', async () => {
    const created = await inject('POST', `/api/courses/${w.course.id}/groups`, 'instructor', {
      name: 'Lab A',
      member_ids: [w.student.id, w.assistant.id, w.student.id],
    });
    expect(created.statusCode).toBe(200);
    const group = created.json().group;
    expect(group).toMatchObject({ name: 'Lab A' });
    expect(group.members.map((m: { id: number }) => m.id).sort()).toEqual([w.student.id, w.assistant.id].sort());
    const listed = await inject('GET', `/api/courses/${w.course.id}/groups`, 'assistant');
    expect(listed.json().groups).toEqual([group]);
    expect((await inject('GET', `/api/courses/${w.course.id}/groups`, 'student')).statusCode).toBe(403);
    expect((await inject('GET', `/api/courses/${w.course.id}/groups`, 'admin')).statusCode).toBe(200);
    expect((await inject('GET', `/api/courses/${w.course.id}/groups`)).statusCode).toBe(401);
    expect((await inject('GET', '/api/courses/999999/groups', 'instructor')).statusCode).toBe(404);
  });

  it('refuses non-members (400 member_ids), a taken or empty name (400 name), assistants and students (403), another org (403); nothing stored', async () => {
    const before = await groupCount();
    const outsider = await inject('POST', `/api/courses/${w.course.id}/groups`, 'instructor', { name: 'Mixed', member_ids: [w.student.id, w.outsider.id] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors).toHaveProperty('member_ids');
    const taken = await inject('POST', `/api/courses/${w.course.id}/groups`, 'instructor', { name: 'Lab A' });
    expect(taken.json().errors).toHaveProperty('name');
    const empty = await inject('POST', `/api/courses/${w.course.id}/groups`, 'instructor', { name: '  ' });
    expect(empty.json().errors).toHaveProperty('name');
    expect((await inject('POST', `/api/courses/${w.course.id}/groups`, 'assistant', { name: 'By assistant' })).statusCode).toBe(403);
    expect((await inject('POST', `/api/courses/${w.course.id}/groups`, 'student', { name: 'By student' })).statusCode).toBe(403);
    expect((await inject('POST', `/api/courses/${w.course.id}/groups`, 'foreigner', { name: 'Foreign' })).statusCode).toBe(403);
    expect(await groupCount()).toBe(before);
  });

  it('renames a group and replaces its members; deletes it; 404 for a group of another course', async () => {
    const { group } = (await inject('POST', `/api/courses/${w.course.id}/groups`, 'instructor', { name: 'Temporary', member_ids: [w.student.id] })).json();
    const renamed = await inject('PUT', `/api/courses/${w.course.id}/groups/${group.id}`, 'instructor', { name: 'Seminar', member_ids: [w.assistant.id] });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().group).toMatchObject({
      id: group.id,
      name: 'Seminar',
      members: [{ id: w.assistant.id, name: w.assistant.name, user_no: w.assistant.userNo }],
    });
    const other = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id });
    expect((await inject('PUT', `/api/courses/${other.id}/groups/${group.id}`, 'instructor', { name: 'Moved' })).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/courses/${w.course.id}/groups/${group.id}`, 'assistant')).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/courses/${w.course.id}/groups/${group.id}`, 'instructor')).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/courses/${w.course.id}/groups/${group.id}`, 'instructor')).statusCode).toBe(404);
  });
});
