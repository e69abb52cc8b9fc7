import { Card, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiErrorResult } from '../../../components/status-results';
import { useShareTracking } from '../api';

/** `/shared-resource/user/{userId}/track-user-resource` (spec §2): who opened or reused what I shared. */
export function TrackUserResourcePage() {
  const { t } = useTranslation('resourceGroups');
  const tracking = useShareTracking();
  if (tracking.isError) return <ApiErrorResult error={tracking.error} pageTitle />;
  return (
    <Card
      title={
        // The page's h1 (decision 0146), at the card title's size.
        <Typography.Title level={1} style={{ fontSize: 16, margin: 0, lineHeight: 'inherit' }}>
          {t('tracking.title')}
        </Typography.Title>
      }
    >
      <Table
        rowKey={(r) => `${r.resource_id}-${r.user.id}-${r.upload.id}-${r.how}`}
        loading={tracking.isPending}
        dataSource={tracking.data?.tracks ?? []}
        locale={{ emptyText: t('tracking.empty') }}
        columns={[
          { key: 'resource', title: t('tracking.resource'), render: (_, r) => r.item_name },
          { key: 'file', title: t('tracking.file'), render: (_, r) => r.upload.name },
          { key: 'user', title: t('tracking.user'), render: (_, r) => r.user.name },
          { key: 'how', title: t('tracking.how'), render: (_, r) => <Tag color={r.how === 'reuse' ? 'green' : 'blue'}>{t(`tracking.${r.how}`)}</Tag> },
          { key: 'count', title: t('tracking.count'), dataIndex: 'count' },
          { key: 'last', title: t('tracking.last'), render: (_, r) => dayjs(r.last_at).format('YYYY-MM-DD HH:mm') },
        ]}
      />
    </Card>
  );
}
