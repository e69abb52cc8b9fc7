import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { LibrarySort } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';
import { spaceCjk } from '../../lib/cjk.js';
import { libraryItems, libraryTags } from './library.table.js';

/** My library's queries (issue 19 §1, decision 0132). Every list is one statement (its total by a window count). */

export type LibraryItemRow = typeof libraryItems.$inferSelect;
/** An item with its file's upload columns (null for a folder). */
export interface LibraryListRow extends LibraryItemRow {
  upload: { id: number; name: string; type: string; status: string; size: number; mimeType: string | null } | null;
}

function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}

/** The upload parent type of library files (parent id: the owner). */
export const LIBRARY_PARENT = 'library';

const listColumns = {
  item: libraryItems,
  uploadId: uploads.id,
  uploadName: uploads.name,
  uploadType: uploads.type,
  uploadStatus: uploads.status,
  uploadSize: uploads.size,
  uploadMime: uploads.mimeType,
  uploadDeleted: sql<boolean>`${uploads.deletedAt} is not null`,
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

type RawListRow = {
  item: LibraryItemRow;
  uploadId: number | null;
  uploadName: string | null;
  uploadType: string | null;
  uploadStatus: string | null;
  uploadSize: number | null;
  uploadMime: string | null;
  uploadDeleted: boolean;
  total: number;
};

function toListRow(r: RawListRow): LibraryListRow {
  return {
    ...r.item,
    upload:
      r.uploadId === null
        ? null
        : { id: r.uploadId, name: r.uploadName ?? '', type: r.uploadType ?? '', status: r.uploadStatus ?? '', size: r.uploadSize ?? 0, mimeType: r.uploadMime },
  };
}

/** A folder, or a file whose upload is live (a file whose upload was deleted elsewhere is gone from the library). */
const liveUpload = or(eq(libraryItems.kind, 'folder'), isNull(uploads.deletedAt))!;
/** The same, of a joined row (pageOf filters after the join). */
const liveRow = (r: { item: LibraryItemRow; uploadDeleted: boolean }) => r.item.kind === 'folder' || !r.uploadDeleted;

function orderOf(sort: LibrarySort, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  const key = sort === 'size' ? libraryItems.size : sort === 'updated' ? libraryItems.updatedAt : sql`lower(${libraryItems.name})`;
  // Folders first, whatever the sort.
  return [sql`(${libraryItems.kind} = 'folder') desc`, dir(key), dir(libraryItems.id)];
}

/** `like` pattern matching `text` anywhere, its wildcards escaped. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One item (any state). One SELECT. */
export async function findItem(db: Db, id: number): Promise<LibraryItemRow | undefined> {
  const [row] = await db.select().from(libraryItems).where(eq(libraryItems.id, id));
  return row;
}

/** One item locked for the write's transaction. One SELECT … FOR UPDATE. */
export async function lockItem(tx: Db, id: number): Promise<LibraryItemRow | undefined> {
  const [row] = await tx.select().from(libraryItems).where(eq(libraryItems.id, id)).for('update');
  return row;
}

/** The library item holding an upload (the upload parent resolver). One SELECT. */
export async function findItemOfUpload(db: Db, uploadId: number): Promise<LibraryItemRow | undefined> {
  const [row] = await db.select().from(libraryItems).where(eq(libraryItems.uploadId, uploadId));
  return row;
}

export interface ListPage {
  sort: LibrarySort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * An item name as the search reads it: lower case, every run of characters other than letters and
 * digits a space (`Week1_slides.pdf` → `week1 slides pdf`), CJK characters spaced (one token each).
 * Stored as `search_text`; PostgreSQL derives the GIN-indexed `search` tsvector from it.
 */
export function librarySearchText(name: string): string {
  return spaceCjk(name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')).slice(0, 2000);
}

/** The tsquery text of a search `q`: each word of it as a prefix (`lect:* & week:*`), at most 12 words; null when `q` has none. */
export function librarySearchQuery(q: string): string | null {
  const words = librarySearchText(q).split(' ').filter(Boolean).slice(0, 12);
  return words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * One page of `where`'s items in `p`'s order and their total, then the page's uploads: the order
 * and the window count read library_items alone (through `library_items_owner_parent_idx` for a
 * folder, `library_items_search_idx` for a search), the uploads are joined for the page only. A file
 * whose upload was deleted elsewhere (`DELETE /api/uploads/{id}` by its owner) is left out of the
 * page but still counted in the total. One SELECT.
 */
async function pageOf(db: Db, where: SQL | undefined, p: ListPage): Promise<{ rows: LibraryListRow[]; total: number }> {
  const page = db
    .select({ pageId: sql<number>`${libraryItems.id}`.as('page_id'), total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
    .from(libraryItems)
    .where(where)
    .orderBy(...orderOf(p.sort, p.order))
    .limit(p.pageSize)
    .offset((p.page - 1) * p.pageSize)
    .as('page');
  const rows = await db
    .select({ ...listColumns, total: page.total })
    .from(page)
    .innerJoin(libraryItems, eq(libraryItems.id, page.pageId))
    .leftJoin(uploads, eq(uploads.id, libraryItems.uploadId))
    .orderBy(...orderOf(p.sort, p.order));
  return { rows: rows.filter(liveRow).map(toListRow), total: rows[0]?.total ?? 0 };
}

/** The live items of one folder of `ownerId` (null: the root), folders first, one page and the total. One SELECT (a second, the count, for a page past the end). */
export async function listChildren(db: Db, ownerId: number, parentId: number | null, p: ListPage): Promise<{ rows: LibraryListRow[]; total: number }> {
  const where = and(
    eq(libraryItems.ownerId, ownerId),
    parentId === null ? isNull(libraryItems.parentId) : eq(libraryItems.parentId, parentId),
    isNull(libraryItems.trashedAt),
  );
  const { rows, total } = await pageOf(db, where, p);
  return { rows, total: total || (p.page > 1 ? await countWhere(db, where) : 0) };
}

async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(libraryItems)
    .where(where);
  return row?.n ?? 0;
}

/**
 * Live items of `ownerId` anywhere in the library whose name matches every word of `q` as a word
 * prefix (full-text, `library_items_search_idx`) or that carry a tag containing `q`, and/or that
 * carry tag `tag`. Two SELECTs: the tagged items' ids (library_tags_owner_name_idx), then the page.
 */
export async function searchItems(
  db: Db,
  ownerId: number,
  filter: { q?: string; tag?: string },
  p: ListPage,
): Promise<{ rows: LibraryListRow[]; total: number }> {
  const tsquery = filter.q ? librarySearchQuery(filter.q) : null;
  const like = filter.q ? containing(filter.q) : undefined;
  const tagged = async (condition: SQL) =>
    (
      await db
        .select({ itemId: libraryTags.itemId })
        .from(libraryTags)
        .where(and(eq(libraryTags.ownerId, ownerId), condition))
    ).map((r) => r.itemId);
  const [byTagWord, byTag] = await Promise.all([
    like ? tagged(sql`${libraryTags.name} ilike ${like}`) : Promise.resolve(null),
    filter.tag ? tagged(sql`lower(${libraryTags.name}) = lower(${filter.tag})`) : Promise.resolve(null),
  ]);
  const ids = (list: number[]) => sql`${libraryItems.id} = any(${`{${list.join(',')}}`}::int[])`;
  const matchesQ = filter.q
    ? (or(
        ...[tsquery ? sql`${libraryItems.search} @@ to_tsquery('simple', ${tsquery})` : undefined, byTagWord?.length ? ids(byTagWord) : undefined].filter(
          Boolean,
        ),
      ) ?? sql`false`)
    : undefined;
  const where = and(eq(libraryItems.ownerId, ownerId), isNull(libraryItems.trashedAt), matchesQ, byTag ? (byTag.length ? ids(byTag) : sql`false`) : undefined);
  const { rows, total } = await pageOf(db, where, p);
  return { rows, total: total || (rows.length === 0 && p.page > 1 ? await countWhere(db, where) : 0) };
}

/** The trash of `ownerId`: the items deleted themselves (trash roots), last deleted first. One SELECT. */
export async function listTrash(db: Db, ownerId: number, p: { page: number; pageSize: number }): Promise<{ rows: LibraryListRow[]; total: number }> {
  const rows = await db
    .select(listColumns)
    .from(libraryItems)
    .leftJoin(uploads, eq(uploads.id, libraryItems.uploadId))
    .where(and(eq(libraryItems.ownerId, ownerId), isNotNull(libraryItems.trashedAt), eq(libraryItems.trashRootId, libraryItems.id), liveUpload))
    .orderBy(desc(libraryItems.trashedAt), desc(libraryItems.id))
    .limit(p.pageSize)
    .offset((p.page - 1) * p.pageSize);
  return { rows: rows.map(toListRow), total: rows[0]?.total ?? 0 };
}

/** Every trash root of `ownerId`. One SELECT. */
export async function listTrashRootIds(db: Db, ownerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: libraryItems.id })
    .from(libraryItems)
    .where(and(eq(libraryItems.ownerId, ownerId), isNotNull(libraryItems.trashedAt), eq(libraryItems.trashRootId, libraryItems.id)));
  return rows.map((r) => r.id);
}

/** The folder `id` and its ancestors, root first, as `{ id, name, parentId, depth, trashedAt }`. One recursive SELECT. */
export async function ancestorsOf(db: Db, id: number): Promise<{ id: number; name: string; parentId: number | null; trashedAt: Date | null }[]> {
  const result = await db.execute(sql`
    with recursive up as (
      select id, name, parent_id, trashed_at, depth from ${libraryItems} where id = ${id}
      union all
      select i.id, i.name, i.parent_id, i.trashed_at, i.depth from ${libraryItems} i join up on i.id = up.parent_id
    )
    select id, name, parent_id, trashed_at from up order by depth`);
  return (rowsOf(result) as { id: number; name: string; parent_id: number | null; trashed_at: string | Date | null }[]).map((r) => ({
    id: Number(r.id),
    name: r.name,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    trashedAt: r.trashed_at === null ? null : new Date(r.trashed_at),
  }));
}

/** `id` and every item under it (any state), as `{ id, kind, depth, uploadId, size, trashedAt }`. One recursive SELECT. */
export async function subtreeOf(
  db: Db,
  id: number,
): Promise<
  { id: number; kind: 'folder' | 'file'; parentId: number | null; name: string; depth: number; uploadId: number | null; size: number; trashedAt: Date | null }[]
> {
  const result = await db.execute(sql`
    with recursive down as (
      select id, kind, parent_id, name, depth, upload_id, size, trashed_at from ${libraryItems} where id = ${id}
      union all
      select i.id, i.kind, i.parent_id, i.name, i.depth, i.upload_id, i.size, i.trashed_at from ${libraryItems} i join down on i.parent_id = down.id
    )
    select * from down order by depth, id`);
  return (
    rowsOf(result) as {
      id: number;
      kind: 'folder' | 'file';
      parent_id: number | null;
      name: string;
      depth: number;
      upload_id: number | null;
      size: number | string;
      trashed_at: string | Date | null;
    }[]
  ).map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    name: r.name,
    depth: Number(r.depth),
    uploadId: r.upload_id === null ? null : Number(r.upload_id),
    size: Number(r.size),
    trashedAt: r.trashed_at === null ? null : new Date(r.trashed_at),
  }));
}

/** Live folders of `ownerId` (at most `limit`), by depth then name. One SELECT. */
export async function listFolders(db: Db, ownerId: number, limit: number): Promise<{ id: number; name: string; parentId: number | null }[]> {
  return db
    .select({ id: libraryItems.id, name: libraryItems.name, parentId: libraryItems.parentId })
    .from(libraryItems)
    .where(and(eq(libraryItems.ownerId, ownerId), eq(libraryItems.kind, 'folder'), isNull(libraryItems.trashedAt)))
    .orderBy(asc(libraryItems.depth), sql`lower(${libraryItems.name})`, asc(libraryItems.id))
    .limit(limit);
}

/** How many folders `ownerId` has (the trash included: it still holds them). One SELECT. */
export async function countFolders(db: Db, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(libraryItems)
    .where(and(eq(libraryItems.ownerId, ownerId), eq(libraryItems.kind, 'folder')));
  return row?.n ?? 0;
}

/** Lower-cased names of the live items of one folder of `ownerId` (null: the root). One SELECT. */
export async function siblingNames(db: Db, ownerId: number, parentId: number | null): Promise<Set<string>> {
  const rows = await db
    .select({ name: libraryItems.name })
    .from(libraryItems)
    .where(
      and(
        eq(libraryItems.ownerId, ownerId),
        parentId === null ? isNull(libraryItems.parentId) : eq(libraryItems.parentId, parentId),
        isNull(libraryItems.trashedAt),
      ),
    );
  return new Set(rows.map((r) => r.name.toLowerCase()));
}

/** Live sub-folders of one folder (null: the root) as lower-cased name → row. One SELECT. */
export async function childFolders(db: Db, ownerId: number, parentId: number | null): Promise<Map<string, LibraryItemRow>> {
  const rows = await db
    .select()
    .from(libraryItems)
    .where(
      and(
        eq(libraryItems.ownerId, ownerId),
        eq(libraryItems.kind, 'folder'),
        parentId === null ? isNull(libraryItems.parentId) : eq(libraryItems.parentId, parentId),
        isNull(libraryItems.trashedAt),
      ),
    );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

export async function insertItems(tx: Db, values: (typeof libraryItems.$inferInsert)[]): Promise<LibraryItemRow[]> {
  if (values.length === 0) return [];
  return tx
    .insert(libraryItems)
    .values(values.map((v) => ({ ...v, searchText: librarySearchText(v.name) })))
    .returning();
}

export async function updateItem(tx: Db, id: number, values: Partial<typeof libraryItems.$inferInsert>): Promise<LibraryItemRow> {
  const [row] = await tx
    .update(libraryItems)
    .set({ ...values, ...(values.name !== undefined ? { searchText: librarySearchText(values.name) } : {}), updatedAt: new Date() })
    .where(eq(libraryItems.id, id))
    .returning();
  return row!;
}

/** Shifts the depth of every item under `id` (not `id` itself) by `delta`. One recursive UPDATE. */
export async function shiftSubtreeDepth(tx: Db, id: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx.execute(sql`
    with recursive down as (
      select id from ${libraryItems} where parent_id = ${id}
      union all
      select i.id from ${libraryItems} i join down on i.parent_id = down.id
    )
    update ${libraryItems} set depth = depth + ${delta} where id in (select id from down)`);
}

/** Puts `id` and its live items in the trash, `id` as their trash root. One recursive UPDATE. */
export async function trashSubtree(tx: Db, id: number, now: Date): Promise<void> {
  await tx.execute(sql`
    with recursive down as (
      select id from ${libraryItems} where id = ${id}
      union all
      select i.id from ${libraryItems} i join down on i.parent_id = down.id where i.trashed_at is null
    )
    update ${libraryItems} set trashed_at = ${now.toISOString()}::timestamptz, trash_root_id = ${id}
    where id in (select id from down) and trashed_at is null`);
}

/** Takes out of the trash what deleting `rootId` put there. One UPDATE. */
export async function untrash(tx: Db, rootId: number): Promise<void> {
  await tx.update(libraryItems).set({ trashedAt: null, trashRootId: null }).where(eq(libraryItems.trashRootId, rootId));
}

/** Deletes items (their sub-items and tags go by cascade). One DELETE. */
export async function deleteItems(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(libraryItems).where(inArray(libraryItems.id, [...ids]));
}

/** Marks the library's uploads deleted (their bytes are removed after the commit). One UPDATE. */
export async function markUploadsDeleted(tx: Db, uploadIds: readonly number[]): Promise<{ id: number; key: string }[]> {
  if (uploadIds.length === 0) return [];
  const now = new Date();
  return tx
    .update(uploads)
    .set({ deletedAt: now, status: 'deleted', updatedAt: now })
    .where(and(inArray(uploads.id, [...uploadIds]), eq(uploads.parentType, LIBRARY_PARENT)))
    .returning({ id: uploads.id, key: uploads.key });
}

/** Tags of items, by item id. One SELECT (none for no ids). */
export async function tagsOf(db: Db, itemIds: readonly number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (itemIds.length === 0) return map;
  const rows = await db
    .select({ itemId: libraryTags.itemId, name: libraryTags.name })
    .from(libraryTags)
    .where(inArray(libraryTags.itemId, [...itemIds]))
    .orderBy(sql`lower(${libraryTags.name})`);
  for (const r of rows) map.set(r.itemId, [...(map.get(r.itemId) ?? []), r.name]);
  return map;
}

/** Gives items exactly these tags. Two statements. */
export async function replaceTags(tx: Db, ownerId: number, itemIds: readonly number[], names: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await tx.delete(libraryTags).where(inArray(libraryTags.itemId, [...itemIds]));
  if (names.length > 0) await tx.insert(libraryTags).values(itemIds.flatMap((itemId) => names.map((name) => ({ itemId, ownerId, name }))));
}

/** The tags `ownerId` uses on live items, with how many items carry each. One SELECT. */
export async function tagCounts(db: Db, ownerId: number): Promise<{ name: string; count: number }[]> {
  return db
    .select({ name: sql<string>`min(${libraryTags.name})`, count: sql<number>`count(*)`.mapWith(Number) })
    .from(libraryTags)
    .innerJoin(libraryItems, eq(libraryItems.id, libraryTags.itemId))
    .where(and(eq(libraryTags.ownerId, ownerId), isNull(libraryItems.trashedAt)))
    .groupBy(sql`lower(${libraryTags.name})`)
    .orderBy(sql`lower(${libraryTags.name})`)
    .limit(500);
}

/** Bytes of the live uploads of `ownerId` and of organisation `orgId`. One SELECT. */
export async function storageUsed(db: Db, ownerId: number, orgId: number): Promise<{ user: number; org: number }> {
  const result = await db.execute(sql`
    select
      (select coalesce(sum(size), 0) from ${uploads} where owner_id = ${ownerId} and deleted_at is null) as user_used,
      (select coalesce(sum(size), 0) from ${uploads} where org_id = ${orgId} and deleted_at is null) as org_used`);
  const row = rowsOf(result)[0] as { user_used: string | number; org_used: string | number } | undefined;
  return { user: Number(row?.user_used ?? 0), org: Number(row?.org_used ?? 0) };
}

/** The `limit` users of organisation `orgId` with the most bytes in live uploads, most first. One SELECT. */
export async function topStorageUsers(db: Db, orgId: number, limit: number): Promise<{ id: number; name: string; userName: string; used: number }[]> {
  const used = sql<string>`coalesce(sum(${uploads.size}), 0)`;
  const rows = await db
    .select({ id: users.id, name: users.name, userName: users.userName, used })
    .from(uploads)
    .innerJoin(users, eq(users.id, uploads.ownerId))
    .where(and(eq(uploads.orgId, orgId), isNull(uploads.deletedAt)))
    .groupBy(users.id, users.name, users.userName)
    .orderBy(desc(used), asc(users.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, used: Number(r.used) }));
}
