import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { bigWorld, snapshot, type BigWorld } from '../../../test/helpers/course-world.js';

let t: TestApp;
let w: BigWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await bigWorld(t);
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who?: keyof BigWorld['cookies'], payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: { cookie: w.cookies[who] } } : {}), ...(payload ? { payload } : {}) });

describe('GET /api/courses/{id}/members', () => {
  it('pages the members with spec §9 page sizes', async () => {
    const res = await inject('GET', `/api/courses/${w.course.id}/members?page=1&page_size=10`, 'assistant');
    expect(res.json()).toMatchObject({ page: 1, page_size: 10, pages: 1, total: 3 });
    expect(
      res
        .json()
        .items.map((m: { role: string }) => m.role)
        .sort(),
    ).toEqual(['instructor', 'instructor_assistant', 'student']);
    expect(res.json().items[0]).toEqual({
      enrollment_id: expect.any(Number),
      role: expect.any(String),
      user: { id: expect.any(Number), name: expect.any(String), user_no: expect.any(String), email: null },
      created_at: expect.any(String),
    });
    const students = await inject('GET', `/api/courses/${w.course.id}/members?role=student`, 'instructor');
    expect(students.json().items).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: w.student.id }) })]);
  });
  it('answers 400 naming page_size, 401, 403 for a student, 404', async () => {
    const bad = await inject('GET', `/api/courses/${w.course.id}/members?page_size=15`, 'instructor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('page_size');
    expect((await inject('GET', `/api/courses/${w.course.id}/members`)).statusCode).toBe(401);
    expect((await inject('GET', `/api/courses/${w.course.id}/members`, 'student')).statusCode).toBe(403);
    expect((await inject('GET', '/api/courses/999999/members', 'instructor')).statusCode).toBe(404);
  });
});

describe('enrol, change role, remove', () => {
  it('enrols a user, changes the role, removes the member', async () => {
    const add = await inject('POST', `/api/courses/${w.course.id}/enrollments`, 'instructor', { user_ids: [w.outsider.id], role: 'student' });
    expect(add.json()).toEqual({ message: expect.any(String), added: 1 });
    const again = await inject('POST', `/api/courses/${w.course.id}/enrollments`, 'instructor', { user_ids: [w.outsider.id], role: 'student' });
    expect(again.json().added).toBe(0);
    const page = (await inject('GET', `/api/courses/${w.course.id}/members?page_size=100`, 'instructor')).json();
    const member = page.items.find((m: { user: { id: number } }) => m.user.id === w.outsider.id);
    expect(
      (await inject('PUT', '/api/course/enrollments', 'instructor', { enrollment_ids: [member.enrollment_id], role: 'instructor_assistant' })).statusCode,
    ).toBe(200);
    const after = (await inject('GET', `/api/courses/${w.course.id}/members?role=instructor_assistant`, 'instructor')).json();
    expect(after.items.map((m: { user: { id: number } }) => m.user.id)).toContain(w.outsider.id);
    expect((await inject('DELETE', '/api/course/enrollments', 'instructor', { enrollment_ids: [member.enrollment_id] })).statusCode).toBe(200);
    const gone = (await inject('GET', `/api/courses/${w.course.id}/members?page_size=100`, 'instructor')).json();
    expect(gone.items.map((m: { user: { id: number } }) => m.user.id)).not.toContain(w.outsider.id);
  });
  it('keeps at least one instructor: 409 LAST_INSTRUCTOR and nothing changes', async () => {
    const page = (await inject('GET', `/api/courses/${w.course.id}/members?role=instructor`, 'instructor')).json();
    const before = await snapshot(t, w.course.id);
    const ids = page.items.map((m: { enrollment_id: number }) => m.enrollment_id);
    const res = await inject('DELETE', '/api/course/enrollments', 'instructor', { enrollment_ids: ids });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LAST_INSTRUCTOR', errors: { enrollment_ids: expect.any(Array) } });
    expect((await inject('PUT', '/api/course/enrollments', 'instructor', { enrollment_ids: ids, role: 'student' })).statusCode).toBe(409);
    expect(await snapshot(t, w.course.id)).toEqual(before);
  });
  it('answers 400 naming the field, 404 for unknown enrolments or course, 403 for another org’s user ids, 401', async () => {
    const before = await snapshot(t, w.course.id);
    const noIds = await inject('POST', `/api/courses/${w.course.id}/enrollments`, 'instructor', { user_ids: [] });
    expect(noIds.json().errors).toHaveProperty('user_ids');
    const foreignUser = await inject('POST', `/api/courses/${w.course.id}/enrollments`, 'instructor', { user_ids: [w.otherAdmin.id] });
    expect(foreignUser.statusCode).toBe(400);
    expect(foreignUser.json().errors).toHaveProperty('user_ids');
    const role = await inject('PUT', '/api/course/enrollments', 'instructor', { enrollment_ids: [w.studentEnrolmentId], role: 'dean' });
    expect(role.json().errors).toHaveProperty('role');
    const unknown = await inject('DELETE', '/api/course/enrollments', 'instructor', { enrollment_ids: [999999] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toHaveProperty('enrollment_ids');
    expect((await inject('DELETE', '/api/course/enrollments', 'student', { enrollment_ids: [w.studentEnrolmentId] })).statusCode).toBe(403);
    expect((await inject('DELETE', '/api/course/enrollments', undefined, { enrollment_ids: [w.studentEnrolmentId] })).statusCode).toBe(401);
    expect((await inject('POST', '/api/courses/999999/enrollments', 'instructor', { user_ids: [w.outsider.id] })).statusCode).toBe(404);
    expect(await snapshot(t, w.course.id)).toEqual(before);
  });
});

describe('GET /api/authz/course-roles', () => {
  it('answers which roles each may invite or assign', async () => {
    const url = `/api/authz/course-roles?course_id=${w.course.id}`;
    expect((await inject('GET', url, 'instructor')).json()).toEqual({
      roles: ['student', 'instructor_assistant', 'instructor'],
      invitable_roles: ['student', 'instructor_assistant', 'instructor'],
      assignable_roles: ['student', 'instructor_assistant', 'instructor'],
    });
    expect((await inject('GET', url, 'assistant')).json()).toMatchObject({ invitable_roles: ['student'], assignable_roles: [] });
    expect((await inject('GET', url, 'student')).json()).toMatchObject({ invitable_roles: [], assignable_roles: [] });
    expect((await inject('GET', url, 'otherInstructor')).statusCode).toBe(403);
    expect((await inject('GET', url)).statusCode).toBe(401);
    expect((await inject('GET', '/api/authz/course-roles', 'instructor')).json().errors).toHaveProperty('course_id');
    expect((await inject('GET', '/api/authz/course-roles?course_id=999999', 'instructor')).statusCode).toBe(404);
  });
});
