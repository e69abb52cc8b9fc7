import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { departments, orgs, type OrgSettings } from './orgs.table.js';
import { capSettings } from './plan-caps.js';
import { orgPlans } from './plans.table.js';

export type OrgRow = typeof orgs.$inferSelect;

const planCaps = { storageBytes: orgPlans.storageBytes, features: orgPlans.features, expiresAt: orgPlans.expiresAt };

/** The organisation row, its settings as its plan caps them (capSettings), or undefined. One SELECT. */
export async function findOrg(db: Db, orgId: number): Promise<OrgRow | undefined> {
  const [row] = await db.select({ org: orgs, plan: planCaps }).from(orgs).leftJoin(orgPlans, eq(orgPlans.orgId, orgs.id)).where(eq(orgs.id, orgId));
  return row && { ...row.org, settings: capSettings(row.org.settings, row.plan) };
}

/** Merges `patch` into the organisation's settings (jsonb `||`), keeping the other keys. One UPDATE. */
export async function mergeOrgSettings(db: Db, orgId: number, patch: Partial<OrgSettings>): Promise<void> {
  await db
    .update(orgs)
    .set({ settings: sql`${orgs.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(orgs.id, orgId));
}

// The settings shape and its pure helpers, for services (which do not import tables).
export { DEFAULT_ORG_SETTINGS, officePreviewToggles, type OrgSettings } from './orgs.table.js';

/**
 * The organisation's stored settings (no defaults filled in) as its plan caps them (capSettings: toggles of features
 * the plan leaves out are off, the storage quota at most the plan's), or undefined when there is no such org. One SELECT.
 */
export async function findOrgSettings(db: Db, orgId: number): Promise<OrgSettings | undefined> {
  const [row] = await db
    .select({ settings: orgs.settings, plan: planCaps })
    .from(orgs)
    .leftJoin(orgPlans, eq(orgPlans.orgId, orgs.id))
    .where(eq(orgs.id, orgId));
  return row && capSettings(row.settings, row.plan);
}

/** Replaces the organisation's settings with `settings`. One UPDATE. */
export async function setOrgSettings(db: Db, orgId: number, settings: OrgSettings): Promise<void> {
  await db.update(orgs).set({ settings }).where(eq(orgs.id, orgId));
}

/** Whether department `departmentId` belongs to organisation `orgId`. One SELECT. */
export async function isDepartmentOfOrg(db: Db, departmentId: number, orgId: number): Promise<boolean> {
  const [dept] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, departmentId), eq(departments.orgId, orgId)));
  return !!dept;
}

/** Departments of organisation `orgId` as `{ id, name, code }`, by name then id. One SELECT. */
export async function listDepartmentsOfOrg(db: Db, orgId: number): Promise<{ id: number; name: string; code: string }[]> {
  return db
    .select({ id: departments.id, name: departments.name, code: departments.code })
    .from(departments)
    .where(eq(departments.orgId, orgId))
    .orderBy(departments.name, departments.id);
}

/** Departments of organisation `orgId` as `{ id, name }`, by name. One SELECT. */
export async function listDepartmentNamesOfOrg(db: Db, orgId: number): Promise<{ id: number; name: string }[]> {
  return db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.orgId, orgId)).orderBy(asc(departments.name));
}

/** Organisation `orgId` as `{ id, name }` (empty when there is none). One SELECT. */
export async function listOrgIdName(db: Db, orgId: number): Promise<{ id: number; name: string }[]> {
  return db.select({ id: orgs.id, name: orgs.name }).from(orgs).where(eq(orgs.id, orgId));
}
