import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from '../courses/courses.table.js';
import { orgs } from '../orgs/orgs.table.js';

/** An organisation's kinds of associated partner (issue 24 item 4; decision 0152), in `sort` order. */
export const orgPartnerTypes = pgTable(
  'org_partner_types',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.code] })],
);

/** The partner a course is run with (one per course): its kind (a code of the organisation's), name and contact. */
export const coursePartnerInfos = pgTable('course_partner_infos', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  partnerType: text('partner_type').notNull(),
  partnerName: text('partner_name').notNull(),
  contactName: text('contact_name'),
  contactEmail: text('contact_email'),
  website: text('website'),
  description: text('description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
