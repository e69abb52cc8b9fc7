import { Suspense } from 'react';
import { Card, Flex, Typography } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/auth/api';
import { isOrgAdmin } from '../../features/auth/lib/roles';
import { ForbiddenResult } from '../../components/status-results';
import { PageSpinner } from '../../components/page-spinner';
import { ManagementMenu } from './management-menu';

/** Frame of `/management/*`: side menu and section outlet; users who are not admins get a 403 result. */
export function ManagementLayout() {
  const { t } = useTranslation('management');
  const { data: user } = useCurrentUser();
  if (!user) return <PageSpinner />;
  if (!isOrgAdmin(user)) return <ForbiddenResult title={t('forbidden')} />;
  return (
    <Flex gap={24} align="flex-start" wrap>
      <Card size="small" style={{ width: 240, flex: 'none' }} styles={{ body: { padding: 8 } }}>
        <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px 8px' }}>
          {t('title')}
        </Typography.Text>
        <nav aria-label={t('title')}>
          <ManagementMenu />
        </nav>
      </Card>
      <div style={{ flex: 1, minWidth: 320 }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </Flex>
  );
}
