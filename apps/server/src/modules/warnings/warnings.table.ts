import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { WarningRulesInput } from '@atrium/contracts';
import { courses } from '../courses/courses.table.js';
import { orgs } from '../orgs/orgs.table.js';
import { users } from '../users/users.table.js';

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

/**
 * What the daily early-warning job has told the course team (issue 25 item 4): one row per student of a course
 * and rule that flagged them, kept while the rule keeps flagging them (so they are not announced again) and
 * removed at the first run that finds them no longer flagged (so a relapse is announced anew). `rule` is one of
 * WARNING_RULE_NAMES; `flagged_at` the run that first found it.
 */
export const warningAlerts = pgTable(
  'warning_alerts',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId, t.rule] }), index('warning_alerts_user_idx').on(t.userId)],
);
