import { Suspense, useId, useState, type ReactNode } from 'react';
import { Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';

/**
 * A chart under its heading, with the same numbers as a table (WCAG 1.1.1): the chart is an image named by
 * `chartLabel`; the table is always there for screen readers (`.visually-hidden`), and the "Show as table"
 * switch shows it instead of the chart. `chart` may be lazy (recharts is its own chunk); `empty`, when
 * given, stands in for both.
 */
export function ChartPanel({
  title,
  level = 3,
  chartLabel,
  chart,
  table,
  empty,
  height = 260,
  testId,
}: {
  title: string;
  level?: 3 | 4;
  chartLabel: string;
  chart: ReactNode;
  table: ReactNode;
  empty?: ReactNode;
  height?: number;
  testId?: string;
}) {
  const { t } = useTranslation('learningStats');
  const switchId = useId();
  const [isTable, setIsTable] = useState(false);
  return (
    <div data-testid={testId}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={level} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
        {!empty && (
          <Flex align="center" gap={8}>
            <Switch id={switchId} size="small" checked={isTable} onChange={setIsTable} />
            <label htmlFor={switchId}>{t('chart.showTable')}</label>
          </Flex>
        )}
      </Flex>
      {empty ?? (
        <>
          {!isTable && (
            <Suspense fallback={<PageSpinner minHeight={height} />}>
              <div role="img" aria-label={chartLabel} style={{ width: '100%', height }}>
                {chart}
              </div>
            </Suspense>
          )}
          <div className={isTable ? undefined : 'visually-hidden'}>{table}</div>
        </>
      )}
    </div>
  );
}
