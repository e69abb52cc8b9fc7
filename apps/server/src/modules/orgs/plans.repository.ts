import { and, count, desc, eq, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PlanChanges, PlanRequestStatus } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { courses } from '../courses/courses.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';
import { orgs } from './orgs.table.js';
import { orgPlanNotices, orgPlanRequests, orgPlans } from './plans.table.js';

/** Organisation plans' queries (issue 24 item 3; decision 0151). */

export type PlanRow = typeof orgPlans.$inferSelect;
export type PlanValues = Omit<typeof orgPlans.$inferInsert, 'orgId' | 'updatedAt'>;

/** The organisation's plan, or undefined (nothing capped). One SELECT. */
export async function findPlan(db: Db, orgId: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(orgPlans).where(eq(orgPlans.orgId, orgId));
  return row;
}

/** Sets the organisation's plan (creating it). One INSERT … ON CONFLICT. */
export async function upsertPlan(db: Db, orgId: number, values: PlanValues): Promise<PlanRow> {
  const [row] = await db
    .insert(orgPlans)
    .values({ ...values, orgId })
    .onConflictDoUpdate({ target: orgPlans.orgId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** What the organisation uses: user accounts, bytes in live uploads, live courses. One SELECT. */
export async function planUsage(db: Db, orgId: number): Promise<{ seats: number; storage: number; courses: number }> {
  const [row] = await db
    .select({
      seats: sql<string>`(select count(*) from ${users} where ${users.orgId} = ${orgId})`,
      storage: sql<string>`(select coalesce(sum(${uploads.size}), 0) from ${uploads} where ${uploads.orgId} = ${orgId} and ${uploads.deletedAt} is null)`,
      courses: sql<string>`(select count(*) from ${courses} where ${courses.orgId} = ${orgId} and ${courses.deletedAt} is null)`,
    })
    .from(orgs)
    .where(eq(orgs.id, orgId));
  return { seats: Number(row?.seats ?? 0), storage: Number(row?.storage ?? 0), courses: Number(row?.courses ?? 0) };
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/** A request with its organisation's name and the names of who asked and who decided. */
export type PlanRequestRow = typeof orgPlanRequests.$inferSelect & {
  orgName: string;
  requesterName: string | null;
  deciderName: string | null;
};

function requestsWhere(where: SQL | undefined) {
  return (db: Db) =>
    db
      .select({
        request: orgPlanRequests,
        orgName: orgs.name,
        requesterName: requester.name,
        deciderName: decider.name,
      })
      .from(orgPlanRequests)
      .innerJoin(orgs, eq(orgs.id, orgPlanRequests.orgId))
      .leftJoin(requester, eq(requester.id, orgPlanRequests.requestedById))
      .leftJoin(decider, eq(decider.id, orgPlanRequests.decidedById))
      .where(where);
}

const flat = (r: {
  request: typeof orgPlanRequests.$inferSelect;
  orgName: string;
  requesterName: string | null;
  deciderName: string | null;
}): PlanRequestRow => ({
  ...r.request,
  orgName: r.orgName,
  requesterName: r.requesterName,
  deciderName: r.deciderName,
});

/** One request by id (with names), or undefined. One SELECT. */
export async function findPlanRequest(db: Db, id: number): Promise<PlanRequestRow | undefined> {
  const [row] = await requestsWhere(eq(orgPlanRequests.id, id))(db);
  return row && flat(row);
}

/** The organisation's pending request (at most one), or undefined. One SELECT. */
export async function findPendingPlanRequest(db: Db, orgId: number): Promise<PlanRequestRow | undefined> {
  const [row] = await requestsWhere(and(eq(orgPlanRequests.orgId, orgId), eq(orgPlanRequests.status, 'pending')))(db);
  return row && flat(row);
}

/** A page of requests, newest first: of one organisation (`orgId`) or all, of one status or all. Two SELECTs. */
export async function listPlanRequests(
  db: Db,
  filter: { orgId?: number; status?: PlanRequestStatus },
  page: { limit: number; offset: number },
): Promise<{ rows: PlanRequestRow[]; total: number }> {
  const where = and(
    filter.orgId !== undefined ? eq(orgPlanRequests.orgId, filter.orgId) : undefined,
    filter.status !== undefined ? eq(orgPlanRequests.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    requestsWhere(where)(db).orderBy(desc(orgPlanRequests.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(orgPlanRequests).where(where),
  ]);
  return { rows: rows.map(flat), total: total?.n ?? 0 };
}

/** Records a pending request. Throws the unique violation when the organisation has one pending already. One INSERT. */
export async function insertPlanRequest(db: Db, values: { orgId: number; changes: PlanChanges; reason: string; requestedById: number }): Promise<number> {
  const [row] = await db.insert(orgPlanRequests).values(values).returning({ id: orgPlanRequests.id });
  return row!.id;
}

/** Moves a pending request to `status` (who and why); answers whether it was pending. One UPDATE. */
export async function closePlanRequest(
  db: Db,
  id: number,
  status: Exclude<PlanRequestStatus, 'pending'>,
  by: { userId: number; note: string | null },
): Promise<boolean> {
  const rows = await db
    .update(orgPlanRequests)
    .set({ status, decidedById: by.userId, decidedAt: new Date(), decisionNote: by.note })
    .where(and(eq(orgPlanRequests.id, id), eq(orgPlanRequests.status, 'pending')))
    .returning({ id: orgPlanRequests.id });
  return rows.length > 0;
}

/** The plans whose end or whose storage's end is at or before `until` (the expiry job's candidates). One SELECT. */
export async function listPlansEndingBy(db: Db, until: Date): Promise<PlanRow[]> {
  return db
    .select()
    .from(orgPlans)
    .where(
      or(and(isNotNull(orgPlans.expiresAt), lte(orgPlans.expiresAt, until)), and(isNotNull(orgPlans.storageExpiresAt), lte(orgPlans.storageExpiresAt, until))),
    );
}

/** Remembers one expiry notice; answers false when it was sent before (same organisation, end and threshold). One INSERT. */
export async function insertPlanNotice(db: Db, notice: { orgId: number; what: 'plan' | 'storage'; endsAt: Date; days: number }): Promise<boolean> {
  const rows = await db.insert(orgPlanNotices).values(notice).onConflictDoNothing().returning({ orgId: orgPlanNotices.orgId });
  return rows.length > 0;
}
