import { lt } from 'drizzle-orm';
import type { AppDeps } from '../lib/deps.js';
import { uploadBlocks, uploadTokens } from '../modules/uploads/upload-blocks.table.js';

/**
 * Removes block state past its 24 h expiry (spec §9 "stored progress expires
 * after 24 hours"): the rows and their chunk objects, and expired upload
 * tokens. `now` for tests. Answers how many blocks it removed.
 */
export async function cleanupExpiredBlocks(deps: AppDeps, now = new Date()): Promise<number> {
  const expired = await deps.db.delete(uploadBlocks).where(lt(uploadBlocks.expiresAt, now)).returning();
  for (const block of expired) {
    for (const chunk of block.chunks) await deps.storage.delete(chunk.key);
  }
  await deps.db.delete(uploadTokens).where(lt(uploadTokens.expiresAt, now));
  return expired.length;
}
