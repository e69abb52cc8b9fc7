import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { TEXT_EXTENSIONS, extensionOf, type Upload, type UploadVideo } from '@atrium/contracts';
import mime from 'mime-types';
import { derivedPrefix, enqueueProcessing } from './processing-registry.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { readHead, type StoredObject } from '../../storage/object-store.js';
import { uploadOfToken } from './blocks.service.js';
import { presentUpload } from './uploads.presenter.js';
import { replaceVideoRendition } from './processing.repository.js';
import { findLiveUpload, listVideosOf, setUploadSource } from './uploads.repository.js';
import { sniffContent } from './magic-bytes.js';
import { authorize } from '../access/authorize.js';
import { acceptReceivedObject, createUpload, NOT_FOUND_MESSAGE, presentUploadFor, receiveContent } from './uploads.service.js';

/** Largest text answered by `GET /api/uploads/{id}/text?preview=true`, in bytes. */
export const TEXT_PREVIEW_BYTES = 1024 * 1024;

/**
 * One upload with its renditions, as `GET /api/uploads/{id}` answers it: rendition
 * URLs signed for the actor, none for a learner when an exam subject lists the
 * file (presentUploadFor, decision 0030).
 */
export async function presentOne(deps: AppDeps, actor: Actor, uploadId: number): Promise<Upload> {
  const { row, access } = await authorize(deps, actor, 'upload.read', { uploadId });
  // Only videos have renditions (the video processor, `POST /api/uploads/{id}/videos`): no statement for the rest.
  const videos = row.type === 'video' ? await listVideosOf(deps.db, [row.id]) : [];
  return presentUploadFor(deps, actor, row, videos, access);
}

async function describeObject(deps: AppDeps, key: string): Promise<StoredObject | undefined> {
  const stat = await deps.storage.stat(key);
  if (!stat) return undefined;
  const hash = createHash('sha256');
  for await (const chunk of await deps.storage.get(key)) hash.update(chunk as Buffer);
  return { size: stat.size, sha256: hash.digest('hex') };
}

async function ownUpload(deps: AppDeps, actor: Actor, uploadId: number) {
  const row = await findLiveUpload(deps.db, uploadId);
  if (!row || row.orgId !== actor.orgId) throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  if (row.ownerId !== actor.id) throw new AppError('FORBIDDEN', 'Only the person who started this upload can finish it');
  return row;
}

/**
 * `PUT /api/uploads/{id}/uploaded` (spec §7): the client says the transfer is
 * done. When the bytes are at the key (a direct-to-storage transfer) they are
 * checked and recorded; processing is queued unless already queued. Throws
 * UPLOAD_NOT_RECEIVED (409) when nothing is stored yet.
 */
export async function markUploaded(deps: AppDeps, actor: Actor, uploadId: number): Promise<Upload> {
  let row = await ownUpload(deps, actor, uploadId);
  if (!row.receivedAt) {
    const stored = await describeObject(deps, row.key);
    if (!stored) throw new AppError('UPLOAD_NOT_RECEIVED', 'The bytes of this file have not arrived yet');
    row = await acceptReceivedObject(deps, row, stored);
  } else if (!row.processingJobId) {
    await enqueueProcessing(deps, row);
  }
  return presentOne(deps, actor, uploadId);
}

/**
 * `POST /internal-api/upload/callback/{id}` (spec §7): the storage reports the
 * bytes at `file_key`. Authorised by the upload's UpToken; `file_key` must be
 * the upload's key and the object must exist. Then as `uploaded`.
 */
export async function storageCallback(deps: AppDeps, authorization: string | undefined, uploadId: number, fileKey: string): Promise<Upload> {
  const row = await uploadOfToken(deps, authorization);
  if (row.id !== uploadId) throw new AppError('UPLOAD_TOKEN_INVALID', 'This token belongs to another upload');
  if (fileKey !== row.key) throw AppError.field('file_key', "file_key is not this upload's key");
  const stored = await describeObject(deps, row.key);
  if (!stored) throw new AppError('UPLOAD_NOT_RECEIVED', 'Nothing is stored at file_key');
  const accepted = await acceptReceivedObject(deps, row, stored);
  return presentUpload(accepted);
}

/** `POST /api/uploads/{id}/videos` (spec §7): records a rendition made elsewhere (resolution, duration in s, size in px). Course team only. */
export async function addVideo(
  deps: AppDeps,
  actor: Actor,
  uploadId: number,
  video: Pick<UploadVideo, 'resolution' | 'duration' | 'width' | 'height'>,
): Promise<Upload> {
  const { row, access } = await authorize(deps, actor, 'upload.read', { uploadId });
  if (access !== 'manage') throw new AppError('FORBIDDEN', 'Only the course team can add renditions');
  if (row.type !== 'video') throw AppError.field('resolution', 'Only videos have renditions');
  await replaceVideoRendition(deps.db, row.id, video);
  return presentOne(deps, actor, uploadId);
}

/** The previewer's "retry transcode" (spec §2): requeues processing of a failed (or ready) upload. Course team or owner. Throws UPLOAD_NOT_RECEIVED. */
export async function retryProcessing(deps: AppDeps, actor: Actor, uploadId: number): Promise<Upload> {
  const { row } = await authorize(deps, actor, 'upload.manage', { uploadId });
  if (!row.receivedAt) throw new AppError('UPLOAD_NOT_RECEIVED', 'The bytes of this file have not arrived yet');
  await enqueueProcessing(deps, row, { resetAttempts: true });
  return presentOne(deps, actor, uploadId);
}

/** `GET /api/uploads/{id}/text` (spec §7): a text file's content (UTF-8), the first TEXT_PREVIEW_BYTES when `preview`. */
export async function readText(deps: AppDeps, actor: Actor, uploadId: number, isPreview: boolean): Promise<{ content: string; truncated: boolean }> {
  const { row } = await authorize(deps, actor, 'upload.read_content', { uploadId });
  if (!TEXT_EXTENSIONS.includes(extensionOf(row.name))) throw AppError.field('id', 'This file is not a text file');
  if (!row.receivedAt) throw new AppError('UPLOAD_NOT_FOUND', 'This file has not finished uploading');
  const limit = isPreview ? TEXT_PREVIEW_BYTES : deps.config.maxUploadBytes;
  const head = await readHead(deps.storage, row.key, limit);
  return { content: head.toString('utf8'), truncated: row.size > head.length };
}

/** The PDF to show for a document (spec §7 document url): the original PDF, or LibreOffice's output once ready; null while processing. */
export async function documentUrl(deps: AppDeps, actor: Actor, uploadId: number): Promise<{ url: string | null; status: Upload['status'] }> {
  const { row } = await authorize(deps, actor, 'upload.read_content', { uploadId });
  const pdfKey = row.meta.pdfKey;
  const url = !pdfKey ? null : pdfKey === row.key ? `/api/uploads/${row.id}/blob?preview=true` : `/api/uploads/${row.id}/derived/document.pdf`;
  return { url: row.status === 'ready' ? url : null, status: row.status };
}

/** `GET /api/uploads/reference/document/{id}/pdf-info-for-stat` (spec §7 Notes): page count and the PDF's storage key. UPLOAD_NOT_FOUND until processed. */
export async function pdfInfoForStat(deps: AppDeps, actor: Actor, uploadId: number): Promise<{ num_pages: number; file_key: string }> {
  const { row } = await authorize(deps, actor, 'upload.read_content', { uploadId });
  if (!row.meta.pdfKey || row.meta.numPages === undefined) throw new AppError('UPLOAD_NOT_FOUND', 'This file has no PDF pages (yet)');
  return { num_pages: row.meta.numPages, file_key: row.meta.pdfKey };
}

/**
 * A derived object of an upload (HLS playlist or segment, MP4 rendition, poster,
 * PDF) for `GET /api/uploads/{id}/derived/*`. FORBIDDEN to a learner for an exam
 * subject's file (upload.read_content).
 */
export async function openDerived(deps: AppDeps, actor: Actor, uploadId: number, relative: string): Promise<{ key: string; mimeType: string; size: number }> {
  const { row } = await authorize(deps, actor, 'upload.read_content', { uploadId });
  if (!/^[a-z0-9][a-z0-9/_.-]*$/.test(relative) || relative.split('/').some((p) => p.startsWith('.')))
    throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  const key = `${derivedPrefix(row.id)}/${relative}`;
  const stat = await deps.storage.stat(key);
  if (!stat) throw new AppError('UPLOAD_NOT_FOUND', 'This derived file does not exist (yet)');
  const type = relative.endsWith('.m3u8')
    ? 'application/vnd.apple.mpegurl'
    : relative.endsWith('.ts')
      ? 'video/mp2t'
      : mime.lookup(relative) || 'application/octet-stream';
  return { key, mimeType: type, size: stat.size };
}

/**
 * `POST /api/uploads/screen-shot`: stores a PNG or JPEG sent as base64 as an
 * image upload (same rules as any upload: name, size, magic bytes — checked before the upload is
 * created, so a refused one writes nothing: UPLOAD_CONTENT_MISMATCH naming `data`). Answers the upload.
 */
export async function uploadScreenShot(
  deps: AppDeps,
  actor: Actor,
  body: { name: string; data: string; parent_type: 'course' | 'user'; parent_id?: number | undefined },
): Promise<Upload> {
  const bytes = Buffer.from(body.data, 'base64');
  const ext = extensionOf(body.name);
  if (!['png', 'jpg', 'jpeg'].includes(ext)) throw AppError.field('name', 'A screenshot is a .png or .jpg file');
  // The content is checked before anything is written: a refused screenshot leaves no upload behind.
  if ((await sniffContent(bytes.subarray(0, 4100), ext)) === false)
    throw new AppError('UPLOAD_CONTENT_MISMATCH', `The content of this screenshot is not a .${ext} image`, { data: ['fileUpload.formatLimit'] });
  const created = await createUpload(deps, actor, { name: body.name, size: bytes.length, parent_type: body.parent_type, parent_id: body.parent_id });
  return receiveContent(deps, actor, created.id, Readable.from([bytes]));
}

/** `POST /api/uploads/screen-shot/share-to`: copies a screenshot the actor owns into a course's files (course team only). */
export async function shareScreenShot(deps: AppDeps, actor: Actor, uploadId: number, courseId: number): Promise<Upload> {
  const source = await ownUpload(deps, actor, uploadId);
  if (source.type !== 'image' || !source.receivedAt) throw AppError.field('upload_id', 'Only a received screenshot can be shared');
  const created = await createUpload(deps, actor, { name: source.name, size: source.size, parent_type: 'course', parent_id: courseId });
  const copy = await receiveContent(deps, actor, created.id, await deps.storage.get(source.key));
  await setUploadSource(deps.db, copy.id, 'screen-shot');
  return copy;
}
