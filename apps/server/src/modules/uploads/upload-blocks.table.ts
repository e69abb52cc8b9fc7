import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { uploads } from './uploads.table.js';

/**
 * One received chunk of a block: its object key, size in bytes and CRC-32 (unsigned);
 * `start` when the chunk lies at that byte of the upload's spool object (local disk,
 * decision 0142) rather than being the whole object.
 */
export interface BlockChunk {
  key: string;
  size: number;
  crc32: number;
  start?: number;
}

/**
 * Server-side state of one block of a resumable upload (Qiniu v1 mkblk/bput).
 * Lives in the database so any instance can take the next chunk; `ctx` is the
 * current context (a stale one gets 701); rows expire after 24 h (spec §9).
 */
export const uploadBlocks = pgTable(
  'upload_blocks',
  {
    id: text('id').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    blockSize: integer('block_size').notNull(),
    offset: integer('offset').notNull(),
    ctx: text('ctx').notNull(),
    chunks: jsonb('chunks').$type<BlockChunk[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_blocks_upload_idx').on(t.uploadId), index('upload_blocks_expires_idx').on(t.expiresAt)],
);

/** Upload tokens of `GET /api/uptoken` (spec §7): SHA-256 of the token, the upload it opens, its expiry. */
export const uploadTokens = pgTable(
  'upload_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('upload_tokens_expires_idx').on(t.expiresAt)],
);
