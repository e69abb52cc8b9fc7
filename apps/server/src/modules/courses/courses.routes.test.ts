import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE, isValidAccessCode } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  for (const who of ['instructor', 'assistant', 'student', 'outsider', 'admin'] as const) cookies[who] = await t.factories.login(w[who].userName);
});
afterAll(() => t.close());

const as = (who: string) => ({ cookie: cookies[who]! });

describe('POST /api/course', () => {
  it('creates a course for an instructor, who becomes its instructor', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/course',
      headers: as('instructor'),
      payload: { name: '  Compilers ', course_code: 'CS401', academic_year: '2026-2027', semester: 'Spring' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Compilers',
      display_name: 'Compilers',
      course_code: 'CS401',
      academic_year: { name: '2026-2027' },
      semester: { name: 'Spring' },
      my_roles: ['instructor'],
      instructors_names: w.instructor.name,
      course_attributes: { published: true, student_count: 0 },
    });
  });

  it('refuses students with 403 and anonymous callers with 401', async () => {
    const payload = { name: 'Nope', course_code: 'X1' };
    expect((await t.app.inject({ method: 'POST', url: '/api/course', headers: as('student'), payload })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/course', payload })).statusCode).toBe(401);
  });

  it('answers 400 naming the field, and creates nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/user/courses', headers: as('instructor') })).json().total;
    const res = await t.app.inject({ method: 'POST', url: '/api/course', headers: as('instructor'), payload: { name: ' ', course_code: 'CS9' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('name');
    const other = await t.factories.org();
    const wrongDept = await t.app.inject({
      method: 'POST',
      url: '/api/course',
      headers: as('instructor'),
      payload: { name: 'A', course_code: 'B', department_id: other.departmentId },
    });
    expect(wrongDept.statusCode).toBe(400);
    expect(wrongDept.json().errors).toHaveProperty('department_id');
    const after = (await t.app.inject({ method: 'GET', url: '/api/user/courses', headers: as('instructor') })).json().total;
    expect(after).toBe(before);
  });
});

describe('GET /api/courses/{id}', () => {
  it('answers members and org admins', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}`, headers: as('student') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: w.course.id, my_roles: ['student'], course_attributes: { student_count: 1 } });
    const admin = await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}`, headers: as('admin') });
    expect(admin.json()).toMatchObject({ my_roles: [] });
  });

  it('answers 403 to a non-member, 404 for a missing or foreign course, 400 for a bad id, 401 anonymous', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}`, headers: as('outsider') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/courses/999999', headers: as('student') })).json()).toMatchObject({ code: 'COURSE_NOT_FOUND' });
    const other = await t.factories.org();
    const foreign = await t.factories.course({ orgId: other.id });
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${foreign.id}`, headers: as('admin') })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/courses/abc', headers: as('student') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('id');
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}` })).statusCode).toBe(401);
  });
});

describe('GET /api/user/courses', () => {
  it('pages my courses newest first', async () => {
    const teacher = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.instructor });
    for (let i = 0; i < 12; i++) await t.factories.course({ orgId: w.org.id, instructorId: teacher.id, name: `Course no. ${i}` });
    const cookie = await t.factories.login(teacher.userName);
    const first = await t.app.inject({ method: 'GET', url: '/api/user/courses?page=1&page_size=10', headers: { cookie } });
    expect(first.json()).toMatchObject({ page: 1, page_size: 10, pages: 2, total: 12 });
    expect(first.json().items[0].name).toBe('Course no. 11');
    const second = await t.app.inject({ method: 'GET', url: '/api/user/courses?page=2&page_size=10', headers: { cookie } });
    expect(second.json().items.map((c: { name: string }) => c.name)).toEqual(['Course no. 1', 'Course no. 0']);
  });

  it('answers 400 for a page size outside spec §9 options, 401 anonymous', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/courses?page_size=7', headers: as('student') });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('page_size');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/courses' })).statusCode).toBe(401);
  });
});

describe('GET and PUT /api/course/{id}/access_code', () => {
  it('creates a well-formed code on first read for the instructor, and answers it again after', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/course/${w.course.id}/access_code`, headers: as('instructor') });
    expect(res.statusCode).toBe(200);
    const { access_code, resetable } = res.json();
    expect(resetable).toBe(true);
    expect(isValidAccessCode(access_code)).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: `/api/course/${w.course.id}/access_code`, headers: as('assistant') });
    expect(again.json().access_code).toBe(access_code);
  });

  it('resets the code: the old one stops opening the course', async () => {
    const old = (await t.app.inject({ method: 'GET', url: `/api/course/${w.course.id}/access_code`, headers: as('instructor') })).json().access_code;
    const res = await t.app.inject({ method: 'PUT', url: `/api/course/${w.course.id}/access_code`, headers: as('instructor') });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_code).not.toBe(old);
    expect((await t.app.inject({ method: 'GET', url: `/api/course/access-code/${old}/validate`, headers: as('outsider') })).statusCode).toBe(404);
  });

  it('refuses students and non-members with 403, anonymous with 401, unknown course with 404', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      expect((await t.app.inject({ method, url: `/api/course/${w.course.id}/access_code`, headers: as('student') })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url: `/api/course/${w.course.id}/access_code`, headers: as('outsider') })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url: `/api/course/${w.course.id}/access_code` })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url: '/api/course/424242/access_code', headers: as('instructor') })).statusCode).toBe(404);
      expect((await t.app.inject({ method, url: '/api/course/x/access_code', headers: as('instructor') })).statusCode).toBe(400);
    }
  });

  it('leaves a course that is not resettable without a code, and refuses its reset', async () => {
    const fixed = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id, isAccessCodeResettable: false });
    const res = await t.app.inject({ method: 'GET', url: `/api/course/${fixed.id}/access_code`, headers: as('instructor') });
    expect(res.json()).toEqual({ access_code: null, resetable: false });
    const reset = await t.app.inject({ method: 'PUT', url: `/api/course/${fixed.id}/access_code`, headers: as('instructor') });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({ code: 'ACCESS_CODE_NOT_RESETTABLE' });
  });
});

describe('joining by access code', () => {
  it('validates a code, then enrols the student once', async () => {
    const course = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id, accessCode: 'JOINME77', name: 'Joinable' });
    const valid = await t.app.inject({ method: 'GET', url: '/api/course/access-code/JOINME77/validate', headers: as('outsider') });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ course_id: course.id, name: 'Joinable' });
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers: as('outsider') })).statusCode).toBe(403);

    const join = await t.app.inject({ method: 'POST', url: '/api/course/join/JOINME77', headers: as('outsider') });
    expect(join.statusCode).toBe(200);
    expect(join.json()).toEqual({ course_id: course.id, joined: true });
    const opened = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers: as('outsider') });
    expect(opened.json()).toMatchObject({ my_roles: ['student'] });
    const again = await t.app.inject({ method: 'POST', url: '/api/course/join/JOINME77', headers: as('outsider') });
    expect(again.json()).toEqual({ course_id: course.id, joined: false });
    const teacherJoin = await t.app.inject({ method: 'POST', url: '/api/course/join/JOINME77', headers: as('instructor') });
    expect(teacherJoin.json()).toEqual({ course_id: course.id, joined: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers: as('instructor') })).json().my_roles).toEqual(['instructor']);
  });

  it('answers 400 ACCESS_CODE_INVALID naming access_code for a malformed code, and enrols nobody', async () => {
    for (const code of ['ABC12', 'atrium01', 'ATRIUM-1']) {
      for (const [method, url] of [
        ['GET', `/api/course/access-code/${code}/validate`],
        ['POST', `/api/course/join/${code}`],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: as('outsider') });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'ACCESS_CODE_INVALID', errors: { access_code: expect.any(Array) } });
      }
    }
  });

  it('answers 404 for an unknown code or another organisation’s, 403 for an unpublished course, 401 anonymous', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/course/access-code/ZZZZZZZ9/validate', headers: as('outsider') })).json()).toMatchObject({
      code: 'ACCESS_CODE_NOT_FOUND',
      message: expect.any(String),
    });
    const other = await t.factories.org();
    await t.factories.course({ orgId: other.id, accessCode: 'FOREIGN1' });
    expect((await t.app.inject({ method: 'POST', url: '/api/course/join/FOREIGN1', headers: as('outsider') })).statusCode).toBe(404);
    await t.factories.course({ orgId: w.org.id, accessCode: 'HIDDEN77', isPublished: false });
    const hidden = await t.app.inject({ method: 'POST', url: '/api/course/join/HIDDEN77', headers: as('outsider') });
    expect(hidden.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/course/join/HIDDEN77' })).statusCode).toBe(401);
  });
});
