import { useEffect, useState } from 'react';
import { Alert, App, Button, Input, Modal, Progress, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SYNC_STATUS, type CoursePackageItem } from '@atrium/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { useCoursePackages, useStartImport, useSyncStatus } from '../api';

/** Spec §9: page sizes of lists; the course package list defaults to 10. */
const PAGE_SIZES = [10, 20, 30, 50, 100];

/**
 * Spec §2 "course package import" popup: the organisation's package list
 * (academic year, semester, code, name, college, instructors, use count),
 * keyword search, paging, a radio selection and the import button following
 * spec §4 (status undefined or 2: the button; 0: a progress bar polled every
 * 3000 ms; 1: a success message, then the report).
 */
export function CoursePackageImportPopup({ courseId, open, onClose }: { courseId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('imports');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [statusKey, setStatusKey] = useState<string | null>(null);
  const packages = useCoursePackages(page, pageSize, keyword);
  const start = useStartImport(courseId);
  const status = useSyncStatus(courseId, statusKey);
  const current = statusKey ? status.data : undefined;
  const running = current?.status === SYNC_STATUS.running || start.isPending;

  useEffect(() => {
    if (current?.status === SYNC_STATUS.done && current.import_id) {
      void message.success(t('popup.success'));
      void queryClient.invalidateQueries();
      onClose();
      void navigate(`/course/${courseId}/imports/${current.import_id}`);
    }
  }, [current?.status, current?.import_id, courseId, message, navigate, onClose, queryClient, t]);

  const columns: ColumnsType<CoursePackageItem> = [
    { title: t('columns.academicYear'), key: 'year', render: (_, r) => r.data.academic_year ?? '—' },
    { title: t('columns.semester'), key: 'semester', render: (_, r) => r.data.semester ?? '—' },
    { title: t('columns.courseCode'), key: 'code', render: (_, r) => r.data.course_code || '—' },
    { title: t('columns.courseName'), key: 'name', render: (_, r) => (r.read_error ? <Typography.Text type="danger" title={r.read_error}>{r.data.course_name}</Typography.Text> : r.data.course_name) },
    { title: t('columns.college'), key: 'college', render: (_, r) => r.data.college ?? '—' },
    { title: t('columns.instructors'), key: 'instructors', render: (_, r) => r.data.instructors.join(', ') || '—' },
    { title: t('columns.useCount'), key: 'use', align: 'right', render: (_, r) => r.data.use_count },
  ];

  const chosen = packages.data?.items.find((i) => i.id === selected);
  return (
    <Modal
      open={open}
      title={t('popup.title')}
      width={960}
      onCancel={running ? undefined : onClose}
      closable={!running}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose} disabled={running}>
            {t('popup.cancel')}
          </Button>
          <Button
            type="primary"
            disabled={!chosen || running}
            loading={running}
            onClick={() =>
              chosen &&
              start.mutate(chosen.upload_id, {
                onSuccess: (answer) => setStatusKey(answer.status_key),
                onError: (error) => void message.error(serverMessageOf(error) ?? t('popup.startFailed')),
              })
            }
          >
            {t('popup.import')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Input.Search
          allowClear
          placeholder={t('popup.searchPlaceholder')}
          aria-label={t('popup.searchPlaceholder')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        {packages.isError ? <Alert type="error" showIcon message={t('popup.loadFailed')} /> : null}
        <Table<CoursePackageItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={packages.data?.items ?? []}
          loading={packages.isFetching}
          locale={{ emptyText: t('popup.empty') }}
          rowSelection={{ type: 'radio', selectedRowKeys: selected === null ? [] : [selected], onChange: (keys) => setSelected(Number(keys[0])), getCheckboxProps: () => ({ disabled: running }) }}
          onRow={(record) => ({ onClick: () => !running && setSelected(record.id) })}
          pagination={{
            current: page,
            pageSize,
            total: packages.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            onChange: (p, size) => {
              setPage(size !== pageSize ? 1 : p);
              setPageSize(size);
            },
          }}
        />
        {current && current.status === SYNC_STATUS.running ? (
          <div>
            <Typography.Text>{t('popup.running')}</Typography.Text>
            <Progress percent={Math.round(current.progress * 100)} status="active" aria-label={t('popup.progress')} />
          </div>
        ) : null}
        {current && current.status === SYNC_STATUS.failed ? <Alert type="error" showIcon message={t('popup.failed')} description={current.reason} /> : null}
      </Space>
    </Modal>
  );
}
