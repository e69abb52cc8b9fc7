import { Alert, App, Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type Meeting } from '@atrium/contracts';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { downloadMeetingsExcel, useManagementMeetings, type ManagementMeetingFilter } from '../api';

/**
 * Management meeting overview (spec §7 POST /api/management/calendar-meeting and its Excel
 * export) for organisation administrators: keyword and review-status filters, paging with
 * spec §9 sizes, and a download of the filtered list as .xlsx.
 */
export function ManagementMeetingsPage() {
  const { t } = useTranslation('calendar');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(10);
  const [filter, setFilter] = useState<ManagementMeetingFilter>({});
  const [exporting, setExporting] = useState(false);
  const list = useManagementMeetings(page, pageSize, filter);

  const onExport = async () => {
    setExporting(true);
    try {
      const blob = await downloadMeetingsExcel(filter);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `meetings-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      void message.error(serverMessageOf(error) ?? t('management.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  if (isApiError(list.error, 403)) return <Alert type="warning" showIcon message={t('management.forbidden')} />;
  return (
    <div>
      <Typography.Title level={3}>{t('management.title')}</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('management.keyword')} aria-label={t('management.keyword')} onSearch={(keyword) => { setPage(1); setFilter((f) => ({ ...f, keyword: keyword || undefined })); }} style={{ width: 260 }} />
        <Select
          aria-label={t('management.status')}
          style={{ width: 180 }}
          value={filter.audit_status ?? ''}
          onChange={(v) => { setPage(1); setFilter((f) => ({ ...f, audit_status: (v || undefined) as ManagementMeetingFilter['audit_status'] })); }}
          options={[{ value: '', label: t('management.anyStatus') }, ...(['pending', 'agree', 'reject'] as const).map((s) => ({ value: s, label: t(`meeting.audit.${s}`) }))]}
        />
        <Button type="primary" loading={exporting} onClick={() => void onExport()}>{t('management.export')}</Button>
      </Space>
      {list.isError && <Alert type="error" showIcon message={t('page.loadError')} action={<Button onClick={() => void list.refetch()}>{t('page.retry')}</Button>} />}
      <Table<Meeting>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize, total: list.data?.total ?? 0, pageSizeOptions: PAGE_SIZE_OPTIONS.map(String), showSizeChanger: true, onChange: (p, s) => { setPage(p); setPageSize(s); } }}
        columns={[
          { title: t('management.columns.title'), dataIndex: 'title' },
          { title: t('management.columns.kind'), dataIndex: 'kind', render: (k: Meeting['kind']) => t(`meeting.kinds.${k}`) },
          { title: t('management.columns.start'), dataIndex: 'start_time', render: (v: string) => dayjs(v).format('YYYY.MM.DD HH:mm') },
          { title: t('management.columns.end'), dataIndex: 'end_time', render: (v: string) => dayjs(v).format('YYYY.MM.DD HH:mm') },
          { title: t('management.columns.host'), render: (_: unknown, m: Meeting) => m.data.host_user.name },
          { title: t('management.columns.status'), render: (_: unknown, m: Meeting) => <Tag>{t(`meeting.audit.${m.data.audit_status}`)}</Tag> },
        ]}
      />
    </div>
  );
}
