import type { ReactNode } from 'react';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Honest empty state for a screen whose features arrive in a later release. */
export function LaterReleaseState({ title, description }: { title: ReactNode; description?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Empty
      style={{ padding: '48px 0' }}
      description={
        <>
          <Typography.Title level={4} style={{ marginBottom: 8 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{description ?? t('state.laterRelease')}</Typography.Text>
        </>
      }
    />
  );
}
