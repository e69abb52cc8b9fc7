import type { AppDeps } from '../lib/deps.js';
import { deleteExpiredBlocks, deleteExpiredUploadTokens, findBlocksOfUpload } from '../modules/uploads/upload-blocks.repository.js';

/**
 * Removes block state past its 24 h expiry (spec §9 "stored progress expires
 * after 24 hours"): the rows and their chunk objects, and expired upload
 * tokens. A spool object shared by an upload's blocks (local disk, decision 0142)
 * goes only with the upload's last block. `now` for tests. Answers how many blocks it removed.
 */
export async function cleanupExpiredBlocks(deps: AppDeps, now = new Date()): Promise<number> {
  const expired = await deleteExpiredBlocks(deps.db, now);
  const spools = new Map<number, string>();
  for (const block of expired) {
    for (const chunk of block.chunks) {
      if (chunk.start === undefined) await deps.storage.delete(chunk.key);
      else spools.set(block.uploadId, chunk.key);
    }
  }
  for (const [uploadId, spool] of spools) {
    if ((await findBlocksOfUpload(deps.db, uploadId)).length === 0) await deps.storage.delete(spool);
  }
  await deleteExpiredUploadTokens(deps.db, now);
  return expired.length;
}
