import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { WarningRulesInput } from '@atrium/contracts';
import { courses } from '../courses/courses.table.js';
import { orgs } from '../orgs/orgs.table.js';

/**
 * Early-warning rules (issue 25 item 4): an organisation's (course_id null) and a course's own, which
 * overrides the organisation's rule by rule (a key absent keeps the organisation's; null turns it off).
 */
export const warningRules = pgTable(
  'warning_rules',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    rules: jsonb('rules').$type<WarningRulesInput>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warning_rules_course_key')
      .on(t.courseId)
      .where(sql`course_id is not null`),
    uniqueIndex('warning_rules_org_key')
      .on(t.orgId)
      .where(sql`course_id is null`),
    index('warning_rules_org_idx').on(t.orgId),
  ],
);
