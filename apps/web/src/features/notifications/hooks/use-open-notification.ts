import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '@atrium/contracts';
import { useMarkNotificationsRead } from '../api';
import { destinationOf } from '../lib/notification-text';

/**
 * Opening a notification (issue 17 §1; spec §2 click destinations): an unread one that is not
 * locked is marked read (the badge drops at once), then the app goes to its destination through
 * the router (hash targets such as `/course/3/learning-activity#/9` included).
 */
export function useOpenNotification(onOpened?: () => void) {
  const navigate = useNavigate();
  const { mutate: markRead } = useMarkNotificationsRead();
  return useCallback(
    (notification: Notification) => {
      if (!notification.read_at && !notification.is_locked) markRead({ ids: [notification.id] });
      onOpened?.();
      void navigate(destinationOf(notification));
    },
    [markRead, navigate, onOpened],
  );
}
