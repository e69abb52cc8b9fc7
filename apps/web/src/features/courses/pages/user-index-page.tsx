import { Card, Empty, Flex, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/api';
import { ApiErrorResult } from '../../../components/status-results';
import { useMyCourses } from '../api';
import { CourseActions } from '../components/course-actions';
import { CourseTable } from '../components/course-table';
import { InviteConfirmPopup } from '../components/invite-confirm-popup';

/** `/user/index`: welcome line and a summary of the user's courses (the first page and the total). */
export function UserIndexPage() {
  const { t } = useTranslation('courses');
  const { data: user } = useCurrentUser();
  const courses = useMyCourses(1, 10);
  return (
    <section>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('home.welcome', { name: user?.name ?? '' })}
          </Typography.Title>
          {user && <Typography.Text type="secondary">{user.department ? `${user.org.name} · ${user.department.name}` : user.org.name}</Typography.Text>}
        </div>
        <CourseActions />
      </Flex>
      <Card title={t('home.myCourses')} extra={<Link to="/user/courses">{t('home.allCourses')}</Link>}>
        {courses.isError ? (
          <ApiErrorResult error={courses.error} onRetry={() => void courses.refetch()} />
        ) : (
          <>
            <Statistic title={t('home.courseCount')} value={courses.data?.total ?? 0} loading={courses.isPending} style={{ marginBottom: 16 }} />
            <CourseTable courses={courses.data?.items ?? []} loading={courses.isPending} empty={<Empty description={t('list.empty')} />} />
          </>
        )}
      </Card>
      <InviteConfirmPopup />
    </section>
  );
}
