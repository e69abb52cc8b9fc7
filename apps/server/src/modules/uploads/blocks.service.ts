import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { UPLOAD_CHUNK_SIZE_BYTES, type BlockProgress, type MkfileResult, type Uptoken } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { PayloadLimitError, type StoredObject } from '../../storage/object-store.js';
import { assemblyOf, slotOf, slotStart, spoolKeyOf, takeAssembly } from './block-assembly.js';
import {
  advanceUploadBlock,
  deleteBlocksOfUpload,
  findLiveUploadToken,
  findBlocksOfUpload,
  findUploadBlock,
  findUploadBlocks,
  insertUploadBlock,
  insertUploadToken,
  type BlockChunk,
  type UploadBlockRow,
} from './upload-blocks.repository.js';
import { findLiveUpload, type UploadRow } from './uploads.repository.js';
import { acceptReceivedObject } from './uploads.service.js';

/** Block state lives this long after its last chunk (spec §9: stored progress expires after 24 hours). */
export const BLOCK_TTL_MS = 24 * 3600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `GET /api/uptoken?id=` (spec §7): a fresh token for the block protocol of an
 * upload the actor started and whose bytes have not arrived. Valid for
 * `UPLOAD_TOKEN_TTL_SECONDS`. Throws UPLOAD_NOT_FOUND, FORBIDDEN, UPLOAD_ALREADY_RECEIVED.
 */
export async function issueUptoken(deps: AppDeps, actor: Actor, uploadId: number): Promise<Uptoken> {
  const row = await findLiveUpload(deps.db, uploadId);
  if (!row || row.orgId !== actor.orgId) throw new AppError('UPLOAD_NOT_FOUND', 'This file does not exist or was deleted');
  if (row.ownerId !== actor.id) throw new AppError('FORBIDDEN', 'Only the person who started this upload can send its bytes');
  if (row.receivedAt) throw new AppError('UPLOAD_ALREADY_RECEIVED', 'This file has already been uploaded');
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + deps.config.uploadTokenTtlSeconds * 1000);
  await insertUploadToken(deps.db, { tokenHash: hashToken(token), uploadId, expiresAt });
  return { uptoken: token, expires_at: expiresAt.toISOString() };
}

/**
 * The upload an `Authorization: UpToken <token>` header opens. Throws
 * UPLOAD_TOKEN_INVALID (401; the client fetches a new token and retries, spec
 * §8) when it is missing, unknown or expired, and UPLOAD_ALREADY_RECEIVED once the file is complete.
 */
export async function uploadOfToken(deps: AppDeps, authorization: string | undefined): Promise<UploadRow> {
  const token = /^UpToken\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw new AppError('UPLOAD_TOKEN_INVALID', 'Send Authorization: UpToken <token> from GET /api/uptoken');
  const found = await findLiveUploadToken(deps.db, hashToken(token), new Date());
  if (!found) throw new AppError('UPLOAD_TOKEN_INVALID', 'The upload token is unknown or expired; fetch a new one');
  const row = await findLiveUpload(deps.db, found.uploadId);
  if (!row) throw new AppError('UPLOAD_NOT_FOUND', 'This file does not exist or was deleted');
  if (row.receivedAt) throw new AppError('UPLOAD_ALREADY_RECEIVED', 'This file has already been uploaded');
  return row;
}

const newCtx = (blockId: string, offset: number) => Buffer.from(`${blockId}:${offset}:${randomBytes(9).toString('base64url')}`).toString('base64url');

function blockIdOf(ctx: string): string | undefined {
  const blockId = Buffer.from(ctx, 'base64url').toString('utf8').split(':')[0];
  return blockId && /^[0-9a-f-]{36}$/.test(blockId) ? blockId : undefined;
}

const ctxError = (message: string) => new AppError('UPLOAD_CTX_INVALID', message, { ctx: [message] });

/** Where a chunk goes: its own object (S3), or `key` from byte `start` (the local spool, decision 0142). */
type ChunkTarget = { key: string; start?: number };

/**
 * Stores a chunk of at most `maxBytes`, answering it with its CRC-32 and, for a spool
 * target (`start` set: an assembly hashes it), its bytes; none are held for S3 objects.
 */
async function storeChunk(deps: AppDeps, target: ChunkTarget, body: Readable, maxBytes: number): Promise<{ chunk: BlockChunk; buffers: Buffer[] }> {
  let sum = 0;
  const buffers: Buffer[] = [];
  const keepBytes = target.start !== undefined;
  const observed = new Transform({
    transform(chunk: Buffer, _enc, done) {
      sum = crc32(chunk, sum);
      if (keepBytes) buffers.push(chunk);
      done(null, chunk);
    },
  });
  body.on('error', (error) => observed.destroy(error));
  body.pipe(observed);
  try {
    const stored =
      target.start !== undefined && deps.storage.writeAt
        ? await deps.storage.writeAt(target.key, target.start, observed, { maxBytes })
        : await deps.storage.put(target.key, observed, { maxBytes, skipHash: true });
    return { chunk: { ...target, size: stored.size, crc32: sum >>> 0 }, buffers };
  } catch (error) {
    if (error instanceof PayloadLimitError)
      throw new AppError('PAYLOAD_TOO_LARGE', `This chunk is larger than the ${maxBytes} bytes left in its block`, { body: ['too large'] });
    throw error;
  }
}

/** The first slot of the spool no stored block of `uploadId` uses (after a restart: never overwrite one). */
async function firstFreeSlot(deps: AppDeps, uploadId: number): Promise<number> {
  const rows = await findBlocksOfUpload(deps.db, uploadId);
  const ends = rows.flatMap((row) => row.chunks.map((c) => (c.start === undefined ? 0 : slotOf(c.start) + 1)));
  return Math.max(0, ...ends);
}

/** The upload's assembly on a store with positional writes (local disk), else undefined (S3: one object per chunk). */
const assemblyFor = (deps: AppDeps, uploadId: number) =>
  deps.storage.writeAt && deps.storage.adopt ? assemblyOf(uploadId, () => firstFreeSlot(deps, uploadId)) : undefined;

/** Blocks of this process with a chunk being written: a second chunk for one of them gets 701 without writing. */
const blocksBeingWritten = new Set<string>();

function progressOf(block: { ctx: string; offset: number; expiresAt: Date }, chunk: BlockChunk): BlockProgress {
  return {
    ctx: block.ctx,
    checksum: createHash('sha1').update(block.ctx).digest('base64url'),
    crc32: chunk.crc32,
    offset: block.offset,
    expired_at: Math.floor(block.expiresAt.getTime() / 1000),
  };
}

/**
 * `POST /mkblk/{blockSize}` (Qiniu v1): starts a block of `blockSize` bytes
 * (at most 4,194,304, spec §9) with its first chunk. Repeating it is harmless:
 * each call opens a fresh block, and unused ones are dropped at mkfile or
 * expire. Throws VALIDATION_FAILED naming `blockSize`, PAYLOAD_TOO_LARGE.
 */
export async function makeBlock(deps: AppDeps, upload: UploadRow, blockSize: number, body: Readable): Promise<BlockProgress> {
  if (!Number.isInteger(blockSize) || blockSize <= 0 || blockSize > UPLOAD_CHUNK_SIZE_BYTES || blockSize > upload.size) {
    body.resume();
    throw AppError.field('blockSize', `blockSize must be 1 … ${Math.min(UPLOAD_CHUNK_SIZE_BYTES, upload.size)} bytes`);
  }
  const id = randomUUID();
  const assembly = await assemblyFor(deps, upload.id);
  const slot = assembly?.allocateSlot();
  const target = slot === undefined ? { key: `blocks/${upload.id}/${id}/0` } : { key: spoolKeyOf(upload.id), start: slotStart(slot) };
  const { chunk, buffers } = await storeChunk(deps, target, body, blockSize);
  if (chunk.size === 0) {
    if (slot === undefined) await deps.storage.delete(chunk.key);
    throw AppError.field('body', 'The first chunk of a block cannot be empty');
  }
  const block = {
    id,
    uploadId: upload.id,
    blockSize,
    offset: chunk.size,
    ctx: newCtx(id, chunk.size),
    chunks: [chunk],
    expiresAt: new Date(Date.now() + BLOCK_TTL_MS),
  };
  await insertUploadBlock(deps.db, block);
  if (slot !== undefined) assembly?.received(slot, id, buffers, chunk.size === blockSize);
  return progressOf(block, chunk);
}

/**
 * `POST /bput/{ctx}/{offset}` (Qiniu v1): the next chunk of a block. `ctx` must
 * be the block's latest and `offset` its received byte count; otherwise (stale,
 * out of order, unknown, expired, another upload's) it answers 701 and changes
 * nothing. Two racing chunks with one ctx: one wins, the other gets 701.
 */
export async function putChunk(deps: AppDeps, upload: UploadRow, ctx: string, offset: number, body: Readable): Promise<BlockProgress> {
  const blockId = blockIdOf(ctx);
  const block = blockId ? await findUploadBlock(deps.db, blockId) : undefined;
  const reject = (message: string) => {
    body.resume();
    return ctxError(message);
  };
  if (!block || block.uploadId !== upload.id) throw reject('Unknown ctx: start the block again with mkblk');
  if (block.expiresAt.getTime() <= Date.now()) throw reject('This block expired: start it again with mkblk');
  if (block.ctx !== ctx || block.offset !== offset) throw reject(`Stale ctx or offset: the block has ${block.offset} bytes`);
  if (offset >= block.blockSize) throw reject('This block is complete');
  if (blocksBeingWritten.has(block.id)) throw reject('Another chunk of this block is arriving');
  blocksBeingWritten.add(block.id);
  try {
    const first = block.chunks[0]!;
    const inSpool = first.start !== undefined;
    const target = inSpool ? { key: first.key, start: first.start! + offset } : { key: `blocks/${upload.id}/${block.id}/${offset}` };
    const { chunk, buffers } = await storeChunk(deps, target, body, block.blockSize - offset);
    const next = { ctx: newCtx(block.id, offset + chunk.size), offset: offset + chunk.size, expiresAt: new Date(Date.now() + BLOCK_TTL_MS) };
    const updated = await advanceUploadBlock(deps.db, block.id, ctx, { ...next, chunks: [...block.chunks, chunk] });
    if (!updated) {
      if (!inSpool) await deps.storage.delete(chunk.key);
      throw ctxError('Another chunk of this block arrived first');
    }
    if (inSpool) {
      const assembly = await assemblyFor(deps, upload.id);
      assembly?.received(slotOf(first.start!), block.id, buffers, updated.offset === block.blockSize);
    }
    return progressOf(updated, chunk);
  } finally {
    blocksBeingWritten.delete(block.id);
  }
}

async function dropBlocks(deps: AppDeps, uploadId: number): Promise<void> {
  await deleteBlocksOfUpload(deps.db, uploadId);
  await deps.storage.deletePrefix(`blocks/${uploadId}`);
}

/**
 * The fast path of mkfile (decision 0142): when the blocks lie in the spool in file
 * order from byte 0 and this process hashed exactly them as they arrived, the spool
 * becomes the file (truncate + rename) and the running SHA-256 its hash — no byte is
 * read again. Undefined when any of that does not hold.
 */
async function adoptSpool(deps: AppDeps, upload: UploadRow, blocks: readonly UploadBlockRow[]): Promise<StoredObject | undefined> {
  const spool = spoolKeyOf(upload.id);
  let position = 0;
  for (const chunk of blocks.flatMap((b) => b.chunks)) {
    if (chunk.key !== spool || chunk.start !== position) return undefined;
    position += chunk.size;
  }
  const sha256 = (await takeAssembly(upload.id))?.digestOf(blocks.map((b) => b.id));
  if (!sha256 || !deps.storage.adopt || position !== upload.size) return undefined;
  await deps.storage.adopt(upload.key, spool, upload.size);
  return { size: upload.size, sha256 };
}

/** The slow path of mkfile: reads every chunk back into the upload's key, hashing and re-checking each chunk's CRC-32. */
async function composeBlocks(deps: AppDeps, upload: UploadRow, chunks: readonly BlockChunk[]): Promise<StoredObject> {
  (await takeAssembly(upload.id))?.abandon();
  const sums = chunks.map(() => 0);
  const stored = await deps.storage.compose(
    upload.key,
    chunks.map((c) => (c.start === undefined ? c.key : { key: c.key, start: c.start, size: c.size })),
    (index, data) => {
      sums[index] = crc32(data, sums[index]);
    },
  );
  const badChunk = chunks.findIndex((c, i) => c.crc32 !== sums[i]! >>> 0);
  if (badChunk >= 0 || stored.size !== upload.size) {
    await deps.storage.delete(upload.key);
    throw new AppError('UPLOAD_SIZE_MISMATCH', 'A stored chunk no longer matches its CRC-32; send the file again', { crc32: ['mismatch'] });
  }
  return stored;
}

/**
 * `POST /mkfile/{fileSize}/key/{base64url key}` (Qiniu v1): assembles the
 * blocks named by `ctxList` (the last ctx of each, in file order) into the
 * upload's key. Checks: the key is the upload's, every ctx is current and its
 * block complete, every block but the last is 4,194,304 bytes, the sizes add
 * up to `fileSize` and to the declared size, and each chunk's CRC-32 still
 * matches. Then checks magic bytes, records the arrival and queues processing
 * (spec §4). Throws UPLOAD_CTX_INVALID (701), UPLOAD_SIZE_MISMATCH naming `size`,
 * VALIDATION_FAILED naming `key` or `ctx`, UPLOAD_CONTENT_MISMATCH.
 */
export async function makeFile(deps: AppDeps, upload: UploadRow, fileSize: number, encodedKey: string, ctxList: string): Promise<MkfileResult> {
  const key = Buffer.from(encodedKey, 'base64url').toString('utf8');
  if (key !== upload.key) throw AppError.field('key', "The key is not this upload's key");
  if (fileSize !== upload.size)
    throw new AppError('UPLOAD_SIZE_MISMATCH', `fileSize ${fileSize} differs from the declared size ${upload.size}`, { size: ['size mismatch'] });
  const ctxs = ctxList
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (ctxs.length === 0) throw AppError.field('ctx', 'Send the last ctx of every block, comma-separated');
  const found = new Map(
    (
      await findUploadBlocks(
        deps.db,
        ctxs.map((ctx) => blockIdOf(ctx) ?? ''),
      )
    ).map((b) => [b.id, b]),
  );
  const blocks = [];
  for (const ctx of ctxs) {
    const block = found.get(blockIdOf(ctx) ?? '');
    if (!block || block.uploadId !== upload.id || block.ctx !== ctx || block.expiresAt.getTime() <= Date.now())
      throw ctxError('A ctx is unknown, stale or expired');
    if (block.offset !== block.blockSize)
      throw new AppError('UPLOAD_SIZE_MISMATCH', `A block has ${block.offset} of its ${block.blockSize} bytes`, { size: ['incomplete block'] });
    blocks.push(block);
  }
  if (blocks.slice(0, -1).some((b) => b.blockSize !== UPLOAD_CHUNK_SIZE_BYTES)) {
    throw new AppError('UPLOAD_SIZE_MISMATCH', `Every block but the last must be ${UPLOAD_CHUNK_SIZE_BYTES} bytes`, { size: ['block size'] });
  }
  const total = blocks.reduce((sum, b) => sum + b.blockSize, 0);
  if (total !== fileSize) throw new AppError('UPLOAD_SIZE_MISMATCH', `The blocks hold ${total} bytes, not ${fileSize}`, { size: ['size mismatch'] });
  const chunks = blocks.flatMap((b) => b.chunks);
  const adopted = await adoptSpool(deps, upload, blocks);
  const stored = adopted ?? (await composeBlocks(deps, upload, chunks));
  try {
    await acceptReceivedObject(deps, upload, stored);
  } catch (error) {
    if (adopted) await dropBlocks(deps, upload.id); // their bytes became the refused file
    throw error;
  }
  await dropBlocks(deps, upload.id);
  return { key: upload.key, hash: stored.sha256 };
}
