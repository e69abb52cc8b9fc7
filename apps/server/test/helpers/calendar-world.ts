import { eq } from 'drizzle-orm';
import { USER_ROLE } from '@atrium/contracts';
import type { TestApp } from '../build-test-app.js';
import { departments } from '../../src/modules/orgs/orgs.table.js';
import { users } from '../../src/modules/users/users.table.js';

/**
 * A calendar test world: an org with two departments; an instructor and an assistant of
 * one course with an enrolled student (department A, e-mail set); an outsider in department
 * B; a colleague in department A in no course; an admin; and a user of another org. Signed in.
 */
export async function calendarWorld(t: TestApp) {
  const f = t.factories;
  const org = await f.org();
  const [deptB] = await t.app.deps.db
    .insert(departments)
    .values({ orgId: org.id, code: `b-${org.id}`, name: 'Department B' })
    .returning();
  const deptA = org.departmentId;
  const instructor = await f.user({ orgId: org.id, role: USER_ROLE.instructor, departmentId: deptA });
  const assistant = await f.user({ orgId: org.id, role: USER_ROLE.instructor, departmentId: deptA });
  const student = await f.user({ orgId: org.id, role: USER_ROLE.student, departmentId: deptA });
  const colleague = await f.user({ orgId: org.id, role: USER_ROLE.student, departmentId: deptA });
  const outsider = await f.user({ orgId: org.id, role: USER_ROLE.student, departmentId: deptB!.id });
  const admin = await f.user({ orgId: org.id, role: USER_ROLE.admin, departmentId: deptB!.id });
  const otherOrg = await f.org();
  const foreigner = await f.user({ orgId: otherOrg.id, role: USER_ROLE.instructor });
  const course = await f.course({ orgId: org.id, instructorId: instructor.id });
  await f.enrol(course.id, assistant.id, 'instructor_assistant');
  await f.enrol(course.id, student.id, 'student');
  await t.app.deps.db.update(users).set({ email: 'student@example.test' }).where(eq(users.id, student.id));
  await t.app.deps.db.update(users).set({ timeZone: 'Europe/London' }).where(eq(users.id, instructor.id));
  const people = { instructor, assistant, student, colleague, outsider, admin, foreigner };
  const cookies = {} as Record<keyof typeof people, string>;
  for (const [k, u] of Object.entries(people)) cookies[k as keyof typeof people] = await f.login(u.userName);
  return { org, deptA, deptB: deptB!.id, course, otherOrg, ...people, cookies };
}
export type CalendarWorld = Awaited<ReturnType<typeof calendarWorld>>;
export type Who = keyof CalendarWorld['cookies'];

/** `app.inject` as one of the world's users (or anonymous when `who` is omitted), with an optional JSON body. */
export function injectAs(t: TestApp, w: CalendarWorld) {
  return (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who?: Who, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: { cookie: w.cookies[who] } } : {}), ...(payload ? { payload } : {}) });
}
