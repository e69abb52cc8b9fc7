import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { BULLETIN_POPUP_PAGE_SIZE, type Bulletin, type BulletinList, type BulletinType } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** The bulletin list's query (`BulletinListQuerySchema`), as the query string carries it. */
export interface BulletinListQuery {
  type: BulletinType;
  course_id?: number;
  unread?: 'true';
  show_on_popup?: 'true';
  keyword?: string;
  page: number;
  page_size: number;
}

/** A bulletin as written in the compose drawer (`BulletinBodySchema`). */
export interface BulletinInput {
  type: BulletinType;
  course_id?: number | null;
  title: string;
  content: string;
  show_on_popup: boolean;
  is_pinned: boolean;
  publish_at: string | null;
  upload_ids: number[];
}

/** Query keys of the bulletins feature (issue 17 §3). `['bulletins']` covers them all. */
export const bulletinKeys = {
  all: ['bulletins'] as const,
  lists: ['bulletins', 'list'] as const,
  list: (query: BulletinListQuery) => ['bulletins', 'list', query] as const,
  detail: (id: number) => ['bulletins', 'detail', id] as const,
  popup: ['bulletins', 'popup'] as const,
};

/** The unread organisation bulletin popup's query (spec §2 popups, §7: unread and show_on_popup, page size 100). */
export const POPUP_QUERY: BulletinListQuery = { type: 'org', unread: 'true', show_on_popup: 'true', page: 1, page_size: BULLETIN_POPUP_PAGE_SIZE };

/** `GET /api/bulletins?type=&course_id=&unread=&show_on_popup=&keyword=&page=&page_size=`: pinned first, then newest; `type=course` without `course_id` is every course of mine. */
export function useBulletinList(query: BulletinListQuery) {
  return useQuery({
    queryKey: bulletinKeys.list(query),
    queryFn: ({ signal }) => api.get<BulletinList>('/api/bulletins', { ...query }, signal),
    placeholderData: (previous) => previous,
  });
}

/** The popup's list (POPUP_QUERY), read once when `enabled`. */
export function usePopupBulletins(enabled: boolean) {
  return useQuery({
    queryKey: bulletinKeys.popup,
    queryFn: ({ signal }) => api.get<BulletinList>('/api/bulletins', { ...POPUP_QUERY }, signal),
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** `GET /api/bulletins/{id}`: one bulletin with its content and attachments; disabled for null. */
export function useBulletin(id: number | null) {
  return useQuery({
    queryKey: bulletinKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Bulletin>(`/api/bulletins/${id}`, undefined, signal),
    enabled: id !== null && id > 0,
  });
}

/** Shows bulletin `id` as read in every cached list (and its unread count one lower). */
function markReadInCache(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<BulletinList>({ queryKey: bulletinKeys.all }, (list) => {
    if (!list || !Array.isArray(list.items)) return list;
    const wasUnread = list.items.some((b) => b.id === id && !b.is_read);
    return {
      ...list,
      items: list.items.map((b) => (b.id === id ? { ...b, is_read: true } : b)),
      unread_count: wasUnread ? Math.max(0, list.unread_count - 1) : list.unread_count,
    };
  });
  queryClient.setQueryData<Bulletin>(bulletinKeys.detail(id), (bulletin) => (bulletin ? { ...bulletin, is_read: true } : bulletin));
}

/** `PUT /api/bulletins/{id}/read`: marks one bulletin read for me (shown read at once; the notification badge is read again). */
export function useMarkBulletinRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<unknown>(`/api/bulletins/${id}/read`),
    onMutate: (id) => markReadInCache(queryClient, id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    onError: () => void queryClient.invalidateQueries({ queryKey: bulletinKeys.all }),
  });
}

/** `PUT /api/bulletins/read` `{ type, course_id? }`: marks every bulletin of the tab (or of one course) read. */
export function useMarkAllBulletinsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { type: BulletinType; course_id?: number }) => api.put<unknown>('/api/bulletins/read', body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bulletinKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}

/**
 * `POST /api/bulletins` (new) or `PUT /api/bulletins/{id}` (edit) with `BulletinBodySchema`; errors
 * 400 naming `title`, `content`, `publish_at`, `course_id` or `upload_ids`, 403 when not an org admin
 * (org) or the course team (course). The lists are read again.
 */
export function useSaveBulletin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BulletinInput }) =>
      id ? api.put<Bulletin>(`/api/bulletins/${id}`, body) : api.post<Bulletin>('/api/bulletins', body),
    onSuccess: (bulletin) => {
      queryClient.setQueryData(bulletinKeys.detail(bulletin.id), bulletin);
      void queryClient.invalidateQueries({ queryKey: bulletinKeys.lists });
    },
  });
}

/** `DELETE /api/bulletins/{id}` (its author's side: org admins, the course team). */
export function useDeleteBulletin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/bulletins/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: bulletinKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: bulletinKeys.lists });
    },
  });
}
