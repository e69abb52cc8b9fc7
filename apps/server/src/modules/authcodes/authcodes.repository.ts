import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authCodes } from './authcodes.table.js';

/** Whether the user holds a validation still open at `now`. One SELECT. */
export async function hasOpenValidation(db: Db, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: authCodes.id })
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), gt(authCodes.validUntil, now)))
    .limit(1);
  return !!row;
}

/** When the user's latest code was sent, or undefined when none was. One SELECT. */
export async function findLastCodeSentAt(db: Db, userId: number): Promise<Date | undefined> {
  const [last] = await db.select({ sentAt: authCodes.sentAt }).from(authCodes).where(eq(authCodes.userId, userId)).orderBy(desc(authCodes.sentAt)).limit(1);
  return last?.sentAt;
}

/** Stores a sent code (by its hash). One INSERT. */
export async function insertAuthCode(db: Db, values: typeof authCodes.$inferInsert): Promise<void> {
  await db.insert(authCodes).values(values);
}

/** The id of the user's unexpired, not yet validated code with this hash, or undefined. One SELECT. */
export async function findPendingAuthCodeId(db: Db, userId: number, codeHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ id: authCodes.id })
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.codeHash, codeHash), gt(authCodes.expiresAt, now), isNull(authCodes.validatedAt)))
    .limit(1);
  return row?.id;
}

/** Marks the code validated at `now`, opening the management area until `validUntil`. One UPDATE. */
export async function markAuthCodeValidated(db: Db, id: number, now: Date, validUntil: Date): Promise<void> {
  await db.update(authCodes).set({ validatedAt: now, validUntil }).where(eq(authCodes.id, id));
}
