import { Alert, Card, Descriptions, List, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { failureMessage } from '../../../lib/failure-message';
import { useCourseContext } from '../../courses/pages/course-page';
import type { TFunction } from 'i18next';
import { useCourseImport, type ImportReportItem } from '../api';

const OUTCOME_COLOR = { imported: 'success', imported_with_losses: 'warning', skipped: 'default' } as const;

/**
 * An item's notes in the reader's language (issue 21 §5): a note with a key is `line.<key>` with its
 * parameters (a completion condition named by its Moodle setting is translated too); a note without
 * one (older lines) is shown as stored.
 */
export function noteLines(t: TFunction<'imports'>, item: ImportReportItem): string[] {
  return item.notes.map((note, i) => {
    const keyed = item.note_keys?.[i];
    if (!keyed) return note;
    const params: Record<string, string | number> = { ...keyed.params };
    if (typeof params.condition === 'string') params.condition = t(`condition.${params.condition}`, { defaultValue: params.condition });
    return t(`line.${keyed.key}`, { ...params, defaultValue: note, interpolation: { escapeValue: false } });
  });
}

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
            {report.fidelity ? (
              <Space size="large" wrap data-testid="import-fidelity">
                <Statistic
                  title={t('fidelity.restrictions')}
                  value={t('fidelity.restrictionsValue', {
                    carried: report.fidelity.restrictions.carried,
                    unpublished: report.fidelity.restrictions.unpublished,
                    present: report.fidelity.restrictions.present,
                  })}
                />
                <Statistic
                  title={t('fidelity.completion')}
                  value={t('fidelity.ofValue', { done: report.fidelity.completion.carried, present: report.fidelity.completion.present })}
                />
                <Statistic
                  title={t('fidelity.links')}
                  value={t('fidelity.ofValue', { done: report.fidelity.links.resolved, present: report.fidelity.links.present })}
                />
                <Statistic
                  title={t('fidelity.embeds')}
                  value={t('fidelity.embedsValue', { videos: report.fidelity.embeds.videos, reported: report.fidelity.embeds.reported })}
                />
              </Space>
            ) : null}
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
              { title: t('report.notes'), key: 'notes', render: (_, r) => noteLines(t, r).join('; ') },
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
