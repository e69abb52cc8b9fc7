import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../uploads/uploads.table.js';
import { entries, entryKeywords } from './entries.table.js';

/** Vocabulary entries and their keywords (issue 19 §4): the only door to these tables. */

export type EntryRow = typeof entries.$inferSelect;

/** The upload parent type of an entry's files (upload-parents.ts). */
export const ENTRY_PARENT = 'entry';

/** The entry with this id, or undefined. One SELECT. */
export async function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(entries).where(eq(entries.id, id));
  return row;
}

/** Locks one entry FOR UPDATE inside a transaction; undefined when it does not exist. One SELECT. */
export async function lockEntry(tx: Db, id: number): Promise<EntryRow | undefined> {
  const [row] = await tx.select().from(entries).where(eq(entries.id, id)).for('update');
  return row;
}

/** The id of the entry of organisation `orgId` named `name` (case-insensitive), other than `exceptId`, or undefined. One SELECT. */
export async function findEntryIdByName(db: Db, orgId: number, name: string, exceptId?: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: entries.id })
    .from(entries)
    .where(and(eq(entries.orgId, orgId), sql`lower(${entries.name}) = lower(${name})`, exceptId ? sql`${entries.id} <> ${exceptId}` : undefined));
  return row?.id;
}

/** Inserts an entry and answers its row. One INSERT. */
export async function insertEntry(tx: Db, values: typeof entries.$inferInsert): Promise<EntryRow> {
  const [row] = await tx.insert(entries).values(values).returning();
  return row!;
}

/** Writes fields of one entry (updated_at now) and answers the row. One UPDATE. */
export async function updateEntry(tx: Db, id: number, set: { name: string; updatedById: number }): Promise<EntryRow> {
  const [row] = await tx
    .update(entries)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(entries.id, id))
    .returning();
  return row!;
}

/** Deletes one entry (its keywords go with it). One DELETE. */
export async function deleteEntry(tx: Db, id: number): Promise<void> {
  await tx.delete(entries).where(eq(entries.id, id));
}

/** Gives an entry exactly these keywords (already trimmed and unique, case-insensitive), in this order. One or two statements. */
export async function replaceKeywords(tx: Db, entryId: number, names: readonly string[]): Promise<void> {
  await tx.delete(entryKeywords).where(eq(entryKeywords.entryId, entryId));
  if (names.length > 0) await tx.insert(entryKeywords).values(names.map((name) => ({ entryId, name })));
}

/** `like` pattern matching `text` anywhere, its wildcards escaped. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What a list of entries is narrowed to: a keyword in the name or a keyword (case-insensitive), and some ids. */
export interface EntryFilter {
  keyword?: string;
  ids?: readonly number[];
}

function filterWhere(orgId: number, filter: EntryFilter): SQL | undefined {
  const keyword = filter.keyword?.trim();
  const like = keyword ? containing(keyword) : undefined;
  return and(
    eq(entries.orgId, orgId),
    filter.ids ? inArray(entries.id, [...filter.ids]) : undefined,
    like
      ? or(
          ilike(entries.name, like),
          sql`exists (select 1 from ${entryKeywords} where ${entryKeywords.entryId} = ${entries.id} and ${entryKeywords.name} ilike ${like})`,
        )
      : undefined,
  );
}

/**
 * One page of organisation `orgId`'s entries under the filter, by name (case-insensitive) then id,
 * and the total under the filter. One SELECT (two for a page past the end).
 */
export async function listEntriesPage(
  db: Db,
  orgId: number,
  filter: EntryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  if (filter.ids && filter.ids.length === 0) return { rows: [], total: 0 };
  const where = filterWhere(orgId, filter);
  const rows = await db
    .select({ e: entries, total: sql<number>`(count(*) over ())::int` })
    .from(entries)
    .where(where)
    .orderBy(asc(sql`lower(${entries.name})`), asc(entries.id))
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(entries)
      .where(where);
    total = counted?.n ?? 0;
  }
  return { rows: rows.map((r) => r.e), total };
}

/** The keywords of these entries, in the order they were given. One SELECT. */
export async function listKeywords(db: Db, entryIds: readonly number[]): Promise<{ entryId: number; name: string }[]> {
  if (entryIds.length === 0) return [];
  return db
    .select({ entryId: entryKeywords.entryId, name: entryKeywords.name })
    .from(entryKeywords)
    .where(inArray(entryKeywords.entryId, [...entryIds]))
    .orderBy(asc(entryKeywords.id));
}

/** A file of an entry: a live upload with parent type `entry`. */
export interface EntryUploadRow {
  entryId: number;
  id: number;
  name: string;
  type: string;
}

/** The live files of these entries, oldest first. One SELECT. */
export async function listEntryUploads(db: Db, entryIds: readonly number[]): Promise<EntryUploadRow[]> {
  if (entryIds.length === 0) return [];
  const rows = await db
    .select({ entryId: uploads.parentId, id: uploads.id, name: uploads.name, type: uploads.type })
    .from(uploads)
    .where(and(eq(uploads.parentType, ENTRY_PARENT), inArray(uploads.parentId, [...entryIds]), isNull(uploads.deletedAt)))
    .orderBy(asc(uploads.id));
  return rows.map((r) => ({ ...r, entryId: r.entryId! }));
}
