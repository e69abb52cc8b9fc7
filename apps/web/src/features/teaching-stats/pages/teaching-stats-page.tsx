import { useId, useState } from 'react';
import { Alert, Card, Col, Empty, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeachingStats } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useCurrentUser } from '../../auth/api';
import { isOrgAdmin } from '../../auth/lib/roles';
import { ManagedCoursePicker } from '../../management/components/managed-course-picker';
import { useTeachingStats } from '../api';
import { CoursesTable } from '../components/courses-table';
import { MembersTable } from '../components/members-table';
import { PeriodPicker } from '../../../components/period-picker';
import { ResearchExport } from '../components/research-export';
import { TurnaroundPanel } from '../components/turnaround-panel';
import { useTeachingFormat } from '../hooks/use-teaching-format';
import { lastDays } from '../../../lib/period';

/** The period's headline: teaching actions, content created, the median grading time and what waits to be graded now. */
function Headline({ stats }: { stats: TeachingStats }) {
  const { t } = useTranslation('teachingStats');
  const format = useTeachingFormat();
  const { totals } = stats;
  const figures = [
    { key: 'actions', title: t('figures.actions'), value: stats.actions_available ? format.count(totals.actions_total) : t('none') },
    { key: 'content', title: t('figures.content'), value: format.count(totals.content_created) },
    { key: 'median', title: t('figures.median'), value: format.hours(totals.turnaround.all.median_hours) },
    { key: 'waiting', title: t('figures.waiting'), value: format.count(totals.waiting.homework + totals.waiting.exam) },
  ];
  return (
    <Row gutter={[16, 16]} data-testid="teaching-headline">
      {figures.map((figure) => (
        <Col key={figure.key} xs={12} md={6}>
          <Card size="small">
            <Statistic title={figure.title} value={figure.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * `/management/learning-statistics/teaching` (issue 25 item 5): the teaching statistics of the courses an instructor
 * teaches, or of the organisation per instructor for its admins (`GET /api/stat/teaching`) over a period, narrowed
 * to one course by the course filter (the management list, searched by keyword and paged as it scrolls): headline figures, the grading
 * turnaround chart, a table per team member and one per course (each opening onto its team). Organisation admins
 * also get the research export. Loading, failure (with a retry) and nothing to show each have their state.
 */
export function TeachingStatsPage() {
  const { t } = useTranslation('teachingStats');
  const { data: user } = useCurrentUser();
  const isAdmin = isOrgAdmin(user);
  const courseFilterId = useId();
  const [period, setPeriod] = useState(() => lastDays(30));
  const [courseId, setCourseId] = useState<number | null>(null);
  const stats = useTeachingStats(period, courseId);

  let body;
  if (stats.isPending) {
    body = (
      <div role="status" aria-busy="true" aria-label={t('page.loading')} data-testid="teaching-loading">
        <Skeleton active />
      </div>
    );
  } else if (stats.isError) {
    body = <ApiErrorResult error={stats.error} onRetry={() => void stats.refetch()} />;
  } else if (stats.data.courses.length === 0) {
    body = <Empty description={stats.data.scope === 'organisation' ? t('page.noCourses') : t('page.noCoursesOwn')} data-testid="teaching-empty" />;
  } else {
    const data = stats.data;
    body = (
      <Flex vertical gap={24} aria-busy={stats.isFetching}>
        {!data.actions_available && <Alert type="info" showIcon title={t('page.actionsElsewhere')} data-testid="teaching-actions-elsewhere" />}
        <Headline stats={data} />
        <TurnaroundPanel members={data.members} />
        <section aria-labelledby={`${courseFilterId}-members`}>
          <Typography.Title level={2} id={`${courseFilterId}-members`} style={{ fontSize: 18 }}>
            {data.scope === 'organisation' ? t('members.titleOrg') : t('members.title')}
          </Typography.Title>
          <MembersTable members={data.members} />
        </section>
        <section aria-labelledby={`${courseFilterId}-courses`}>
          <Typography.Title level={2} id={`${courseFilterId}-courses`} style={{ fontSize: 18 }}>
            {t('courses.title')}
          </Typography.Title>
          <CoursesTable key={`${data.from}:${data.to}:${courseId ?? 'all'}`} courses={data.courses} />
        </section>
      </Flex>
    );
  }

  return (
    <section>
      <Typography.Title level={1} style={{ fontSize: 30 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph>{isAdmin ? t('page.introOrg') : t('page.introOwn')}</Typography.Paragraph>
      <Flex vertical gap={16}>
        <Card>
          <Flex align="center" gap={24} wrap style={{ marginBottom: 24 }}>
            <PeriodPicker value={period} onChange={setPeriod} testId="teaching-period" />
            <Flex align="center" gap={8} wrap style={{ flex: 1, minWidth: 280 }}>
              <label htmlFor={courseFilterId}>{t('course.label')}</label>
              <ManagedCoursePicker
                id={courseFilterId}
                allowClear
                style={{ minWidth: 240, flex: 1 }}
                placeholder={t('course.all')}
                value={courseId}
                onChange={setCourseId}
                failedText={t('course.failed')}
                testId="teaching-course-filter"
              />
            </Flex>
          </Flex>
          {body}
        </Card>
        {isAdmin && (
          <Card
            title={
              <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                {t('export.title')}
              </Typography.Title>
            }
          >
            <ResearchExport period={period} />
          </Card>
        )}
      </Flex>
    </section>
  );
}
