import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { libraryItems } from '../library/library.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';
import { resourceGroupMembers, resourceGroups, sharedResources, sharedResourceTracks } from './resource-groups.table.js';

/** Resource groups and sharing's queries (issue 19 §2, decision 0134). Each function is one statement. */

export type ResourceGroupRow = typeof resourceGroups.$inferSelect;
export type MemberRole = 'owner' | 'manager' | 'member';
export type ShareRow = typeof sharedResources.$inferSelect;

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** `like` pattern matching `text` anywhere, its wildcards escaped. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A group of `orgId` with the role of `userId` in it (null: not a member). */
export async function findGroupFor(db: Db, groupId: number, userId: number): Promise<{ group: ResourceGroupRow; role: MemberRole | null } | undefined> {
  const [row] = await db
    .select({ group: resourceGroups, role: resourceGroupMembers.role })
    .from(resourceGroups)
    .leftJoin(resourceGroupMembers, and(eq(resourceGroupMembers.groupId, resourceGroups.id), eq(resourceGroupMembers.userId, userId)))
    .where(eq(resourceGroups.id, groupId));
  return row ? { group: row.group, role: row.role ?? null } : undefined;
}

const memberCount = sql<number>`(select count(*) from ${resourceGroupMembers} m2 where m2.group_id = ${resourceGroups.id})`.mapWith(Number);

/** The groups `userId` belongs to, by name, with their role and member count. */
export async function listGroupsOf(db: Db, userId: number, orgId: number) {
  return db
    .select({ group: resourceGroups, role: resourceGroupMembers.role, memberCount })
    .from(resourceGroupMembers)
    .innerJoin(resourceGroups, eq(resourceGroups.id, resourceGroupMembers.groupId))
    .where(and(eq(resourceGroupMembers.userId, userId), eq(resourceGroups.orgId, orgId)))
    .orderBy(sql`lower(${resourceGroups.name})`, asc(resourceGroups.id));
}

export async function listMembers(db: Db, groupId: number) {
  return db
    .select({ userId: users.id, name: users.name, userName: users.userName, role: resourceGroupMembers.role, createdAt: resourceGroupMembers.createdAt })
    .from(resourceGroupMembers)
    .innerJoin(users, eq(users.id, resourceGroupMembers.userId))
    .where(eq(resourceGroupMembers.groupId, groupId))
    .orderBy(sql`case ${resourceGroupMembers.role} when 'owner' then 0 when 'manager' then 1 else 2 end`, sql`lower(${users.name})`, asc(users.id));
}

export async function insertGroup(tx: Db, values: typeof resourceGroups.$inferInsert): Promise<ResourceGroupRow> {
  const [row] = await tx.insert(resourceGroups).values(values).returning();
  return row!;
}

export async function renameGroup(tx: Db, groupId: number, name: string): Promise<ResourceGroupRow> {
  const [row] = await tx.update(resourceGroups).set({ name, updatedAt: new Date() }).where(eq(resourceGroups.id, groupId)).returning();
  return row!;
}

export async function deleteGroup(tx: Db, groupId: number): Promise<void> {
  await tx.delete(resourceGroups).where(eq(resourceGroups.id, groupId));
}

/** Adds a member; false when already one (nothing changed). */
export async function insertMember(tx: Db, groupId: number, userId: number, role: MemberRole): Promise<boolean> {
  const rows = await tx.insert(resourceGroupMembers).values({ groupId, userId, role }).onConflictDoNothing().returning({ userId: resourceGroupMembers.userId });
  return rows.length > 0;
}

export async function setMemberRole(tx: Db, groupId: number, userId: number, role: MemberRole): Promise<void> {
  await tx
    .update(resourceGroupMembers)
    .set({ role })
    .where(and(eq(resourceGroupMembers.groupId, groupId), eq(resourceGroupMembers.userId, userId)));
}

export async function deleteMember(tx: Db, groupId: number, userId: number): Promise<void> {
  await tx.delete(resourceGroupMembers).where(and(eq(resourceGroupMembers.groupId, groupId), eq(resourceGroupMembers.userId, userId)));
}

/** The members of a group locked for a change of roles (the last owner stays). */
export async function lockMembers(tx: Db, groupId: number): Promise<{ userId: number; role: MemberRole }[]> {
  return tx
    .select({ userId: resourceGroupMembers.userId, role: resourceGroupMembers.role })
    .from(resourceGroupMembers)
    .where(eq(resourceGroupMembers.groupId, groupId))
    .for('update');
}

/** A user of the organisation by id or user name (the member or share target to add). */
export async function findOrgUser(db: Db, orgId: number, by: { id?: number; userName?: string }) {
  const [row] = await db
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(and(eq(users.orgId, orgId), by.id !== undefined ? eq(users.id, by.id) : eq(sql`lower(${users.userName})`, (by.userName ?? '').toLowerCase())));
  return row;
}

/** Who may reach a share: its user, a member of its group. */
function reaches(userId: number): SQL {
  return or(
    eq(sharedResources.userId, userId),
    sql`${sharedResources.groupId} in (select m.group_id from ${resourceGroupMembers} m where m.user_id = ${userId})`,
  )!;
}

/** Whether `userId` is the share's target (its person, or a member of its group). */
export const reachesUser = reaches;

export interface ShareListRow {
  share: ShareRow;
  item: typeof libraryItems.$inferSelect;
  groupName: string | null;
  sharedByName: string;
  upload: { id: number; name: string; type: string; status: string; size: number; mimeType: string | null } | null;
}

const shareColumns = {
  share: sharedResources,
  item: libraryItems,
  groupName: resourceGroups.name,
  sharedByName: users.name,
  uploadId: uploads.id,
  uploadName: uploads.name,
  uploadType: uploads.type,
  uploadStatus: uploads.status,
  uploadSize: uploads.size,
  uploadMime: uploads.mimeType,
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

type RawShareRow = {
  share: ShareRow;
  item: typeof libraryItems.$inferSelect;
  groupName: string | null;
  sharedByName: string;
  uploadId: number | null;
  uploadName: string | null;
  uploadType: string | null;
  uploadStatus: string | null;
  uploadSize: number | null;
  uploadMime: string | null;
  total: number;
};

function toShareRow(r: RawShareRow): ShareListRow {
  return {
    share: r.share,
    item: r.item,
    groupName: r.groupName,
    sharedByName: r.sharedByName,
    upload:
      r.uploadId === null
        ? null
        : { id: r.uploadId, name: r.uploadName ?? '', type: r.uploadType ?? '', status: r.uploadStatus ?? '', size: r.uploadSize ?? 0, mimeType: r.uploadMime },
  };
}

/** A share whose item is live (not trashed; a file's upload not deleted). */
const liveShare = and(isNull(libraryItems.trashedAt), or(eq(libraryItems.kind, 'folder'), isNull(uploads.deletedAt)))!;

function sharesQuery(db: Db) {
  return db
    .select(shareColumns)
    .from(sharedResources)
    .innerJoin(libraryItems, eq(libraryItems.id, sharedResources.itemId))
    .innerJoin(users, eq(users.id, sharedResources.sharedById))
    .leftJoin(resourceGroups, eq(resourceGroups.id, sharedResources.groupId))
    .leftJoin(uploads, eq(uploads.id, libraryItems.uploadId));
}

/** One share, live, of `orgId`, with its item, group, sharer and upload; and whether `userId` is reached by it. */
export async function findShareFor(db: Db, shareId: number, orgId: number, userId: number): Promise<(ShareListRow & { reached: boolean }) | undefined> {
  const [row] = await db
    .select({ ...shareColumns, reached: sql<boolean>`coalesce(${reaches(userId)}, false)` })
    .from(sharedResources)
    .innerJoin(libraryItems, eq(libraryItems.id, sharedResources.itemId))
    .innerJoin(users, eq(users.id, sharedResources.sharedById))
    .leftJoin(resourceGroups, eq(resourceGroups.id, sharedResources.groupId))
    .leftJoin(uploads, eq(uploads.id, libraryItems.uploadId))
    .where(and(eq(sharedResources.id, shareId), eq(sharedResources.orgId, orgId), liveShare));
  return row ? { ...toShareRow(row), reached: Boolean(row.reached) } : undefined;
}

/** What is shared with `userId` (to them or their groups; not their own shares), last first, one page and the total. */
export async function listSharedWith(
  db: Db,
  userId: number,
  orgId: number,
  filter: { groupId?: number; q?: string },
  page: { page: number; pageSize: number },
): Promise<{ rows: ShareListRow[]; total: number }> {
  const rows = await sharesQuery(db)
    .where(
      and(
        eq(sharedResources.orgId, orgId),
        reaches(userId),
        sql`${sharedResources.sharedById} <> ${userId}`,
        liveShare,
        filter.groupId !== undefined ? eq(sharedResources.groupId, filter.groupId) : undefined,
        filter.q ? ilike(libraryItems.name, containing(filter.q)) : undefined,
      ),
    )
    .orderBy(desc(sharedResources.createdAt), desc(sharedResources.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { rows: rows.map(toShareRow), total: rows[0]?.total ?? 0 };
}

/** The shares of one item (its owner's view). */
export async function listSharesOfItem(db: Db, itemId: number): Promise<ShareListRow[]> {
  const rows = await sharesQuery(db).where(eq(sharedResources.itemId, itemId)).orderBy(asc(sharedResources.id));
  return rows.map(toShareRow);
}

/** The target's name (a group's or a person's) — for the share answer and the notice. */
export async function insertShare(tx: Db, values: typeof sharedResources.$inferInsert): Promise<ShareRow | undefined> {
  const rows = await tx.insert(sharedResources).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function deleteShare(tx: Db, shareId: number): Promise<void> {
  await tx.delete(sharedResources).where(eq(sharedResources.id, shareId));
}

/**
 * Whether `userId` reaches the library item holding `uploadId` through a share of the item or of a
 * folder above it, every item on the way live (not trashed), within `orgId`. One recursive SELECT.
 */
export async function shareReachesUpload(db: Db, uploadId: number, orgId: number, userId: number): Promise<boolean> {
  const result = await db.execute(sql`
    with recursive up as (
      select id, parent_id, trashed_at from ${libraryItems} where upload_id = ${uploadId}
      union all
      select i.id, i.parent_id, i.trashed_at from ${libraryItems} i join up on i.id = up.parent_id
    )
    select exists (
      select 1 from ${sharedResources} s
      where s.item_id in (select id from up) and s.org_id = ${orgId}
        and (s.user_id = ${userId} or s.group_id in (select m.group_id from ${resourceGroupMembers} m where m.user_id = ${userId}))
    ) and not exists (select 1 from up where trashed_at is not null) as ok`);
  const row = rowsOf(result)[0];
  return row?.ok === true || row?.ok === 't';
}

/** The library item (file) holding `uploadId` when it lies under `rootId` (or is it), every item on the way live. One recursive SELECT. */
export async function fileUnder(db: Db, uploadId: number, rootId: number): Promise<{ id: number; name: string } | undefined> {
  const result = await db.execute(sql`
    with recursive up as (
      select id, parent_id, trashed_at, name, 0 as level from ${libraryItems} where upload_id = ${uploadId} and kind = 'file'
      union all
      select i.id, i.parent_id, i.trashed_at, i.name, up.level + 1 from ${libraryItems} i join up on i.id = up.parent_id where up.id <> ${rootId}
    )
    select (select id from up where level = 0) as id, (select name from up where level = 0) as name
    where exists (select 1 from up where id = ${rootId}) and not exists (select 1 from up where trashed_at is not null)`);
  const row = rowsOf(result)[0];
  return row ? { id: Number(row.id), name: String(row.name) } : undefined;
}

/** The folder `folderId` with its path from `rootId` (root first) when it lies under `rootId` (or is it), every item live. One recursive SELECT. */
export async function folderPathUnder(db: Db, folderId: number, rootId: number): Promise<{ id: number; name: string }[] | undefined> {
  const result = await db.execute(sql`
    with recursive up as (
      select id, parent_id, trashed_at, name, kind, depth from ${libraryItems} where id = ${folderId}
      union all
      select i.id, i.parent_id, i.trashed_at, i.name, i.kind, i.depth from ${libraryItems} i join up on i.id = up.parent_id where up.id <> ${rootId}
    )
    select id, name, trashed_at, kind from up order by depth`);
  const rows = rowsOf(result);
  if (!rows.some((r) => Number(r.id) === rootId)) return undefined;
  if (rows.some((r) => r.trashed_at !== null) || rows[rows.length - 1]?.kind !== 'folder') return undefined;
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
}

export interface SharedItemRow {
  item: typeof libraryItems.$inferSelect;
  upload: { id: number; name: string; type: string; status: string; size: number; mimeType: string | null } | null;
}

const itemColumns = {
  item: libraryItems,
  uploadId: uploads.id,
  uploadName: uploads.name,
  uploadType: uploads.type,
  uploadStatus: uploads.status,
  uploadSize: uploads.size,
  uploadMime: uploads.mimeType,
};

type RawItemRow = {
  item: typeof libraryItems.$inferSelect;
  uploadId: number | null;
  uploadName: string | null;
  uploadType: string | null;
  uploadStatus: string | null;
  uploadSize: number | null;
  uploadMime: string | null;
};
function toItemRow(r: RawItemRow): SharedItemRow {
  return {
    item: r.item,
    upload:
      r.uploadId === null
        ? null
        : { id: r.uploadId, name: r.uploadName ?? '', type: r.uploadType ?? '', status: r.uploadStatus ?? '', size: r.uploadSize ?? 0, mimeType: r.uploadMime },
  };
}

/** The live items of one folder, folders first then by name (at most `limit`). */
export async function listFolderItems(db: Db, folderId: number, limit: number): Promise<SharedItemRow[]> {
  const rows = await db
    .select(itemColumns)
    .from(libraryItems)
    .leftJoin(uploads, eq(uploads.id, libraryItems.uploadId))
    .where(and(eq(libraryItems.parentId, folderId), isNull(libraryItems.trashedAt), or(eq(libraryItems.kind, 'folder'), isNull(uploads.deletedAt))))
    .orderBy(sql`(${libraryItems.kind} = 'folder') desc`, sql`lower(${libraryItems.name})`, asc(libraryItems.id))
    .limit(limit);
  return rows.map(toItemRow);
}

/** The live items anywhere under `rootId` whose name contains `q` (at most `limit`); a trashed folder hides what it holds. One recursive SELECT. */
export async function searchUnder(db: Db, rootId: number, q: string, limit: number): Promise<SharedItemRow[]> {
  const rows = await db
    .select(itemColumns)
    .from(libraryItems)
    .leftJoin(uploads, eq(uploads.id, libraryItems.uploadId))
    .where(
      and(
        sql`${libraryItems.id} in (
          with recursive down as (
            select id from ${libraryItems} where parent_id = ${rootId} and trashed_at is null
            union all
            select i.id from ${libraryItems} i join down on i.parent_id = down.id where i.trashed_at is null
          ) select id from down)`,
        ilike(libraryItems.name, containing(q)),
        or(eq(libraryItems.kind, 'folder'), isNull(uploads.deletedAt)),
      ),
    )
    .orderBy(sql`(${libraryItems.kind} = 'folder') desc`, sql`lower(${libraryItems.name})`, asc(libraryItems.id))
    .limit(limit);
  return rows.map(toItemRow);
}

/** Counts one more open or reuse of one file through one share by one person. */
export async function recordTrack(db: Db, values: { shareId: number; userId: number; uploadId: number; how: 'open' | 'reuse' }): Promise<void> {
  const now = new Date();
  await db
    .insert(sharedResourceTracks)
    .values({ ...values, firstAt: now, lastAt: now })
    .onConflictDoUpdate({
      target: [sharedResourceTracks.shareId, sharedResourceTracks.userId, sharedResourceTracks.uploadId, sharedResourceTracks.how],
      set: { count: sql`${sharedResourceTracks.count} + 1`, lastAt: now },
    });
}

/** Who opened or reused the shares `shareIds` (or every share `sharedById` made), last first (at most `limit`). */
export async function listTracks(db: Db, filter: { shareId?: number; sharedById?: number }, limit: number) {
  return db
    .select({
      shareId: sharedResourceTracks.shareId,
      itemName: libraryItems.name,
      userId: users.id,
      userName: users.name,
      uploadId: uploads.id,
      uploadName: uploads.name,
      how: sharedResourceTracks.how,
      count: sharedResourceTracks.count,
      firstAt: sharedResourceTracks.firstAt,
      lastAt: sharedResourceTracks.lastAt,
    })
    .from(sharedResourceTracks)
    .innerJoin(sharedResources, eq(sharedResources.id, sharedResourceTracks.shareId))
    .innerJoin(libraryItems, eq(libraryItems.id, sharedResources.itemId))
    .innerJoin(users, eq(users.id, sharedResourceTracks.userId))
    .innerJoin(uploads, eq(uploads.id, sharedResourceTracks.uploadId))
    .where(
      and(
        filter.shareId !== undefined ? eq(sharedResourceTracks.shareId, filter.shareId) : undefined,
        filter.sharedById !== undefined ? eq(sharedResources.sharedById, filter.sharedById) : undefined,
      ),
    )
    .orderBy(desc(sharedResourceTracks.lastAt), desc(sharedResourceTracks.id))
    .limit(limit);
}

/** Whether every upload of `uploadIds` is one `userId` reaches through a share (the activity editor's reuse check). */
export async function reusableUploads(db: Db, uploadIds: readonly number[], orgId: number, userId: number): Promise<Set<number>> {
  const out = new Set<number>();
  for (const id of uploadIds) if (await shareReachesUpload(db, id, orgId, userId)) out.add(id);
  return out;
}
