import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, LIBRARY_QUOTA_NEAR, type LibraryUsage } from '@atrium/contracts';

/** One quota as a bar: used of allowed, warning colour from 90 %, error colour when full. */
function Bar({ label, used, quota, testId }: { label: string; used: number; quota: number; testId: string }) {
  const { t } = useTranslation('library');
  const percent = quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 0;
  const status = used >= quota ? 'exception' : used >= quota * LIBRARY_QUOTA_NEAR ? 'normal' : 'success';
  const color = used >= quota ? undefined : used >= quota * LIBRARY_QUOTA_NEAR ? '#d48806' : undefined;
  const text = t('quota.usedOf', { used: formatBytes(used), quota: formatBytes(quota) });
  return (
    <div data-testid={testId} style={{ minWidth: 220, flex: 1 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Progress percent={percent} status={status} strokeColor={color} size="small" aria-label={`${label}: ${text}`} format={() => `${percent}%`} />
      <Typography.Text style={{ fontSize: 12 }}>{text}</Typography.Text>
      {used >= quota * LIBRARY_QUOTA_NEAR && (
        <Typography.Text type="warning" style={{ fontSize: 12, display: 'block' }} data-testid={`${testId}-near`}>
          {used >= quota ? t('quota.full') : t('quota.near')}
        </Typography.Text>
      )}
    </div>
  );
}

/** The storage quota (decision 0132): mine and my organisation's. */
export function QuotaBar({ usage }: { usage: LibraryUsage }) {
  const { t } = useTranslation('library');
  return (
    <Flex gap={24} wrap style={{ marginBottom: 12 }} role="group" aria-label={t('quota.title')}>
      <Bar label={t('quota.mine')} used={usage.user.used} quota={usage.user.quota} testId="quota-user" />
      <Bar label={t('quota.org')} used={usage.org.used} quota={usage.org.quota} testId="quota-org" />
    </Flex>
  );
}
