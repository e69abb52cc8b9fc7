import { Alert, Button, DatePicker, Input, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type Meeting } from '@atrium/contracts';
import { isApiError, saveBlob } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api';
import { downloadMeetingsExcel, useManagementMeetings, useOrg, type ManagementMeetingFilter } from '../api';
import { MeetingReviewActions } from '../components/meeting-review-actions';
import { BROWSER_TIME_ZONE, fromZoneWall, toZoneWall } from '../lib/zone';
import { useToast } from '../../../lib/toast';

const KINDS = ['meeting', 'instruction', 'cloud_classroom'] as const;
const AUDIT_COLORS = { agree: 'green', reject: 'red', pending: 'gold' } as const;

/**
 * The overview's date filter (spec §7 start/end): from the start of the first chosen day to
 * the start of the day after the last, both read in `zone`, as ISO instants; empty when cleared.
 */
export function dateRangeFilter(range: [Dayjs | null, Dayjs | null] | null, zone: string): Pick<ManagementMeetingFilter, 'start' | 'end'> {
  const [from, to] = range ?? [null, null];
  return {
    start: from ? fromZoneWall(from.startOf('day'), zone) : undefined,
    end: to ? fromZoneWall(to.startOf('day').add(1, 'day'), zone) : undefined,
  };
}

/**
 * Management meeting overview (spec §7 POST /api/management/calendar-meeting and its Excel
 * export) for organisation administrators: keyword, review status, kind and date filters
 * (a meeting shows when it overlaps the chosen days), paging with spec §9 sizes, times in the
 * user's zone like the export (decision 0020), approve and reject per meeting (spec §4
 * audit_status), and a download of the filtered list as .xlsx.
 */
export function ManagementMeetingsPage() {
  const { t } = useTranslation('calendar');
  const toast = useToast();
  const me = useCurrentUser();
  const org = useOrg();
  const zone = me.data?.time_zone ?? org.data?.time_zone ?? BROWSER_TIME_ZONE;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(10);
  const [filter, setFilter] = useState<ManagementMeetingFilter>({});
  const [exporting, setExporting] = useState(false);
  const list = useManagementMeetings(page, pageSize, filter);
  const change = (patch: Partial<ManagementMeetingFilter>) => {
    setPage(1);
    setFilter((f) => ({ ...f, ...patch }));
  };
  const when = (iso: string) => toZoneWall(iso, zone).format('YYYY.MM.DD HH:mm');

  const onExport = async () => {
    setExporting(true);
    try {
      saveBlob(await downloadMeetingsExcel(filter), `meetings-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`);
    } catch (error) {
      toast.error(error, t('management.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  // The page's h1 (decision 0146), over the refusal too.
  const heading = (
    <Typography.Title level={1} style={{ fontSize: 24 }}>
      {t('management.title')}
    </Typography.Title>
  );
  if (isApiError(list.error, 403))
    return (
      <div>
        {heading}
        <Alert type="warning" showIcon message={t('management.forbidden')} />
      </div>
    );
  return (
    <div>
      {heading}
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('management.keyword')}
          aria-label={t('management.keyword')}
          onSearch={(keyword) => change({ keyword: keyword || undefined })}
          style={{ width: 260 }}
        />
        <Select
          aria-label={t('management.status')}
          style={{ width: 180 }}
          value={filter.audit_status ?? ''}
          onChange={(v) => change({ audit_status: (v || undefined) as ManagementMeetingFilter['audit_status'] })}
          options={[
            { value: '', label: t('management.anyStatus') },
            ...(['pending', 'agree', 'reject'] as const).map((s) => ({ value: s, label: t(`meeting.audit.${s}`) })),
          ]}
        />
        <Select
          aria-label={t('management.kind')}
          style={{ width: 200 }}
          value={filter.kind ?? ''}
          onChange={(v) => change({ kind: (v || undefined) as ManagementMeetingFilter['kind'] })}
          options={[{ value: '', label: t('management.anyKind') }, ...KINDS.map((k) => ({ value: k, label: t(`meeting.kinds.${k}`) }))]}
        />
        <DatePicker.RangePicker
          aria-label={t('management.dates')}
          format="YYYY.MM.DD"
          allowEmpty={[true, true]}
          placeholder={[t('management.from'), t('management.to')]}
          onChange={(range) => change(dateRangeFilter(range, zone))}
        />
        <Button type="primary" loading={exporting} onClick={() => void onExport()}>
          {t('management.export')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('management.zone', { zone })}</Typography.Paragraph>
      {list.isError && (
        <Alert type="error" showIcon message={t('page.loadError')} action={<Button onClick={() => void list.refetch()}>{t('page.retry')}</Button>} />
      )}
      <Table<Meeting>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        columns={[
          { title: t('management.columns.title'), dataIndex: 'title' },
          { title: t('management.columns.kind'), dataIndex: 'kind', render: (k: Meeting['kind']) => t(`meeting.kinds.${k}`) },
          { title: t('management.columns.start'), dataIndex: 'start_time', render: when },
          { title: t('management.columns.end'), dataIndex: 'end_time', render: when },
          { title: t('management.columns.host'), render: (_: unknown, m: Meeting) => m.data.host_user.name },
          {
            title: t('management.columns.status'),
            render: (_: unknown, m: Meeting) => <Tag color={AUDIT_COLORS[m.data.audit_status]}>{t(`meeting.audit.${m.data.audit_status}`)}</Tag>,
          },
          { title: t('management.columns.review'), render: (_: unknown, m: Meeting) => <MeetingReviewActions meeting={m} size="small" /> },
        ]}
      />
    </div>
  );
}
