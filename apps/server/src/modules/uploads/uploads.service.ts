import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import mime from 'mime-types';
import {
  checkUploadFile,
  checkUploadFolder,
  extensionOf,
  invalidNameChars,
  parseOnlineVideoUrl,
  uploadTypeOf,
  type CreateUploadBody,
  type EmbedMaterial,
  type Upload,
  type UploadSettings,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { PayloadLimitError, readHead, type StoredObject } from '../../storage/object-store.js';
import { derivedPrefix, enqueueProcessing } from './processing-registry.js';
import { authorize } from '../access/authorize.js';
import { may } from '../courses/courses.policy.js';
import { DEFAULT_ORG_SETTINGS, findOrgSettings } from '../orgs/orgs.repository.js';
import { sniffContent } from './magic-bytes.js';
import { signMediaUrl } from '../media/signed-url.js';
import { presentUpload, type MediaSigner } from './uploads.presenter.js';
import { accessToParent, learnerFileStates, type UploadAccessKind } from './uploads.policy.js';
import { runUploadCreationChecks, uploadDeletion } from './upload-parents.js';
import {
  findLiveUpload,
  insertUpload,
  listUploadsOfParent,
  listVideosOf,
  markDeleted,
  markReceived,
  type UploadRow,
  type UploadVideoRow,
} from './uploads.repository.js';

import { NOT_FOUND_MESSAGE } from './uploads.policy.js';
export { EXAM_MEDIA_MESSAGE, NOT_FOUND_MESSAGE } from './uploads.policy.js';

/** A fresh storage key `uploads/<yyyy>/<mm>/<uuid>`: never derived from the user's file name. */
function newStorageKey(now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `uploads/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

/** `GET /api/uploads/settings`: the organisation's upload rules for the uploader (spec §3 Org settings). */
export async function uploadSettings(deps: AppDeps, actor: Actor): Promise<UploadSettings> {
  const s = await orgSettings(deps, actor.orgId);
  return {
    maxLevelInUploadFolder: s.maxLevelInUploadFolder,
    maxFileCountInUploadFolder: s.maxFileCountInUploadFolder,
    checkUploadExtension: s.checkUploadExtension,
    maxUploadBytes: deps.config.maxUploadBytes,
  };
}

async function orgSettings(deps: AppDeps, orgId: number) {
  const settings = await findOrgSettings(deps.db, orgId);
  return { ...DEFAULT_ORG_SETTINGS, ...settings };
}

/**
 * `POST /api/uploads` (spec §3 Upload-creation payload, §4 lifecycle: created on
 * the server first). Checks spec §5's rules with the organisation's settings and
 * the actor's right to add files to the parent; answers the upload with its
 * `upload_url`. Throws VALIDATION_FAILED with `errors` naming `name` or `size`
 * (values are spec message keys), FORBIDDEN, COURSE_NOT_FOUND.
 */
export async function createUpload(deps: AppDeps, actor: Actor, input: CreateUploadBody): Promise<Upload> {
  if (input.embed_material_type !== undefined) return createEmbeddedVideo(deps, actor, input);
  const settings = await orgSettings(deps, actor.orgId);
  const violations: { key: string; field: string; values?: Record<string, string | number> }[] = checkUploadFile(input, {
    maxBytes: deps.config.maxUploadBytes,
    checkExtension: settings.checkUploadExtension,
  });
  if (input.relative_path !== undefined) {
    const folders = input.relative_path.split('/').slice(0, -1);
    const badChars = folders.flatMap(invalidNameChars);
    if (badChars.length > 0 || folders.some((f) => f === '..' || f === '.'))
      violations.push({ key: 'fileUpload.nameError', field: 'relative_path', values: { chars: [...new Set(badChars)].join(' ') } });
    const paths = [input.relative_path, ...Array.from({ length: Math.max(0, (input.folder_file_count ?? 1) - 1) }, () => 'x')];
    violations.push(...checkUploadFolder(paths, { maxLevel: settings.maxLevelInUploadFolder, maxCount: settings.maxFileCountInUploadFolder }));
  }
  if (violations.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const v of violations) (errors[v.field] ??= []).push(v.key);
    const first = violations[0]!;
    const detail = first.values ? ` (${Object.values(first.values).join(', ')})` : '';
    throw new AppError('VALIDATION_FAILED', `${first.field}: ${first.key}${detail}`, errors);
  }
  const parentId = await parentIdFor(deps, actor, input);
  await runUploadCreationChecks(deps, actor, { size: input.size, parentType: input.parent_type, parentId });
  const folder = folderOfRelativePath(input.relative_path);
  const row = await insertUpload(deps.db, {
    orgId: actor.orgId,
    ownerId: actor.id,
    key: newStorageKey(),
    name: input.name.trim(),
    size: input.size,
    type: input.is_scorm ? 'scorm' : uploadTypeOf(input.name),
    status: 'processing',
    storageType: deps.storage.storageType,
    parentType: input.parent_type,
    parentId,
    source: input.source ?? null,
    // A folder upload keeps its folder (`Week 1/Slides` of `Week 1/Slides/a.pdf`) for the course resources page (issue 19 §3).
    meta: folder ? { folder } : {},
  });
  return presentUpload(row);
}

/** The folder part of a folder upload's relative path (`a/b/c.pdf` → `a/b`), or null for a file outside a folder. */
function folderOfRelativePath(relativePath: string | undefined): string | null {
  const folders = (relativePath ?? '')
    .split('/')
    .slice(0, -1)
    .filter((f) => f !== '');
  return folders.length > 0 ? folders.join('/') : null;
}

/** The parent id of a new upload: the course (course team only) or the actor. Throws COURSE_NOT_FOUND, FORBIDDEN, VALIDATION_FAILED (parent_id). */
async function parentIdFor(deps: AppDeps, actor: Actor, input: CreateUploadBody): Promise<number> {
  if (input.parent_type !== 'course') return actor.id;
  if (input.parent_id === undefined) throw AppError.field('parent_id', 'parent_id is required for course files');
  const { access } = await accessToParent(deps, actor, { parentType: 'course', parentId: input.parent_id, ownerId: actor.id, orgId: actor.orgId });
  if (access === 'missing') throw new AppError('COURSE_NOT_FOUND', 'This course does not exist or was deleted');
  if (access !== 'manage') throw new AppError('FORBIDDEN', 'Only the course team can add files to this course');
  return input.parent_id;
}

/**
 * `POST /api/uploads` with `embed_material_type: 'online_video'` (spec §2 embed online
 * video popup, §5: the URL must be a supported online video link, else the error is on
 * the original-URL field `url`): an upload of type `link` holding the URL and no bytes,
 * ready at once. `name` is the title shown in file lists (required, 1–255 characters).
 */
async function createEmbeddedVideo(deps: AppDeps, actor: Actor, input: CreateUploadBody): Promise<Upload> {
  const url = input.url?.trim() ?? '';
  if (!parseOnlineVideoUrl(url)) throw AppError.field('url', 'Give a supported online video link (YouTube, Vimeo, Bilibili, Youku or Tencent Video)');
  const name = input.name.trim();
  if (!name) throw AppError.field('name', 'Give the video a title');
  const parentId = await parentIdFor(deps, actor, input);
  const row = await insertUpload(deps.db, {
    orgId: actor.orgId,
    ownerId: actor.id,
    key: newStorageKey(),
    name,
    size: 0,
    type: 'link',
    status: 'ready',
    storageType: deps.storage.storageType,
    parentType: input.parent_type,
    parentId,
    source: input.source ?? null,
    receivedAt: new Date(),
    meta: { embedUrl: url },
  });
  return presentUpload(row);
}

/**
 * `GET /api/uploads/embed-material/{id}` (spec §7): an embedded online video the actor
 * may see (the same rules as the upload itself), with its provider and the https
 * address of the provider's player frame. Throws UPLOAD_NOT_FOUND for anything else.
 */
export async function embedMaterial(deps: AppDeps, actor: Actor, uploadId: number): Promise<EmbedMaterial> {
  const { row } = await authorize(deps, actor, 'upload.read_content', { uploadId });
  const video = row.type === 'link' && row.meta.embedUrl ? parseOnlineVideoUrl(row.meta.embedUrl) : null;
  if (!video || !row.meta.embedUrl) throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  return { id: row.id, name: row.name, embed_material_type: 'online_video', url: row.meta.embedUrl, provider: video.provider, embed_url: video.embed_url };
}

/**
 * A file the server made (an annotated, flattened PDF of a submission): stored under a new key,
 * recorded received under `parentType`/`parentId` for `ownerId`, and queued for processing like
 * any upload (its previews). Answers the row. One INSERT plus the queue's.
 */
export async function storeGeneratedFile(
  deps: AppDeps,
  input: { orgId: number; ownerId: number; name: string; bytes: Uint8Array; mimeType: string; parentType: string; parentId: number; source: string },
): Promise<UploadRow> {
  const key = newStorageKey();
  const stored = await deps.storage.put(key, Readable.from([Buffer.from(input.bytes)]));
  const row = await insertUpload(deps.db, {
    orgId: input.orgId,
    ownerId: input.ownerId,
    key,
    name: input.name.slice(0, 250),
    size: stored.size,
    type: uploadTypeOf(input.name),
    mimeType: input.mimeType,
    status: 'processing',
    storageType: deps.storage.storageType,
    parentType: input.parentType,
    parentId: input.parentId,
    source: input.source,
    sha256: stored.sha256,
    receivedAt: new Date(),
  });
  await enqueueProcessing(deps, row);
  return row;
}

/** The whole stored bytes of an upload (a file to rework on the server, e.g. to flatten annotations): at most `maxBytes` (PAYLOAD_TOO_LARGE beyond). */
export async function readUploadBytes(deps: AppDeps, row: Pick<UploadRow, 'key' | 'size'>, maxBytes = 200 * 1024 ** 2): Promise<Buffer> {
  if (row.size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes} bytes`);
  return readAll(await deps.storage.get(row.key));
}

/**
 * `PUT {upload_url}`: receives the bytes of an upload its owner created. The
 * body must be exactly the declared size and its magic bytes must match the
 * extension; otherwise nothing is kept (UPLOAD_SIZE_MISMATCH, UPLOAD_CONTENT_MISMATCH,
 * PAYLOAD_TOO_LARGE). A second transfer gets UPLOAD_ALREADY_RECEIVED. Processing is queued.
 */
export async function receiveContent(deps: AppDeps, actor: Actor, uploadId: number, body: Readable): Promise<Upload> {
  const row = await findLiveUpload(deps.db, uploadId);
  if (!row || row.orgId !== actor.orgId) throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  if (row.ownerId !== actor.id) throw new AppError('FORBIDDEN', 'Only the person who started this upload can send its bytes');
  if (row.receivedAt) throw new AppError('UPLOAD_ALREADY_RECEIVED', 'This file has already been uploaded');
  let stored;
  try {
    stored = await deps.storage.put(row.key, body, { maxBytes: row.size });
  } catch (error) {
    if (error instanceof PayloadLimitError) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${row.size} bytes announced`, { size: ['fileUpload.sizeLimit'] });
    }
    throw error;
  }
  return presentUpload(await acceptReceivedObject(deps, row, stored));
}

/**
 * The bytes of `row` are now at its key (direct PUT, mkfile, or the storage
 * callback): checks the size and the magic bytes against the extension (the
 * object is deleted when either fails: UPLOAD_SIZE_MISMATCH,
 * UPLOAD_CONTENT_MISMATCH), records the arrival and queues processing (spec §4:
 * processing → ready | failed). UPLOAD_ALREADY_RECEIVED when another transfer won.
 */
export async function acceptReceivedObject(deps: AppDeps, row: UploadRow, stored: StoredObject): Promise<UploadRow> {
  const discard = async (error: AppError) => {
    await deps.storage.delete(row.key);
    return error;
  };
  if (stored.size !== row.size) {
    throw await discard(new AppError('UPLOAD_SIZE_MISMATCH', `Received ${stored.size} bytes, expected ${row.size}`, { size: ['size mismatch'] }));
  }
  const extension = extensionOf(row.name);
  const head = await readHead(deps.storage, row.key, 4100);
  const sniffed = await sniffContent(head, extension);
  if (sniffed === false) {
    throw await discard(new AppError('UPLOAD_CONTENT_MISMATCH', `The content of this file is not a .${extension} file`, { name: ['fileUpload.formatLimit'] }));
  }
  const updated = await markReceived(deps.db, row.id, {
    sha256: stored.sha256,
    mimeType: sniffed ?? (mime.lookup(row.name) || null),
    status: 'processing',
  });
  if (!updated) throw new AppError('UPLOAD_ALREADY_RECEIVED', 'This file has already been uploaded');
  await enqueueProcessing(deps, updated);
  return (await findLiveUpload(deps.db, row.id)) ?? updated;
}

/**
 * Signs paths under the upload's derived prefix for `userId`, each URL living the
 * configured life plus the media's duration so one play fits in it (decision 0030).
 */
export function mediaSignerFor(deps: AppDeps, row: UploadRow, userId: number): MediaSigner {
  const ttlSeconds = deps.config.media.urlTtlSeconds + Math.ceil(row.meta.duration ?? 0);
  return (relativePath) => signMediaUrl(deps.config, row.id, userId, relativePath, { ttlSeconds });
}

/**
 * An upload as `actor` may see it (access from the upload policy): rendition
 * URLs signed for the actor, none for an exam-only file (`access` 'exam').
 */
export function presentUploadFor(deps: AppDeps, actor: Actor, row: UploadRow, videos: readonly UploadVideoRow[], access: UploadAccessKind): Upload {
  return presentUpload(row, videos, access !== 'exam' ? mediaSignerFor(deps, row, actor.id) : undefined);
}

/** What `GET /api/uploads/{id}/blob` streams: the stored object's key, name, type and size. FORBIDDEN for an exam-only file and a closed activity's (upload.read_content). */
export async function openBlob(deps: AppDeps, actor: Actor, uploadId: number, isPreview: boolean) {
  const { row, access } = await authorize(deps, actor, 'upload.read_content', { uploadId });
  if (!row.receivedAt) throw new AppError('UPLOAD_NOT_FOUND', 'This file has not finished uploading');
  if (row.type === 'link') throw new AppError('UPLOAD_NOT_FOUND', 'An embedded online video has no file: it plays from its provider');
  if (!isPreview && !row.isAllowDownload && access !== 'manage') throw new AppError('FORBIDDEN', 'Downloading this file is not allowed');
  return { key: row.key, name: row.name, mimeType: row.mimeType ?? 'application/octet-stream', size: row.size };
}

/** `DELETE /api/uploads/{id}`: the owner or the course team removes a file; its bytes are deleted (a library file goes into its library's trash instead). */
export async function deleteUpload(deps: AppDeps, actor: Actor, uploadId: number): Promise<void> {
  const { row } = await authorize(deps, actor, 'upload.manage', { uploadId });
  // A parent module may delete its files its own way (the library: into its trash, decision 0132).
  const deletion = uploadDeletion(row.parentType);
  if (deletion && (await deletion(deps, actor, row))) return;
  await markDeleted(deps.db, row.id);
  await deps.storage.delete(row.key);
  await deps.storage.deletePrefix(derivedPrefix(row.id));
  await deps.storage.deletePrefix(`blocks/${row.id}`);
}

/**
 * The files of a course the actor may see, newest first, rendition URLs signed
 * for the actor. Learners do not see the files exam subjects list: those play
 * only in the exam, within its play limit (decision 0030).
 */
export async function listCourseUploads(deps: AppDeps, actor: Actor, courseId: number): Promise<Upload[]> {
  const { course, kinds } = await authorize(deps, actor, 'course.view', { courseId });
  const all = await listUploadsOfParent(deps.db, 'course', courseId);
  const states = may(kinds, 'manage_content')
    ? null
    : await learnerFileStates(
        deps,
        actor,
        course,
        all.map((r) => r.id),
      );
  const rows = states ? all.filter((r) => states.get(r.id) === 'view') : all;
  const videos = await listVideosOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    presentUpload(
      row,
      videos.filter((v) => v.uploadId === row.id),
      mediaSignerFor(deps, row, actor.id),
    ),
  );
}
