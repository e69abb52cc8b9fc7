import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { orgs } from '../orgs/orgs.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';

/** PostgreSQL's `tsvector` (full-text search document; works on PGlite too). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * My library (issue 19 §1, decision 0132): an instructor's folders and files as one tree of items,
 * one id space for both (a later share points to an item, whichever its kind). A file item holds
 * one upload (parent type `library`, parent id its owner) and copies its size for sorting. Names
 * are unique among the live items of one folder, case-insensitive. The trash: `trashed_at` on every
 * item a deletion reached, `trash_root_id` the item deleted (itself for it), so a restore or a purge
 * takes back exactly what one deletion put there.
 */
export const libraryItems = pgTable(
  'library_items',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'folder' | 'file'>().notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => libraryItems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A folder's level (1: in the root); a file's is its folder's plus one. */
    depth: integer('depth').notNull(),
    uploadId: integer('upload_id').references(() => uploads.id, { onDelete: 'cascade' }),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /** The name as the search reads it (library.repository.ts librarySearchText: lower case, words split, CJK spaced). */
    searchText: text('search_text').notNull().default(''),
    /** Full-text document of `search_text` (`simple`: no stemming, any language), GIN-indexed: searches match word prefixes. */
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    trashRootId: integer('trash_root_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('library_items_kind_check', sql`(${t.kind} = 'folder' and ${t.uploadId} is null) or (${t.kind} = 'file' and ${t.uploadId} is not null)`),
    uniqueIndex('library_items_upload_key').on(t.uploadId),
    uniqueIndex('library_items_live_name_key')
      .on(t.ownerId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`)
      .where(sql`${t.trashedAt} is null`),
    index('library_items_owner_parent_idx').on(t.ownerId, t.parentId),
    index('library_items_trash_root_idx').on(t.trashRootId),
    index('library_items_search_idx').using('gin', t.search),
  ],
);

/** A tag of a library item; unique per item, case-insensitive. */
export const libraryTags = pgTable(
  'library_tags',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => libraryItems.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('library_tags_item_name_key').on(t.itemId, sql`lower(${t.name})`),
    index('library_tags_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`),
  ],
);
