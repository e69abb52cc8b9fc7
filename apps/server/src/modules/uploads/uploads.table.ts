import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UploadStatus } from '@atrium/contracts';
import { orgs } from '../orgs/orgs.table.js';
import { users } from '../users/users.table.js';

/**
 * A file (spec §3 Upload). `key` is the generated storage name, never the
 * user's file name; `size` is the declared size in bytes, checked on arrival.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => orgs.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('uploads_key_key').on(t.key), index('uploads_parent_idx').on(t.parentType, t.parentId)],
);
