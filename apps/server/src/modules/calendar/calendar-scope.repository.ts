import { and, eq, inArray } from 'drizzle-orm';
import type { CourseRole } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { courses } from '../courses/courses.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { orgs } from '../orgs/orgs.table.js';
import { users } from '../users/users.table.js';

/** The user's own time zone (or null) and their org's time zone setting (or undefined); undefined for an unknown user. One SELECT (users join orgs). */
export async function findUserAndOrgTimeZone(db: Db, userId: number): Promise<{ tz: string | null; orgTz: string | undefined } | undefined> {
  const [row] = await db
    .select({ tz: users.timeZone, settings: orgs.settings })
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(eq(users.id, userId));
  return row && { tz: row.tz, orgTz: row.settings.timeZone };
}

/** The user's enrolments with their courses (deleted courses included), one row per enrolment: `{ id (course), name, role, endDate, deletedAt }`. One SELECT. */
export async function listEnrolledCoursesOfUser(
  db: Db,
  userId: number,
): Promise<{ id: number; name: string; role: CourseRole; endDate: Date | null; deletedAt: Date | null }[]> {
  return db
    .select({ id: courses.id, name: courses.name, role: enrolments.role, endDate: courses.endDate, deletedAt: courses.deletedAt })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(enrolments.userId, userId));
}

/** The courses of `ids` in org `orgId` (deleted ones included) as `{ id, deletedAt }`. One SELECT; call it with at least one id. */
export async function listCoursesOfOrg(db: Db, orgId: number, ids: number[]): Promise<{ id: number; deletedAt: Date | null }[]> {
  return db
    .select({ id: courses.id, deletedAt: courses.deletedAt })
    .from(courses)
    .where(and(inArray(courses.id, ids), eq(courses.orgId, orgId)));
}

/** The org id of user `userId`, or undefined for an unknown user. One SELECT. */
export async function findUserOrgId(db: Db, userId: number): Promise<number | undefined> {
  const [u] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.id, userId));
  return u?.orgId;
}

/** The students of course `courseId` as `{ id, name, user_no }`, by name then id. One SELECT (enrolments join users). */
export async function listCourseStudents(db: Db, courseId: number): Promise<{ id: number; name: string; user_no: string }[]> {
  return db
    .select({ id: users.id, name: users.name, user_no: users.userNo })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(and(eq(enrolments.courseId, courseId), eq(enrolments.role, 'student')))
    .orderBy(users.name, users.id);
}
