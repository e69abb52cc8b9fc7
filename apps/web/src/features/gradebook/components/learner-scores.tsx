import { Card, Empty, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type GradeItem, type Gradebook } from '@atrium/contracts';
import { useCourseContext } from '../../courses/pages/course-page';
import { formatScore } from '../lib/format';
import { CertificateCard } from './certificate-card';
import { ItemTypeIcon } from './item-type-icon';

/**
 * A learner's own gradebook (issue 16 §3): their score of each published item out of its maximum,
 * and their course total; an empty state until something is published. Below the total, their
 * certificate of the course (§4), or a check of it. The course comes from the course page's outlet.
 */
export function LearnerScores({ gradebook }: { gradebook: Gradebook }) {
  const { t } = useTranslation('gradebook');
  const course = useCourseContext();
  const row = gradebook.rows[0];
  if (!row || gradebook.items.length === 0)
    return (
      <>
        <Empty description={t('learner.empty')} data-testid="gradebook-learner-empty" />
        <CertificateCard courseId={course.id} items={gradebook.items} />
      </>
    );
  const category = (id: number | null) => gradebook.categories.find((c) => c.id === id)?.name ?? '—';
  const columns: TableColumnsType<GradeItem> = [
    {
      key: 'title',
      title: t('learner.activity'),
      render: (_, item) => (
        <span>
          <ItemTypeIcon type={item.type} /> {item.title}
        </span>
      ),
    },
    ...(gradebook.categories.length > 0
      ? [{ key: 'category', title: t('learner.category'), render: (_: unknown, item: GradeItem) => category(item.category_id) }]
      : []),
    {
      key: 'score',
      title: t('learner.score'),
      align: 'right',
      render: (_, item) => {
        const score = row.scores[String(item.activity_id)];
        return score === null || score === undefined ? (
          <Typography.Text type="secondary">{t('learner.notGraded')}</Typography.Text>
        ) : (
          t('learner.scoreOf', { score: formatScore(score), max: formatScore(item.max_score) })
        );
      },
    },
    {
      key: 'published',
      title: t('learner.publishedAt'),
      render: (_, item) => (item.published_at ? dayjs(item.published_at).format(TIME_FORMAT.display) : '—'),
    },
  ];
  return (
    <div data-testid="gradebook-learner">
      <Card size="small" style={{ marginBottom: 16, maxWidth: 320 }}>
        <Statistic title={t('learner.total')} value={row.total === null ? '—' : formatScore(row.total)} suffix={row.total === null ? undefined : '%'} />
      </Card>
      <CertificateCard courseId={course.id} items={gradebook.items} />
      <Table<GradeItem> rowKey="activity_id" size="middle" dataSource={gradebook.items} columns={columns} pagination={false} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('learner.hint')}
      </Typography.Paragraph>
    </div>
  );
}
