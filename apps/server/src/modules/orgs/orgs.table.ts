import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_ORG_SETTINGS, type OrgSettings } from './org-settings.js';

export { DEFAULT_ORG_SETTINGS, officePreviewToggles, type OrgSettings } from './org-settings.js';

/** An organisation (school or university): the tenant every user and course belongs to. */
export const orgs = pgTable(
  'orgs',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<OrgSettings>().notNull().default(DEFAULT_ORG_SETTINGS),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('orgs_code_key').on(t.code)],
);

/** A department (faculty, school, office) inside an organisation. */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('departments_org_code_key').on(t.orgId, t.code)],
);
