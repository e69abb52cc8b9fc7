import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeachingPerson } from '@atrium/contracts';
import { useTeachingFormat } from '../hooks/use-teaching-format';
import { ActionsCell, HoursCell, WaitingCell } from './figure-cells';

/**
 * One row per team member over the courses shown (an organisation admin's view is per instructor): courses,
 * teaching actions by kind, content created, median and 90th-percentile grading time (homework and exams together)
 * and the work waiting in the courses they teach.
 */
export function MembersTable({ members }: { members: TeachingPerson[] }) {
  const { t } = useTranslation('teachingStats');
  const format = useTeachingFormat();
  const columns: TableColumnsType<TeachingPerson> = [
    { title: t('members.name'), dataIndex: 'name', key: 'name', render: (_, m) => <strong>{m.name}</strong> },
    { title: t('members.courses'), dataIndex: 'courses', key: 'courses', align: 'end', render: (_, m) => format.count(m.courses) },
    { title: t('members.actions'), key: 'actions', render: (_, m) => <ActionsCell actions={m.actions} total={m.actions_total} /> },
    { title: t('members.content'), dataIndex: 'content_created', key: 'content', align: 'end', render: (_, m) => format.count(m.content_created) },
    { title: t('members.median'), key: 'median', render: (_, m) => <HoursCell turnaround={m.turnaround.all} pick="median_hours" /> },
    { title: t('members.p90'), key: 'p90', render: (_, m) => <HoursCell turnaround={m.turnaround.all} pick="p90_hours" /> },
    { title: t('members.waiting'), key: 'waiting', render: (_, m) => <WaitingCell waiting={m.waiting} /> },
  ];
  return (
    <Table<TeachingPerson>
      rowKey="user_id"
      size="middle"
      columns={columns}
      dataSource={members}
      pagination={members.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      locale={{ emptyText: t('members.empty') }}
      data-testid="teaching-members"
    />
  );
}
