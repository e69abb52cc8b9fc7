import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountCodes } from './prompts.table.js';

/** When the user's latest code or link of `purpose` was sent, or undefined. One SELECT. */
export async function findLastSentAt(db: Db, userId: number, purpose: 'mobile' | 'email'): Promise<Date | undefined> {
  const [row] = await db
    .select({ sentAt: accountCodes.sentAt })
    .from(accountCodes)
    .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, purpose)))
    .orderBy(desc(accountCodes.sentAt))
    .limit(1);
  return row?.sentAt;
}

/** Records a code or link sent. One INSERT. */
export async function insertAccountCode(db: Db, values: typeof accountCodes.$inferInsert): Promise<void> {
  await db.insert(accountCodes).values(values);
}

/**
 * The user's latest unexpired, unused mobile code for `target` with fewer than `maxAttempts` wrong tries,
 * locked for the caller's transaction, or undefined. One SELECT … FOR UPDATE.
 */
export async function lockOpenMobileCode(
  db: Db,
  userId: number,
  target: string,
  now: Date,
  maxAttempts: number,
): Promise<{ id: number; codeHash: string | null } | undefined> {
  const [row] = await db
    .select({ id: accountCodes.id, codeHash: accountCodes.codeHash })
    .from(accountCodes)
    .where(
      and(
        eq(accountCodes.userId, userId),
        eq(accountCodes.purpose, 'mobile'),
        eq(accountCodes.target, target),
        gt(accountCodes.expiresAt, now),
        isNull(accountCodes.usedAt),
        lt(accountCodes.attempts, maxAttempts),
      ),
    )
    .orderBy(desc(accountCodes.sentAt))
    .limit(1)
    .for('update');
  return row;
}

/** Counts one wrong try against code `id`. One UPDATE. */
export async function countWrongAttempt(db: Db, id: number): Promise<void> {
  await db
    .update(accountCodes)
    .set({ attempts: sql`${accountCodes.attempts} + 1` })
    .where(eq(accountCodes.id, id));
}

/** Marks code `id` used at `now`. One UPDATE. */
export async function markCodeUsed(db: Db, id: number, now: Date): Promise<void> {
  await db.update(accountCodes).set({ usedAt: now }).where(eq(accountCodes.id, id));
}
