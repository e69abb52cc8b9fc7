import { Empty, Flex, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StudentActivityStat } from '@atrium/contracts';
import { lazyNamed } from '../../../lib/lazy-named';
import { useStudentLearningStats } from '../api';
import { useLearningFormat } from '../hooks/use-learning-format';
import { learningHash } from '../lib/learning-hash';
import type { StatsPeriod } from '../../../lib/period';
import { ChartPanel } from './chart-panel';
import { HeadlineFigures, NoValue } from './headline-figures';
import { QueryFrame, StatsTable } from './query-frame';
import { PeriodPicker } from '../../../components/period-picker';

// recharts is a chunk of its own, loaded when a chart is first shown.
const StudentDaysChart = lazyNamed(() => import('./learning-charts'), 'StudentDaysChart');

type StudentDay = { day: string; events: number; completions: number };

/** Yes or no with an icon, the word carrying the meaning (not the colour). */
function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation('learningStats');
  return value ? (
    <Typography.Text type="success">
      <CheckCircleOutlined aria-hidden /> {t('value.yes')}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">
      <MinusCircleOutlined aria-hidden /> {t('value.no')}
    </Typography.Text>
  );
}

/**
 * One student's page (issue 25 item 3): `GET /api/stat/courses/{courseId}/learning/students/{userId}?from=&to=`:
 * their headline figures (completion, last active, video coverage, score rate, forum posts), their events and
 * completions per day over the period, and each activity as they met it (viewed, completed, coverage, score).
 */
export function StudentLearning({
  courseId,
  userId,
  period,
  onPeriodChange,
}: {
  courseId: number;
  userId: number;
  period: StatsPeriod;
  onPeriodChange: (period: StatsPeriod) => void;
}) {
  const { t } = useTranslation(['learningStats', 'activities']);
  const format = useLearningFormat();
  const stats = useStudentLearningStats(courseId, userId, period);
  const chartFormat = { day: format.shortDay, rate: format.rate, number: format.number };
  const back = (
    <Link to={{ hash: learningHash(courseId, { tab: 'students' }) }} data-testid="learning-back-to-students">
      <ArrowLeftOutlined aria-hidden /> {t('student.back')}
    </Link>
  );
  const picker = <PeriodPicker value={period} onChange={onPeriodChange} testId="learning-period" />;

  const rate = (value: number | null) => (value === null ? <NoValue /> : format.rate(value));
  const header = (
    <>
      {back}
      {picker}
    </>
  );
  return (
    <QueryFrame query={stats} header={header} loadingLabel={t('student.loading')} loadingTestId="learning-student-loading">
      {({ student, ...data }) => (
        <Flex vertical gap={24} data-testid="learning-student">
          {back}
          <div>
            <Typography.Title level={3} style={{ fontSize: 20, margin: 0 }}>
              {student.name}
            </Typography.Title>
            {student.user_no && <Typography.Text type="secondary">{t('student.userNo', { userNo: student.user_no })}</Typography.Text>}
          </div>
          {picker}
          <HeadlineFigures
            figures={[
              {
                key: 'completion',
                label: t('figures.completionRate'),
                value: format.rate(student.completion_rate),
                detail: t('students.completed', { count: student.completed_count }),
              },
              {
                key: 'last-active',
                label: t('students.lastActive'),
                value: student.last_active_at ? (
                  <time dateTime={student.last_active_at} style={{ fontSize: 18 }}>
                    {format.instant(student.last_active_at)}
                  </time>
                ) : (
                  t('students.never')
                ),
              },
              { key: 'video', label: t('students.videoCoverage'), value: rate(student.video_coverage) },
              { key: 'score', label: t('students.scoreRate'), value: rate(student.score_rate) },
              { key: 'forum', label: t('students.forumPosts'), value: format.number(student.forum_posts) },
            ]}
          />
          <ChartPanel
            title={t('student.activity')}
            level={4}
            chartLabel={t('student.activityChart', { name: student.name, from: format.day(data.from), to: format.day(data.to) })}
            testId="learning-student-days-panel"
            empty={
              data.days.some((day) => day.events > 0 || day.completions > 0) ? undefined : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('student.noActivity')} data-testid="learning-student-days-empty" />
              )
            }
            chart={<StudentDaysChart days={data.days} names={{ events: t('series.events'), completions: t('series.completions') }} format={chartFormat} />}
            table={
              <StatsTable<StudentDay>
                label={t('student.activity')}
                rows={data.days}
                rowKey="day"
                columns={[
                  { key: 'day', title: t('table.day'), render: (_, day) => format.day(day.day) },
                  { key: 'events', title: t('series.events'), align: 'right', render: (_, day) => format.number(day.events) },
                  { key: 'completions', title: t('series.completions'), align: 'right', render: (_, day) => format.number(day.completions) },
                ]}
              />
            }
          />
          <div>
            <Typography.Title level={4} style={{ fontSize: 16, margin: '0 0 8px' }}>
              {t('student.activities')}
            </Typography.Title>
            <StatsTable<StudentActivityStat>
              label={t('student.activities')}
              rows={data.activities}
              rowKey="activity_id"
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('student.noActivities')} data-testid="learning-student-activities-empty" />
                ),
              }}
              columns={[
                { key: 'title', title: t('table.activity'), dataIndex: 'title' },
                {
                  key: 'type',
                  title: t('table.type'),
                  render: (_, activity) => <Tag>{t(`activities:types.${activity.type}`, { defaultValue: activity.type })}</Tag>,
                },
                { key: 'viewed', title: t('table.viewed'), render: (_, activity) => <YesNo value={activity.viewed} /> },
                { key: 'completed', title: t('table.completed'), render: (_, activity) => <YesNo value={activity.completed} /> },
                { key: 'coverage', title: t('table.coverage'), align: 'right', render: (_, activity) => rate(activity.video_coverage) },
                {
                  key: 'score',
                  title: t('table.score'),
                  align: 'right',
                  render: (_, activity) =>
                    activity.score === null ? (
                      <NoValue />
                    ) : activity.max_score === null ? (
                      format.number(activity.score)
                    ) : (
                      t('table.scoreOf', { score: format.number(activity.score), max: format.number(activity.max_score) })
                    ),
                },
              ]}
            />
          </div>
        </Flex>
      )}
    </QueryFrame>
  );
}
