import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FailureCode, FailureParams, UploadStatus } from '@atrium/contracts';
import { orgs } from '../orgs/orgs.table.js';
import { users } from '../users/users.table.js';

/** What processing learned about a file (seconds, pixels, pages) and where its derived objects are. */
export interface UploadMeta {
  duration?: number;
  width?: number;
  height?: number;
  numPages?: number;
  isEncrypted?: boolean;
  /** The PDF to show: the original for a PDF, the LibreOffice output for an Office document. */
  pdfKey?: string;
  posterKey?: string;
  /** Normalised AAC audio for playback. */
  audioKey?: string;
  /** An embedded online video (type `link`): the original URL the instructor gave. */
  embedUrl?: string;
  /** A folder upload's folder (its relative path without the file name, e.g. `Week 1/Slides`): the course resources page groups by it. */
  folder?: string;
  /** A library file's courses reusing it by reference (course resources, decision 0131); the library file stays its owner's. */
  courseIds?: number[];
}

/**
 * A file (spec §3 Upload). `key` is the generated storage name, never the
 * user's file name; `size` is the declared size in bytes, checked on arrival.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    mimeType: text('mime_type'),
    status: text('status').$type<UploadStatus>().notNull(),
    storageType: text('storage_type').$type<'local' | 'S3'>().notNull(),
    parentType: text('parent_type').notNull(),
    parentId: integer('parent_id'),
    source: text('source'),
    isAllowDownload: boolean('allow_download').notNull().default(true),
    sha256: text('sha256'),
    /** When the bytes arrived and passed the checks; null while the upload awaits its transfer. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    meta: jsonb('meta').$type<UploadMeta>().notNull().default({}),
    /** Why processing failed; null otherwise. */
    failureReason: text('failure_reason'),
    /** The failure's code and parameters for the web to translate (decision 0082); null unless failed (and for failures recorded before codes). */
    failureCode: text('failure_code').$type<FailureCode>(),
    failureParams: jsonb('failure_params').$type<FailureParams>(),
    /** The queue job processing the bytes, its last sign of life, and how many times it was (re)started. */
    processingJobId: text('processing_job_id'),
    processingHeartbeatAt: timestamp('processing_heartbeat_at', { withTimezone: true }),
    processingAttempts: integer('processing_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uploads_key_key').on(t.key),
    index('uploads_parent_idx').on(t.parentType, t.parentId),
    // Storage quotas (issue 19 §1, decision 0132): a user's and an organisation's bytes are summed over their live uploads.
    index('uploads_owner_live_idx')
      .on(t.ownerId)
      .where(sql`${t.deletedAt} is null`),
    index('uploads_org_live_idx')
      .on(t.orgId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A rendition of a video (spec §7 `POST /api/uploads/{id}/videos`): duration in seconds, size in pixels. */
export const uploadVideos = pgTable(
  'upload_videos',
  {
    id: serial('id').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    resolution: text('resolution').notNull(),
    duration: real('duration').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    hlsKey: text('hls_key'),
    mp4Key: text('mp4_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('upload_videos_upload_resolution_key').on(t.uploadId, t.resolution)],
);
