import { useState } from 'react';
import { Alert, Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, TIME_FORMAT, type LiveAttendanceRow } from '@atrium/contracts';
import { formatInZone } from '../../../lib/zone-format';
import { useAccountTimeZone } from '../../calendar/lib/account-zone';
import { useLiveAttendance } from '../api';

type Filter = '' | 'true' | 'false';

/**
 * The course team's attendance of a meeting (decision 0150): every student of the course, by name,
 * with whether they joined, their first and last join (in the account's zone) and how often, paged
 * on the server, filtered by joined / not joined, with "n of m students joined" above.
 */
export function LiveAttendanceTable({ activityId }: { activityId: number }) {
  const { t } = useTranslation('live');
  const zone = useAccountTimeZone();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[0]);
  const [filter, setFilter] = useState<Filter>('');
  const attendance = useLiveAttendance(activityId, page, pageSize, filter, true);
  const format = (iso: string | null) => (iso ? formatInZone(iso, zone, TIME_FORMAT.display) : '—');
  return (
    <section aria-labelledby={`live-attendance-${activityId}`} data-testid="live-attendance">
      <Space direction="vertical" size="small" style={{ width: '100%' }}>
        <Typography.Title level={3} id={`live-attendance-${activityId}`} style={{ fontSize: 16, margin: 0 }}>
          {t('attendance.title')}
        </Typography.Title>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Segmented<Filter>
            aria-label={t('attendance.filter')}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            options={[
              { value: '', label: t('attendance.all') },
              { value: 'true', label: t('attendance.joinedOnly') },
              { value: 'false', label: t('attendance.notJoinedOnly') },
            ]}
          />
          {attendance.data && (
            <Typography.Text data-testid="live-attendance-summary">
              {t('attendance.summary', { joined: attendance.data.joined_students, students: attendance.data.students })}
            </Typography.Text>
          )}
        </Space>
        {attendance.isError ? (
          <Alert type="error" showIcon message={t('attendance.loadError')} action={<Button onClick={() => void attendance.refetch()}>{t('retry')}</Button>} />
        ) : (
          <Table<LiveAttendanceRow>
            rowKey="user_id"
            size="small"
            loading={attendance.isFetching}
            dataSource={attendance.data?.items ?? []}
            locale={{ emptyText: t('attendance.empty') }}
            columns={[
              { key: 'name', title: t('attendance.name'), dataIndex: 'name' },
              { key: 'user_no', title: t('attendance.userNo'), dataIndex: 'user_no' },
              {
                key: 'joined',
                title: t('attendance.joined'),
                render: (_, row) => (row.joined ? <Tag color="green">{t('attendance.yes')}</Tag> : <Tag>{t('attendance.no')}</Tag>),
              },
              { key: 'first', title: t('attendance.firstJoin'), render: (_, row) => format(row.first_joined_at) },
              { key: 'last', title: t('attendance.lastJoin'), render: (_, row) => format(row.last_joined_at) },
              { key: 'count', title: t('attendance.count'), dataIndex: 'join_count', align: 'right' },
            ]}
            pagination={{
              current: page,
              pageSize,
              total: attendance.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
              onChange: (next, size) => {
                setPage(size !== pageSize ? 1 : next);
                setPageSize(size);
              },
            }}
          />
        )}
      </Space>
    </section>
  );
}
