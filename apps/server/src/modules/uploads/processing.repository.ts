import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads, uploadVideos, type UploadMeta } from './uploads.table.js';

export type UploadRow = typeof uploads.$inferSelect;
/** What processing learns of a file (uploads.meta), for processors. */
export type { UploadMeta } from './uploads.table.js';
type UploadVideoInsert = typeof uploadVideos.$inferInsert;

/** The upload, soft-deleted or not (the pipeline decides what a deleted row means). */
export async function findUploadForProcessing(db: Db, id: number): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

/**
 * Marks upload `id` as queued for processing under job `jobId`: status
 * `processing`, failure cleared, a first heartbeat, and one more attempt (or
 * attempt 1 when `resetAttempts`).
 */
export async function markProcessingQueued(db: Db, id: number, jobId: string, resetAttempts: boolean): Promise<void> {
  await db
    .update(uploads)
    .set({
      status: 'processing',
      failureReason: null,
      failureCode: null,
      failureParams: null,
      processingJobId: jobId,
      processingHeartbeatAt: new Date(),
      processingAttempts: resetAttempts ? 1 : sql`${uploads.processingAttempts} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(uploads.id, id));
}

/** Moves the heartbeat of upload `id` to now; with `jobId`, only while that job still owns it. */
export async function beatProcessing(db: Db, id: number, jobId?: string): Promise<void> {
  await db
    .update(uploads)
    .set({ processingHeartbeatAt: new Date() })
    .where(jobId ? and(eq(uploads.id, id), eq(uploads.processingJobId, jobId)) : eq(uploads.id, id));
}

/**
 * Ends processing of upload `id` with `values` (status, failure), only while job `jobId` still owns
 * it. `metaPatch`, what processing derived (pages, duration, renditions…), is merged into the row's
 * `meta` as it is at this write (jsonb `||`), so keys other modules wrote meanwhile (a course
 * reusing the file, `courseIds`) are kept.
 */
export async function finishProcessing(
  db: Db,
  id: number,
  jobId: string,
  values: Omit<Partial<typeof uploads.$inferInsert>, 'meta'>,
  metaPatch?: Partial<UploadMeta>,
): Promise<boolean> {
  const meta = metaPatch ? { meta: sql<UploadMeta>`${uploads.meta} || ${JSON.stringify(metaPatch)}::jsonb` } : {};
  const rows = await db
    .update(uploads)
    .set({ ...values, ...meta, processingHeartbeatAt: null, updatedAt: new Date() })
    .where(and(eq(uploads.id, id), eq(uploads.processingJobId, jobId)))
    .returning({ id: uploads.id });
  return rows.length > 0;
}

/** Live uploads in `processing` whose bytes arrived and whose heartbeat is missing or older than `staleBefore`. */
export async function findStaleProcessing(db: Db, staleBefore: Date): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.status, 'processing'),
        isNotNull(uploads.receivedAt),
        isNull(uploads.deletedAt),
        or(isNull(uploads.processingHeartbeatAt), lt(uploads.processingHeartbeatAt, staleBefore)),
      ),
    );
}

/**
 * Claims a stale row for this sweeper by moving its heartbeat, only if the
 * heartbeat is still the one read (another sweeper did not get there first).
 * Answers the claimed row, or undefined.
 */
export async function claimStaleProcessing(db: Db, row: UploadRow): Promise<UploadRow | undefined> {
  const [claimed] = await db
    .update(uploads)
    .set({ processingHeartbeatAt: new Date() })
    .where(
      and(
        eq(uploads.id, row.id),
        row.processingHeartbeatAt ? eq(uploads.processingHeartbeatAt, row.processingHeartbeatAt) : isNull(uploads.processingHeartbeatAt),
      ),
    )
    .returning();
  return claimed;
}

/** Ends processing of upload `id` whatever job owns it (the sweeper gave up on it). */
export async function abandonProcessing(db: Db, id: number, values: Partial<typeof uploads.$inferInsert>): Promise<void> {
  await db
    .update(uploads)
    .set({ ...values, processingHeartbeatAt: null, updatedAt: new Date() })
    .where(eq(uploads.id, id));
}

/** Replaces the rendition of upload `uploadId` at `video.resolution` with `video` (duration in seconds, size in pixels). Two statements (DELETE, INSERT). */
export async function replaceVideoRendition(db: Db, uploadId: number, video: Omit<UploadVideoInsert, 'uploadId'>): Promise<void> {
  await db.delete(uploadVideos).where(and(eq(uploadVideos.uploadId, uploadId), eq(uploadVideos.resolution, video.resolution)));
  await db.insert(uploadVideos).values({ uploadId, ...video });
}

/** Replaces the video renditions of upload `uploadId` with `renditions` (sizes in pixels, duration in seconds). */
export async function replaceVideoRenditions(db: Db, uploadId: number, renditions: Omit<UploadVideoInsert, 'uploadId'>[]): Promise<void> {
  await db.delete(uploadVideos).where(eq(uploadVideos.uploadId, uploadId));
  for (const r of renditions) await db.insert(uploadVideos).values({ ...r, uploadId });
}
