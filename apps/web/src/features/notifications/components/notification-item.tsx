import { Badge, Flex, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@atrium/contracts';
import { notificationTitle, relativeTimeOf } from '../lib/notification-text';
import './notifications.css';

/**
 * One notification as a button (the bell's list, the centre's rows): its title from kind and
 * payload, the course name, an excerpt, the sender and how long ago; unread ones are bold with a dot.
 * Enter or a click opens it.
 */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (notification: Notification) => void }) {
  const { t } = useTranslation('notifications');
  const isUnread = !notification.read_at;
  const title = notificationTitle(t, notification);
  const meta = [notification.payload.course_name, notification.sender?.name].filter(Boolean).join(' · ');
  return (
    <button
      type="button"
      className="atrium-notification"
      data-unread={isUnread}
      data-testid="notification-item"
      aria-label={isUnread ? t('item.unreadLabel', { title }) : title}
      onClick={() => onOpen(notification)}
    >
      <Flex gap={8} align="flex-start">
        <Badge status={isUnread ? 'processing' : 'default'} style={{ visibility: isUnread ? 'visible' : 'hidden', marginTop: 2 }} />
        <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong={isUnread} className="atrium-notification__title">
            {title}
            {notification.is_locked && <LockOutlined aria-label={t('item.locked')} style={{ marginLeft: 6 }} />}
          </Typography.Text>
          {notification.payload.text && (
            <Typography.Text type="secondary" ellipsis className="atrium-notification__text">
              {notification.payload.text}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {meta && <span data-testid="notification-meta">{meta} · </span>}
            <time dateTime={notification.created_at} title={new Date(notification.created_at).toLocaleString()}>
              {relativeTimeOf(notification.created_at)}
            </time>
          </Typography.Text>
        </Flex>
      </Flex>
    </button>
  );
}
