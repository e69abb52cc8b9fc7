import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities, activityUploads, courseModules } from '../activities/activities.table.js';
import { examSubjects } from '../exams/exams.table.js';
import { uploads, uploadVideos } from './uploads.table.js';

export type UploadRow = typeof uploads.$inferSelect;
export type UploadVideoRow = typeof uploadVideos.$inferSelect;

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  if (!row) throw new Error('insert uploads returned nothing');
  return row;
}

/** The upload, unless soft-deleted. */
export async function findLiveUpload(db: Db, id: number): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), isNull(uploads.deletedAt)))
    .limit(1);
  return row;
}

/** Records the arrival of the bytes; answers undefined when another transfer got there first. */
export async function markReceived(
  db: Db,
  id: number,
  values: { sha256: string; mimeType: string | null; status: UploadRow['status'] },
): Promise<UploadRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(uploads)
    .set({ ...values, receivedAt: now, updatedAt: now })
    .where(and(eq(uploads.id, id), isNull(uploads.receivedAt)))
    .returning();
  return row;
}

export async function markDeleted(db: Db, id: number): Promise<void> {
  const now = new Date();
  await db.update(uploads).set({ deletedAt: now, status: 'deleted', updatedAt: now }).where(eq(uploads.id, id));
}

/** Received, live uploads attached to a parent, newest first. */
export async function listUploadsOfParent(db: Db, parentType: string, parentId: number): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.parentType, parentType), eq(uploads.parentId, parentId), isNull(uploads.deletedAt), isNotNull(uploads.receivedAt)))
    .orderBy(desc(uploads.createdAt), desc(uploads.id));
}

/** The renditions of these uploads, smallest first. */
export async function listVideosOf(db: Db, uploadIds: number[]): Promise<UploadVideoRow[]> {
  if (uploadIds.length === 0) return [];
  return db.select().from(uploadVideos).where(inArray(uploadVideos.uploadId, uploadIds)).orderBy(asc(uploadVideos.height));
}

/**
 * Of `uploadIds`, those only an exam holds: a subject of a live exam activity
 * lists them (spec §3 Exam video settings) and no live, published activity in a
 * published module holds them as well (through which a learner plays them
 * anyway). Their bytes and URLs reach a learner only through the counted exam
 * play call (decision 0030).
 */
export async function examHeldUploadIds(db: Db, uploadIds: readonly number[]): Promise<Set<number>> {
  if (uploadIds.length === 0) return new Set();
  const rows = await db
    .select({ uploadIds: examSubjects.uploadIds })
    .from(examSubjects)
    .innerJoin(activities, eq(activities.id, examSubjects.activityId))
    .where(and(isNull(activities.deletedAt), or(...uploadIds.map((id) => sql`${examSubjects.uploadIds} @> ${JSON.stringify([id])}::jsonb`))));
  const wanted = new Set(uploadIds);
  const held = [...new Set(rows.flatMap((r) => r.uploadIds).filter((id) => wanted.has(id)))];
  if (held.length === 0) return new Set();
  const shown = await db
    .selectDistinct({ id: activityUploads.uploadId })
    .from(activityUploads)
    .innerJoin(activities, eq(activities.id, activityUploads.activityId))
    .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
    .where(and(inArray(activityUploads.uploadId, held), isNull(activities.deletedAt), eq(activities.isPublished, true), eq(courseModules.isPublished, true)));
  const free = new Set(shown.map((r) => r.id));
  return new Set(held.filter((id) => !free.has(id)));
}
