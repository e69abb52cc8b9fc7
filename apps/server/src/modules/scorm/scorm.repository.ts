import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { scormPackages, scormRuntimeRecords } from './scorm.table.js';

export type PackageRow = typeof scormPackages.$inferSelect;
export type RuntimeRecordRow = typeof scormRuntimeRecords.$inferSelect;

/** Which runtime record: one learner's data for one SCO of one activity's package (the unique key). */
export interface RuntimeRecordKey {
  uploadId: number;
  activityId: number;
  userId: number;
  sco: string;
}

/** The tracked fields a commit stores (the last CMI and what is copied out of it, and the clock). */
export type RuntimeCommitValues = Pick<RuntimeRecordRow, 'cmi' | 'status' | 'score' | 'location' | 'suspendData' | 'updatedAt'>;

const whereKey = (key: RuntimeRecordKey) =>
  and(
    eq(scormRuntimeRecords.uploadId, key.uploadId),
    eq(scormRuntimeRecords.activityId, key.activityId),
    eq(scormRuntimeRecords.userId, key.userId),
    eq(scormRuntimeRecords.sco, key.sco),
  );

/** The processed package of upload `uploadId`, or undefined. One SELECT. */
export async function findScormPackage(db: Db, uploadId: number): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(scormPackages).where(eq(scormPackages.uploadId, uploadId));
  return row;
}

/**
 * Records the package of upload `uploadId` in place of any earlier one: deletes the old row, then
 * inserts `values`. Two statements (DELETE, INSERT), not in a transaction of their own.
 */
export async function replaceScormPackage(db: Db, uploadId: number, values: Omit<typeof scormPackages.$inferInsert, 'uploadId'>): Promise<void> {
  await db.delete(scormPackages).where(eq(scormPackages.uploadId, uploadId));
  await db.insert(scormPackages).values({ uploadId, ...values });
}

/** The runtime record of this key, or undefined. One SELECT. */
export async function findRuntimeRecord(db: Db, key: RuntimeRecordKey): Promise<RuntimeRecordRow | undefined> {
  const [row] = await db.select().from(scormRuntimeRecords).where(whereKey(key));
  return row;
}

/** Rolls record `id`'s session into the total: totalSeconds set to `totalSeconds`, sessionSeconds 0, clock now. One UPDATE. */
export async function closeRuntimeSession(db: Db, id: number, totalSeconds: number): Promise<void> {
  await db.update(scormRuntimeRecords).set({ totalSeconds, sessionSeconds: 0, updatedAt: new Date() }).where(eq(scormRuntimeRecords.id, id));
}

/**
 * Stores a commit in the runtime record of this key (created when absent, sessionSeconds 0 unless
 * given); `sessionSeconds` null leaves a stored session time as it is. Answers the stored row.
 * One INSERT … ON CONFLICT DO UPDATE … RETURNING.
 */
export async function upsertRuntimeCommit(
  db: Db,
  key: RuntimeRecordKey,
  values: RuntimeCommitValues,
  sessionSeconds: number | null,
): Promise<RuntimeRecordRow> {
  const [row] = await db
    .insert(scormRuntimeRecords)
    .values({ ...key, ...values, sessionSeconds: sessionSeconds ?? 0 })
    .onConflictDoUpdate({
      target: [scormRuntimeRecords.uploadId, scormRuntimeRecords.activityId, scormRuntimeRecords.userId, scormRuntimeRecords.sco],
      set: { ...values, ...(sessionSeconds !== null ? { sessionSeconds } : {}) },
    })
    .returning();
  return row!;
}

/** One learner's runtime records of every SCO of an activity's package, as `{ sco, status, cmi }[]` in no order. One SELECT. */
export async function listRuntimeStatuses(db: Db, uploadId: number, activityId: number, userId: number) {
  return db
    .select({ sco: scormRuntimeRecords.sco, status: scormRuntimeRecords.status, cmi: scormRuntimeRecords.cmi })
    .from(scormRuntimeRecords)
    .where(and(eq(scormRuntimeRecords.uploadId, uploadId), eq(scormRuntimeRecords.activityId, activityId), eq(scormRuntimeRecords.userId, userId)));
}

/** One learner's scored runtime records of an activity (every package and SCO), as `{ score, cmi }[]`. One SELECT. */
export async function listActivityScores(db: Db, activityId: number, userId: number): Promise<{ score: number; cmi: Record<string, unknown> | null }[]> {
  const rows = await db
    .select({ score: scormRuntimeRecords.score, cmi: scormRuntimeRecords.cmi })
    .from(scormRuntimeRecords)
    .where(and(eq(scormRuntimeRecords.activityId, activityId), eq(scormRuntimeRecords.userId, userId), isNotNull(scormRuntimeRecords.score)));
  return rows.map((r) => ({ score: r.score!, cmi: r.cmi }));
}
