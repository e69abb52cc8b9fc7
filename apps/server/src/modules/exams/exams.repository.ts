import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { examSubjectPlayRecords, examSubjects } from './exams.table.js';

/** The exam subjects of these activities as `{ id, activityId, uploadIds }`, by sort then id. One SELECT. */
export async function listSubjectUploadsOf(db: Db, activityIds: number[]): Promise<{ id: number; activityId: number; uploadIds: number[] }[]> {
  return db
    .select({ id: examSubjects.id, activityId: examSubjects.activityId, uploadIds: examSubjects.uploadIds })
    .from(examSubjects)
    .where(inArray(examSubjects.activityId, activityIds))
    .orderBy(asc(examSubjects.sort), asc(examSubjects.id));
}

export type ExamSubjectRow = typeof examSubjects.$inferSelect;

/** The exam subject with this id, or undefined. One SELECT. */
export async function findExamSubject(db: Db, id: number): Promise<ExamSubjectRow | undefined> {
  const [subject] = await db.select().from(examSubjects).where(eq(examSubjects.id, id));
  return subject;
}

/** Which play counter: one user's plays of one upload of one exam subject. */
export interface PlayKey {
  subjectId: number;
  uploadId: number;
  userId: number;
}

/** How many times the user played the upload in the subject, or undefined before the first play. One SELECT. */
export async function findPlayCount(db: Db, key: PlayKey): Promise<number | undefined> {
  const [record] = await db
    .select({ count: examSubjectPlayRecords.playCount })
    .from(examSubjectPlayRecords)
    .where(
      and(
        eq(examSubjectPlayRecords.subjectId, key.subjectId),
        eq(examSubjectPlayRecords.uploadId, key.uploadId),
        eq(examSubjectPlayRecords.userId, key.userId),
      ),
    );
  return record?.count;
}

/**
 * Counts one play in one conditional upsert: with a `limit`, the count rises only while it is below
 * it, so concurrent requests cannot exceed it. Answers the new count, or undefined when the limit
 * was reached (nothing changed). One INSERT … ON CONFLICT DO UPDATE.
 */
export async function countPlay(db: Db, key: PlayKey, limit: number | null): Promise<number | undefined> {
  const counted = await db
    .insert(examSubjectPlayRecords)
    .values({ ...key, playCount: 1 })
    .onConflictDoUpdate({
      target: [examSubjectPlayRecords.subjectId, examSubjectPlayRecords.uploadId, examSubjectPlayRecords.userId],
      set: { playCount: sql`${examSubjectPlayRecords.playCount} + 1`, updatedAt: new Date() },
      ...(limit !== null ? { setWhere: sql`${examSubjectPlayRecords.playCount} < ${limit}` } : {}),
    })
    .returning({ count: examSubjectPlayRecords.playCount });
  return counted[0]?.count;
}
