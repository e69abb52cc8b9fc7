import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { bigWorld, snapshot, type BigWorld } from '../../../test/helpers/course-world.js';
import { orgs } from '../orgs/orgs.table.js';
import { upsertState } from '../progress/progress.repository.js';
import { courses } from './courses.table.js';

let t: TestApp;
let w: BigWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await bigWorld(t);
});
afterAll(() => t.close());

const as = (who: keyof BigWorld['cookies']) => ({ cookie: w.cookies[who] });
const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who?: keyof BigWorld['cookies'], payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: as(who) } : {}), ...(payload ? { payload } : {}) });

describe('course header calls: bad ids and missing courses', () => {
  const calls: ['GET' | 'PUT' | 'DELETE', string, object?][] = [
    ['GET', 'header'],
    ['PUT', 'publish', { published: true }],
    ['GET', 'can-unpublished'],
    ['GET', 'validate-lite-course-condition'],
    ['PUT', 'switch-lite'],
    ['PUT', 'switch-normal'],
    ['PUT', 'preview', { as: 'student' }],
    ['DELETE', 'preview'],
    ['GET', 'study-completeness'],
  ];
  it('answers 400 naming id for a malformed id and 404 for a missing course', async () => {
    for (const [method, path, payload] of calls) {
      const bad = await inject(method, `/api/courses/abc/${path}`, 'instructor', payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('id');
      const missing = await inject(method, `/api/courses/999999/${path}`, 'instructor', payload);
      expect(missing.json()).toMatchObject({ code: 'COURSE_NOT_FOUND' });
      expect(missing.statusCode).toBe(404);
    }
  });
});

describe('PUT /api/course/{id}/role', () => {
  it('switches to a role the user holds', async () => {
    await t.factories.enrol(w.course.id, w.assistant.id, 'student');
    const res = await inject('PUT', `/api/course/${w.course.id}/role`, 'assistant', { active: 'student' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active_role: 'student' });
    expect((await inject('GET', `/api/courses/${w.course.id}/header`, 'assistant')).json().active_role).toBe('student');
  });
  it('answers 400 naming active for a role not held or unknown, and changes nothing; 401 anonymous; 403 outsider', async () => {
    const before = await snapshot(t, w.course.id);
    const notHeld = await inject('PUT', `/api/course/${w.course.id}/role`, 'student', { active: 'instructor' });
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json().errors).toHaveProperty('active');
    const unknown = await inject('PUT', `/api/course/${w.course.id}/role`, 'student', { active: 'dean' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('active');
    expect((await inject('PUT', `/api/course/${w.course.id}/role`, undefined, { active: 'student' })).statusCode).toBe(401);
    expect((await inject('PUT', `/api/course/${w.course.id}/role`, 'otherInstructor', { active: 'student' })).statusCode).toBe(403);
    expect(await snapshot(t, w.course.id)).toEqual(before);
    expect((await inject('PUT', '/api/course/999999/role', 'student', { active: 'student' })).statusCode).toBe(404);
  });
});

describe('publish and unpublish', () => {
  it('publishes and unpublishes while no student has begun', async () => {
    const off = await inject('PUT', `/api/courses/${w.course.id}/publish`, 'instructor', { published: false });
    expect(off.json()).toEqual({ published: false });
    expect((await inject('GET', `/api/courses/${w.course.id}`, 'instructor')).json().course_attributes.published).toBe(false);
    expect((await inject('GET', `/api/courses/${w.course.id}/can-unpublished`, 'instructor')).json()).toEqual({ can_unpublished: true, message: null });
    expect((await inject('PUT', `/api/courses/${w.course.id}/publish`, 'instructor', { published: true })).json()).toEqual({ published: true });
  });
  it('refuses to unpublish once a student has begun: 409 with errors.published, and the course stays published', async () => {
    const c = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id });
    await t.factories.enrol(c.id, w.student.id, 'student');
    await upsertState(t.database.db, c.id, w.student.id, { studyCompleteness: 30 });
    const can = await inject('GET', `/api/courses/${c.id}/can-unpublished`, 'instructor');
    expect(can.json()).toMatchObject({ can_unpublished: false, message: expect.stringContaining('started') });
    const res = await inject('PUT', `/api/courses/${c.id}/publish`, 'instructor', { published: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CANNOT_UNPUBLISH', errors: { published: [expect.any(String)] } });
    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, c.id));
    expect(row!.isPublished).toBe(true);
  });
  it('answers 409 PUBLISH_NOT_ENABLED when the org’s course-need-publish toggle is off; 400 naming published', async () => {
    const bad = await inject('PUT', `/api/courses/${w.course.id}/publish`, 'instructor', { published: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('published');
    const [org] = await t.database.db.select().from(orgs).where(eq(orgs.id, w.org.id));
    await t.database.db
      .update(orgs)
      .set({ settings: { ...org!.settings, courseNeedPublish: false } })
      .where(eq(orgs.id, w.org.id));
    const res = await inject('PUT', `/api/courses/${w.course.id}/publish`, 'instructor', { published: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PUBLISH_NOT_ENABLED', errors: { published: expect.any(Array) } });
    expect((await inject('GET', `/api/courses/${w.course.id}/header`, 'instructor')).json().need_publish).toBe(false);
    await t.database.db.update(orgs).set({ settings: org!.settings }).where(eq(orgs.id, w.org.id));
  });
});

describe('PUT /api/course/{id}/manager/review', () => {
  it('lets the instructor manager (org admin) mark reviewed and back', async () => {
    expect((await inject('PUT', `/api/course/${w.course.id}/manager/review`, 'admin', { type: 'reviewed' })).json()).toEqual({ review_status: 'reviewed' });
    expect((await inject('GET', `/api/courses/${w.course.id}`, 'admin')).json().course_attributes.data.review_status).toBe('reviewed');
    expect((await inject('PUT', `/api/course/${w.course.id}/manager/review`, 'admin', { type: 'unreviewed' })).json()).toEqual({ review_status: 'unreviewed' });
  });
  it('answers 400 naming type, 401, 403 for the instructor, 404', async () => {
    const bad = await inject('PUT', `/api/course/${w.course.id}/manager/review`, 'admin', { type: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('type');
    expect((await inject('PUT', `/api/course/${w.course.id}/manager/review`, undefined, { type: 'reviewed' })).statusCode).toBe(401);
    expect((await inject('PUT', `/api/course/${w.course.id}/manager/review`, 'instructor', { type: 'reviewed' })).statusCode).toBe(403);
    expect((await inject('PUT', '/api/course/999999/manager/review', 'admin', { type: 'reviewed' })).statusCode).toBe(404);
  });
});

describe('normal ⇄ lite', () => {
  it('refuses lite while the course has an assistant, with the reason, and changes nothing', async () => {
    const check = await inject('GET', `/api/courses/${w.course.id}/validate-lite-course-condition`, 'instructor');
    expect(check.json()).toMatchObject({ can_switch: false, message: expect.stringContaining('assistant') });
    const before = await snapshot(t, w.course.id);
    const res = await inject('PUT', `/api/courses/${w.course.id}/switch-lite`, 'instructor');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LITE_CONDITION_FAILED', message: expect.stringContaining('assistant') });
    expect(await snapshot(t, w.course.id)).toEqual(before);
  });
  it('switches a single-teacher course to lite and back', async () => {
    const c = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id });
    expect((await inject('GET', `/api/courses/${c.id}/validate-lite-course-condition`, 'instructor')).json()).toEqual({ can_switch: true, message: null });
    expect((await inject('PUT', `/api/courses/${c.id}/switch-lite`, 'instructor')).json()).toEqual({ lite: true });
    expect((await inject('GET', `/api/courses/${c.id}`, 'instructor')).json().lite).toBe(true);
    expect((await inject('PUT', `/api/courses/${c.id}/switch-normal`, 'instructor')).json()).toEqual({ lite: false });
  });
});

describe('preview and inspect modes', () => {
  it('a visitor simulation exits to /, a student preview to the course', async () => {
    expect((await inject('PUT', `/api/courses/${w.course.id}/preview`, 'instructor', { as: 'visitor' })).json()).toMatchObject({ preview_as: 'visitor' });
    expect((await inject('DELETE', `/api/courses/${w.course.id}/preview`, 'instructor')).json()).toEqual({ refer: '/' });
    expect((await inject('PUT', `/api/courses/${w.course.id}/preview`, 'instructor', { as: 'student' })).json()).toMatchObject({ preview_as: 'student' });
    expect((await inject('DELETE', `/api/courses/${w.course.id}/preview`, 'instructor')).json()).toEqual({ refer: `/course/${w.course.id}` });
    const bad = await inject('PUT', `/api/courses/${w.course.id}/preview`, 'instructor', { as: 'ghost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('as');
  });
  it('inspect mode exits to the management list', async () => {
    expect((await inject('PUT', `/api/courses/${w.course.id}/inspect`, 'admin')).json()).toMatchObject({ inspecting: true });
    expect((await inject('DELETE', `/api/courses/${w.course.id}/inspect`, 'admin')).json()).toEqual({ refer: '/management/course' });
    expect((await inject('GET', `/api/courses/${w.course.id}/header`, 'admin')).json().inspecting).toBe(false);
    expect((await inject('DELETE', '/api/courses/999999/inspect', 'admin')).statusCode).toBe(404);
  });
});

describe('GET /api/courses/{id}/study-completeness', () => {
  it('answers the student’s completeness and last activity: the real activity read last (issue 7)', async () => {
    const mod = (await inject('POST', `/api/courses/${w.course.id}/modules`, 'instructor', { title: 'Week 1' })).json();
    await inject('PUT', `/api/modules/${mod.id}/publish`, 'instructor', { published: true });
    const made = [];
    for (const title of ['Week 1 reading', 'Week 1 notes']) {
      const a = (
        await inject('POST', `/api/courses/${w.course.id}/activities`, 'instructor', {
          module_id: mod.id,
          type: 'page',
          title,
          data: { content: '<p>Read</p>' },
        })
      ).json();
      await inject('PUT', `/api/activities/${a.id}/publish`, 'instructor', { published: true });
      made.push(a);
    }
    expect((await inject('POST', `/api/activities/${made[0].id}/reads`, 'student', {})).json()).toEqual({ is_completed: true, study_completeness: 50 });
    const res = await inject('GET', `/api/courses/${w.course.id}/study-completeness`, 'student');
    expect(res.json()).toMatchObject({
      study_completeness: 50,
      last_activity: { id: made[0].id, title: 'Week 1 reading' },
      last_update_completeness_time: expect.any(String),
      can_view: true,
      forbidden_reason: null,
    });
    const end = new Date(Date.now() - 3_600_000).toISOString();
    await inject('PUT', `/api/activities/${made[0].id}`, 'instructor', { start_time: null, end_time: end });
    expect((await inject('GET', `/api/courses/${w.course.id}/study-completeness`, 'student')).json()).toMatchObject({
      can_view: false,
      forbidden_reason: 'ended',
      end_time: expect.stringContaining(end.slice(0, 19)),
    });
  });
  it('names why continue-study may not open: not started, ended, unpublished', async () => {
    const c = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id });
    await t.factories.enrol(c.id, w.student.id, 'student');
    const url = `/api/courses/${c.id}/study-completeness`;
    await t.database.db
      .update(courses)
      .set({ startDate: new Date(Date.now() + 86_400_000) })
      .where(eq(courses.id, c.id));
    expect((await inject('GET', url, 'student')).json()).toMatchObject({ can_view: false, forbidden_reason: 'not_started', start_time: expect.any(String) });
    await t.database.db
      .update(courses)
      .set({ startDate: null, endDate: new Date(Date.now() - 86_400_000) })
      .where(eq(courses.id, c.id));
    expect((await inject('GET', url, 'student')).json()).toMatchObject({ can_view: false, forbidden_reason: 'ended', end_time: expect.any(String) });
    await t.database.db.update(courses).set({ endDate: null, isPublished: false }).where(eq(courses.id, c.id));
    expect((await inject('GET', url, 'student')).json()).toMatchObject({ can_view: false, forbidden_reason: 'unpublished' });
  });
});
