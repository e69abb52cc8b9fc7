import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@atrium/contracts';
import { notificationKeys, openNotificationStream, receiveNotification, setUnreadCount } from '../api';
import { dispatchTopicEvent } from './use-topic-live';

/** EventSource.CLOSED: the browser gave up (an error answer, not a dropped connection); we open a new one after a pause. */
const CLOSED = 2;
/** Pauses before opening the stream again after the browser gave up, ms (doubling up to the last). */
const REOPEN_DELAYS_MS = [5_000, 10_000, 30_000, 60_000];

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse(String((event as MessageEvent).data)) as T;
  } catch {
    return null;
  }
}

/**
 * The signed-in tab's one notification stream (issue 17 §2; mounted once in the app layout): an
 * EventSource on `/api/notifications/stream` while `userId` is set. Each `notification` event goes
 * into the query cache (the bell's list and badge, the centre's first page) without a reload; an
 * `unread` event sets the badge; a `topic` event (a new reply) goes to useTopicLive's listeners. A dropped connection is reconnected by the browser itself with
 * `Last-Event-ID` (the server replays what was missed); when the browser gives up, a new stream is
 * opened after a pause and the lists are read again. Closed on sign-out and unmount.
 */
export function useNotificationStream(userId: number | null | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let isStopped = false;

    const onNotification = (event: Event) => {
      const notification = parse<Notification>(event);
      if (!notification || typeof notification.id !== 'number') return;
      receiveNotification(queryClient, notification);
      // A new bulletin shows on the bulletin list at once.
      if (notification.type === 'bulletin') void queryClient.invalidateQueries({ queryKey: ['bulletins'] });
    };
    const onUnread = (event: Event) => {
      const answer = parse<{ unread_count?: unknown }>(event);
      if (answer && typeof answer.unread_count === 'number') setUnreadCount(queryClient, answer.unread_count);
    };
    // A new reply in a topic the user may read: to the open topic pages (useTopicLive).
    const onTopic = (event: Event) => dispatchTopicEvent(parse<unknown>(event));
    const onOpen = () => {
      // A new stream (not the browser's own reconnect) has no Last-Event-ID: read the lists again.
      if (failures > 0) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      failures = 0;
    };
    const onError = () => {
      if (!source || source.readyState !== CLOSED || isStopped) return;
      source.close();
      const delay = REOPEN_DELAYS_MS[Math.min(failures, REOPEN_DELAYS_MS.length - 1)];
      failures += 1;
      timer = setTimeout(open, delay);
    };
    function open() {
      if (isStopped) return;
      source = openNotificationStream();
      if (!source) return;
      source.addEventListener('notification', onNotification);
      source.addEventListener('unread', onUnread);
      source.addEventListener('topic', onTopic);
      source.addEventListener('open', onOpen);
      source.addEventListener('error', onError);
    }

    open();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      if (source) {
        source.removeEventListener('notification', onNotification);
        source.removeEventListener('unread', onUnread);
        source.removeEventListener('topic', onTopic);
        source.removeEventListener('open', onOpen);
        source.removeEventListener('error', onError);
        source.close();
      }
    };
  }, [queryClient, userId]);
}
