import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orgs } from '../orgs/orgs.table.js';

/**
 * Each organisation's research-pseudonym key (issue 25 item 5) when the server has no STATS_SECRET: 32 random
 * bytes as 64 hex digits, made on the organisation's first research export and kept, so a user's pseudonym stays
 * the same across exports, restarts and instances (a key random per process would change every pseudonym).
 */
export const researchPseudonymKeys = pgTable('research_pseudonym_keys', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  keyHex: text('key_hex').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
