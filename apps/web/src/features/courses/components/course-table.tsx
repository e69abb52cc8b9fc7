import type { ReactNode } from 'react';
import { Table, Tag } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type Course } from '@atrium/contracts';
import { courseTerm, courseTitle } from '../lib/course-display';

/** Paging of a course table: current page, page size, total rows and the change callback. */
export interface CourseTablePaging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

/** Table of courses (title linking to the course, code, instructors, term, my role), with spec §9 page sizes. */
export function CourseTable({ courses, loading, paging, empty }: { courses: Course[]; loading: boolean; paging?: CourseTablePaging; empty: ReactNode }) {
  const { t } = useTranslation('courses');
  const pagination: TablePaginationConfig | false = paging
    ? {
        current: paging.page,
        pageSize: paging.pageSize,
        total: paging.total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        showTotal: (total) => t('list.total', { count: total }),
        onChange: paging.onChange,
      }
    : false;
  return (
    <Table<Course>
      rowKey="id"
      dataSource={courses}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: empty }}
      scroll={{ x: 720 }}
      columns={[
        {
          key: 'title',
          title: t('list.columns.name'),
          render: (_, course) => <Link to={`/course/${course.id}`}>{courseTitle(course)}</Link>,
        },
        { key: 'code', title: t('list.columns.code'), dataIndex: 'course_code' },
        { key: 'instructors', title: t('list.columns.instructors'), dataIndex: 'instructors_names' },
        { key: 'term', title: t('list.columns.term'), render: (_, course) => courseTerm(course) || '—' },
        {
          key: 'roles',
          title: t('list.columns.myRole'),
          render: (_, course) =>
            course.my_roles.map((role) => (
              <Tag key={role} color={role === 'student' ? 'blue' : 'gold'}>
                {t(`roles.${role}`)}
              </Tag>
            )),
        },
      ]}
    />
  );
}
