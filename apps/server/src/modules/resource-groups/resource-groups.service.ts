import {
  USER_ROLE,
  type ItemShares,
  type LibraryItem,
  type ResourceGroup,
  type ResourceGroupBody,
  type ResourceGroupDetail,
  type ResourceGroupList,
  type ResourceGroupMemberBody,
  type ResourceGroupRole,
  type ShareBody,
  type SharedItems,
  type SharedListQuery,
  type SharedResource,
  type SharedResourceList,
  type SharedUploadQuery,
  type ShareTracking,
  type TrackBody,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { emit, transaction } from '../events/events.service.js';
import { audioSource } from '../media/media.service.js';
import { presentPreview } from '../previews/previews.service.js';
import { presentOne, readText } from '../uploads/upload-processing.service.js';
import type { UploadReuseCheck } from '../uploads/upload-parents.js';
import { embedMaterial } from '../uploads/uploads.service.js';
import { GROUP_NOT_FOUND, type ShareGrant } from './resource-groups.policy.js';
import {
  deleteGroup,
  deleteMember,
  deleteShare,
  fileUnder,
  findGroupFor,
  findOrgUser,
  findShareFor,
  folderPathUnder,
  insertGroup,
  insertMember,
  insertShare,
  listFolderItems,
  listGroupsOf,
  listMembers,
  listSharedWith,
  listSharesOfItem,
  listTracks,
  lockMembers,
  recordTrack,
  renameGroup as renameGroupRow,
  reusableUploads,
  searchUnder,
  setMemberRole,
  type ResourceGroupRow,
  type ShareListRow,
  type SharedItemRow,
} from './resource-groups.repository.js';

/**
 * Resource groups and sharing (issue 19 §2, decision 0134). Errors name the field with a message key
 * of the web's `resourceGroups.errors` (e.g. `resourceGroups.nameRequired`).
 */

const MAX_FOLDER_ITEMS = 1000;
const MAX_TRACKS = 1000;

const fieldError = (field: string, key: string) => AppError.field(field, key);
const toIso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function checkName(raw: string): string {
  const name = raw.trim();
  if (!name) throw fieldError('name', 'resourceGroups.nameRequired');
  return name;
}

function presentGroup(group: ResourceGroupRow, role: ResourceGroupRole, memberCount: number): ResourceGroup {
  return { id: group.id, name: group.name, my_role: role, member_count: memberCount, created_at: toIso(group.createdAt) };
}

function presentItem(row: SharedItemRow): LibraryItem {
  const { item, upload } = row;
  return {
    id: item.id,
    kind: item.kind,
    name: item.name,
    parent_id: item.parentId,
    size: item.kind === 'file' ? Number(item.size) : 0,
    tags: [],
    upload: upload
      ? { id: upload.id, name: upload.name, type: upload.type, status: upload.status, size: Number(upload.size), mime_type: upload.mimeType }
      : null,
    created_at: toIso(item.createdAt),
    updated_at: toIso(item.updatedAt),
    trashed_at: null,
  };
}

function presentShare(row: ShareListRow): SharedResource {
  const item = presentItem(row);
  return {
    id: row.share.id,
    item,
    upload: item.upload,
    share_to_kind: row.share.groupId !== null ? 'group' : 'user',
    share_to_id: (row.share.groupId ?? row.share.userId)!,
    group: row.share.groupId !== null ? { id: row.share.groupId, name: row.groupName ?? '' } : null,
    shared_by: { id: row.share.sharedById, name: row.sharedByName },
    shared_at: toIso(row.share.createdAt),
  };
}

// ——— Groups ———

/** `GET /api/resource-groups`: the groups I belong to. One statement. */
export async function listGroups(deps: AppDeps, actor: Actor): Promise<ResourceGroupList> {
  const { orgId } = await authorize(deps, actor, 'resource_group.read', {});
  const rows = await listGroupsOf(deps.db, actor.id, orgId);
  return { groups: rows.map((r) => presentGroup(r.group, r.role, r.memberCount)) };
}

async function groupDetail(deps: AppDeps, group: ResourceGroupRow, role: ResourceGroupRole): Promise<ResourceGroupDetail> {
  const members = await listMembers(deps.db, group.id);
  return {
    ...presentGroup(group, role, members.length),
    members: members.map((m) => ({ user_id: m.userId, name: m.name, user_name: m.userName, role: m.role, added_at: toIso(m.createdAt) })),
  };
}

/** `GET /api/resource-groups/{groupId}`: a group of mine with its members. Two statements. */
export async function getGroup(deps: AppDeps, actor: Actor, groupId: number): Promise<ResourceGroupDetail> {
  const { group, role } = await authorize(deps, actor, 'resource_group.read', { groupId });
  return groupDetail(deps, group!, role!);
}

/** `POST /api/resource-groups`: a new group, its creator its owner. */
export async function createGroup(deps: AppDeps, actor: Actor, body: ResourceGroupBody): Promise<ResourceGroupDetail> {
  const { orgId } = await authorize(deps, actor, 'resource_group.manage', {});
  const name = checkName(body.name);
  const group = await transaction(deps, async (tx) => {
    const row = await insertGroup(tx, { orgId, name, createdById: actor.id });
    await insertMember(tx, row.id, actor.id, 'owner');
    return row;
  });
  return groupDetail(deps, group, 'owner');
}

/** `PUT /api/resource-groups/{groupId}`: rename (owners and managers). */
export async function renameGroup(deps: AppDeps, actor: Actor, groupId: number, body: ResourceGroupBody): Promise<ResourceGroupDetail> {
  const { role } = await authorize(deps, actor, 'resource_group.manage', { groupId });
  const row = await renameGroupRow(deps.db, groupId, checkName(body.name));
  return groupDetail(deps, row, role!);
}

/** `DELETE /api/resource-groups/{groupId}`: the owners only; its shares go with it. */
export async function removeGroup(deps: AppDeps, actor: Actor, groupId: number): Promise<void> {
  const { role } = await authorize(deps, actor, 'resource_group.manage', { groupId });
  if (role !== 'owner') throw new AppError('FORBIDDEN', 'Only the owners of this group delete it');
  await deleteGroup(deps.db, groupId);
}

/** `POST /api/resource-groups/{groupId}/members`: a teacher of the organisation (by id or user name); managers add members and managers, owners anyone. */
export async function addMember(deps: AppDeps, actor: Actor, groupId: number, body: ResourceGroupMemberBody): Promise<ResourceGroupDetail> {
  const { group, role } = await authorize(deps, actor, 'resource_group.manage', { groupId });
  const newRole = body.role ?? 'member';
  if ((body.user_id === undefined) === (body.user_name === undefined || body.user_name.trim() === ''))
    throw fieldError('user_id', 'resourceGroups.userRequired');
  if (newRole === 'owner' && role !== 'owner') throw fieldError('role', 'resourceGroups.roleNotAllowed');
  const user = await findOrgUser(deps.db, group!.orgId, body.user_id !== undefined ? { id: body.user_id } : { userName: body.user_name!.trim() });
  const field = body.user_id !== undefined ? 'user_id' : 'user_name';
  if (!user) throw fieldError(field, 'resourceGroups.userMissing');
  if (user.role !== USER_ROLE.instructor && user.role !== USER_ROLE.admin) throw fieldError(field, 'resourceGroups.notTeacher');
  if (!(await insertMember(deps.db, groupId, user.id, newRole))) throw fieldError(field, 'resourceGroups.alreadyMember');
  return groupDetail(deps, group!, role!);
}

/** `PUT /api/resource-groups/{groupId}/members/{userId}`: an owner changes a member's role; the last owner stays one. */
export async function changeMemberRole(deps: AppDeps, actor: Actor, groupId: number, userId: number, newRole: ResourceGroupRole): Promise<ResourceGroupDetail> {
  const { group, role } = await authorize(deps, actor, 'resource_group.manage', { groupId });
  if (role !== 'owner') throw new AppError('FORBIDDEN', 'Only the owners of this group change roles');
  await transaction(deps, async (tx) => {
    const members = await lockMembers(tx, groupId);
    const member = members.find((m) => m.userId === userId);
    if (!member) throw fieldError('user_id', 'resourceGroups.notMember');
    if (member.role === 'owner' && newRole !== 'owner' && members.filter((m) => m.role === 'owner').length === 1)
      throw fieldError('role', 'resourceGroups.lastOwner');
    await setMemberRole(tx, groupId, userId, newRole);
  });
  const me = userId === actor.id ? newRole : role;
  return groupDetail(deps, group!, me);
}

/** `DELETE /api/resource-groups/{groupId}/members/{userId}`: owners and managers remove members (managers not owners); anyone leaves; the last owner stays. */
export async function removeMember(deps: AppDeps, actor: Actor, groupId: number, userId: number): Promise<void> {
  const { role } = await authorize(deps, actor, userId === actor.id ? 'resource_group.read' : 'resource_group.manage', { groupId });
  await transaction(deps, async (tx) => {
    const members = await lockMembers(tx, groupId);
    const member = members.find((m) => m.userId === userId);
    if (!member) throw fieldError('user_id', 'resourceGroups.notMember');
    if (member.role === 'owner' && userId !== actor.id && role !== 'owner') throw new AppError('FORBIDDEN', 'Only an owner removes another owner');
    if (member.role === 'owner' && members.filter((m) => m.role === 'owner').length === 1) throw fieldError('user_id', 'resourceGroups.lastOwner');
    await deleteMember(tx, groupId, userId);
  });
}

// ——— Shares ———

/**
 * `POST /api/shared-resources`: one of my live library items to a group I belong to, or to a
 * teacher of my organisation (not myself); emits `resource.shared` (the notice). Five statements.
 */
export async function shareItem(deps: AppDeps, actor: Actor, body: ShareBody): Promise<SharedResource> {
  const { orgId } = await authorize(deps, actor, 'shared_resource.share', {});
  let item;
  try {
    ({ item } = await authorize(deps, actor, 'library.read', { itemId: body.item_id }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'LIBRARY_ITEM_NOT_FOUND') throw fieldError('item_id', 'resourceGroups.itemMissing');
    throw error;
  }
  if (!item || item.trashedAt) throw fieldError('item_id', 'resourceGroups.itemMissing');
  let target: { groupId: number | null; userId: number | null };
  if (body.share_to_kind === 'group') {
    const found = await findGroupFor(deps.db, body.share_to_id, actor.id);
    if (!found || found.group.orgId !== orgId || !found.role) throw fieldError('share_to_id', 'resourceGroups.groupMissing');
    target = { groupId: found.group.id, userId: null };
  } else {
    const user = await findOrgUser(deps.db, orgId, { id: body.share_to_id });
    if (!user || user.id === actor.id) throw fieldError('share_to_id', 'resourceGroups.userMissing');
    if (user.role !== USER_ROLE.instructor && user.role !== USER_ROLE.admin) throw fieldError('share_to_id', 'resourceGroups.notTeacher');
    target = { groupId: null, userId: user.id };
  }
  const shareId = await transaction(deps, async (tx) => {
    const row = await insertShare(tx, { orgId, itemId: item.id, sharedById: actor.id, ...target });
    if (!row) throw fieldError('share_to_id', 'resourceGroups.alreadyShared');
    await emit(deps, tx, {
      type: 'resource.shared',
      payload: { share_id: row.id, org_id: orgId, actor_id: actor.id, item_id: item.id, name: item.name, group_id: target.groupId, user_id: target.userId },
    });
    return row.id;
  });
  const row = await findShareFor(deps.db, shareId, orgId, actor.id);
  return presentShare(row!);
}

/** `DELETE /api/shared-resources/{resourceId}`: the sharer withdraws it; nobody it reached opens it any more. One statement more. */
export async function unshare(deps: AppDeps, actor: Actor, shareId: number): Promise<void> {
  await authorize(deps, actor, 'shared_resource.share', { shareId });
  await deleteShare(deps.db, shareId);
}

/** `GET /api/library/items/{itemId}/shares`: to whom one of my items is shared. Two statements. */
export async function itemShares(deps: AppDeps, actor: Actor, itemId: number): Promise<ItemShares> {
  await authorize(deps, actor, 'shared_resource.share', {});
  const { item } = await authorize(deps, actor, 'library.read', { itemId });
  return { resources: (await listSharesOfItem(deps.db, item!.id)).map(presentShare) };
}

/** `GET /api/shared-resources`: shared with me (to me or to my groups), last first; `group_id` one group of mine. One statement (two with a group). */
export async function sharedWithMe(deps: AppDeps, actor: Actor, query: SharedListQuery): Promise<SharedResourceList> {
  const { orgId } = await authorize(deps, actor, 'shared_resource.read', {});
  if (query.group_id !== undefined) {
    const found = await findGroupFor(deps.db, query.group_id, actor.id);
    if (!found || found.group.orgId !== orgId || !found.role) throw GROUP_NOT_FOUND();
  }
  const q = query.q?.trim();
  const { rows, total } = await listSharedWith(
    deps.db,
    actor.id,
    orgId,
    { groupId: query.group_id, q: q || undefined },
    { page: query.page, pageSize: query.page_size },
  );
  return { resources: rows.map(presentShare), page: query.page, page_size: query.page_size, pages: Math.ceil(total / query.page_size), total };
}

/** `GET /api/shared-resources/{resourceId}`: one share reaching me (or mine). One statement. */
export async function getShare(deps: AppDeps, actor: Actor, shareId: number): Promise<SharedResource> {
  const { share } = await authorize(deps, actor, 'shared_resource.read', { shareId });
  return presentShare(share!);
}

/** `GET /api/shared-resources/{resourceId}/items`: a folder inside a shared folder, or `q` across the shared folder. Two or three statements. */
export async function sharedItems(deps: AppDeps, actor: Actor, shareId: number, query: { folder_id?: number; q?: string }): Promise<SharedItems> {
  const { share } = await authorize(deps, actor, 'shared_resource.read', { shareId });
  const root = share!.item;
  if (root.kind !== 'folder') throw fieldError('resource_id', 'resourceGroups.notAFolder');
  const q = query.q?.trim();
  if (q) {
    const rows = await searchUnder(deps.db, root.id, q, MAX_FOLDER_ITEMS + 1);
    return {
      folder: { id: root.id, name: root.name },
      breadcrumbs: [{ id: root.id, name: root.name }],
      items: rows.slice(0, MAX_FOLDER_ITEMS).map(presentItem),
      truncated: rows.length > MAX_FOLDER_ITEMS,
    };
  }
  const path =
    query.folder_id === undefined || query.folder_id === root.id
      ? [{ id: root.id, name: root.name }]
      : await folderPathUnder(deps.db, query.folder_id, root.id);
  if (!path) throw fieldError('folder_id', 'resourceGroups.folderMissing');
  const folder = path[path.length - 1]!;
  const rows = await listFolderItems(deps.db, folder.id, MAX_FOLDER_ITEMS + 1);
  return { folder, breadcrumbs: path, items: rows.slice(0, MAX_FOLDER_ITEMS).map(presentItem), truncated: rows.length > MAX_FOLDER_ITEMS };
}

/**
 * The file of a share a viewer route opens: the shared file, or `uploadId` inside the shared folder
 * (live, under it), else 400 naming upload_id (`resourceGroups.fileNotShared`). None or one statement.
 */
async function fileOf(deps: AppDeps, grant: Partial<ShareGrant>, uploadId: number | undefined): Promise<number> {
  const { item, upload } = grant.share!;
  if (uploadId === undefined) {
    if (item.kind !== 'file' || !upload) throw fieldError('upload_id', 'resourceGroups.fileNotShared');
    return upload.id;
  }
  if (upload && upload.id === uploadId) return uploadId;
  if (item.kind !== 'folder' || !(await fileUnder(deps.db, uploadId, item.id))) throw fieldError('upload_id', 'resourceGroups.fileNotShared');
  return uploadId;
}

/** The share and its file for a viewer route, the open counted for whom it reaches (not its sharer). */
async function openShared(deps: AppDeps, actor: Actor, shareId: number, uploadId: number | undefined, track: boolean): Promise<number> {
  const grant = await authorize(deps, actor, 'shared_resource.read', { shareId });
  const id = await fileOf(deps, grant, uploadId);
  if (track && !grant.isSharer) await recordTrack(deps.db, { shareId, userId: actor.id, uploadId: id, how: 'open' });
  return id;
}

/** `GET /api/shared-resources/{resourceId}/uploads`: the answer of `GET /api/uploads/{id}` (with `preview=true` its preview) for the shared file; counts the open. */
export async function sharedUpload(deps: AppDeps, actor: Actor, shareId: number, query: SharedUploadQuery) {
  const uploadId = await openShared(deps, actor, shareId, query.upload_id, true);
  const upload = await presentOne(deps, actor, uploadId);
  if (query.preview !== 'true') return upload;
  const { row } = await authorize(deps, actor, 'upload.read', { uploadId });
  return { ...(await presentPreview(deps, row)), videos: upload.videos };
}

/** `GET /api/shared-resources/{resourceId}/text`. */
export async function sharedText(deps: AppDeps, actor: Actor, shareId: number, query: SharedUploadQuery) {
  return readText(deps, actor, await openShared(deps, actor, shareId, query.upload_id, false), query.preview === 'true');
}

/** `GET /api/shared-resources/{resourceId}/audios`. */
export async function sharedAudio(deps: AppDeps, actor: Actor, shareId: number, query: SharedUploadQuery) {
  return audioSource(deps, actor, await openShared(deps, actor, shareId, query.upload_id, false), undefined);
}

/** `GET /api/shared-resources/{resourceId}/evercams`: the embedded online video. */
export async function sharedEvercam(deps: AppDeps, actor: Actor, shareId: number, query: SharedUploadQuery) {
  return embedMaterial(deps, actor, await openShared(deps, actor, shareId, query.upload_id, false));
}

/** `POST /api/shared-resources/{resourceId}/track`: I opened or reused the shared file (or one inside the shared folder). */
export async function trackShare(deps: AppDeps, actor: Actor, shareId: number, body: TrackBody): Promise<void> {
  const grant = await authorize(deps, actor, 'shared_resource.read', { shareId });
  const uploadId = await fileOf(deps, grant, body.upload_id);
  if (!grant.isSharer) await recordTrack(deps.db, { shareId, userId: actor.id, uploadId, how: body.how });
}

function presentTracks(rows: Awaited<ReturnType<typeof listTracks>>): ShareTracking {
  return {
    tracks: rows.slice(0, MAX_TRACKS).map((r) => ({
      resource_id: r.shareId,
      item_name: r.itemName,
      user: { id: r.userId, name: r.userName },
      upload: { id: r.uploadId, name: r.uploadName },
      how: r.how,
      count: r.count,
      first_at: toIso(r.firstAt),
      last_at: toIso(r.lastAt),
    })),
    truncated: rows.length > MAX_TRACKS,
  };
}

/** `GET /api/shared-resources/{resourceId}/tracking`: who opened or reused a share of mine. Two statements. */
export async function shareTracking(deps: AppDeps, actor: Actor, shareId: number): Promise<ShareTracking> {
  await authorize(deps, actor, 'shared_resource.share', { shareId });
  return presentTracks(await listTracks(deps.db, { shareId }, MAX_TRACKS + 1));
}

/** `GET /api/shared-resources/tracking`: who opened or reused any share of mine (the track-user-resource page). One statement. */
export async function myTracking(deps: AppDeps, actor: Actor): Promise<ShareTracking> {
  await authorize(deps, actor, 'shared_resource.share', {});
  return presentTracks(await listTracks(deps.db, { sharedById: actor.id }, MAX_TRACKS + 1));
}

/**
 * The reuse check the activity editor runs (registered for upload parent `library`): of `uploadIds`,
 * the library files shared with the actor (to them or their groups), which they may put in an
 * activity of their course by reference. One statement per file.
 */
export const sharedUploadReuse: UploadReuseCheck = async (deps, actor, uploadIds) => reusableUploads(deps.db, uploadIds, actor.orgId, actor.id);
