import { and, desc, eq, exists, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { departments } from '../orgs/orgs.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { courses } from './courses.table.js';

export type CourseRow = typeof courses.$inferSelect;
export type CourseWithDepartment = CourseRow & { departmentName: string | null };

export async function insertCourse(db: Db, values: typeof courses.$inferInsert): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(values).returning();
  if (!row) throw new Error('insert courses returned nothing');
  return row;
}

export async function findCourse(db: Db, id: number): Promise<CourseWithDepartment | undefined> {
  const [row] = await db
    .select({ course: courses, departmentName: departments.name })
    .from(courses)
    .leftJoin(departments, eq(departments.id, courses.departmentId))
    .where(eq(courses.id, id))
    .limit(1);
  return row ? { ...row.course, departmentName: row.departmentName } : undefined;
}

export async function findCourseByAccessCode(db: Db, accessCode: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.accessCode, accessCode)).limit(1);
  return row;
}

/** Sets the course's access code; answers false when another course already holds it (unique index). */
export async function trySetAccessCode(db: Db, courseId: number, accessCode: string): Promise<boolean> {
  try {
    await db.update(courses).set({ accessCode, updatedAt: new Date() }).where(eq(courses.id, courseId));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** One page of the courses `userId` is enrolled in (any role), newest first, and the total. */
export async function listCoursesOfUser(db: Db, userId: number, limit: number, offset: number) {
  const isMember = exists(
    db
      .select({ one: sql`1` })
      .from(enrolments)
      .where(and(eq(enrolments.courseId, courses.id), eq(enrolments.userId, userId))),
  );
  const where = and(isMember, isNull(courses.deletedAt));
  const rows = await db
    .select({ course: courses, departmentName: departments.name })
    .from(courses)
    .leftJoin(departments, eq(departments.id, courses.departmentId))
    .where(where)
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(courses)
    .where(where);
  return { rows: rows.map((r) => ({ ...r.course, departmentName: r.departmentName })), total: Number(count?.total ?? 0) };
}
