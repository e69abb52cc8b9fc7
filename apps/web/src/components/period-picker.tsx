import { useId } from 'react';
import { DatePicker, Flex } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LEARNING_STATS_MAX_DAYS } from '@atrium/contracts';
import { isAllowedPeriod, lastDays, type StatsPeriod } from '../lib/period';

const DAY = 'YYYY-MM-DD';
const PRESETS = [7, 30, 90, 365] as const;

/**
 * The period of a dashboard: two days (both included) in antd's RangePicker, no day after today and at most
 * LEARNING_STATS_MAX_DAYS (366) days apart (contracts), with presets for the last 7, 30, 90 and 365 days.
 * Each of its two inputs has its own label ("Period: first day", "Period: last day", common `period.*`).
 * `testId` names the wrapper for tests (learning-period, teaching-period).
 */
export function PeriodPicker({ value, onChange, testId }: { value: StatsPeriod; onChange: (period: StatsPeriod) => void; testId: string }) {
  const { t } = useTranslation('common');
  const startId = useId();
  const endId = useId();
  const toDayjs = (period: StatsPeriod): [Dayjs, Dayjs] => [dayjs(period.from), dayjs(period.to)];
  return (
    <Flex align="center" gap={8} wrap data-testid={testId}>
      <span aria-hidden>{t('period.label')}</span>
      <label className="visually-hidden" htmlFor={startId}>
        {t('period.from')}
      </label>
      <label className="visually-hidden" htmlFor={endId}>
        {t('period.to')}
      </label>
      <DatePicker.RangePicker
        id={{ start: startId, end: endId }}
        value={toDayjs(value)}
        allowClear={false}
        disabledDate={(current, info) =>
          current.isAfter(dayjs(), 'day') || (info.from !== undefined && Math.abs(current.diff(info.from, 'day')) >= LEARNING_STATS_MAX_DAYS)
        }
        presets={PRESETS.map((days) => ({ label: t('period.last', { count: days }), value: toDayjs(lastDays(days)) }))}
        onChange={(range) => {
          const [from, to] = range ?? [];
          if (!from || !to) return;
          const period = { from: from.format(DAY), to: to.format(DAY) };
          if (isAllowedPeriod(period)) onChange(period);
        }}
      />
    </Flex>
  );
}
