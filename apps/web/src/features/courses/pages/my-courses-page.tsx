import { Card, Empty, Flex, Select, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiErrorResult } from '../../../components/status-results';
import { useMyCourses, useMyCourseTerms, type MyCourseFilters } from '../api';
import { CourseActions } from '../components/course-actions';
import { CourseTable } from '../components/course-table';
import type { SpecialCourseType } from '../components/new-course-modal';
import { readPaging } from '../lib/paging';

/** The list's status tab from the URL: `archived` or (default) `current`. */
function statusOf(params: URLSearchParams): 'current' | 'archived' {
  return params.get('status') === 'archived' ? 'archived' : 'current';
}

/**
 * A list of my courses (spec §2 `/user/courses`; with `courseType` 7 `/user/studios`, 8
 * `/user/project`): tabs for current and archived ones (archived: the end date has passed),
 * academic year and semester filters from my courses' terms, paging; everything in the URL
 * (`status`, `academic_year`, `semester`, `page`, `page_size`). A filter change goes back to page 1.
 */
function CourseListPage({ courseType }: { courseType?: SpecialCourseType }) {
  const { t } = useTranslation('courses');
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = readPaging(params);
  const status = statusOf(params);
  const filters: MyCourseFilters = {
    status,
    academic_year: params.get('academic_year') || undefined,
    semester: params.get('semester') || undefined,
    course_type: courseType,
  };
  const courses = useMyCourses(page, pageSize, filters);
  const terms = useMyCourseTerms();
  const kind = courseType === 7 ? 'studios' : courseType === 8 ? 'projects' : 'courses';

  /** Sets (or, with null, clears) URL parameters, back to page 1 unless `page` is among them. */
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  const termOptions = (values: string[] | undefined) => (values ?? []).map((value) => ({ value, label: value }));

  return (
    <section>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
          {t(`lists.${kind}.title`)}
        </Typography.Title>
        <CourseActions courseType={courseType} />
      </Flex>
      <Card>
        {/* The filters beside the tabs, not in the tab bar (tabBarExtraContent): the tab bar is a tablist, which may hold only tabs. */}
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Tabs
            activeKey={status}
            onChange={(key) => update({ status: key === 'archived' ? 'archived' : null })}
            items={[
              { key: 'current', label: t('lists.current') },
              { key: 'archived', label: t('lists.archived') },
            ]}
          />
          <Flex gap={8} wrap style={{ marginBottom: 16 }}>
            <Select
              allowClear
              aria-label={t('lists.academicYear')}
              placeholder={t('lists.academicYear')}
              style={{ minWidth: 140 }}
              value={filters.academic_year ?? null}
              options={termOptions(terms.data?.academic_years)}
              onChange={(value: string | null | undefined) => update({ academic_year: value ?? null })}
            />
            <Select
              allowClear
              aria-label={t('lists.semester')}
              placeholder={t('lists.semester')}
              style={{ minWidth: 120 }}
              value={filters.semester ?? null}
              options={termOptions(terms.data?.semesters)}
              onChange={(value: string | null | undefined) => update({ semester: value ?? null })}
            />
          </Flex>
        </Flex>
        {courses.isError && !courses.data ? (
          <ApiErrorResult error={courses.error} onRetry={() => void courses.refetch()} />
        ) : (
          <CourseTable
            courses={courses.data?.items ?? []}
            loading={courses.isFetching}
            empty={<Empty description={t(status === 'archived' ? 'lists.emptyArchived' : `lists.${kind}.empty`)} />}
            paging={{
              page,
              pageSize,
              total: courses.data?.total ?? 0,
              onChange: (nextPage, nextSize) => {
                const next = new URLSearchParams(params);
                next.set('page', String(nextSize === pageSize ? nextPage : 1));
                next.set('page_size', String(nextSize));
                setParams(next);
              },
            }}
          />
        )}
      </Card>
    </section>
  );
}

/** `/user/courses`: all my courses (every type), current or archived, by term. */
export function MyCoursesPage() {
  return <CourseListPage />;
}

/** `/user/studios` (spec §2): my studios, courses of type 7, and "New studio". */
export function StudiosPage() {
  return <CourseListPage courseType={7} />;
}

/** `/user/project` (spec §2): my projects, courses of type 8, and "New project". */
export function ProjectsPage() {
  return <CourseListPage courseType={8} />;
}
