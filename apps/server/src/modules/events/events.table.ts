import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The domain-event outbox (decision 0081): one row per emitted event, written in the same
 * transaction as the change it reports, so a write that rolls back leaves none. `settled_at` is
 * set once every handler of the emitting instance has succeeded or given up; the sweeper of
 * each instance looks only at unsettled rows (partial index).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A catalogued name (`DomainEventType` in packages/contracts), e.g. 'activity.read'. */
    type: text('type').notNull(),
    /** The payload, as its catalogue schema parses it. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_unsettled_idx')
      .on(t.id)
      .where(sql`settled_at is null`),
  ],
);

/**
 * One handler's record of one event (decision 0081): `done_at` once it succeeded (so it never
 * runs twice), else the attempts so far, the last error and when the next attempt is due.
 */
export const domainEventHandlings = pgTable(
  'domain_event_handlings',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    /** The handler's stable name, e.g. 'progress.completeness'. */
    handler: text('handler').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.handler] })],
);
