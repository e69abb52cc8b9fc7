import { Tag, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../lib/api-client';
import type { Autosave } from '../hooks/use-autosave';
import { formatCountdown } from '../lib/clock';

/** Time left of an attempt (`H:MM:SS`), a warning under 5 minutes; a screen reader hears it at 5 and 1 minutes left. */
export function CountdownTag({ remaining, isWarning }: { remaining: number; isWarning: boolean }) {
  const { t } = useTranslation('exams');
  const minutesLeft = remaining <= 60_000 ? 1 : remaining <= 5 * 60_000 ? 5 : null;
  return (
    <>
      <Tag
        role="timer"
        color={isWarning ? 'warning' : 'processing'}
        icon={<ClockCircleOutlined />}
        className="exam-countdown"
        data-testid="exam-countdown"
        data-warning={isWarning}
        aria-label={t('attempt.timeLeft', { time: formatCountdown(remaining) })}
      >
        {formatCountdown(remaining)}
      </Tag>
      <span className="exam-visually-hidden" aria-live="assertive">
        {minutesLeft !== null && remaining > 0 ? t('attempt.minutesLeft', { count: minutesLeft }) : ''}
      </span>
    </>
  );
}

/** The autosave's state in one line: saving, saved at a time, failed and retrying, or refused with the server's reason. */
export function AutosaveState({ autosave }: { autosave: Pick<Autosave, 'status' | 'savedAt' | 'error'> }) {
  const { t } = useTranslation('exams');
  let content = null;
  switch (autosave.status) {
    case 'pending':
    case 'saving':
      content = (
        <Typography.Text type="secondary">
          <LoadingOutlined /> {t('autosave.saving')}
        </Typography.Text>
      );
      break;
    case 'saved':
      content = (
        <Typography.Text type="success">
          <CheckCircleOutlined /> {t('autosave.saved', { time: autosave.savedAt ? dayjs(autosave.savedAt).format('HH:mm:ss') : '' })}
        </Typography.Text>
      );
      break;
    case 'retrying':
      content = (
        <Typography.Text type="warning">
          <ExclamationCircleOutlined /> {t('autosave.retrying')}
        </Typography.Text>
      );
      break;
    case 'failed':
      content = (
        <Typography.Text type="danger">
          <ExclamationCircleOutlined /> {t('autosave.failed', { reason: serverMessageOf(autosave.error) ?? '' })}
        </Typography.Text>
      );
      break;
    default:
      content = null;
  }
  return (
    <span role="status" aria-live="polite" data-testid="autosave-state" data-status={autosave.status}>
      {content}
    </span>
  );
}
