import { eq, sql } from 'drizzle-orm';
import { USER_ROLE } from '@atrium/contracts';
import { courses } from '../../src/modules/courses/courses.table.js';
import { enrolments } from '../../src/modules/enrolments/enrolments.table.js';
import { invites } from '../../src/modules/invites/invites.table.js';
import { outboxEmails } from '../../src/modules/outbox/outbox.table.js';
import { courseUserStates } from '../../src/modules/progress/progress.table.js';
import { users } from '../../src/modules/users/users.table.js';
import type { TestApp } from '../build-test-app.js';

/** The six people of the role × action matrix (issue 3 §8). */
export const WHO = ['student', 'assistant', 'instructor', 'otherInstructor', 'admin', 'otherAdmin'] as const;
export type Who = (typeof WHO)[number];

/**
 * A course world for issue 3: the factories' course world plus an instructor of
 * another course, an admin of another organisation, a spare instructor for team
 * teaching and an invitee with an e-mail address; each signed in.
 */
export async function bigWorld(t: TestApp) {
  const w = await t.factories.courseWorld();
  const otherInstructor = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.instructor });
  await t.factories.course({ orgId: w.org.id, instructorId: otherInstructor.id });
  const otherOrg = await t.factories.org();
  const otherAdmin = await t.factories.user({ orgId: otherOrg.id, role: USER_ROLE.admin });
  const spareTeacher = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.instructor });
  const invitee = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
  const inviteeEmail = `invitee${invitee.id}@example.edu`;
  await t.database.db.update(users).set({ email: inviteeEmail }).where(eq(users.id, invitee.id));
  await t.database.db
    .update(users)
    .set({ email: `student${w.student.id}@example.edu` })
    .where(eq(users.id, w.student.id));
  const people = { student: w.student, assistant: w.assistant, instructor: w.instructor, otherInstructor, admin: w.admin, otherAdmin };
  const cookies = {} as Record<Who, string>;
  for (const who of WHO) cookies[who] = await t.factories.login(people[who].userName);
  const [studentEnrolment] = await t.database.db
    .select()
    .from(enrolments)
    .where(sql`${enrolments.courseId} = ${w.course.id} and ${enrolments.userId} = ${w.student.id}`);
  return { ...w, otherInstructor, otherOrg, otherAdmin, spareTeacher, invitee, inviteeEmail, cookies, studentEnrolmentId: studentEnrolment!.id };
}
export type BigWorld = Awaited<ReturnType<typeof bigWorld>>;

/** Everything an issue-3 call could change about a course, to check that a refused call changed nothing. */
export async function snapshot(t: TestApp, courseId: number) {
  const db = t.database.db;
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  const { updatedAt: _ignored, ...courseFields } = course!;
  return {
    course: courseFields,
    enrolments: await db.select().from(enrolments).where(eq(enrolments.courseId, courseId)).orderBy(enrolments.id),
    invites: await db.select().from(invites).where(eq(invites.courseId, courseId)).orderBy(invites.id),
    states: await db.select().from(courseUserStates).where(eq(courseUserStates.courseId, courseId)).orderBy(courseUserStates.id),
    outbox: (await db.select({ id: outboxEmails.id }).from(outboxEmails)).length,
  };
}
