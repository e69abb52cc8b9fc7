import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { departments, orgs } from '../orgs/orgs.table.js';
import type { UserWithOrg } from '../users/users.repository.js';
import { sessions, users } from '../users/users.table.js';

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The user of the live session with this token hash, with organisation and
 * department names, in one round trip (every API call pays it); undefined when
 * the session is absent or expired at `now`.
 */
export async function findSessionUser(db: Db, tokenHash: string, now: Date): Promise<UserWithOrg | undefined> {
  const [row] = await db
    .select({ user: users, org: { id: orgs.id, name: orgs.name }, department: { id: departments.id, name: departments.name } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
