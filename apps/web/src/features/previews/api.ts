import { useQuery } from '@tanstack/react-query';
import type { Upload } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of the previews feature. */
export const previewKeys = {
  upload: (id: number) => ['previews', 'upload', id] as const,
};

/** `GET /api/uploads/{id}`: the upload to preview (404 when it is missing). */
export function usePreviewUpload(id: number) {
  return useQuery({
    queryKey: previewKeys.upload(id),
    queryFn: ({ signal }) => api.get<Upload>(`/api/uploads/${id}`, undefined, signal),
    staleTime: 0,
  });
}

/** The URL the PDF viewer loads: `/api/uploads/{id}/blob?preview=true` (spec §7). */
export function previewBlobUrl(id: number): string {
  return `/api/uploads/${id}/blob?preview=true`;
}
