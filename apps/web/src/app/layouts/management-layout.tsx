import { Suspense } from 'react';
import { Card, Flex, Typography } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/auth/api';
import { isOrgAdmin } from '../../features/auth/lib/roles';
import { ForbiddenResult } from '../../components/status-results';
import { PageSpinner } from '../../components/page-spinner';
import { ManagementMenu } from './management-menu';
import { useAuthValidate } from '../../features/management/api';
import { AuthCodePopup } from '../../features/management/components/auth-code-popup';
import { canCreateCourse } from '../../features/courses/lib/course-display';

/** Frame of `/management/*`: side menu and section outlet; users who are not admins get a 403 result. */
export function ManagementLayout() {
  const { t } = useTranslation('management');
  const { data: user } = useCurrentUser();
  const authValidate = useAuthValidate();
  if (!user) return <PageSpinner />;
  // Instructors manage the courses they teach; admins everything of their organisation (decision 0011).
  if (!isOrgAdmin(user) && !canCreateCourse(user)) return <ForbiddenResult title={t('forbidden')} pageTitle />;
  if (authValidate.isPending) return <PageSpinner />;
  if (authValidate.data && !authValidate.data.dingtalk_auth_validate) return <AuthCodePopup open />;
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
