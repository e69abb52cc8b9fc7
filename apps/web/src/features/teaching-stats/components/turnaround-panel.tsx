import { lazy, Suspense, useId } from 'react';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeachingPerson } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { useTeachingFormat } from '../hooks/use-teaching-format';

const TurnaroundChart = lazy(() => import('./turnaround-chart').then((m) => ({ default: m.TurnaroundChart })));

const HEIGHT = 280;

/**
 * Grading turnaround per team member who graded in the period (median and 90th percentile, hours, homework and
 * exams together): a bar chart that is an image named for what it shows (WCAG 1.1.1), and the same numbers in a
 * table that only screen readers meet (`.visually-hidden`). Nobody graded: an empty state instead of both.
 */
export function TurnaroundPanel({ members }: { members: TeachingPerson[] }) {
  const { t } = useTranslation('teachingStats');
  const format = useTeachingFormat();
  const titleId = useId();
  const graders = members.filter((m) => m.turnaround.all.graded > 0);
  const bars = graders.map((m) => ({ name: m.name, median: m.turnaround.all.median_hours ?? 0, p90: m.turnaround.all.p90_hours ?? 0 }));
  return (
    <section aria-labelledby={titleId} data-testid="teaching-turnaround">
      <Typography.Title level={2} id={titleId} style={{ fontSize: 18 }}>
        {t('chart.title')}
      </Typography.Title>
      {graders.length === 0 ? (
        <Empty description={t('chart.empty')} data-testid="teaching-turnaround-empty" />
      ) : (
        <>
          <div role="img" aria-label={t('chart.label', { count: graders.length })} style={{ width: '100%', height: HEIGHT }}>
            <Suspense fallback={<PageSpinner minHeight={HEIGHT} />}>
              <TurnaroundChart bars={bars} names={{ median: t('chart.median'), p90: t('chart.p90') }} hours={(value) => format.hours(value)} />
            </Suspense>
          </div>
          <table className="visually-hidden">
            <caption>{t('chart.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chart.member')}</th>
                <th scope="col">{t('chart.graded')}</th>
                <th scope="col">{t('chart.median')}</th>
                <th scope="col">{t('chart.p90')}</th>
              </tr>
            </thead>
            <tbody>
              {graders.map((m) => (
                <tr key={m.user_id}>
                  <th scope="row">{m.name}</th>
                  <td>{format.count(m.turnaround.all.graded)}</td>
                  <td>{format.hours(m.turnaround.all.median_hours)}</td>
                  <td>{format.hours(m.turnaround.all.p90_hours)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
