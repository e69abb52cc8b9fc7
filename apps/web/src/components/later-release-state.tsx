import type { ReactNode } from 'react';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Honest empty state for a screen whose features arrive in a later release. `pageTitle` where the state
 * is the whole page: its title is then the page's h1, at the same size (decision 0146).
 */
export function LaterReleaseState({ title, description, pageTitle }: { title: ReactNode; description?: ReactNode; pageTitle?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Empty
      style={{ padding: '48px 0' }}
      description={
        <>
          <Typography.Title level={pageTitle ? 1 : 4} style={{ marginBottom: 8, fontSize: 20 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{description ?? t('state.laterRelease')}</Typography.Text>
        </>
      }
    />
  );
}
