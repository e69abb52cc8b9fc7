import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { EnrolmentSyncProvider } from '@atrium/contracts';
import { orgs } from '../orgs/orgs.table.js';

/**
 * An organisation's campus connectors (issue 24 item 4; decision 0149): one per provider (urp, itri), the address of
 * the CSV it publishes and the bearer token sent with it (null: none). Set by the organisation's administrators.
 */
export const orgConnectors = pgTable(
  'org_connectors',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<EnrolmentSyncProvider>().notNull(),
    url: text('url').notNull(),
    token: text('token'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.provider] })],
);
