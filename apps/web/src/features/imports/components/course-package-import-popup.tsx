import { useEffect, useState } from 'react';
import { Alert, Button, Input, Modal, Progress, Space, Table, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SYNC_STATUS, USER_ROLE, type CoursePackageItem } from '@atrium/contracts';
import { failureMessage } from '../../../lib/failure-message';
import { useCurrentUser } from '../../auth/api';
import { useCoursePackages, useStartImport, useSyncStatus } from '../api';
import { CoursePackageEditPopup } from './course-package-edit-popup';
import { useToast } from '../../../lib/toast';

/** Spec §9: page sizes of lists; the course package list defaults to 10. */
const PAGE_SIZES = [10, 20, 30, 50, 100];

/**
 * Spec §2 "course package import" popup: the organisation's package list
 * (academic year, semester, code, name, college, instructors, use count — the
 * use count hidden while the list is filtered by instructor), keyword search,
 * instructor filter, paging (default 10 a page, §9 sizes), a radio selection and
 * the import button following spec §4 (status undefined or 2: the button; 0: a
 * progress bar, shown from the moment the import is requested and polled every
 * 3000 ms; 1: a success message, then the report). Organisation admins edit a
 * package's metadata from its row (CoursePackageEditPopup).
 */
export function CoursePackageImportPopup({ courseId, open, onClose }: { courseId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('imports');
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [keyword, setKeyword] = useState('');
  const [instructor, setInstructor] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<CoursePackageItem | null>(null);
  const [statusKey, setStatusKey] = useState<string | null>(null);
  const packages = useCoursePackages(page, pageSize, keyword, instructor);
  const me = useCurrentUser();
  const isAdmin = me.data?.role === USER_ROLE.admin;
  const start = useStartImport(courseId);
  const status = useSyncStatus(courseId, statusKey, statusKey !== null);
  const current = statusKey ? status.data : undefined;
  // Spec §4 status 0 from the click on: while the start is sent, and until the first status answers.
  const running = start.isPending || (statusKey !== null && (current === undefined || current.status === SYNC_STATUS.running));

  useEffect(() => {
    if (current?.status === SYNC_STATUS.done && current.import_id) {
      toast.success(t('popup.success'));
      void queryClient.invalidateQueries();
      onClose();
      void navigate(`/course/${courseId}/imports/${current.import_id}`);
    }
  }, [current?.status, current?.import_id, courseId, toast, navigate, onClose, queryClient, t]);

  const columns: ColumnsType<CoursePackageItem> = [
    { title: t('columns.academicYear'), key: 'year', render: (_, r) => r.data.academic_year ?? '—' },
    { title: t('columns.semester'), key: 'semester', render: (_, r) => r.data.semester ?? '—' },
    { title: t('columns.courseCode'), key: 'code', render: (_, r) => r.data.course_code || '—' },
    {
      title: t('columns.courseName'),
      key: 'name',
      render: (_, r) =>
        r.read_error ? (
          <Typography.Text type="danger" title={failureMessage(t, { code: r.read_error_code, params: r.read_error_params, reason: r.read_error }) ?? undefined}>
            {r.data.course_name}
          </Typography.Text>
        ) : (
          r.data.course_name
        ),
    },
    { title: t('columns.college'), key: 'college', render: (_, r) => r.data.college ?? '—' },
    { title: t('columns.instructors'), key: 'instructors', render: (_, r) => r.data.instructors.join(', ') || '—' },
    // Spec §2: the use count is hidden when the list is filtered by instructor.
    ...(instructor
      ? []
      : [{ title: t('columns.useCount'), key: 'use', align: 'right' as const, render: (_: unknown, r: CoursePackageItem) => r.data.use_count }]),
    ...(isAdmin
      ? [
          {
            title: t('edit.column'),
            key: 'edit',
            render: (_: unknown, r: CoursePackageItem) => (
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('edit.open', { name: r.data.course_name })}
                onClick={(event) => {
                  event.stopPropagation();
                  setEditing(r);
                }}
              />
            ),
          },
        ]
      : []),
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
                onError: (error) => toast.error(error, t('popup.startFailed')),
              })
            }
          >
            {t('popup.import')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap style={{ width: '100%' }}>
          <Input.Search
            allowClear
            style={{ width: 420 }}
            placeholder={t('popup.searchPlaceholder')}
            aria-label={t('popup.searchPlaceholder')}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage(1);
            }}
          />
          <Input.Search
            allowClear
            style={{ width: 260 }}
            placeholder={t('popup.instructorPlaceholder')}
            aria-label={t('popup.instructorPlaceholder')}
            onSearch={(value) => {
              setInstructor(value.trim());
              setPage(1);
            }}
          />
        </Space>
        {packages.isError ? <Alert type="error" showIcon message={t('popup.loadFailed')} /> : null}
        <Table<CoursePackageItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={packages.data?.items ?? []}
          loading={packages.isFetching}
          locale={{ emptyText: t('popup.empty') }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: selected === null ? [] : [selected],
            onChange: (keys) => setSelected(Number(keys[0])),
            getCheckboxProps: () => ({ disabled: running }),
          }}
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
        {running ? (
          <div>
            <Typography.Text>{t('popup.running')}</Typography.Text>
            <Progress
              percent={Math.round((current?.status === SYNC_STATUS.running ? current.progress : 0) * 100)}
              status="active"
              aria-label={t('popup.progress')}
            />
          </div>
        ) : null}
        {current && current.status === SYNC_STATUS.failed ? (
          <Alert
            type="error"
            showIcon
            message={t('popup.failed')}
            description={failureMessage(t, { code: current.failure_code, params: current.failure_params, reason: current.reason })}
          />
        ) : null}
      </Space>
      {editing ? <CoursePackageEditPopup item={editing} onClose={() => setEditing(null)} /> : null}
    </Modal>
  );
}
