import { useState } from 'react';
import { Button, Card, Empty, Progress, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureMessage } from '../../../lib/failure-message';
import { useCourseContext } from '../../courses/pages/course-page';
import { useCourseImports, type CourseImport } from '../api';
import { CoursePackageImportPopup } from '../components/course-package-import-popup';

/** `/course/{id}/import`: the course team opens the package import popup and finds earlier imports and their reports. */
export function CourseImportPage() {
  const { t } = useTranslation('imports');
  const course = useCourseContext();
  const [open, setOpen] = useState(false);
  const imports = useCourseImports(course.id);
  const statusTag = (row: CourseImport) =>
    row.status === 1 ? (
      <Tag color="success">{t('status.done')}</Tag>
    ) : row.status === 2 ? (
      <Tag color="error">{t('status.failed')}</Tag>
    ) : (
      <Progress percent={Math.round(row.progress * 100)} size="small" />
    );
  return (
    <Card
      title={t('page.title')}
      extra={
        <Button type="primary" onClick={() => setOpen(true)}>
          {t('page.open')}
        </Button>
      }
    >
      <Table<CourseImport>
        rowKey="id"
        loading={imports.isLoading}
        dataSource={imports.data ?? []}
        locale={{ emptyText: imports.isError ? t('page.loadFailed') : <Empty description={t('page.empty')} /> }}
        pagination={false}
        columns={[
          { title: t('page.started'), key: 'at', render: (_, r) => new Date(r.created_at).toLocaleString() },
          { title: t('page.status'), key: 'status', render: (_, r) => statusTag(r) },
          {
            title: t('page.reason'),
            key: 'reason',
            render: (_, r) => failureMessage(t, { code: r.failure_code, params: r.failure_params, reason: r.reason }) ?? '',
          },
          {
            title: t('page.report'),
            key: 'report',
            render: (_, r) =>
              r.status === 1 ? (
                <Link to={`/course/${course.id}/imports/${r.id}`}>{t('page.viewReport')}</Link>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              ),
          },
        ]}
      />
      <Space />
      {open ? <CoursePackageImportPopup courseId={course.id} open={open} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
