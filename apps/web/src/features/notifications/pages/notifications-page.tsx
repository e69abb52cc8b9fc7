import { Button, Card, Empty, Flex, Pagination, Segmented, Skeleton, Switch, Tabs, Tooltip, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { typeQuery, useMarkNotificationsRead, useNotificationList, type NotificationListQuery } from '../api';
import { NotificationItem } from '../components/notification-item';
import { NotificationPreferences } from '../components/notification-preferences';
import { useOpenNotification } from '../hooks/use-open-notification';
import { notificationTitle } from '../lib/notification-text';
import { GROUP_TYPES, NOTIFICATION_GROUPS, isNotificationGroup, type NotificationGroup } from '../lib/groups';

const DEFAULT_PAGE_SIZE = 10;

/** The centre's state in the address (`?group=&unread=true&page=&page_size=&tab=preferences`), so a reload or a link keeps it. */
function useCentreParams() {
  const [params, setParams] = useSearchParams();
  const group: NotificationGroup | 'all' = isNotificationGroup(params.get('group')) ? (params.get('group') as NotificationGroup) : 'all';
  const pageSize = Number(params.get('page_size'));
  const page = Number(params.get('page'));
  const state = {
    tab: params.get('tab') === 'preferences' ? ('preferences' as const) : ('list' as const),
    group,
    isUnreadOnly: params.get('unread') === 'true',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
  const update = (patch: Partial<Record<'tab' | 'group' | 'unread' | 'page' | 'page_size', string | null>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return { ...state, update };
}

function NotificationList() {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const { group, isUnreadOnly, page, pageSize, update } = useCentreParams();
  const query: NotificationListQuery = {
    page,
    page_size: pageSize,
    type: group === 'all' ? undefined : typeQuery(GROUP_TYPES[group]),
    unread: isUnreadOnly ? 'true' : undefined,
  };
  const list = useNotificationList(query);
  const markRead = useMarkNotificationsRead();
  const open = useOpenNotification();
  const unread = list.data?.unread_count ?? 0;
  const onMarkRead = (body: { ids: number[] } | { all: true }) =>
    markRead.mutate(body, {
      onSuccess: () => {
        if (isUnreadOnly) void list.refetch();
      },
      onError: (error) => toast.error(error, t('errors.markRead')),
    });

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Segmented<NotificationGroup | 'all'>
          aria-label={t('filters.type')}
          value={group}
          onChange={(value) => update({ group: value === 'all' ? null : value, page: null })}
          options={[{ value: 'all', label: t('groups.all') }, ...NOTIFICATION_GROUPS.map((value) => ({ value, label: t(`groups.${value}`) }))]}
        />
        <Flex gap={16} align="center" wrap>
          <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <Switch checked={isUnreadOnly} onChange={(checked) => update({ unread: checked ? 'true' : null, page: null })} />
            {t('filters.unreadOnly')}
          </label>
          <Button icon={<CheckOutlined aria-hidden />} disabled={unread === 0} loading={markRead.isPending} onClick={() => onMarkRead({ all: true })}>
            {t('actions.markAllRead')}
          </Button>
        </Flex>
      </Flex>
      <Typography.Text type="secondary" data-testid="notification-summary">
        {t('summary', { total: list.data?.total ?? 0, unread })}
      </Typography.Text>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <ApiErrorResult error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Empty description={isUnreadOnly ? t('empty.unread') : group === 'all' ? t('empty.all') : t('empty.group')} />
      ) : (
        <ul aria-label={t('page.listLabel')} data-testid="notification-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.data.items.map((notification) => (
            <li key={notification.id} style={{ borderBottom: '1px solid #f0f0f0' }}>
              <Flex align="center" gap={8}>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <NotificationItem notification={notification} onOpen={open} />
                </div>
                {!notification.read_at && !notification.is_locked && (
                  <Tooltip title={t('actions.markRead')}>
                    <Button
                      type="text"
                      icon={<CheckOutlined aria-hidden />}
                      aria-label={t('actions.markReadOne', { title: notificationTitle(t, notification) })}
                      onClick={() => onMarkRead({ ids: [notification.id] })}
                    />
                  </Tooltip>
                )}
              </Flex>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total > 0 && (
        <Pagination
          align="end"
          current={page}
          pageSize={pageSize}
          total={list.data.total}
          showSizeChanger
          pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
          onChange={(nextPage, nextSize) =>
            update(nextSize !== pageSize ? { page: null, page_size: String(nextSize) } : { page: nextPage > 1 ? String(nextPage) : null })
          }
        />
      )}
    </Flex>
  );
}

/**
 * The notification centre at `/user/notifications` (issue 17 §1): every notification of mine with a
 * type filter (spec §2 destination groups), an unread-only switch, paging (spec §9 sizes), mark one
 * or all read, and a Preferences tab (channels per kind).
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { tab, update } = useCentreParams();
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ tab: key === 'preferences' ? 'preferences' : null })}
        items={[
          { key: 'list', label: t('page.tabs.list'), children: tab === 'list' ? <NotificationList /> : null },
          { key: 'preferences', label: t('page.tabs.preferences'), children: tab === 'preferences' ? <NotificationPreferences /> : null },
        ]}
      />
    </Card>
  );
}
