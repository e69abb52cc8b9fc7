import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { bigWorld, snapshot, WHO, type BigWorld, type Who } from '../../../test/helpers/course-world.js';
import { COURSE_ACTIONS, type CourseAction, type CourseActorKind } from './courses.policy.js';
import { courses } from './courses.table.js';

interface Call {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: (w: BigWorld) => string;
  payload?: (w: BigWorld) => unknown;
}

/**
 * The role × action matrix of issue 3 §8, one row per action: who may do it,
 * and the calls that do it. Typed by CourseAction, so an action added to
 * COURSE_ACTIONS does not compile here until its roles and calls are decided.
 */
const MATRIX: Record<
  CourseAction,
  { allowed: Who[]; calls: Call[]; before?: (t: TestApp, w: BigWorld) => Promise<void>; after?: (t: TestApp, w: BigWorld) => Promise<void> }
> = {
  view: {
    allowed: ['student', 'assistant', 'instructor', 'admin'],
    calls: [
      { method: 'GET', url: (w) => `/api/courses/${w.course.id}/header` },
      { method: 'GET', url: (w) => `/api/courses/${w.course.id}/study-completeness` },
      { method: 'GET', url: (w) => `/api/courses/${w.course.id}/content` },
      { method: 'GET', url: (w) => `/api/courses/${w.course.id}/nav-setting` },
    ],
  },
  read_statistics: {
    allowed: ['assistant', 'instructor', 'admin'],
    calls: [{ method: 'GET', url: (w) => `/api/stat/activities-for-courses?course_ids=${w.course.id}` }],
  },
  publish: {
    allowed: ['instructor', 'admin'],
    calls: [
      { method: 'PUT', url: (w) => `/api/courses/${w.course.id}/publish`, payload: () => ({ published: false }) },
      { method: 'GET', url: (w) => `/api/courses/${w.course.id}/can-unpublished` },
    ],
  },
  review: { allowed: ['admin'], calls: [{ method: 'PUT', url: (w) => `/api/course/${w.course.id}/manager/review`, payload: () => ({ type: 'reviewed' }) }] },
  switch_type: {
    allowed: ['instructor', 'admin'],
    calls: [
      { method: 'GET', url: (w) => `/api/courses/${w.course.id}/validate-lite-course-condition` },
      { method: 'PUT', url: (w) => `/api/courses/${w.course.id}/switch-normal` },
    ],
  },
  invite: {
    allowed: ['assistant', 'instructor', 'admin'],
    calls: [{ method: 'POST', url: (w) => `/api/course/${w.course.id}/invites`, payload: (w) => ({ emails: [w.inviteeEmail], invite_type: 'student' }) }],
  },
  team_teaching: {
    allowed: ['instructor', 'admin'],
    calls: [{ method: 'POST', url: (w) => `/api/courses/${w.course.id}/team-teaching`, payload: (w) => ({ user_ids: [w.spareTeacher.id] }) }],
  },
  enrol: {
    allowed: ['instructor', 'admin'],
    calls: [
      { method: 'POST', url: (w) => `/api/courses/${w.course.id}/enrollments`, payload: (w) => ({ user_ids: [w.outsider.id], role: 'student' }) },
      { method: 'PUT', url: () => '/api/course/enrollments', payload: (w) => ({ enrollment_ids: [w.studentEnrolmentId], role: 'student' }) },
    ],
  },
  see_members: { allowed: ['assistant', 'instructor', 'admin'], calls: [{ method: 'GET', url: (w) => `/api/courses/${w.course.id}/members` }] },
  see_codes: { allowed: ['assistant', 'instructor', 'admin'], calls: [{ method: 'GET', url: (w) => `/api/course/${w.course.id}/access_code` }] },
  preview: {
    allowed: ['assistant', 'instructor'],
    calls: [
      { method: 'PUT', url: (w) => `/api/courses/${w.course.id}/preview`, payload: () => ({ as: 'student' }) },
      { method: 'DELETE', url: (w) => `/api/courses/${w.course.id}/preview` },
    ],
  },
  inspect: {
    allowed: ['admin'],
    calls: [
      { method: 'PUT', url: (w) => `/api/courses/${w.course.id}/inspect` },
      { method: 'DELETE', url: (w) => `/api/courses/${w.course.id}/inspect` },
    ],
  },
  edit: {
    allowed: ['instructor', 'admin'],
    calls: [
      { method: 'PUT', url: (w) => `/api/courses/${w.course.id}`, payload: () => ({ display_name: 'Renamed' }) },
      { method: 'PUT', url: (w) => `/api/course/${w.course.id}/outline`, payload: () => ({ course_outline: 'Week 1: parsing' }) },
      { method: 'POST', url: () => '/api/outline/notify', payload: (w) => ({ course_ids: [w.course.id] }) },
    ],
  },
  delete: {
    allowed: ['instructor', 'admin'],
    calls: [{ method: 'DELETE', url: (w) => `/api/courses/${w.course.id}` }],
    after: async (t, w) => {
      await t.database.db.update(courses).set({ deletedAt: null }).where(eq(courses.id, w.course.id));
    },
  },
  restore: {
    allowed: ['admin'],
    calls: [{ method: 'PUT', url: (w) => `/api/courses/${w.course.id}/restore` }],
    before: async (t, w) => {
      await t.database.db.update(courses).set({ deletedAt: new Date() }).where(eq(courses.id, w.course.id));
    },
  },
  recommend: { allowed: ['admin'], calls: [{ method: 'PUT', url: (w) => `/api/courses/${w.course.id}/recommended`, payload: () => ({ recommended: true }) }] },
  manage_content: {
    allowed: ['assistant', 'instructor', 'admin'],
    calls: [{ method: 'POST', url: (w) => `/api/courses/${w.course.id}/modules`, payload: () => ({ title: 'Week 1', summary: '<p>Parsing</p>' }) }],
  },
  set_learning_mode: {
    allowed: ['instructor', 'admin'],
    calls: [{ method: 'PUT', url: (w) => `/api/courses/${w.course.id}/learning-mode`, payload: () => ({ learning_mode: 'checkpoint' }) }],
  },
};

const KIND_OF: Record<Who, CourseActorKind | null> = {
  student: 'student',
  assistant: 'instructor_assistant',
  instructor: 'instructor',
  admin: 'admin',
  otherInstructor: null,
  otherAdmin: null,
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('the server policy table grants exactly what the matrix decides', () => {
  for (const [action, row] of Object.entries(MATRIX) as [CourseAction, (typeof MATRIX)[CourseAction]][]) {
    const granted = WHO.filter((who) => KIND_OF[who] && (COURSE_ACTIONS[action] as readonly string[]).includes(KIND_OF[who]!));
    expect({ action, allowed: [...granted].sort() }).toEqual({ action, allowed: [...row.allowed].sort() });
  }
});

for (const [action, row] of Object.entries(MATRIX) as [CourseAction, (typeof MATRIX)[CourseAction]][]) {
  describe(`action ${action}`, () => {
    const refused = WHO.filter((who) => !row.allowed.includes(who));
    it(`refuses ${refused.join(', ')} with 403 and changes nothing; 401 anonymous; 404 for a missing course; allows ${row.allowed.join(', ')}`, async () => {
      const w = await bigWorld(t);
      await row.before?.(t, w);
      const before = await snapshot(t, w.course.id);
      for (const who of refused) {
        for (const call of row.calls) {
          const res = await t.app.inject({
            method: call.method,
            url: call.url(w),
            headers: { cookie: w.cookies[who] },
            ...(call.payload ? { payload: call.payload(w) as object } : {}),
          });
          expect({ who, url: call.url(w), status: res.statusCode }).toEqual({ who, url: call.url(w), status: 403 });
        }
      }
      for (const call of row.calls) {
        const anonymous = await t.app.inject({ method: call.method, url: call.url(w), ...(call.payload ? { payload: call.payload(w) as object } : {}) });
        expect({ url: call.url(w), status: anonymous.statusCode }).toEqual({ url: call.url(w), status: 401 });
      }
      expect(await snapshot(t, w.course.id)).toEqual(before);
      const missing = { ...w, course: { ...w.course, id: 999999 } };
      for (const call of row.calls.filter((c) => c.url(w).includes(`/${w.course.id}`))) {
        const res = await t.app.inject({
          method: call.method,
          url: call.url(missing),
          headers: { cookie: w.cookies[row.allowed[0]!] },
          ...(call.payload ? { payload: call.payload(missing) as object } : {}),
        });
        expect({ url: call.url(missing), status: res.statusCode, code: res.json().code }).toEqual({
          url: call.url(missing),
          status: 404,
          code: 'COURSE_NOT_FOUND',
        });
      }
      for (const who of row.allowed) {
        await row.before?.(t, w);
        for (const call of row.calls) {
          const res = await t.app.inject({
            method: call.method,
            url: call.url(w),
            headers: { cookie: w.cookies[who] },
            ...(call.payload ? { payload: call.payload(w) as object } : {}),
          });
          expect({ who, url: call.url(w), status: res.statusCode, body: res.statusCode < 300 ? null : res.json() }).toEqual({
            who,
            url: call.url(w),
            status: 200,
            body: null,
          });
        }
        await row.after?.(t, w);
      }
    });
  });
}
