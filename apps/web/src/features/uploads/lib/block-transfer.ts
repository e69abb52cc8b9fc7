import { UPLOAD_CHUNK_SIZE_BYTES, type BlockProgress, type Upload } from '@atrium/contracts';
import { ApiError, handleUnauthorized } from '../../../lib/api-client';
import { fetchUploadToken, markUploaded } from '../api';

/** Stored progress of one file expires after this long (spec §4, §9: 24 hours), in ms. */
export const STORED_PROGRESS_TTL_MS = 24 * 3600_000;

const STORAGE_PREFIX = 'atrium.upload.';

/** What the browser keeps about a file's transfer (spec §4 "resumes from the stored block list"): per block index, its last ctx and bytes received. */
export interface StoredProgress {
  uploadId: number;
  key: string;
  size: number;
  savedAt: number;
  blocks: Record<number, { ctx: string; offset: number; size: number }>;
}

/** Identifies a file across reloads: parent, relative path or name, size in bytes and modification time. */
export function fingerprintOf(file: File, parentKey: string): string {
  const name = (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;
  return `${STORAGE_PREFIX}${parentKey}:${name}:${file.size}:${file.lastModified}`;
}

/** The stored progress of a file, unless missing, malformed or older than 24 hours (then it is removed). */
export function loadProgress(fingerprint: string, now = Date.now()): StoredProgress | undefined {
  try {
    const raw = window.localStorage.getItem(fingerprint);
    if (!raw) return undefined;
    const saved = JSON.parse(raw) as StoredProgress;
    if (typeof saved.uploadId !== 'number' || now - saved.savedAt > STORED_PROGRESS_TTL_MS) {
      window.localStorage.removeItem(fingerprint);
      return undefined;
    }
    return saved;
  } catch {
    return undefined;
  }
}

/** Saves (or with `undefined`, forgets) a file's progress; quota errors are ignored (the transfer still works, only without resume). */
export function saveProgress(fingerprint: string, progress: StoredProgress | undefined): void {
  try {
    if (progress) window.localStorage.setItem(fingerprint, JSON.stringify({ ...progress, savedAt: Date.now() }));
    else window.localStorage.removeItem(fingerprint);
  } catch {
    // storage full or disabled
  }
}

/** POSTs one protocol call with XMLHttpRequest (progress events); status 0 means the connection dropped. */
function post(
  url: string,
  token: string,
  body: Blob | string,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `UpToken ${token}`);
    xhr.setRequestHeader('Content-Type', typeof body === 'string' ? 'text/plain' : 'application/octet-stream');
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        parsed = null;
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () => reject(new ApiError(0, { code: 'ABORTED', message: 'aborted' }));
    xhr.onabort = () => reject(new ApiError(0, { code: 'ABORTED', message: 'aborted' }));
    if (signal?.aborted) return reject(new ApiError(0, { code: 'ABORTED', message: 'aborted' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * Sends `file` to upload `upload` by the block protocol (Qiniu v1 on our
 * storage; spec §7, §9): 4,194,304-byte blocks (mkblk), then mkfile with the
 * last ctx of each, then `PUT /api/uploads/{id}/uploaded`. Saves progress after
 * every block under `fingerprint` and starts from it, so a reload or a dropped
 * connection resumes. A 401 fetches a new token and retries (spec §8); a 701
 * (stale block state) restarts that block. `onProgress(bytesSent)`. Rejects
 * with ApiError (status 0 when the connection dropped or it was cancelled).
 */
export async function transferByBlocks(
  upload: Pick<Upload, 'id' | 'key' | 'size'>,
  file: Blob,
  fingerprint: string,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  const stored = loadProgress(fingerprint);
  const progress: StoredProgress =
    stored && stored.uploadId === upload.id ? stored : { uploadId: upload.id, key: upload.key, size: upload.size, savedAt: Date.now(), blocks: {} };
  let token = await fetchUploadToken(upload.id, signal);
  const call = async (url: string, body: Blob | string, onBytes: (loaded: number) => void) => {
    for (let attempt = 0; ; attempt++) {
      const res = await post(url, token, body, onBytes, signal);
      if (res.status === 401 && attempt === 0) {
        token = await fetchUploadToken(upload.id, signal);
        continue;
      }
      return res;
    }
  };
  const blockCount = Math.max(1, Math.ceil(file.size / UPLOAD_CHUNK_SIZE_BYTES));
  const doneBytes = () => Object.values(progress.blocks).reduce((sum, b) => sum + (b.offset === b.size ? b.size : 0), 0);
  onProgress(doneBytes());
  for (let index = 0; index < blockCount; index++) {
    const start = index * UPLOAD_CHUNK_SIZE_BYTES;
    const size = Math.min(UPLOAD_CHUNK_SIZE_BYTES, file.size - start);
    const saved = progress.blocks[index];
    if (saved && saved.offset === size) continue;
    const before = doneBytes();
    const res = await call(`/mkblk/${size}`, file.slice(start, start + size), (loaded) => onProgress(before + Math.min(loaded, size)));
    if (res.status !== 200) throw new ApiError(res.status, (res.body ?? {}) as { code?: string; message?: string });
    const block = res.body as BlockProgress;
    progress.blocks[index] = { ctx: block.ctx, offset: block.offset, size };
    saveProgress(fingerprint, progress);
  }
  const ctxs = Array.from({ length: blockCount }, (_, i) => progress.blocks[i]!.ctx).join(',');
  const keyPart = btoa(unescape(encodeURIComponent(upload.key)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  const made = await call(`/mkfile/${file.size}/key/${keyPart}`, ctxs, () => undefined);
  if (made.status === 701) {
    saveProgress(fingerprint, undefined); // the server no longer has these blocks: start over next time
  }
  if (made.status !== 200) {
    if (made.status === 401) handleUnauthorized(window.location.pathname);
    throw new ApiError(made.status, (made.body ?? {}) as { code?: string; message?: string });
  }
  saveProgress(fingerprint, undefined);
  onProgress(file.size);
  return markUploaded(upload.id);
}
