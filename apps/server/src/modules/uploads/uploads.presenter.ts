import { TEXT_EXTENSIONS, extensionOf, type Upload } from '@atrium/contracts';
import type { UploadRow, UploadVideoRow } from './uploads.repository.js';

/** Signs the path of a derived object relative to the upload's derived prefix (`360p/hls/index.m3u8`) into a short-lived media URL. */
export type MediaSigner = (relativePath: string) => string;

/** A rendition object's path relative to `derived/{uploadId}/` (what a signed media URL names). */
function relativeOfDerived(key: string): string {
  return key.split('/').slice(2).join('/');
}

/**
 * The API shape of an upload (spec §3 Upload) with its renditions. `upload_url`
 * is set only while the bytes are awaited. Rendition URLs (`hls_url`, `mp4_url`)
 * are signed, short-lived `/api/media/...` URLs made by `sign` (decision 0030);
 * without a signer (an answer not made for one user, or an exam's media for a
 * learner) they are null: an answer never carries a permanent media URL.
 */
export function presentUpload(row: UploadRow, videos: readonly UploadVideoRow[] = [], sign?: MediaSigner): Upload {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    size: row.size,
    type: row.type,
    status: row.status,
    storage_type: row.storageType,
    upload_url: row.receivedAt ? null : `/api/uploads/${row.id}/content`,
    allow_download: row.isAllowDownload,
    created_at: row.createdAt.toISOString(),
    deleted: row.deletedAt !== null,
    parent_type: row.parentType,
    parent_id: row.parentId,
    source: row.source,
    isTextFile: TEXT_EXTENSIONS.includes(extensionOf(row.name)),
    downloadUrl: `/api/uploads/${row.id}/blob`,
    ...(row.meta.embedUrl ? { url: row.meta.embedUrl } : {}),
    videos: videos.map((v) => ({
      resolution: v.resolution,
      duration: v.duration,
      width: v.width,
      height: v.height,
      hls_url: v.hlsKey && sign ? sign(relativeOfDerived(v.hlsKey)) : null,
      mp4_url: v.mp4Key && sign ? sign(relativeOfDerived(v.mp4Key)) : null,
    })),
    failure_reason: row.status === 'failed' ? row.failureReason : null,
    failure_code: row.status === 'failed' ? (row.failureCode ?? null) : null,
    failure_params: row.status === 'failed' ? (row.failureParams ?? null) : null,
    duration: row.meta.duration ?? null,
    num_pages: row.meta.numPages ?? null,
    is_encrypted: row.meta.isEncrypted ?? false,
  };
}
