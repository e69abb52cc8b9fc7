import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PlanChanges, PlanFeature, PlanRequestStatus } from '@atrium/contracts';
import { users } from '../users/users.table.js';
import { orgs } from './orgs.table.js';

/**
 * An organisation's plan (issue 24 item 3; decision 0151): seats (user accounts), storage (bytes), the feature
 * toggles it includes (PLAN_FEATURES; a feature it leaves out is off for the organisation), and when the plan and
 * its storage end (null: never). One per organisation; none means nothing is capped. Changed only by approving a
 * plan request (or by the operator's seed).
 */
export const orgPlans = pgTable('org_plans', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  seats: integer('seats').notNull(),
  storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull(),
  features: jsonb('features').$type<Record<PlanFeature, boolean>>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  storageExpiresAt: timestamp('storage_expires_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A request for a plan change (spec §2 the org plan apply popup, `/wg-admin/request`): the changes an org admin
 * asked for and why, and the operator's decision. At most one pending per organisation (partial unique index).
 */
export const orgPlanRequests = pgTable(
  'org_plan_requests',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    status: text('status').$type<PlanRequestStatus>().notNull().default('pending'),
    changes: jsonb('changes').$type<PlanChanges>().notNull(),
    reason: text('reason').notNull(),
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
  },
  (t) => [
    index('org_plan_requests_org_idx').on(t.orgId, t.id),
    index('org_plan_requests_status_idx').on(t.status, t.id),
    uniqueIndex('org_plan_requests_one_pending')
      .on(t.orgId)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * The expiry notices already sent (issue 24 item 3): one row per organisation, what ended (`plan` or `storage`),
 * the end instant it was about and the threshold (days before; 0 on the day), so the daily job tells each once and a
 * renewed plan (a new end) is told again.
 */
export const orgPlanNotices = pgTable(
  'org_plan_notices',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    what: text('what').$type<'plan' | 'storage'>().notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    days: integer('days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('org_plan_notices_key').on(t.orgId, t.what, t.endsAt, t.days)],
);
