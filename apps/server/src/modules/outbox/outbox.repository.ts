import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outboxEmails } from './outbox.table.js';

export type OutboxEmailRow = typeof outboxEmails.$inferSelect;

/** Inserts the e-mails as outbox rows (pending). One INSERT; call it with a non-empty list. */
export async function insertOutboxEmails(db: Db, emails: (typeof outboxEmails.$inferInsert)[]): Promise<void> {
  await db.insert(outboxEmails).values(emails);
}

/** Up to `limit` pending messages (not SMS rows, which an SMS provider delivers; decision 0102) with fewer than `maxAttempts` attempts, oldest first, as `{ id, attempts }`. One SELECT. */
export async function listSendCandidates(db: Db, maxAttempts: number, limit: number): Promise<{ id: number; attempts: number }[]> {
  return db
    .select({ id: outboxEmails.id, attempts: outboxEmails.attempts })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.status, 'pending'), lt(outboxEmails.attempts, maxAttempts), ne(outboxEmails.kind, 'sms')))
    .orderBy(asc(outboxEmails.id))
    .limit(limit);
}

/**
 * Claims message `id` for one send attempt by bumping `attempts`, if it is still pending with `attempts`
 * attempts; answers the claimed row, or undefined when another instance took it. One UPDATE … RETURNING.
 */
export async function claimOutboxEmail(db: Db, id: number, attempts: number): Promise<OutboxEmailRow | undefined> {
  const [claimed] = await db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1` })
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'pending'), eq(outboxEmails.attempts, attempts)))
    .returning();
  return claimed;
}

/** Marks message `id` sent at `sentAt`, clearing its last error. One UPDATE. */
export async function markOutboxEmailSent(db: Db, id: number, sentAt: Date): Promise<void> {
  await db.update(outboxEmails).set({ status: 'sent', sentAt, lastError: null }).where(eq(outboxEmails.id, id));
}

/** Records message `id`'s send error, and marks it failed for good when `isFinal`. One UPDATE. */
export async function recordOutboxEmailError(db: Db, id: number, message: string, isFinal: boolean): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ lastError: message, ...(isFinal ? { status: 'failed' as const } : {}) })
    .where(inArray(outboxEmails.id, [id]));
}
