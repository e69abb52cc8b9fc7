import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiErrorResult } from '../../../components/status-results';
import { useMyCourses } from '../api';
import { CourseActions } from '../components/course-actions';
import { CourseTable } from '../components/course-table';
import { readPaging } from '../lib/paging';

/** `/user/courses`: the signed-in user's courses, paged (page and page_size kept in the URL). */
export function MyCoursesPage() {
  const { t } = useTranslation('courses');
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = readPaging(params);
  const courses = useMyCourses(page, pageSize);

  return (
    <section>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <CourseActions />
      </Flex>
      <Card>
        {courses.isError && !courses.data ? (
          <ApiErrorResult error={courses.error} onRetry={() => void courses.refetch()} />
        ) : (
          <CourseTable
            courses={courses.data?.items ?? []}
            loading={courses.isFetching}
            empty={<Empty description={t('list.empty')} />}
            paging={{
              page,
              pageSize,
              total: courses.data?.total ?? 0,
              onChange: (nextPage, nextSize) => setParams({ page: String(nextSize === pageSize ? nextPage : 1), page_size: String(nextSize) }),
            }}
          />
        )}
      </Card>
    </section>
  );
}
