import { useEffect, useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dueStateOf } from '../lib/homework-settings';

/** "Due in 3 days" / "Overdue" / "Closed" beside the due date (dueStateOf), read again every minute; nothing without dates. */
export function DueTag({ due, cutOff }: { due: string | null | undefined; cutOff: string | null | undefined }) {
  const { t } = useTranslation('homework');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const state = dueStateOf(due, cutOff, now);
  if (!state) return null;
  if (state.kind === 'closed')
    return (
      <Tag color="default" data-testid="due-tag">
        {t('due.closed')}
      </Tag>
    );
  if (state.kind === 'overdue')
    return (
      <Tag color="error" data-testid="due-tag">
        {t('due.overdue')}
      </Tag>
    );
  const text =
    state.unit === 'day'
      ? t('due.inDays', { count: state.count })
      : state.unit === 'hour'
        ? t('due.inHours', { count: state.count })
        : t('due.inMinutes', { count: state.count });
  return (
    <Tag color={state.unit === 'day' && state.count >= 2 ? 'blue' : 'warning'} data-testid="due-tag">
      {text}
    </Tag>
  );
}
