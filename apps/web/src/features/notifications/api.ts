import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MarkNotificationsReadBody, Notification, NotificationList, NotificationPreference, NotificationType } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** The centre's and the bell's list query (`NotificationListQuerySchema`): `type` a comma-separated list of types, `unread` 'true' for unread only. */
export interface NotificationListQuery {
  page: number;
  page_size: number;
  type?: string;
  unread?: 'true';
}

/** Query keys of the notifications feature (issue 17). `['notifications']` covers them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  lists: ['notifications', 'list'] as const,
  list: (query: NotificationListQuery) => ['notifications', 'list', query] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** The bell's list: the latest page of every type. */
export const LATEST_QUERY: NotificationListQuery = { page: 1, page_size: 10 };

/** `GET /api/notifications/unread-count`: the bell's badge `{ unread_count }`; the stream keeps it current. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => api.get<{ unread_count: number }>('/api/notifications/unread-count', undefined, signal),
    select: (answer) => answer.unread_count,
    enabled,
    staleTime: 60_000,
  });
}

/** `GET /api/notifications?page=&page_size=&type=&unread=`: a page, newest first, with `total` and `unread_count`; keeps the previous page while the next loads. */
export function useNotificationList(query: NotificationListQuery, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: async ({ signal }) => {
      const list = await api.get<NotificationList>('/api/notifications', { ...query }, signal);
      queryClient.setQueryData(notificationKeys.unreadCount, { unread_count: list.unread_count });
      return list;
    },
    enabled,
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** Sets the badge's count and every cached list's `unread_count` (an `unread` event, a read's answer). */
export function setUnreadCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData(notificationKeys.unreadCount, { unread_count: count });
  queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists }, (list) => (list ? { ...list, unread_count: count } : list));
}

function cachedLists(queryClient: QueryClient) {
  return queryClient.getQueriesData<NotificationList>({ queryKey: notificationKeys.lists });
}

/** True when a cached list already holds notification `id`. */
function isCached(queryClient: QueryClient, id: number): boolean {
  return cachedLists(queryClient).some(([, list]) => list?.items.some((n) => n.id === id));
}

function matches(query: NotificationListQuery, notification: Notification): boolean {
  if (query.unread === 'true' && notification.read_at) return false;
  if (query.type && !query.type.split(',').includes(notification.type)) return false;
  return true;
}

/**
 * A notification that arrived on the stream (issue 17 §2): it goes first on every cached first page
 * it belongs on (type and unread filters), and an unread one raises the badge by one. One already
 * cached (a reconnect's replay, a list read since) changes nothing. Later pages are read again when shown.
 */
export function receiveNotification(queryClient: QueryClient, notification: Notification): void {
  if (isCached(queryClient, notification.id)) return;
  const isUnread = !notification.read_at;
  for (const [key, list] of cachedLists(queryClient)) {
    if (!list) continue;
    const query = key[2] as NotificationListQuery | undefined;
    if (!query) continue;
    const unread = list.unread_count + (isUnread ? 1 : 0);
    if (!matches(query, notification)) {
      queryClient.setQueryData<NotificationList>(key, { ...list, unread_count: unread });
      continue;
    }
    const total = list.total + 1;
    if (query.page === 1) {
      const items = [notification, ...list.items].slice(0, query.page_size);
      queryClient.setQueryData<NotificationList>(key, { ...list, items, total, unread_count: unread, pages: Math.ceil(total / query.page_size) });
    } else {
      queryClient.setQueryData<NotificationList>(key, { ...list, total, unread_count: unread });
      void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    }
  }
  if (!isUnread) return;
  const count = queryClient.getQueryData<{ unread_count: number }>(notificationKeys.unreadCount);
  if (count) queryClient.setQueryData(notificationKeys.unreadCount, { unread_count: count.unread_count + 1 });
  else void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
}

/** Marks notifications read in every cached list (all of them, or those of `ids`) before the server answers. */
function markReadInCache(queryClient: QueryClient, body: MarkNotificationsReadBody): void {
  const now = new Date().toISOString();
  const ids = 'ids' in body ? new Set(body.ids) : null;
  let newlyRead = 0;
  const counted = new Set<number>();
  queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists }, (list) => {
    if (!list) return list;
    const items = list.items.map((n) => {
      if (n.read_at || n.is_locked || (ids && !ids.has(n.id))) return n;
      if (!counted.has(n.id)) {
        counted.add(n.id);
        newlyRead += 1;
      }
      return { ...n, read_at: now };
    });
    return { ...list, items };
  });
  if (ids && newlyRead > 0) {
    const count = queryClient.getQueryData<{ unread_count: number }>(notificationKeys.unreadCount);
    if (count) setUnreadCount(queryClient, Math.max(0, count.unread_count - newlyRead));
  }
}

/**
 * `PUT /api/notifications/read` `{ ids }` or `{ all: true }` → `{ updated, unread_count }`: marks the
 * user's own notifications read (locked ones stay unread, spec §3). The lists show them read at once;
 * the answer's count sets the badge; an unread-only list is read again.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsReadBody) => api.put<{ updated: number; unread_count: number }>('/api/notifications/read', body),
    onMutate: (body) => markReadInCache(queryClient, body),
    onSuccess: (answer) => {
      setUnreadCount(queryClient, answer.unread_count);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists, refetchType: 'none' });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** `GET /api/notifications/preferences`: `{ items: [{ kind, in_app, email }] }`, one per kind. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => api.get<{ items: NotificationPreference[] }>('/api/notifications/preferences', undefined, signal),
    select: (answer) => answer.items,
  });
}

/** `PUT /api/notifications/preferences` `{ items }` (every kind, or the changed ones); answers the whole set, which is cached. Errors: 400 naming `items`. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: NotificationPreference[]) => api.put<{ items: NotificationPreference[] }>('/api/notifications/preferences', { items }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.preferences, answer),
  });
}

/** The server-sent event stream's address (issue 17 §2). */
export const NOTIFICATION_STREAM_URL = '/api/notifications/stream';

/**
 * Opens `GET /api/notifications/stream` as an EventSource (same origin: the session cookie goes
 * along); events `notification` (data: a Notification) and `unread` (data: `{ unread_count }`).
 * The browser reconnects by itself, sending `Last-Event-ID`. Null where EventSource is missing.
 */
export function openNotificationStream(): EventSource | null {
  if (typeof window === 'undefined' || typeof window.EventSource !== 'function') return null;
  return new window.EventSource(NOTIFICATION_STREAM_URL);
}

/** Types of one filter group as the list's `type` query value. */
export function typeQuery(types: readonly NotificationType[] | null): string | undefined {
  return types && types.length > 0 ? types.join(',') : undefined;
}
