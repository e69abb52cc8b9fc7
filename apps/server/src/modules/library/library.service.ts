import {
  LIBRARY_QUOTA_NEAR,
  invalidNameChars,
  type LibraryAddFilesBody,
  type LibraryCopyBody,
  type LibraryFolderBody,
  type LibraryFolderTree,
  type LibraryItem,
  type LibraryItemPatch,
  type LibraryList,
  type LibraryListQuery,
  type LibrarySettings,
  type LibrarySettingsBody,
  type LibraryTagList,
  type LibraryTrash,
  type LibraryUsage,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { listCourseReuses } from '../course-resources/course-resources.repository.js';
import { listFileHolders } from '../activities/activities.repository.js';
import { emit, transaction } from '../events/events.service.js';
import { derivedPrefix, enqueueProcessing } from '../uploads/processing-registry.js';
import type { UploadCreationCheck, UploadDeletion } from '../uploads/upload-parents.js';
import { findLiveUpload, insertUpload, lockLiveUploads, reparentUploads, type UploadRow } from '../uploads/uploads.repository.js';
import { randomUUID } from 'node:crypto';
import { LIBRARY_DEFAULTS, libraryLimits } from './library.limits.js';
import { findOrgSettings, mergeOrgSettings, type OrgSettings } from '../orgs/orgs.repository.js';
import { assertManagesOrganisation } from '../orgs/orgs.policy.js';
import { ITEM_NOT_FOUND } from './library.policy.js';
import {
  LIBRARY_PARENT,
  ancestorsOf,
  childFolders,
  countFolders,
  deleteItems,
  findItemOfUpload,
  insertItems,
  listChildren,
  listFolders,
  listTrash,
  listTrashRootIds,
  lockItem,
  markUploadsDeleted,
  replaceTags,
  searchItems,
  shiftSubtreeDepth,
  siblingNames,
  storageUsed,
  subtreeOf,
  tagCounts,
  tagsOf,
  topStorageUsers,
  trashSubtree,
  untrash,
  updateItem,
  type LibraryItemRow,
  type LibraryListRow,
} from './library.repository.js';
import { bumpLibraryOwner, libraryCacheOf } from './library-cache.js';

/**
 * My library (issue 19 §1, decision 0132): an instructor's folders and files (uploads with parent
 * type `library`), tags, search, sort and pages, move/copy/rename, a trash (restore, purge), and
 * the storage quota every new upload is checked against (registered with the uploads module).
 * Errors name the field with a message key of the web's `library.errors` (e.g. `library.nameTaken`).
 */

const MAX_FOLDER_LIST = 5000;

const fieldError = (field: string, key: string) => AppError.field(field, key);

function toIso(d: Date | string): string {
  return (d instanceof Date ? d : new Date(d)).toISOString();
}

function present(row: LibraryListRow, tags: Map<number, string[]>): LibraryItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    parent_id: row.parentId,
    size: row.kind === 'file' ? Number(row.size) : 0,
    tags: tags.get(row.id) ?? [],
    upload: row.upload
      ? {
          id: row.upload.id,
          name: row.upload.name,
          type: row.upload.type,
          status: row.upload.status,
          size: Number(row.upload.size),
          mime_type: row.upload.mimeType,
        }
      : null,
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
    trashed_at: row.trashedAt ? toIso(row.trashedAt) : null,
  };
}

async function presentRows(db: Db, rows: LibraryListRow[]): Promise<LibraryItem[]> {
  const tags = await tagsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, tags));
}

/** One item as the list answers it (its upload read again). Two statements. */
async function presentItem(
  db: Db,
  item: LibraryItemRow,
  upload?: Pick<UploadRow, 'id' | 'name' | 'type' | 'status' | 'size' | 'mimeType'>,
): Promise<LibraryItem> {
  const tags = await tagsOf(db, [item.id]);
  return present(
    {
      ...item,
      upload: upload ? { id: upload.id, name: upload.name, type: upload.type, status: upload.status, size: upload.size, mimeType: upload.mimeType } : null,
    },
    tags,
  );
}

/** A trimmed, valid item name, else 400 naming `field` (`library.nameRequired`, `library.nameInvalid`). */
function checkName(raw: string, field = 'name'): string {
  const name = raw.trim();
  if (!name) throw fieldError(field, 'library.nameRequired');
  if (invalidNameChars(name).length > 0 || name.includes('/') || name === '.' || name === '..') throw fieldError(field, 'library.nameInvalid');
  return name;
}

/** Tags trimmed, without blanks and duplicates (case-insensitive). */
function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of tags.map((x) => x.trim()).filter(Boolean)) {
    if (seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}

/** `name`, or `name (2)`, `name (3)`… (before the extension) the first not in `taken` (lower-cased); adds it to `taken`. */
function freeName(name: string, taken: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** A live folder of the actor to put things in (null: the root), else 400 naming `field` (`library.folderMissing`). */
async function targetFolder(db: Db, actor: Actor, folderId: number | null, field: string): Promise<LibraryItemRow | null> {
  if (folderId === null) return null;
  const folder = await lockItem(db, folderId);
  if (!folder || folder.ownerId !== actor.id || folder.kind !== 'folder' || folder.trashedAt) throw fieldError(field, 'library.folderMissing');
  return folder;
}

/** Runs a write; a unique violation (a live sibling of the same name) becomes 400 naming `field` (`library.nameTaken`). */
async function uniquely<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(field, 'library.nameTaken');
    throw error;
  }
}

/**
 * `GET /api/library/items` as sent (UTF-8 JSON of a LibraryList): from the owner's answer cache
 * when it holds a fresh one (library-cache.ts: no statement), else listLibrary's answer, kept.
 * Errors as listLibrary (never cached).
 */
export async function listLibraryAnswer(deps: AppDeps, actor: Actor, query: LibraryListQuery): Promise<Buffer> {
  const key = JSON.stringify([actor.id, actor.orgId, actor.role, query]);
  return libraryCacheOf(deps).answer(key, actor.id, () => listLibrary(deps, actor, query));
}

/** `GET /api/library/items`: a folder's items (folder_id; the root without), or search results (q, tag) across the library. */
export async function listLibrary(deps: AppDeps, actor: Actor, query: LibraryListQuery): Promise<LibraryList> {
  const { ownerId, item } = query.folder_id
    ? await authorize(deps, actor, 'library.read', { itemId: query.folder_id })
    : await authorize(deps, actor, 'library.read', {});
  const paging = { sort: query.sort, order: query.order, page: query.page, pageSize: query.page_size };
  const q = query.q?.trim();
  const tag = query.tag?.trim();
  if (q || tag) {
    const { rows, total } = await searchItems(deps.db, ownerId, { q, tag }, paging);
    return {
      folder: null,
      breadcrumbs: [],
      items: await presentRows(deps.db, rows),
      page: query.page,
      page_size: query.page_size,
      pages: Math.ceil(total / query.page_size),
      total,
    };
  }
  if (item && (item.kind !== 'folder' || item.trashedAt)) throw ITEM_NOT_FOUND();
  const [{ rows, total }, crumbs] = await Promise.all([
    listChildren(deps.db, ownerId, item?.id ?? null, paging),
    item ? ancestorsOf(deps.db, item.id) : Promise.resolve([]),
  ]);
  return {
    folder: item ? { id: item.id, name: item.name } : null,
    breadcrumbs: crumbs.map((c) => ({ id: c.id, name: c.name })),
    items: await presentRows(deps.db, rows),
    page: query.page,
    page_size: query.page_size,
    pages: Math.ceil(total / query.page_size),
    total,
  };
}

/** `GET /api/library/folders`: every live folder (the tree, move and copy targets). */
export async function folderTree(deps: AppDeps, actor: Actor): Promise<LibraryFolderTree> {
  const { ownerId } = await authorize(deps, actor, 'library.read', {});
  const rows = await listFolders(deps.db, ownerId, MAX_FOLDER_LIST + 1);
  return { folders: rows.slice(0, MAX_FOLDER_LIST).map((r) => ({ id: r.id, name: r.name, parent_id: r.parentId })), truncated: rows.length > MAX_FOLDER_LIST };
}

/** `GET /api/library/tags`. */
export async function libraryTags(deps: AppDeps, actor: Actor): Promise<LibraryTagList> {
  const { ownerId } = await authorize(deps, actor, 'library.read', {});
  return { tags: await tagCounts(deps.db, ownerId) };
}

/** `GET /api/library/usage`: bytes used and allowed, for the user and the organisation, and the folder limits. */
export async function libraryUsage(deps: AppDeps, actor: Actor): Promise<LibraryUsage> {
  const { ownerId, orgId } = await authorize(deps, actor, 'library.read', {});
  const [limits, used] = await Promise.all([libraryLimits(deps, orgId), storageUsed(deps.db, ownerId, orgId)]);
  return {
    user: { used: used.user, quota: limits.userQuotaBytes },
    org: { used: used.org, quota: limits.orgQuotaBytes },
    limits: { max_folder_depth: limits.maxFolderDepth, max_folders: limits.maxFolders },
  };
}

/** 400 naming `field` unless `more` folders more stay within the organisation's count (`library.folderLimit`). */
async function checkFolderCount(db: Db, ownerId: number, maxFolders: number, more: number, field: string): Promise<void> {
  if (more > 0 && (await countFolders(db, ownerId)) + more > maxFolders) throw fieldError(field, 'library.folderLimit');
}

/** `POST /api/library/folders`: a new folder (depth and count within the organisation's limits). */
export async function createFolder(deps: AppDeps, actor: Actor, body: LibraryFolderBody): Promise<LibraryItem> {
  const { ownerId, orgId } = await authorize(deps, actor, 'library.write', {});
  const name = checkName(body.name);
  const limits = await libraryLimits(deps, orgId);
  const row = await transaction(deps, async (tx) => {
    const parent = await targetFolder(tx, actor, body.parent_id ?? null, 'parent_id');
    const depth = (parent?.depth ?? 0) + 1;
    if (depth > limits.maxFolderDepth) throw fieldError('parent_id', 'library.folderTooDeep');
    await checkFolderCount(tx, ownerId, limits.maxFolders, 1, 'parent_id');
    const [created] = await uniquely('name', () => insertItems(tx, [{ orgId, ownerId, kind: 'folder', parentId: parent?.id ?? null, name, depth }]));
    return created!;
  });
  return presentItem(deps.db, row);
}

/**
 * `POST /api/library/files`: the actor's own received personal uploads move into the library (parent
 * type `library`), into `folder_id` or the sub-folders a folder upload's paths name (made on the way,
 * within the limits); a name already in a folder gets ` (2)`. 400 naming `upload_ids` or `folder_id`.
 */
export async function addFiles(deps: AppDeps, actor: Actor, body: LibraryAddFilesBody): Promise<{ items: LibraryItem[] }> {
  const { ownerId, orgId } = await authorize(deps, actor, 'library.write', {});
  const limits = await libraryLimits(deps, orgId);
  const ids = body.upload_ids;
  if (new Set(ids).size !== ids.length) throw fieldError('upload_ids', 'library.fileTwice');
  const tags = cleanTags(body.tags ?? []);
  const made = await transaction(deps, async (tx) => {
    const base = await targetFolder(tx, actor, body.folder_id ?? null, 'folder_id');
    const files = await lockLiveUploads(tx, ids);
    for (const id of ids) {
      const f = files.find((r) => r.id === id);
      if (!f || f.orgId !== orgId || f.ownerId !== ownerId || f.parentType !== 'user') throw fieldError('upload_ids', 'library.notYourUpload');
      if (!f.receivedAt) throw fieldError('upload_ids', 'library.uploadUnfinished');
    }
    // Folders a folder upload names, made under the base folder as needed (path → folder).
    const folders = new Map<string, LibraryItemRow | null>([['', base]]);
    const children = new Map<number | null, Map<string, LibraryItemRow>>();
    let newFolders = 0;
    const folderFor = async (path: string): Promise<LibraryItemRow | null> => {
      if (folders.has(path)) return folders.get(path)!;
      const cut = path.lastIndexOf('/');
      const parent = await folderFor(cut < 0 ? '' : path.slice(0, cut));
      const name = checkName(cut < 0 ? path : path.slice(cut + 1), 'upload_ids');
      const key = parent?.id ?? null;
      if (!children.has(key)) children.set(key, await childFolders(tx, ownerId, key));
      let folder = children.get(key)!.get(name.toLowerCase());
      if (!folder) {
        const depth = (parent?.depth ?? 0) + 1;
        if (depth > limits.maxFolderDepth) throw fieldError('folder_id', 'library.folderTooDeep');
        newFolders++;
        await checkFolderCount(tx, ownerId, limits.maxFolders, newFolders === 1 ? 1 : 0, 'folder_id');
        [folder] = await uniquely('upload_ids', () => insertItems(tx, [{ orgId, ownerId, kind: 'folder', parentId: key, name, depth }]));
        children.get(key)!.set(name.toLowerCase(), folder!);
      }
      folders.set(path, folder!);
      return folder!;
    };
    const taken = new Map<number | null, Set<string>>();
    const values = [];
    for (const id of ids) {
      const f = files.find((r) => r.id === id)!;
      const folder = await folderFor(f.meta.folder ?? '');
      const key = folder?.id ?? null;
      if (!taken.has(key)) taken.set(key, await siblingNames(tx, ownerId, key));
      values.push({
        orgId,
        ownerId,
        kind: 'file' as const,
        parentId: key,
        name: freeName(f.name, taken.get(key)!),
        depth: (folder?.depth ?? 0) + 1,
        uploadId: f.id,
        size: f.size,
      });
    }
    if (newFolders > 1) await checkFolderCount(tx, ownerId, limits.maxFolders, 0, 'folder_id');
    const rows = await insertItems(tx, values);
    await reparentUploads(tx, ids, LIBRARY_PARENT, ownerId);
    await replaceTags(
      tx,
      ownerId,
      rows.map((r) => r.id),
      tags,
    );
    return { rows, files };
  });
  const byUpload = new Map(made.files.map((f) => [f.id, f]));
  const tagMap = new Map(made.rows.map((r) => [r.id, tags]));
  return { items: made.rows.map((r) => present({ ...r, upload: uploadView(byUpload.get(r.uploadId!)!) }, tagMap)) };
}

function uploadView(u: UploadRow): LibraryListRow['upload'] {
  return { id: u.id, name: u.name, type: u.type, status: u.status, size: u.size, mimeType: u.mimeType };
}

/**
 * `PUT /api/library/items/{itemId}`: rename (`name`), move (`folder_id`), tags. 400 naming the field:
 * `name` (required, invalid, taken), `folder_id` (missing, into itself, too deep, name taken there).
 */
export async function changeItem(deps: AppDeps, actor: Actor, itemId: number, patch: LibraryItemPatch): Promise<LibraryItem> {
  const { ownerId, orgId } = await authorize(deps, actor, 'library.write', { itemId });
  const name = patch.name !== undefined ? checkName(patch.name) : undefined;
  const limits = await libraryLimits(deps, orgId);
  const row = await transaction(deps, async (tx) => {
    const item = await lockItem(tx, itemId);
    if (!item || item.trashedAt) throw ITEM_NOT_FOUND();
    const values: Partial<LibraryItemRow> = {};
    if (name !== undefined) values.name = name;
    if (patch.folder_id !== undefined && patch.folder_id !== item.parentId) {
      const target = await targetFolder(tx, actor, patch.folder_id, 'folder_id');
      if (target && item.kind === 'folder') {
        const path = await ancestorsOf(tx, target.id);
        if (path.some((p) => p.id === item.id)) throw fieldError('folder_id', 'library.moveIntoItself');
      }
      const depth = (target?.depth ?? 0) + 1;
      if (item.kind === 'folder') {
        const below = await subtreeOf(tx, item.id);
        const deepest = Math.max(...below.filter((b) => b.kind === 'folder').map((b) => b.depth));
        if (deepest - item.depth + depth > limits.maxFolderDepth) throw fieldError('folder_id', 'library.folderTooDeep');
      }
      await shiftSubtreeDepth(tx, item.id, depth - item.depth);
      values.parentId = target?.id ?? null;
      values.depth = depth;
    }
    const updated = await uniquely(name !== undefined ? 'name' : 'folder_id', () => updateItem(tx, item.id, values));
    if (patch.tags !== undefined) await replaceTags(tx, ownerId, [item.id], cleanTags(patch.tags));
    return updated;
  });
  return presentOf(deps, row);
}

/** An item with its upload (a file's), as answered after a write. Two or three statements. */
async function presentOf(deps: AppDeps, row: LibraryItemRow): Promise<LibraryItem> {
  if (!row.uploadId) return presentItem(deps.db, row);
  return presentItem(deps.db, row, await findLiveUpload(deps.db, row.uploadId));
}

/** A new storage key for a copied file's bytes. */
function copyKey(now = new Date()): string {
  return `uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
}

/**
 * `POST /api/library/items/{itemId}/copy`: a copy of a file or a folder (with its live items) into
 * `folder_id`; the bytes are copied (a new upload each, processed again) and count against the quota.
 */
export async function copyItem(deps: AppDeps, actor: Actor, itemId: number, body: LibraryCopyBody): Promise<LibraryItem> {
  const { ownerId, orgId, item: found } = await authorize(deps, actor, 'library.write', { itemId });
  if (!found || found.trashedAt) throw ITEM_NOT_FOUND();
  const item = found;
  const limits = await libraryLimits(deps, orgId);
  const tree = (await subtreeOf(deps.db, item.id)).filter((n) => !n.trashedAt);
  const fileNodes = tree.filter((n) => n.kind === 'file');
  if (fileNodes.length > 500) throw fieldError('folder_id', 'library.copyTooLarge');
  const bytes = fileNodes.reduce((s, n) => s + n.size, 0);
  await checkQuota(deps, actor, bytes);
  const sources = new Map<number, UploadRow>();
  for (const n of fileNodes) {
    const u = await findLiveUpload(deps.db, n.uploadId!);
    if (u) sources.set(n.id, u);
  }
  // Bytes first (outside the transaction); removed again if the write fails.
  const keys = new Map<number, string>();
  try {
    for (const [nodeId, u] of sources) {
      const key = copyKey();
      if (u.type !== 'link' && u.receivedAt) await deps.storage.compose(key, [u.key]);
      keys.set(nodeId, key);
    }
    const { root, uploadsMade } = await transaction(deps, async (tx) => {
      const target = await targetFolder(tx, actor, body.folder_id ?? null, 'folder_id');
      if (target && item.kind === 'folder' && (await ancestorsOf(tx, target.id)).some((p) => p.id === item.id))
        throw fieldError('folder_id', 'library.moveIntoItself');
      const shift = (target?.depth ?? 0) + 1 - item.depth;
      const folderNodes = tree.filter((n) => n.kind === 'folder');
      if (folderNodes.length > 0 && Math.max(...folderNodes.map((n) => n.depth)) + shift > limits.maxFolderDepth)
        throw fieldError('folder_id', 'library.folderTooDeep');
      await checkFolderCount(tx, ownerId, limits.maxFolders, folderNodes.length, 'folder_id');
      const rootName = freeName(item.name, await siblingNames(tx, ownerId, target?.id ?? null));
      const newIds = new Map<number, number>();
      const made: UploadRow[] = [];
      let rootRow: LibraryItemRow | undefined;
      for (const n of tree) {
        const parentId = n.id === item.id ? (target?.id ?? null) : newIds.get(n.parentId!)!;
        let uploadId: number | null = null;
        let size = 0;
        const u = sources.get(n.id);
        if (n.kind === 'file') {
          if (!u) continue;
          const copy = await insertUpload(tx, {
            orgId,
            ownerId,
            key: keys.get(n.id)!,
            name: u.name,
            size: u.size,
            type: u.type,
            mimeType: u.mimeType,
            status: u.type === 'link' ? 'ready' : u.receivedAt ? 'processing' : u.status,
            storageType: u.storageType,
            parentType: LIBRARY_PARENT,
            parentId: ownerId,
            source: u.source,
            isAllowDownload: u.isAllowDownload,
            sha256: u.sha256,
            receivedAt: u.receivedAt,
            // A copy is not reused in the original's courses (meta.courseIds, decision 0131).
            meta: u.type === 'link' ? { ...u.meta, courseIds: undefined } : {},
          });
          made.push(copy);
          uploadId = copy.id;
          size = copy.size;
        }
        const [row] = await insertItems(tx, [
          { orgId, ownerId, kind: n.kind, parentId, name: n.id === item.id ? rootName : n.name, depth: n.depth + shift, uploadId, size },
        ]);
        newIds.set(n.id, row!.id);
        if (n.id === item.id) rootRow = row;
      }
      const tags = await tagsOf(tx, [...newIds.keys()]);
      for (const [oldId, names] of tags) await replaceTags(tx, ownerId, [newIds.get(oldId)!], names);
      return { root: rootRow!, uploadsMade: made };
    });
    for (const u of uploadsMade) if (u.type !== 'link' && u.receivedAt) await enqueueProcessing(deps, u);
    return presentOf(deps, root);
  } catch (error) {
    for (const key of keys.values()) await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** `DELETE /api/library/items/{itemId}`: into the trash with everything under it. */
export async function trashItem(deps: AppDeps, actor: Actor, itemId: number): Promise<void> {
  await authorize(deps, actor, 'library.write', { itemId });
  await transaction(deps, async (tx) => {
    const item = await lockItem(tx, itemId);
    if (!item || item.trashedAt) throw ITEM_NOT_FOUND();
    await trashSubtree(tx, item.id, new Date());
  });
}

/**
 * `DELETE /api/uploads/{id}` of a library file by its owner (registered as the `library` parent's
 * upload deletion, decision 0132): the file goes into the library's trash like
 * `DELETE /api/library/items/{id}` — restorable, its bytes kept and its size still counted in the
 * quota until purged; activities and courses using it no longer open it meanwhile. Already in the
 * trash: nothing more. False (the uploads module deletes the upload) when no library item holds it.
 */
export const trashLibraryUpload: UploadDeletion = async (deps, actor, row) => {
  if (row.ownerId !== actor.id) return false;
  const trashed = await transaction(deps, async (tx) => {
    const found = await findItemOfUpload(tx, row.id);
    const item = found ? await lockItem(tx, found.id) : undefined;
    if (!item) return false;
    if (!item.trashedAt) await trashSubtree(tx, item.id, new Date());
    return true;
  });
  if (trashed) await bumpLibraryOwner(deps, actor.id);
  return trashed;
};

/** `GET /api/library/trash`: what was deleted, last first. */
export async function trashList(deps: AppDeps, actor: Actor, query: { page: number; page_size: number }): Promise<LibraryTrash> {
  const { ownerId } = await authorize(deps, actor, 'library.read', {});
  const { rows, total } = await listTrash(deps.db, ownerId, { page: query.page, pageSize: query.page_size });
  return { items: await presentRows(deps.db, rows), page: query.page, page_size: query.page_size, pages: Math.ceil(total / query.page_size), total };
}

/** A trash root of the actor (what one deletion put in the trash), locked; LIBRARY_ITEM_NOT_FOUND otherwise. */
async function trashRoot(tx: Db, itemId: number): Promise<LibraryItemRow> {
  const item = await lockItem(tx, itemId);
  if (!item || !item.trashedAt || item.trashRootId !== item.id) throw ITEM_NOT_FOUND();
  return item;
}

/** `POST /api/library/trash/{itemId}/restore`: back where it was (the root when its folder is gone or in the trash), renamed ` (2)` if its name was taken since. */
export async function restoreItem(deps: AppDeps, actor: Actor, itemId: number): Promise<LibraryItem> {
  const { ownerId } = await authorize(deps, actor, 'library.write', { itemId });
  const row = await transaction(deps, async (tx) => {
    const item = await trashRoot(tx, itemId);
    let parent = item.parentId === null ? null : await lockItem(tx, item.parentId);
    if (parent?.trashedAt) parent = null;
    const parentId = parent?.id ?? null;
    const depth = (parent?.depth ?? 0) + 1;
    const name = freeName(item.name, await siblingNames(tx, ownerId, parentId));
    await shiftSubtreeDepth(tx, item.id, depth - item.depth);
    await untrash(tx, item.id);
    return updateItem(tx, item.id, { parentId, depth, name });
  });
  return presentOf(deps, row);
}

/** Removes what purging deleted from storage (after the commit). */
async function removeBytes(deps: AppDeps, gone: readonly { id: number; key: string }[]): Promise<void> {
  for (const u of gone) {
    await deps.storage.delete(u.key);
    await deps.storage.deletePrefix(derivedPrefix(u.id));
    await deps.storage.deletePrefix(`blocks/${u.id}`);
  }
}

/** Purges trash roots: their items, and the uploads they hold (rows and bytes). 409 LIBRARY_FILE_IN_USE while an activity or a course's resources (decision 0131) use one. */
async function purge(deps: AppDeps, rootIds: readonly number[]): Promise<void> {
  if (rootIds.length === 0) return;
  const gone = await transaction(deps, async (tx) => {
    const nodes = [];
    for (const id of rootIds) {
      await trashRoot(tx, id);
      nodes.push(...(await subtreeOf(tx, id)));
    }
    const uploadIds = nodes.filter((n) => n.uploadId !== null).map((n) => n.uploadId!);
    const holders = await listFileHolders(tx, uploadIds);
    const reuses = await listCourseReuses(tx, uploadIds, false);
    if (holders.length > 0 || reuses.length > 0)
      throw new AppError('LIBRARY_FILE_IN_USE', 'A file is used by a course activity or a course’s resources: remove it there first', {
        item: ['library.fileInUse'],
      });
    await deleteItems(tx, rootIds);
    return markUploadsDeleted(tx, uploadIds);
  });
  await removeBytes(deps, gone);
}

/** `DELETE /api/library/trash/{itemId}`: purge one deletion. */
export async function purgeItem(deps: AppDeps, actor: Actor, itemId: number): Promise<void> {
  await authorize(deps, actor, 'library.write', { itemId });
  await purge(deps, [itemId]);
}

/** `DELETE /api/library/trash`: empty the trash. */
export async function emptyTrash(deps: AppDeps, actor: Actor): Promise<void> {
  const { ownerId } = await authorize(deps, actor, 'library.write', {});
  await purge(deps, await listTrashRootIds(deps.db, ownerId));
}

/**
 * The storage quota (decision 0132): `bytes` more must fit the actor's quota and their organisation's,
 * else 413 QUOTA_EXCEEDED naming `size` (`library.quotaExceeded`, `library.orgQuotaExceeded`). Crossing
 * 90 % of either emits `storage.quota_near` (the notice, once a day at most). Two statements (three when it emits).
 */
export async function checkQuota(deps: AppDeps, actor: Actor, bytes: number): Promise<void> {
  const [limits, used] = await Promise.all([libraryLimits(deps, actor.orgId), storageUsed(deps.db, actor.id, actor.orgId)]);
  if (used.user + bytes > limits.userQuotaBytes)
    throw new AppError('QUOTA_EXCEEDED', 'Your storage quota is used up: delete files or empty the trash first', { size: ['library.quotaExceeded'] });
  if (used.org + bytes > limits.orgQuotaBytes)
    throw new AppError('QUOTA_EXCEEDED', 'Your organisation’s storage quota is used up', { size: ['library.orgQuotaExceeded'] });
  const crossed = (before: number, quota: number) => before < quota * LIBRARY_QUOTA_NEAR && before + bytes >= quota * LIBRARY_QUOTA_NEAR;
  const day = new Date().toISOString().slice(0, 10);
  const events = [
    ...(crossed(used.user, limits.userQuotaBytes) ? [{ scope: 'user' as const, used: used.user + bytes, quota: limits.userQuotaBytes }] : []),
    ...(crossed(used.org, limits.orgQuotaBytes) ? [{ scope: 'org' as const, used: used.org + bytes, quota: limits.orgQuotaBytes }] : []),
  ];
  if (events.length === 0) return;
  await transaction(deps, (tx) =>
    emit(
      deps,
      tx,
      events.map((e) => ({ type: 'storage.quota_near' as const, payload: { user_id: actor.id, org_id: actor.orgId, ...e, day } })),
    ),
  );
}

/** The quota as a creation check of every upload (registered at start-up: courses, personal files, the library alike). */
export const quotaUploadCheck: UploadCreationCheck = async (deps, actor, upload) => checkQuota(deps, actor, upload.size);

/** The organisation settings keys of the library limits (orgs.table.ts), by the API's names. */
const SETTING_KEYS = {
  max_folder_depth: 'libraryMaxFolderDepth',
  max_folders: 'libraryMaxFolders',
  user_quota_bytes: 'userStorageQuotaBytes',
  org_quota_bytes: 'orgStorageQuotaBytes',
} as const;

/**
 * `GET /api/org/library-settings` (issue 19 §1, decision 0132): the organisation's library limits
 * (in force, its own, the defaults) and its storage usage with its ten biggest users. Org admins
 * only (FORBIDDEN otherwise). Three statements, together.
 */
export async function librarySettings(deps: AppDeps, actor: Actor): Promise<LibrarySettings> {
  assertManagesOrganisation(actor, 'Only organisation administrators see the library settings');
  const [settings, used, top] = await Promise.all([
    findOrgSettings(deps.db, actor.orgId),
    storageUsed(deps.db, actor.id, actor.orgId),
    topStorageUsers(deps.db, actor.orgId, 10),
  ]);
  const own = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : null);
  const custom = {
    max_folder_depth: own(settings?.libraryMaxFolderDepth),
    max_folders: own(settings?.libraryMaxFolders),
    user_quota_bytes: own(settings?.userStorageQuotaBytes),
    org_quota_bytes: own(settings?.orgStorageQuotaBytes),
  };
  const defaults = {
    max_folder_depth: LIBRARY_DEFAULTS.maxFolderDepth,
    max_folders: LIBRARY_DEFAULTS.maxFolders,
    user_quota_bytes: LIBRARY_DEFAULTS.userQuotaBytes,
    org_quota_bytes: LIBRARY_DEFAULTS.orgQuotaBytes,
  };
  return {
    effective: {
      max_folder_depth: custom.max_folder_depth ?? defaults.max_folder_depth,
      max_folders: custom.max_folders ?? defaults.max_folders,
      user_quota_bytes: custom.user_quota_bytes ?? defaults.user_quota_bytes,
      org_quota_bytes: custom.org_quota_bytes ?? defaults.org_quota_bytes,
    },
    custom,
    defaults,
    usage: { org_used: used.org, top_users: top.map((u) => ({ id: u.id, name: u.name, user_name: u.userName, used: u.used })) },
  };
}

/**
 * `PUT /api/org/library-settings`: sets any of the limits (null: back to the default; absent: kept).
 * The per-user quota may not exceed the organisation's (400 naming `user_quota_bytes`,
 * `library.userQuotaAboveOrg`). Lowering a quota or a limit below what is used refuses only new
 * uploads and folders, never deletes. Org admins only.
 */
export async function updateLibrarySettings(deps: AppDeps, actor: Actor, body: LibrarySettingsBody): Promise<LibrarySettings> {
  const current = await librarySettings(deps, actor);
  const next = (key: keyof typeof SETTING_KEYS) => (body[key] === undefined ? current.effective[key] : (body[key] ?? current.defaults[key]));
  if (next('user_quota_bytes') > next('org_quota_bytes')) throw AppError.field('user_quota_bytes', 'library.userQuotaAboveOrg');
  const patch: Record<string, number | null> = {};
  for (const key of Object.keys(SETTING_KEYS) as (keyof typeof SETTING_KEYS)[]) if (body[key] !== undefined) patch[SETTING_KEYS[key]] = body[key] ?? null;
  if (Object.keys(patch).length > 0) await mergeOrgSettings(deps.db, actor.orgId, patch as Partial<OrgSettings>);
  return librarySettings(deps, actor);
}
