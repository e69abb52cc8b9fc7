import { useQuery } from '@tanstack/react-query';
import type { CreateUploadBody, Upload, UploadSettings } from '@atrium/contracts';
import { ApiError, api, handleUnauthorized, scopeHeaders } from '../../lib/api-client';

/** Query keys of the uploads feature. */
export const uploadKeys = {
  course: (courseId: number) => ['uploads', 'course', courseId] as const,
  detail: (id: number) => ['uploads', 'detail', id] as const,
};

/** `GET /api/courses/{id}/uploads`: the files of a course, refreshed every 2 s while one is processing. */
export function useCourseUploads(courseId: number) {
  return useQuery({
    queryKey: uploadKeys.course(courseId),
    queryFn: ({ signal }) => api.get<{ uploads: Upload[] }>(`/api/courses/${courseId}/uploads`, undefined, signal),
    select: (answer) => answer.uploads,
    // Files still processing (transcode, conversion) are polled until they are ready or failed.
    refetchInterval: (query) => (query.state.data?.uploads.some((u) => u.status === 'processing') ? 2000 : false),
  });
}

/** `POST /api/uploads`: creates the upload record (spec §4: created on the server first); answers it with `upload_url`. */
export function createUpload(body: CreateUploadBody): Promise<Upload> {
  return api.post<Upload>('/api/uploads', body);
}

function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * PUTs the raw bytes of `file` to `url` with XMLHttpRequest (for progress events),
 * calling `onProgress` with 0–100. Resolves with the finished Upload; rejects with
 * an ApiError carrying the server message, or status 0 when the transfer was
 * interrupted (spec §4: status 0 is treated as aborted).
 */
export function putUploadBytes(url: string, file: Blob, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.withCredentials = false;
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    if (isSameOrigin(url)) for (const [name, value] of Object.entries(scopeHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as Upload);
        return;
      }
      if (xhr.status === 401) handleUnauthorized(url);
      reject(new ApiError(xhr.status, (body ?? {}) as { code?: string; message?: string }));
    };
    xhr.onerror = () => reject(new ApiError(0, { code: 'ABORTED', message: 'aborted' }));
    xhr.onabort = () => reject(new ApiError(0, { code: 'ABORTED', message: 'aborted' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** `GET /api/uploads/settings`: the organisation's upload rules (spec §3 Org settings), cached for the session. */
export function useUploadSettings() {
  return useQuery({
    queryKey: ['uploads', 'settings'] as const,
    queryFn: ({ signal }) => api.get<UploadSettings>('/api/uploads/settings', undefined, signal),
    staleTime: Infinity,
  });
}

/** `GET /api/uploads/{id}`: one upload (to resume it: its `upload_url` while it awaits bytes); 403/404 as ApiError. */
export function fetchUpload(id: number): Promise<Upload> {
  return api.get<Upload>(`/api/uploads/${id}`);
}

/** `GET /api/uptoken?id=`: a fresh upload token for the block protocol (`/mkblk`, `/mkfile`) of upload `id`. */
export async function fetchUploadToken(id: number, signal?: AbortSignal): Promise<string> {
  return (await api.get<{ uptoken: string }>(`/api/uptoken?id=${id}`, undefined, signal)).uptoken;
}

/** `PUT /api/uploads/{id}/uploaded`: tells the server every block arrived; answers the upload (now processing or ready). */
export function markUploaded(id: number): Promise<Upload> {
  return api.put<Upload>(`/api/uploads/${id}/uploaded`);
}

/** Where a file downloads, as an attachment: `GET /api/uploads/{id}/blob` (the upload policy decides; learners are refused a file whose `allow_download` is off). */
export function uploadBlobUrl(uploadId: number): string {
  return `/api/uploads/${uploadId}/blob`;
}
