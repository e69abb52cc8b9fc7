import { TEXT_EXTENSIONS, extensionOf, type Upload } from '@atrium/contracts';
import type { UploadRow } from './uploads.repository.js';

/** The API shape of an upload (spec §3 Upload). `upload_url` is set only while the bytes are awaited. */
export function presentUpload(row: UploadRow): Upload {
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
  };
}
