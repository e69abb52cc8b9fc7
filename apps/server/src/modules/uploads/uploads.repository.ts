import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityUploads } from '../activities/activities.table.js';
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

/** Whether `activityId` holds `uploadId` (activity_uploads). One statement. */
export async function activityHoldsUpload(db: Db, activityId: number, uploadId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: activityUploads.id })
    .from(activityUploads)
    .where(and(eq(activityUploads.activityId, activityId), eq(activityUploads.uploadId, uploadId)))
    .limit(1);
  return row !== undefined;
}

/** These uploads (deleted or not) as `{ id, name, type, orgId, deletedAt }`; none when `ids` is empty. One SELECT (none for no ids). */
export async function listUploadLabels(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: uploads.id, name: uploads.name, type: uploads.type, orgId: uploads.orgId, deletedAt: uploads.deletedAt })
    .from(uploads)
    .where(inArray(uploads.id, ids));
}

/** Sets where upload `id` came from (`source`, e.g. 'screen-shot'). One UPDATE. */
export async function setUploadSource(db: Db, id: number, source: UploadRow['source']): Promise<void> {
  await db.update(uploads).set({ source }).where(eq(uploads.id, id));
}

/** The upload with this id, soft-deleted or not, or undefined. One SELECT. */
export async function findUpload(db: Db, id: number): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** The live uploads among `ids`, locked FOR UPDATE for the rest of the transaction (taking files over). One SELECT. */
export async function lockLiveUploads(tx: Db, ids: readonly number[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(uploads)
    .where(and(inArray(uploads.id, [...ids]), isNull(uploads.deletedAt)))
    .for('update');
}

/** Moves uploads under another parent (a submission taking over a learner's personal files). One UPDATE. */
export async function reparentUploads(tx: Db, ids: readonly number[], parentType: string, parentId: number): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(uploads)
    .set({ parentType, parentId, updatedAt: new Date() })
    .where(inArray(uploads.id, [...ids]));
}
