import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { EnrolmentSyncProvider } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { courses } from '../courses/courses.table.js';
import { users } from '../users/users.table.js';
import { orgConnectors } from './connectors.table.js';

/** A stored connector. */
export type ConnectorRow = typeof orgConnectors.$inferSelect;

/** The organisation's connector for `provider`, or undefined. */
export async function findConnector(db: Db, orgId: number, provider: EnrolmentSyncProvider): Promise<ConnectorRow | undefined> {
  const [row] = await db
    .select()
    .from(orgConnectors)
    .where(and(eq(orgConnectors.orgId, orgId), eq(orgConnectors.provider, provider)));
  return row;
}

/** Every connector the organisation configured. */
export async function listConnectors(db: Db, orgId: number): Promise<ConnectorRow[]> {
  return db.select().from(orgConnectors).where(eq(orgConnectors.orgId, orgId));
}

/** Sets the organisation's connector for `provider` (insert or replace); answers it as stored. */
export async function upsertConnector(db: Db, orgId: number, provider: EnrolmentSyncProvider, url: string, token: string | null): Promise<ConnectorRow> {
  const [row] = await db
    .insert(orgConnectors)
    .values({ orgId, provider, url, token })
    .onConflictDoUpdate({ target: [orgConnectors.orgId, orgConnectors.provider], set: { url, token, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Removes the organisation's connector for `provider`; answers whether there was one. */
export async function deleteConnector(db: Db, orgId: number, provider: EnrolmentSyncProvider): Promise<boolean> {
  const gone = await db
    .delete(orgConnectors)
    .where(and(eq(orgConnectors.orgId, orgId), eq(orgConnectors.provider, provider)))
    .returning({ orgId: orgConnectors.orgId });
  return gone.length > 0;
}

/** The organisation's courses (not deleted) whose course code is one of `codes`. */
export async function coursesWithCodes(db: Db, orgId: number, codes: readonly string[]): Promise<{ id: number; courseCode: string }[]> {
  if (codes.length === 0) return [];
  return db
    .select({ id: courses.id, courseCode: courses.courseCode })
    .from(courses)
    .where(and(eq(courses.orgId, orgId), isNull(courses.deletedAt), inArray(courses.courseCode, [...codes])));
}

/** The organisation's users whose user number is one of `userNos`. */
export async function usersWithNumbers(db: Db, orgId: number, userNos: readonly string[]): Promise<{ id: number; userNo: string }[]> {
  if (userNos.length === 0) return [];
  return db
    .select({ id: users.id, userNo: users.userNo })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.userNo, [...userNos])));
}
