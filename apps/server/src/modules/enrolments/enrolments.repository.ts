import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CourseRole } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { users } from '../users/users.table.js';
import { enrolments } from './enrolments.table.js';

/** The roles `userId` holds in `courseId` (empty when not enrolled). */
export async function rolesInCourse(db: Db, courseId: number, userId: number): Promise<CourseRole[]> {
  const rows = await db
    .select({ role: enrolments.role })
    .from(enrolments)
    .where(and(eq(enrolments.courseId, courseId), eq(enrolments.userId, userId)));
  return rows.map((r) => r.role);
}

/** Enrols `userId` in `courseId` with `role`; answers false when that enrolment already existed. */
export async function insertEnrolment(db: Db, courseId: number, userId: number, role: CourseRole): Promise<boolean> {
  const rows = await db
    .insert(enrolments)
    .values({ courseId, userId, role })
    .onConflictDoNothing({ target: [enrolments.courseId, enrolments.userId, enrolments.role] })
    .returning({ id: enrolments.id });
  return rows.length > 0;
}

/** Instructors of each course, ordered by enrolment, keyed by course id. */
export async function instructorsOf(db: Db, courseIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const result = new Map<number, { id: number; name: string }[]>();
  if (courseIds.length === 0) return result;
  const rows = await db
    .select({ courseId: enrolments.courseId, id: users.id, name: users.name })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(and(inArray(enrolments.courseId, courseIds), eq(enrolments.role, 'instructor')))
    .orderBy(enrolments.id);
  for (const row of rows) {
    const list = result.get(row.courseId) ?? [];
    list.push({ id: row.id, name: row.name });
    result.set(row.courseId, list);
  }
  return result;
}

/** Number of student enrolments of each course, keyed by course id. */
export async function studentCountsOf(db: Db, courseIds: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (courseIds.length === 0) return result;
  const rows = await db
    .select({ courseId: enrolments.courseId, count: sql<number>`count(*)::int` })
    .from(enrolments)
    .where(and(inArray(enrolments.courseId, courseIds), eq(enrolments.role, 'student')))
    .groupBy(enrolments.courseId);
  for (const row of rows) result.set(row.courseId, Number(row.count));
  return result;
}

/** Roles of `userId` in each of `courseIds`, keyed by course id. */
export async function rolesInCourses(db: Db, courseIds: number[], userId: number): Promise<Map<number, CourseRole[]>> {
  const result = new Map<number, CourseRole[]>();
  if (courseIds.length === 0) return result;
  const rows = await db
    .select({ courseId: enrolments.courseId, role: enrolments.role })
    .from(enrolments)
    .where(and(inArray(enrolments.courseId, courseIds), eq(enrolments.userId, userId)));
  for (const row of rows) result.set(row.courseId, [...(result.get(row.courseId) ?? []), row.role]);
  return result;
}

/** The distinct e-mail addresses of a course's members (any role; members without an address left out). */
export async function memberEmailsOf(db: Db, courseId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(eq(enrolments.courseId, courseId));
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}
