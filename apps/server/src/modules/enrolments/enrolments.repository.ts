import { and, asc, count, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
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

/** How many team enrolments (every role but student) a course has, per role: `Map<role, count>`. One SELECT … GROUP BY. */
export async function teamRoleCounts(db: Db, courseId: number): Promise<Map<CourseRole, number>> {
  const rows = await db
    .select({ role: enrolments.role, n: sql<number>`count(*)::int` })
    .from(enrolments)
    .where(and(eq(enrolments.courseId, courseId), ne(enrolments.role, 'student')))
    .groupBy(enrolments.role);
  return new Map(rows.map((r) => [r.role, Number(r.n)]));
}

/** The students of these courses who have an e-mail address: `{ courseId, email, name }[]`, one per enrolment. One SELECT. */
export async function studentContactsOf(db: Db, courseIds: number[]): Promise<{ courseId: number; email: string; name: string }[]> {
  const rows = await db
    .select({ courseId: enrolments.courseId, email: users.email, name: users.name })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(and(inArray(enrolments.courseId, courseIds), eq(enrolments.role, 'student'), isNotNull(users.email)));
  return rows.map((r) => ({ ...r, email: r.email! }));
}

export type EnrolmentRow = typeof enrolments.$inferSelect;

/** Which of `userIds` are enrolled in the course (any role), each once. One SELECT DISTINCT. */
export async function enrolledUserIds(db: Db, courseId: number, userIds: number[]): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: enrolments.userId })
    .from(enrolments)
    .where(and(eq(enrolments.courseId, courseId), inArray(enrolments.userId, userIds)));
  return rows.map((r) => r.userId);
}

/** A member-list row: the enrolment with the user's name, number and e-mail. */
export interface MemberRow {
  e: EnrolmentRow;
  name: string;
  userNo: string;
  email: string | null;
}

/**
 * One page of a course's enrolments (optionally of one role) by role, user name, enrolment id, with
 * the total. Two SELECTs, run together.
 */
export async function listMembersPage(
  db: Db,
  courseId: number,
  role: CourseRole | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: MemberRow[]; total: number }> {
  const where = and(eq(enrolments.courseId, courseId), role ? eq(enrolments.role, role) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ e: enrolments, name: users.name, userNo: users.userNo, email: users.email })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(where)
      .orderBy(asc(enrolments.role), asc(users.name), asc(enrolments.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(enrolments).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Enrols a user unless any conflicting enrolment exists; answers whether a row was added. One INSERT … ON CONFLICT DO NOTHING. */
export async function insertEnrolmentIfAbsent(db: Db, courseId: number, userId: number, role: CourseRole): Promise<boolean> {
  const rows = await db.insert(enrolments).values({ courseId, userId, role }).onConflictDoNothing().returning({ id: enrolments.id });
  return rows.length > 0;
}

/** The enrolments with these ids (those that exist). One SELECT. */
export async function findEnrolments(db: Db, ids: number[]): Promise<EnrolmentRow[]> {
  return db.select().from(enrolments).where(inArray(enrolments.id, ids));
}

/** How many instructor enrolments a course has. One SELECT. */
export async function countInstructors(db: Db, courseId: number): Promise<number> {
  const [all] = await db
    .select({ n: count() })
    .from(enrolments)
    .where(and(eq(enrolments.courseId, courseId), eq(enrolments.role, 'instructor')));
  return Number(all?.n ?? 0);
}

/** Whether the user already holds `role` in the course. One SELECT. */
export async function holdsRole(db: Db, courseId: number, userId: number, role: CourseRole): Promise<boolean> {
  const [clash] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.courseId, courseId), eq(enrolments.userId, userId), eq(enrolments.role, role)));
  return !!clash;
}

/** Changes the role of one enrolment. One UPDATE. */
export async function setEnrolmentRole(db: Db, id: number, role: CourseRole): Promise<void> {
  await db.update(enrolments).set({ role }).where(eq(enrolments.id, id));
}

/** Deletes these enrolments. One DELETE. */
export async function deleteEnrolments(db: Db, ids: number[]): Promise<void> {
  await db.delete(enrolments).where(inArray(enrolments.id, ids));
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

/** The enrolments (any role) still held by these (course, user) pairs: `{ courseId, userId }[]`. One SELECT; none for no pairs. */
export async function findEnrolmentsOfUsers(db: Db, pairs: readonly { courseId: number; userId: number }[]): Promise<{ courseId: number; userId: number }[]> {
  if (pairs.length === 0) return [];
  return db
    .select({ courseId: enrolments.courseId, userId: enrolments.userId })
    .from(enrolments)
    .where(or(...pairs.map((p) => and(eq(enrolments.courseId, p.courseId), eq(enrolments.userId, p.userId)))));
}

/** The roles held in `courseIds` by `userIds` (every pair enrolled, once per role). One SELECT; none when either list is empty. */
export async function rolesHeld(
  db: Db,
  courseIds: readonly number[],
  userIds: readonly number[],
): Promise<{ courseId: number; userId: number; role: CourseRole }[]> {
  if (courseIds.length === 0 || userIds.length === 0) return [];
  return db
    .select({ courseId: enrolments.courseId, userId: enrolments.userId, role: enrolments.role })
    .from(enrolments)
    .where(and(inArray(enrolments.courseId, [...courseIds]), inArray(enrolments.userId, [...userIds])));
}
