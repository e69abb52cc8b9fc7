import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { domainEventHandlings, domainEvents } from './events.table.js';

/** A stored event as the dispatcher reads it. */
export interface StoredEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** One handler's record of one event, as claimed (see claimHandling). */
export type Handling = typeof domainEventHandlings.$inferSelect;

/** Inserts events into the outbox through `db` (a transaction when the write has one); answers them as stored, in order. */
export async function insertEvents(db: Db, events: { type: string; payload: Record<string, unknown> }[]): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  return db
    .insert(domainEvents)
    .values(events)
    .returning({ id: domainEvents.id, type: domainEvents.type, payload: domainEvents.payload, createdAt: domainEvents.createdAt });
}

/** The events of `ids` that exist (committed), in id order. */
export async function findEvents(db: Db, ids: number[]): Promise<StoredEvent[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: domainEvents.id, type: domainEvents.type, payload: domainEvents.payload, createdAt: domainEvents.createdAt })
    .from(domainEvents)
    .where(inArray(domainEvents.id, ids))
    .orderBy(asc(domainEvents.id));
}

/** Up to `limit` unsettled events with an id above `afterId`, oldest first (a page of the sweeper's round). */
export async function findUnsettledEvents(db: Db, afterId: number, limit: number): Promise<StoredEvent[]> {
  return db
    .select({ id: domainEvents.id, type: domainEvents.type, payload: domainEvents.payload, createdAt: domainEvents.createdAt })
    .from(domainEvents)
    .where(and(isNull(domainEvents.settledAt), gt(domainEvents.id, afterId)))
    .orderBy(asc(domainEvents.id))
    .limit(limit);
}

/** Marks events settled: every handler of the instance that ran them succeeded or gave up. */
export async function settleEvents(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(domainEvents)
    .set({ settledAt: sql`now()` })
    .where(and(inArray(domainEvents.id, ids), isNull(domainEvents.settledAt)));
}

/** Creates the handling record of (event, handler) unless it exists. */
export async function ensureHandling(db: Db, eventId: number, handler: string): Promise<void> {
  await db.insert(domainEventHandlings).values({ eventId, handler }).onConflictDoNothing();
}

/**
 * Locks the handling record of (event, handler) for the rest of the transaction `tx` and answers
 * it with `dueInMs`, the milliseconds until its next attempt is due by the database's clock; with `skipLocked`, answers undefined at once when another transaction holds it, else waits
 * for that transaction (then reads what it left, e.g. `done_at`).
 */
export async function lockHandling(tx: Db, eventId: number, handler: string, skipLocked: boolean): Promise<(Handling & { dueInMs: number }) | undefined> {
  const h = domainEventHandlings;
  const query = tx
    .select({
      eventId: h.eventId,
      handler: h.handler,
      attempts: h.attempts,
      nextAttemptAt: h.nextAttemptAt,
      lastError: h.lastError,
      doneAt: h.doneAt,
      // By the database's clock, as markFailed set it: ms until the next attempt is due (≤ 0: due).
      dueInMs: sql<number>`(extract(epoch from (${h.nextAttemptAt} - now())) * 1000)::float8`,
    })
    .from(domainEventHandlings)
    .where(and(eq(domainEventHandlings.eventId, eventId), eq(domainEventHandlings.handler, handler)));
  const [row] = await (skipLocked ? query.for('update', { skipLocked: true }) : query.for('update'));
  return row;
}

/** Records a successful attempt: the handler never runs this event again. */
export async function markHandled(tx: Db, eventId: number, handler: string): Promise<void> {
  await tx
    .update(domainEventHandlings)
    .set({ doneAt: sql`now()`, attempts: sql`${domainEventHandlings.attempts} + 1`, lastError: null })
    .where(and(eq(domainEventHandlings.eventId, eventId), eq(domainEventHandlings.handler, handler)));
}

/** Records a failed attempt and when the next one is due (`delayMs` from now); answers the attempts so far. */
export async function markFailed(db: Db, eventId: number, handler: string, error: string, delayMs: number): Promise<number> {
  const [row] = await db
    .update(domainEventHandlings)
    .set({
      attempts: sql`${domainEventHandlings.attempts} + 1`,
      lastError: error.slice(0, 2000),
      nextAttemptAt: sql`now() + ${`${Math.max(0, Math.round(delayMs))} milliseconds`}::interval`,
    })
    .where(and(eq(domainEventHandlings.eventId, eventId), eq(domainEventHandlings.handler, handler)))
    .returning({ attempts: domainEventHandlings.attempts });
  return row?.attempts ?? 0;
}
