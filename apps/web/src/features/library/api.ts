import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LibraryFolderTree,
  LibraryItem,
  LibraryItemPatch,
  LibraryList,
  LibrarySettings,
  LibrarySettingsBody,
  LibrarySort,
  LibraryTagList,
  LibraryTrash,
  LibraryUsage,
} from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** My library (issue 19 §1, decision 0132): the `/api/library/...` calls and their query keys. */
export const libraryKeys = {
  all: ['library'] as const,
  list: (query: LibraryQuery) => ['library', 'items', query] as const,
  folders: ['library', 'folders'] as const,
  tags: ['library', 'tags'] as const,
  usage: ['library', 'usage'] as const,
  trash: (page: number) => ['library', 'trash', page] as const,
};

/** What the list shows: a folder (null: the root), or with `q` / `tag` a search of the whole library. */
export interface LibraryQuery {
  folderId: number | null;
  q: string;
  tag: string;
  sort: LibrarySort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const isProcessing = (items: readonly LibraryItem[] | undefined) => (items ?? []).some((i) => i.upload?.status === 'processing');

/** `GET /api/library/items`; polled every 2 s while a file is still processing. */
export function useLibraryList(query: LibraryQuery) {
  return useQuery({
    queryKey: libraryKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<LibraryList>(
        '/api/library/items',
        {
          ...(query.folderId !== null ? { folder_id: query.folderId } : {}),
          ...(query.q ? { q: query.q } : {}),
          ...(query.tag ? { tag: query.tag } : {}),
          sort: query.sort,
          order: query.order,
          page: query.page,
          page_size: query.pageSize,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (isProcessing(q.state.data?.items) ? 2000 : false),
  });
}

export function useLibraryFolders() {
  return useQuery({ queryKey: libraryKeys.folders, queryFn: ({ signal }) => api.get<LibraryFolderTree>('/api/library/folders', undefined, signal) });
}

export function useLibraryTags() {
  return useQuery({ queryKey: libraryKeys.tags, queryFn: ({ signal }) => api.get<LibraryTagList>('/api/library/tags', undefined, signal) });
}

export function useLibraryUsage() {
  return useQuery({ queryKey: libraryKeys.usage, queryFn: ({ signal }) => api.get<LibraryUsage>('/api/library/usage', undefined, signal) });
}

export function useLibraryTrash(page: number, enabled: boolean) {
  return useQuery({
    queryKey: libraryKeys.trash(page),
    queryFn: ({ signal }) => api.get<LibraryTrash>('/api/library/trash', { page, page_size: 50 }, signal),
    enabled,
  });
}

/** Every library write refreshes the whole library (lists, tree, tags, usage, trash). */
function useLibraryMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }) });
}

export const useCreateFolder = () =>
  useLibraryMutation((body: { name: string; parent_id: number | null }) => api.post<LibraryItem>('/api/library/folders', body));
export const useAddFiles = () =>
  useLibraryMutation((body: { upload_ids: number[]; folder_id: number | null }) => api.post<{ items: LibraryItem[] }>('/api/library/files', body));
export const useChangeItem = () =>
  useLibraryMutation(({ id, patch }: { id: number; patch: LibraryItemPatch }) => api.put<LibraryItem>(`/api/library/items/${id}`, patch));
export const useCopyItem = () =>
  useLibraryMutation(({ id, folderId }: { id: number; folderId: number | null }) =>
    api.post<LibraryItem>(`/api/library/items/${id}/copy`, { folder_id: folderId }),
  );
export const useTrashItem = () => useLibraryMutation((id: number) => api.delete<null>(`/api/library/items/${id}`));
export const useRestoreItem = () => useLibraryMutation((id: number) => api.post<LibraryItem>(`/api/library/trash/${id}/restore`));
export const usePurgeItem = () => useLibraryMutation((id: number) => api.delete<null>(`/api/library/trash/${id}`));
export const useEmptyTrash = () => useLibraryMutation(() => api.delete<null>('/api/library/trash'));

/** `GET /api/org/library-settings` (org admins, decision 0132): the organisation's library limits and storage usage. */
export function useLibrarySettings() {
  return useQuery({
    queryKey: ['library', 'org-settings'] as const,
    queryFn: ({ signal }) => api.get<LibrarySettings>('/api/org/library-settings', undefined, signal),
  });
}

/** `PUT /api/org/library-settings`: any of the limits (null: the default); the answer replaces the cached settings. */
export function useUpdateLibrarySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LibrarySettingsBody) => api.put<LibrarySettings>('/api/org/library-settings', body),
    onSuccess: (data) => {
      queryClient.setQueryData(['library', 'org-settings'], data);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.usage });
    },
  });
}
