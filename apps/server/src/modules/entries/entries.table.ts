import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orgs } from '../orgs/orgs.table.js';
import { users } from '../users/users.table.js';

/**
 * A vocabulary entry of an organisation (issue 19 §4; spec §3 Entry: id, org_id, name, created_at,
 * updated_at, created_by_id, updated_by_id, keywords(name), uploads(id)). Names are unique in an
 * organisation, case-insensitive. Its files are uploads with parent type `entry`.
 */
export const entries = pgTable(
  'entries',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('entries_org_name_key').on(t.orgId, sql`lower(${t.name})`)],
);

/** A keyword of an entry (spec §3 keywords(name)); unique per entry, case-insensitive. */
export const entryKeywords = pgTable(
  'entry_keywords',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  // Also the index of an entry's keywords (entry_id leads).
  (t) => [uniqueIndex('entry_keywords_entry_name_key').on(t.entryId, sql`lower(${t.name})`)],
);
