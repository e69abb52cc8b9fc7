import { Alert, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActivityResult, LearningDay, VideoCoverage } from '@atrium/contracts';
import { lazyNamed } from '../../../lib/lazy-named';
import { useCourseLearningStats } from '../api';
import { useLearningFormat } from '../hooks/use-learning-format';
import type { StatsPeriod } from '../../../lib/period';
import { ChartPanel } from './chart-panel';
import { HeadlineFigures, NoValue } from './headline-figures';
import { QueryFrame, StatsTable } from './query-frame';
import { PeriodPicker } from '../../../components/period-picker';

// recharts is a chunk of its own, loaded when a chart is first shown.
const ActivityChart = lazyNamed(() => import('./learning-charts'), 'ActivityChart');
const CompletionChart = lazyNamed(() => import('./learning-charts'), 'CompletionChart');
const CoverageChart = lazyNamed(() => import('./learning-charts'), 'CoverageChart');

function EmptyPanel({ text, testId }: { text: string; testId: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} data-testid={testId} />;
}

/**
 * The course dashboard (issue 25 item 3): `GET /api/stat/courses/{courseId}/learning?from=&to=` over the
 * chosen period (30 days by default, at most 366): the headline figures (students, counted activities,
 * completion rate, forum participation), events and active students per day, the completion rate over
 * time, each video's coverage, and each exam's and homework's results. Each chart has its table.
 */
export function CourseOverview({ courseId, period, onPeriodChange }: { courseId: number; period: StatsPeriod; onPeriodChange: (period: StatsPeriod) => void }) {
  const { t } = useTranslation(['learningStats', 'activities']);
  const format = useLearningFormat();
  const stats = useCourseLearningStats(courseId, period);
  const chartFormat = { day: format.shortDay, rate: format.rate, number: format.number };
  const picker = <PeriodPicker value={period} onChange={onPeriodChange} testId="learning-period" />;

  const score = (value: number | null) => (value === null ? <NoValue /> : format.number(value));
  const dayColumns = [{ key: 'day', title: t('table.day'), render: (_: unknown, day: LearningDay) => format.day(day.day) }];
  return (
    <QueryFrame query={stats} header={picker} loadingLabel={t('overview.loading')} loadingTestId="learning-overview-loading">
      {(data) => (
        <Flex vertical gap={24} data-testid="learning-overview">
          {picker}
          {data.student_count === 0 && <Alert type="info" showIcon title={t('overview.noStudents')} data-testid="learning-no-students" />}
          <HeadlineFigures
            figures={[
              { key: 'students', label: t('figures.students'), value: format.number(data.student_count) },
              { key: 'activities', label: t('figures.countedActivities'), value: format.number(data.counted_activities) },
              { key: 'completion', label: t('figures.completionRate'), value: format.rate(data.completion_rate) },
              {
                key: 'forum',
                label: t('figures.forumParticipation'),
                value: format.rate(data.forum.participation_rate),
                detail: t('figures.forumDetail', {
                  participants: format.number(data.forum.participants),
                  topics: format.number(data.forum.topics),
                  replies: format.number(data.forum.replies),
                }),
              },
            ]}
          />
          <ChartPanel
            title={t('overview.activity')}
            chartLabel={t('overview.activityChart', { from: format.day(data.from), to: format.day(data.to) })}
            testId="learning-activity-panel"
            empty={data.days.some((day) => day.events > 0) ? undefined : <EmptyPanel text={t('overview.noActivity')} testId="learning-activity-empty" />}
            chart={<ActivityChart days={data.days} names={{ events: t('series.events'), active: t('series.activeStudents') }} format={chartFormat} />}
            table={
              <StatsTable<LearningDay>
                label={t('overview.activity')}
                rows={data.days}
                rowKey="day"
                columns={[
                  ...dayColumns,
                  { key: 'events', title: t('series.events'), align: 'right', render: (_, day) => format.number(day.events) },
                  { key: 'active', title: t('series.activeStudents'), align: 'right', render: (_, day) => format.number(day.active_students) },
                  { key: 'completions', title: t('series.completions'), align: 'right', render: (_, day) => format.number(day.completions) },
                ]}
              />
            }
          />
          <ChartPanel
            title={t('overview.completion')}
            chartLabel={t('overview.completionChart', { from: format.day(data.from), to: format.day(data.to) })}
            testId="learning-completion-panel"
            empty={
              data.student_count === 0 || data.counted_activities === 0 ? (
                <EmptyPanel text={t('overview.noCompletion')} testId="learning-completion-empty" />
              ) : undefined
            }
            chart={<CompletionChart days={data.days} name={t('series.completionRate')} format={chartFormat} />}
            table={
              <StatsTable<LearningDay>
                label={t('overview.completion')}
                rows={data.days}
                rowKey="day"
                columns={[
                  ...dayColumns,
                  { key: 'rate', title: t('series.completionRate'), align: 'right', render: (_, day) => format.rate(day.completion_rate) },
                ]}
              />
            }
          />
          <ChartPanel
            title={t('overview.videos')}
            chartLabel={t('overview.videosChart')}
            testId="learning-videos-panel"
            height={Math.max(140, data.videos.length * 40 + 40)}
            empty={data.videos.length === 0 ? <EmptyPanel text={t('overview.noVideos')} testId="learning-videos-empty" /> : undefined}
            chart={<CoverageChart videos={data.videos} name={t('series.coverage')} format={chartFormat} />}
            table={
              <StatsTable<VideoCoverage>
                label={t('overview.videos')}
                rows={data.videos}
                rowKey="activity_id"
                columns={[
                  { key: 'title', title: t('table.video'), dataIndex: 'title' },
                  { key: 'watchers', title: t('table.watchers'), align: 'right', render: (_, video) => format.number(video.watchers) },
                  { key: 'coverage', title: t('series.coverage'), align: 'right', render: (_, video) => format.rate(video.average_coverage) },
                ]}
              />
            }
          />
          <div data-testid="learning-results-panel">
            <Typography.Title level={3} style={{ fontSize: 16, margin: '0 0 8px' }}>
              {t('overview.results')}
            </Typography.Title>
            <StatsTable<ActivityResult>
              label={t('overview.results')}
              rows={data.results}
              rowKey="activity_id"
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <EmptyPanel text={t('overview.noResults')} testId="learning-results-empty" /> }}
              columns={[
                { key: 'title', title: t('table.activity'), dataIndex: 'title' },
                { key: 'type', title: t('table.type'), render: (_, result) => <Tag>{t(`activities:types.${result.type}`)}</Tag> },
                { key: 'submitted', title: t('table.submitted'), align: 'right', render: (_, result) => format.number(result.submitted_count) },
                { key: 'graded', title: t('table.graded'), align: 'right', render: (_, result) => format.number(result.graded_count) },
                { key: 'average', title: t('table.average'), align: 'right', render: (_, result) => score(result.average_score) },
                { key: 'median', title: t('table.median'), align: 'right', render: (_, result) => score(result.median_score) },
                { key: 'max', title: t('table.maxScore'), align: 'right', render: (_, result) => score(result.max_score) },
              ]}
            />
          </div>
        </Flex>
      )}
    </QueryFrame>
  );
}
