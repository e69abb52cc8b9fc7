import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE, type CoursePage, type MyCourseTerms } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { courses } from './courses.table.js';

/**
 * Issue 19 §5, spec §2 `/user/courses`, `/user/studios` (course type 7), `/user/project` (type 8):
 * my course list filtered by term, current or archived (end date passed) and course type; the
 * term filters' values; an instructor creates a studio or a project; other types are refused.
 */

let t: TestApp;
let cookie: string;
let studentCookie: string;
const ids: Record<string, number> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  const f = t.factories;
  const org = await f.org();
  const instructor = await f.user({ orgId: org.id, role: USER_ROLE.instructor });
  const student = await f.user({ orgId: org.id, role: USER_ROLE.student });
  const make = async (key: string, values: Partial<typeof courses.$inferInsert>) => {
    const row = await f.course({ orgId: org.id, instructorId: instructor.id, name: key });
    await t.database.db.update(courses).set(values).where(eq(courses.id, row.id));
    ids[key] = row.id;
  };
  await make('autumn', { academicYear: '2026-2027', semester: 'Autumn' });
  await make('spring', { academicYear: '2026-2027', semester: 'Spring', endDate: new Date(Date.now() + 30 * DAY) });
  await make('old', { academicYear: '2024-2025', semester: 'Autumn', endDate: new Date(Date.now() - DAY) });
  await make('studio', { academicYear: null, semester: null, courseType: 7 });
  await make('gone', { academicYear: '2019-2020', deletedAt: new Date() });
  const foreign = await f.course({ orgId: org.id, name: 'not mine', instructorId: (await f.user({ orgId: org.id, role: USER_ROLE.instructor })).id });
  await t.database.db.update(courses).set({ academicYear: '2030-2031' }).where(eq(courses.id, foreign.id));
  cookie = await f.login(instructor.userName);
  studentCookie = await f.login(student.userName);
});
afterAll(async () => t?.close());

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/user/courses?${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CoursePage>();
};
const names = (page: CoursePage) => page.items.map((c) => c.name).sort();

describe('GET /api/user/courses filters', () => {
  it('filters by academic year, semester, current or archived, and course type', async () => {
    expect(names(await list(''))).toEqual(['autumn', 'old', 'spring', 'studio']);
    expect(names(await list('academic_year=2026-2027'))).toEqual(['autumn', 'spring']);
    expect(names(await list('academic_year=2026-2027&semester=Spring'))).toEqual(['spring']);
    expect(names(await list('semester=Autumn'))).toEqual(['autumn', 'old']);
    expect(names(await list('status=archived'))).toEqual(['old']);
    expect(names(await list('status=current'))).toEqual(['autumn', 'spring', 'studio']);
    expect(names(await list('course_type=7'))).toEqual(['studio']);
    const paged = await list('status=current&page=2&page_size=10');
    expect(paged).toMatchObject({ items: [], total: 3, page: 2 });
  });

  it('refuses an unknown status naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/courses?status=deleted', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('status');
  });
});

describe('GET /api/user/course-terms', () => {
  it('answers the terms of my live courses only, newest year first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/course-terms', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<MyCourseTerms>()).toEqual({ academic_years: ['2026-2027', '2024-2025'], semesters: ['Autumn', 'Spring'] });
    const none = await t.app.inject({ method: 'GET', url: '/api/user/course-terms', headers: { cookie: studentCookie } });
    expect(none.json()).toEqual({ academic_years: [], semesters: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/course-terms' })).statusCode).toBe(401);
  });
});

describe('POST /api/course with course_type', () => {
  it('creates a studio (7) or a project (8) that its own list shows, and refuses other types naming the field', async () => {
    const studio = await t.app.inject({
      method: 'POST',
      url: '/api/course',
      headers: { cookie },
      payload: { name: 'Design studio', course_code: 'ST1', course_type: 7 },
    });
    expect(studio.statusCode, studio.body).toBe(201);
    expect(studio.json()).toMatchObject({ course_type: 7, my_roles: ['instructor'] });
    const project = await t.app.inject({
      method: 'POST',
      url: '/api/course',
      headers: { cookie },
      payload: { name: 'Capstone', course_code: 'PR1', course_type: 8 },
    });
    expect(project.json()).toMatchObject({ course_type: 8 });
    expect(names(await list('course_type=8'))).toEqual(['Capstone']);
    expect(names(await list('course_type=7'))).toEqual(['Design studio', 'studio']);

    const plain = await t.app.inject({ method: 'POST', url: '/api/course', headers: { cookie }, payload: { name: 'Plain', course_code: 'P1' } });
    expect(plain.json()).toMatchObject({ course_type: 0 });
    const before = (await list('')).total;
    const odd = await t.app.inject({ method: 'POST', url: '/api/course', headers: { cookie }, payload: { name: 'Odd', course_code: 'O1', course_type: 11 } });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().errors).toHaveProperty('course_type');
    expect((await list('')).total).toBe(before);
    const byStudent = await t.app.inject({
      method: 'POST',
      url: '/api/course',
      headers: { cookie: studentCookie },
      payload: { name: 'S', course_code: 'S1', course_type: 7 },
    });
    expect(byStudent.statusCode).toBe(403);
  });
});
