import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { coursePartnerInfos, orgPartnerTypes } from './partners.table.js';

/** Associated partners' queries (issue 24 item 4; decision 0152). */

export type PartnerInfoRow = typeof coursePartnerInfos.$inferSelect;
export type PartnerInfoValues = Omit<typeof coursePartnerInfos.$inferInsert, 'courseId' | 'updatedAt'>;

/** The organisation's kinds of partner, in its order. One SELECT. */
export async function listPartnerTypes(db: Db, orgId: number): Promise<{ code: string; name: string }[]> {
  return db
    .select({ code: orgPartnerTypes.code, name: orgPartnerTypes.name })
    .from(orgPartnerTypes)
    .where(eq(orgPartnerTypes.orgId, orgId))
    .orderBy(asc(orgPartnerTypes.sort), asc(orgPartnerTypes.code));
}

/** Replaces the organisation's kinds of partner with `types` (their order kept). A DELETE and an INSERT. */
export async function replacePartnerTypes(db: Db, orgId: number, types: readonly { code: string; name: string }[]): Promise<void> {
  await db.delete(orgPartnerTypes).where(eq(orgPartnerTypes.orgId, orgId));
  if (types.length > 0) await db.insert(orgPartnerTypes).values(types.map((t, sort) => ({ orgId, code: t.code, name: t.name, sort })));
}

/** The course's partner, or undefined. One SELECT. */
export async function findPartnerInfo(db: Db, courseId: number): Promise<PartnerInfoRow | undefined> {
  const [row] = await db.select().from(coursePartnerInfos).where(eq(coursePartnerInfos.courseId, courseId));
  return row;
}

/** Records the course's partner; answers false when it has one already. One INSERT … ON CONFLICT DO NOTHING. */
export async function insertPartnerInfo(db: Db, courseId: number, values: PartnerInfoValues): Promise<boolean> {
  const rows = await db
    .insert(coursePartnerInfos)
    .values({ ...values, courseId })
    .onConflictDoNothing()
    .returning({ courseId: coursePartnerInfos.courseId });
  return rows.length > 0;
}

/** Changes the course's partner; answers false when it has none. One UPDATE. */
export async function updatePartnerInfo(db: Db, courseId: number, values: PartnerInfoValues): Promise<boolean> {
  const rows = await db
    .update(coursePartnerInfos)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(coursePartnerInfos.courseId, courseId))
    .returning({ courseId: coursePartnerInfos.courseId });
  return rows.length > 0;
}
