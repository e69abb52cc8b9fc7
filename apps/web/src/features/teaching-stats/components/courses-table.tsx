import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeachingCourse, TeachingMember } from '@atrium/contracts';
import { useTeachingFormat } from '../hooks/use-teaching-format';
import { ActionsCell, HoursCell, WaitingCell } from './figure-cells';

/** A course's team in it: roles, actions, content created and turnaround of each member there. */
function CourseMembers({ course }: { course: TeachingCourse }) {
  const { t } = useTranslation('teachingStats');
  const format = useTeachingFormat();
  const columns: TableColumnsType<TeachingMember> = [
    { title: t('members.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('members.roles'),
      key: 'roles',
      render: (_, m) => (m.roles.length > 0 ? m.roles.map((role) => t(`roles.${role}`)).join(', ') : t('roles.none')),
    },
    { title: t('members.actions'), key: 'actions', render: (_, m) => <ActionsCell actions={m.actions} total={m.actions_total} /> },
    { title: t('members.content'), key: 'content', align: 'end', render: (_, m) => format.count(m.content_created) },
    { title: t('members.median'), key: 'median', render: (_, m) => <HoursCell turnaround={m.turnaround.all} pick="median_hours" /> },
    { title: t('members.p90'), key: 'p90', render: (_, m) => <HoursCell turnaround={m.turnaround.all} pick="p90_hours" /> },
  ];
  return (
    <Table<TeachingMember>
      rowKey="user_id"
      size="small"
      columns={columns}
      dataSource={course.members}
      pagination={false}
      locale={{ emptyText: t('members.empty') }}
      title={() => t('courses.team', { name: course.name })}
      data-testid={`teaching-course-members-${course.course_id}`}
    />
  );
}

/**
 * One row per course: its teaching actions, content created, median and 90th-percentile grading time and the work
 * waiting now; a row opens onto its team (CourseMembers). With one course only, it is open from the start.
 */
export function CoursesTable({ courses }: { courses: TeachingCourse[] }) {
  const { t } = useTranslation('teachingStats');
  const format = useTeachingFormat();
  const columns: TableColumnsType<TeachingCourse> = [
    { title: t('courses.name'), key: 'name', render: (_, c) => `${c.name} (${c.course_code})` },
    { title: t('members.actions'), key: 'actions', render: (_, c) => <ActionsCell actions={c.actions} total={c.actions_total} /> },
    { title: t('members.content'), key: 'content', align: 'end', render: (_, c) => format.count(c.content_created) },
    { title: t('members.median'), key: 'median', render: (_, c) => <HoursCell turnaround={c.turnaround.all} pick="median_hours" /> },
    { title: t('members.p90'), key: 'p90', render: (_, c) => <HoursCell turnaround={c.turnaround.all} pick="p90_hours" /> },
    { title: t('members.waiting'), key: 'waiting', render: (_, c) => <WaitingCell waiting={c.waiting} /> },
  ];
  return (
    <Table<TeachingCourse>
      rowKey="course_id"
      size="middle"
      columns={columns}
      dataSource={courses}
      pagination={courses.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      expandable={{
        expandedRowRender: (course) => <CourseMembers course={course} />,
        defaultExpandedRowKeys: courses.length === 1 ? [courses[0]!.course_id] : [],
      }}
      scroll={{ x: 'max-content' }}
      data-testid="teaching-courses"
    />
  );
}
