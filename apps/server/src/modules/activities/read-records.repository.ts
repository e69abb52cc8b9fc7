import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityReadRecords } from './activities.table.js';

export type ReadRecordRow = typeof activityReadRecords.$inferSelect;

/** Which read record: one user's reading of one upload in one activity (the unique key). */
export interface ReadRecordKey {
  activityId: number;
  userId: number;
  uploadId: number;
}

const whereKey = (key: ReadRecordKey) =>
  and(eq(activityReadRecords.activityId, key.activityId), eq(activityReadRecords.userId, key.userId), eq(activityReadRecords.uploadId, key.uploadId));

/** The read record of this key, or undefined. One SELECT. */
export async function findReadRecord(db: Db, key: ReadRecordKey): Promise<ReadRecordRow | undefined> {
  const [row] = await db.select().from(activityReadRecords).where(whereKey(key));
  return row;
}

/** The read record of this key, locked for the rest of the transaction (SELECT … FOR UPDATE), or undefined. One SELECT. */
export async function findReadRecordForUpdate(db: Db, key: ReadRecordKey): Promise<ReadRecordRow | undefined> {
  const [row] = await db.select().from(activityReadRecords).where(whereKey(key)).for('update');
  return row;
}

/** Creates the (empty) read record of this key unless it exists; answers whether it was created. One INSERT … ON CONFLICT DO NOTHING. */
export async function insertReadRecordIfAbsent(db: Db, key: ReadRecordKey): Promise<boolean> {
  const created = await db
    .insert(activityReadRecords)
    .values(key)
    .onConflictDoNothing({ target: [activityReadRecords.activityId, activityReadRecords.userId, activityReadRecords.uploadId] })
    .returning({ id: activityReadRecords.id });
  return created.length > 0;
}

/** Sets the read record's clock (updatedAt) to now. One UPDATE. */
export async function touchReadRecord(db: Db, key: ReadRecordKey): Promise<void> {
  await db.update(activityReadRecords).set({ updatedAt: new Date() }).where(whereKey(key));
}

/** Stores the play facts of read record `id` (ranges, positions, completion, clock). One UPDATE. */
export async function updateReadRecordPlay(
  db: Db,
  id: number,
  values: Pick<ReadRecordRow, 'viewedRanges' | 'maxPosition' | 'lastPosition' | 'isCompleted' | 'updatedAt'>,
): Promise<void> {
  await db.update(activityReadRecords).set(values).where(eq(activityReadRecords.id, id));
}

/** Marks the read record of this key completed with its clock at `now`, creating it when absent. One INSERT … ON CONFLICT DO UPDATE. */
export async function upsertCompletedReadRecord(db: Db, key: ReadRecordKey, now: Date): Promise<void> {
  await db
    .insert(activityReadRecords)
    .values({ ...key, isCompleted: true, updatedAt: now })
    .onConflictDoUpdate({
      target: [activityReadRecords.activityId, activityReadRecords.userId, activityReadRecords.uploadId],
      set: { isCompleted: true, updatedAt: now },
    });
}
