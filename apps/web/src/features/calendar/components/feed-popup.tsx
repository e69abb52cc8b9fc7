import { Button, Input, Modal, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeed, useFeedAction } from '../api';
import { useToast } from '../../../lib/toast';

/**
 * How to subscribe to the calendar from Google Calendar, Outlook or Apple Calendar (beyond
 * the spec): shows the private iCalendar URL with a copy button, renews or revokes it.
 */
export function FeedPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('calendar');
  const toast = useToast();
  const feed = useFeed();
  const action = useFeedAction();
  const url = feed.data?.url ? `${window.location.origin}${feed.data.url}` : null;
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url);
    toast.success(t('feed.copied'));
  };
  return (
    <Modal open={open} title={t('feed.title')} onCancel={onClose} footer={<Button onClick={onClose}>{t('common.cancel')}</Button>}>
      <Typography.Paragraph>{t('feed.intro')}</Typography.Paragraph>
      {feed.isLoading ? (
        <Spin />
      ) : url ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={url} aria-label={t('feed.title')} data-testid="feed-url" onFocus={(e) => e.target.select()} />
            <Button onClick={copy}>{t('feed.copy')}</Button>
          </Space.Compact>
          <Space>
            <Button loading={action.isPending} onClick={() => action.mutate('rotate')}>
              {t('feed.renew')}
            </Button>
            <Button danger loading={action.isPending} onClick={() => action.mutate('revoke')}>
              {t('feed.revoke')}
            </Button>
          </Space>
        </Space>
      ) : (
        <Space direction="vertical">
          <Typography.Text type="secondary">{t('feed.none')}</Typography.Text>
          <Button type="primary" loading={action.isPending} onClick={() => action.mutate('rotate')}>
            {t('feed.create')}
          </Button>
        </Space>
      )}
    </Modal>
  );
}
