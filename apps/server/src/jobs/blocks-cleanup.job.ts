import type { AppDeps } from '../lib/deps.js';
import { deleteExpiredBlocks, deleteExpiredUploadTokens } from '../modules/uploads/upload-blocks.repository.js';

/**
 * Removes block state past its 24 h expiry (spec §9 "stored progress expires
 * after 24 hours"): the rows and their chunk objects, and expired upload
 * tokens. `now` for tests. Answers how many blocks it removed.
 */
export async function cleanupExpiredBlocks(deps: AppDeps, now = new Date()): Promise<number> {
  const expired = await deleteExpiredBlocks(deps.db, now);
  for (const block of expired) {
    for (const chunk of block.chunks) await deps.storage.delete(chunk.key);
  }
  await deleteExpiredUploadTokens(deps.db, now);
  return expired.length;
}
