import { TEXT_EXTENSIONS, extensionOf, type Upload } from '@atrium/contracts';
import type { UploadRow, UploadVideoRow } from './uploads.repository.js';

/** The API shape of an upload (spec §3 Upload) with its renditions. `upload_url` is set only while the bytes are awaited. */
export function presentUpload(row: UploadRow, videos: readonly UploadVideoRow[] = []): Upload {
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
      hls_url: v.hlsKey ? `/api/uploads/${row.id}/derived/${v.hlsKey.split('/').slice(2).join('/')}` : null,
      mp4_url: v.mp4Key ? `/api/uploads/${row.id}/derived/${v.mp4Key.split('/').slice(2).join('/')}` : null,
    })),
    failure_reason: row.status === 'failed' ? row.failureReason : null,
    duration: row.meta.duration ?? null,
    num_pages: row.meta.numPages ?? null,
    is_encrypted: row.meta.isEncrypted ?? false,
  };
}
