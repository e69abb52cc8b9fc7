import { useCallback, useState } from 'react';
import { Badge, Button, Empty, Flex, Popover, Skeleton, Typography } from 'antd';
import { Result } from '../../../components/result';
import { BellOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LATEST_QUERY, useMarkNotificationsRead, useNotificationList, useUnreadCount } from '../api';
import { useOpenNotification } from '../hooks/use-open-notification';
import { useToast } from '../../../lib/toast';
import { NotificationItem } from './notification-item';
import './notifications.css';

/** The bell's panel: the latest notifications (read when it opens), "Mark all as read" and "View all". */
function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const list = useNotificationList(LATEST_QUERY);
  const markRead = useMarkNotificationsRead();
  const open = useOpenNotification(onClose);
  const unread = list.data?.unread_count ?? 0;
  return (
    <div className="atrium-notification-panel" data-testid="notification-panel">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('bell.title')}</Typography.Text>
        <Button
          type="link"
          size="small"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true }, { onError: (error) => toast.error(error, t('errors.markRead')) })}
        >
          {t('actions.markAllRead')}
        </Button>
      </Flex>
      <div className="atrium-notification-panel__list">
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} style={{ padding: 12 }} />
        ) : list.isError ? (
          <Result
            status="warning"
            subTitle={t('errors.load')}
            extra={
              <Button size="small" onClick={() => void list.refetch()}>
                {t('common:action.retry')}
              </Button>
            }
          />
        ) : list.data.items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.all')} />
        ) : (
          <ul aria-label={t('bell.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.data.items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Flex justify="center" style={{ borderTop: '1px solid #f0f0f0', marginTop: 8, paddingTop: 8 }}>
        <Link to="/user/notifications" onClick={onClose}>
          {t('actions.viewAll')}
        </Link>
      </Flex>
    </div>
  );
}

/**
 * The header's bell (issue 17 §1): the unread count as a badge (kept current by the notification
 * stream), opening a panel with the latest notifications. A click on one marks it read and opens
 * its destination (spec §2).
 */
export function NotificationBell({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('notifications');
  const [isOpen, setOpen] = useState(false);
  const count = useUnreadCount();
  const unread = count.data ?? 0;
  const close = useCallback(() => setOpen(false), []);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={isOpen}
      onOpenChange={setOpen}
      content={<NotificationPanel onClose={close} />}
      arrow={false}
      destroyOnHidden
    >
      <Button
        type="text"
        size={compact ? 'small' : 'middle'}
        aria-label={t('bell.label', { count: unread })}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        data-testid="notification-bell"
      >
        <Badge count={unread} overflowCount={99} size="small" data-testid="notification-badge">
          <BellOutlined aria-hidden style={{ fontSize: compact ? 16 : 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
