import { Alert, Card, Descriptions, List, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { failureMessage } from '../../../lib/failure-message';
import { useCourseContext } from '../../courses/pages/course-page';
import { useCourseImport, type ImportReportItem } from '../api';

const OUTCOME_COLOR = { imported: 'success', imported_with_losses: 'warning', skipped: 'default' } as const;

/** `/course/{id}/imports/{importId}`: the fidelity report of one import (issue 8): every section, activity and question with its outcome and what was lost, and missing files. */
export function ImportReportPage() {
  const { t } = useTranslation('imports');
  const course = useCourseContext();
  const importId = Number(useParams().importId);
  const query = useCourseImport(course.id, importId);
  if (query.isLoading) return <Skeleton active />;
  if (query.isError || !query.data) return <Alert type="error" showIcon message={t('report.loadFailed')} />;
  const { data } = query;
  const report = data.report;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('report.title')}>
        {data.status === 2 ? (
          <Alert
            type="error"
            showIcon
            message={t('status.failed')}
            description={failureMessage(t, { code: data.failure_code, params: data.failure_params, reason: data.reason })}
          />
        ) : null}
        {report ? (
          <>
            <Descriptions
              size="small"
              column={3}
              items={[
                { key: 'name', label: t('report.backup'), children: report.backup.name ?? '—' },
                { key: 'course', label: t('report.sourceCourse'), children: report.backup.course_name ?? '—' },
                { key: 'release', label: t('report.moodle'), children: report.backup.moodle_release ?? '—' },
              ]}
            />
            <Space size="large" wrap>
              <Statistic title={t('outcome.imported')} value={report.counts.imported} />
              <Statistic title={t('outcome.imported_with_losses')} value={report.counts.imported_with_losses} />
              <Statistic title={t('outcome.skipped')} value={report.counts.skipped} />
              <Statistic title={t('report.files')} value={report.counts.files} />
              <Statistic title={t('report.missingFiles')} value={report.counts.missing_files} />
            </Space>
          </>
        ) : null}
      </Card>
      {report ? (
        <Card title={t('report.items')}>
          <Table<ImportReportItem>
            rowKey={(r) => `${r.kind}-${r.source_id}-${r.title}`}
            size="small"
            dataSource={report.items}
            pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [10, 20, 30, 50, 100] }}
            columns={[
              { title: t('report.kind'), key: 'kind', render: (_, r) => t(`kind.${r.kind}`) },
              { title: t('report.source'), key: 'source', render: (_, r) => <Typography.Text code>{r.source_type}</Typography.Text> },
              { title: t('report.name'), key: 'title', render: (_, r) => r.title },
              { title: t('report.section'), key: 'section', render: (_, r) => r.section ?? '' },
              { title: t('report.outcome'), key: 'outcome', render: (_, r) => <Tag color={OUTCOME_COLOR[r.outcome]}>{t(`outcome.${r.outcome}`)}</Tag> },
              { title: t('report.notes'), key: 'notes', render: (_, r) => r.notes.join('; ') },
            ]}
          />
        </Card>
      ) : null}
      {report && report.missing_files.length > 0 ? (
        <Card title={t('report.missingFiles')}>
          <List
            size="small"
            dataSource={report.missing_files}
            renderItem={(f) => <List.Item>{t('report.missingLine', { file: f.file_name, usedBy: f.used_by })}</List.Item>}
          />
        </Card>
      ) : null}
    </Space>
  );
}
