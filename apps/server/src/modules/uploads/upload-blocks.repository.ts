import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploadBlocks, uploadTokens } from './upload-blocks.table.js';

export type UploadBlockRow = typeof uploadBlocks.$inferSelect;
export type UploadTokenRow = typeof uploadTokens.$inferSelect;
export type { BlockChunk } from './upload-blocks.table.js';

/** Stores an upload token (by its hash). One INSERT. */
export async function insertUploadToken(db: Db, values: typeof uploadTokens.$inferInsert): Promise<void> {
  await db.insert(uploadTokens).values(values);
}

/** The upload token with this hash, unless it expired before `now`. One SELECT. */
export async function findLiveUploadToken(db: Db, tokenHash: string, now: Date): Promise<UploadTokenRow | undefined> {
  const [found] = await db
    .select()
    .from(uploadTokens)
    .where(and(eq(uploadTokens.tokenHash, tokenHash), gt(uploadTokens.expiresAt, now)));
  return found;
}

/** Stores a new block with its first chunk. One INSERT. */
export async function insertUploadBlock(db: Db, values: typeof uploadBlocks.$inferInsert): Promise<void> {
  await db.insert(uploadBlocks).values(values);
}

/** The block with this id (expired or not), or undefined. One SELECT. */
export async function findUploadBlock(db: Db, blockId: string): Promise<UploadBlockRow | undefined> {
  const [block] = await db.select().from(uploadBlocks).where(eq(uploadBlocks.id, blockId));
  return block;
}

/** The blocks with these ids (expired or not), in no particular order. One SELECT. */
export async function findUploadBlocks(db: Db, blockIds: readonly string[]): Promise<UploadBlockRow[]> {
  if (blockIds.length === 0) return [];
  return db
    .select()
    .from(uploadBlocks)
    .where(inArray(uploadBlocks.id, [...blockIds]));
}

/** Every block row of an upload (expired or not). One SELECT. */
export async function findBlocksOfUpload(db: Db, uploadId: number): Promise<UploadBlockRow[]> {
  return db.select().from(uploadBlocks).where(eq(uploadBlocks.uploadId, uploadId));
}

/**
 * Moves the block on to its next ctx/offset/chunks, only while its ctx is still `ctx`
 * (compare-and-set); answers the updated row, or undefined when another chunk won. One UPDATE.
 */
export async function advanceUploadBlock(
  db: Db,
  blockId: string,
  ctx: string,
  values: Pick<UploadBlockRow, 'ctx' | 'offset' | 'expiresAt' | 'chunks'>,
): Promise<UploadBlockRow | undefined> {
  const [updated] = await db
    .update(uploadBlocks)
    .set(values)
    .where(and(eq(uploadBlocks.id, blockId), eq(uploadBlocks.ctx, ctx)))
    .returning();
  return updated;
}

/** Deletes every block row of an upload. One DELETE. */
export async function deleteBlocksOfUpload(db: Db, uploadId: number): Promise<void> {
  await db.delete(uploadBlocks).where(eq(uploadBlocks.uploadId, uploadId));
}

/** Deletes the blocks that expired before `now`; answers the deleted rows (their chunk keys). One DELETE … RETURNING. */
export async function deleteExpiredBlocks(db: Db, now: Date): Promise<UploadBlockRow[]> {
  return db.delete(uploadBlocks).where(lt(uploadBlocks.expiresAt, now)).returning();
}

/** Deletes the upload tokens that expired before `now`. One DELETE. */
export async function deleteExpiredUploadTokens(db: Db, now: Date): Promise<void> {
  await db.delete(uploadTokens).where(lt(uploadTokens.expiresAt, now));
}
