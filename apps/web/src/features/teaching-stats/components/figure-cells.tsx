import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeachingActionCounts, Turnaround, Waiting } from '@atrium/contracts';
import { useTeachingFormat } from '../hooks/use-teaching-format';

/** Teaching actions: the total, then each kind with its count (in the kinds' order), or nothing more when none. */
export function ActionsCell({ actions, total }: { actions: TeachingActionCounts; total: number }) {
  const format = useTeachingFormat();
  const kinds = Object.entries(actions);
  return (
    <Flex vertical gap={4}>
      <span>{format.count(total)}</span>
      {kinds.length > 0 && (
        <Flex gap={4} wrap>
          {kinds.map(([action, n]) => (
            <Tag key={action} style={{ marginInlineEnd: 0 }}>
              {format.action(action)}: {format.count(n)}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

/** A turnaround figure in hours (median or p90) and, under it, how many gradings it is of. */
export function HoursCell({ turnaround, pick }: { turnaround: Turnaround; pick: 'median_hours' | 'p90_hours' }) {
  const { t } = useTranslation('teachingStats');
  const format = useTeachingFormat();
  return (
    <Flex vertical>
      <span>{format.hours(turnaround[pick])}</span>
      {pick === 'median_hours' && turnaround.graded > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('figures.graded', { count: turnaround.graded })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Work waiting to be graded now: the total, and homework and exams apart. */
export function WaitingCell({ waiting }: { waiting: Waiting }) {
  const { t } = useTranslation('teachingStats');
  const format = useTeachingFormat();
  return (
    <Flex vertical>
      <span>{format.count(waiting.homework + waiting.exam)}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('figures.waitingSplit', { homework: format.count(waiting.homework), exam: format.count(waiting.exam) })}
      </Typography.Text>
    </Flex>
  );
}
