import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { courseUserStates } from './progress.table.js';

export type CourseUserState = typeof courseUserStates.$inferSelect;

export async function findState(db: Db, courseId: number, userId: number): Promise<CourseUserState | undefined> {
  const [row] = await db
    .select()
    .from(courseUserStates)
    .where(and(eq(courseUserStates.courseId, courseId), eq(courseUserStates.userId, userId)))
    .limit(1);
  return row;
}

/** Creates or updates one user's state in one course. */
export async function upsertState(
  db: Db,
  courseId: number,
  userId: number,
  values: Partial<Omit<CourseUserState, 'id' | 'courseId' | 'userId'>>,
): Promise<void> {
  await db
    .insert(courseUserStates)
    .values({ courseId, userId, ...values })
    .onConflictDoUpdate({ target: [courseUserStates.courseId, courseUserStates.userId], set: values });
}

/** Number of students of the course who have begun studying (completeness above 0). */
export async function studentsWithProgress(db: Db, courseId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(courseUserStates)
    .innerJoin(
      enrolments,
      and(eq(enrolments.courseId, courseUserStates.courseId), eq(enrolments.userId, courseUserStates.userId), eq(enrolments.role, 'student')),
    )
    .where(and(eq(courseUserStates.courseId, courseId), gt(courseUserStates.studyCompleteness, 0)));
  return Number(row?.n ?? 0);
}
