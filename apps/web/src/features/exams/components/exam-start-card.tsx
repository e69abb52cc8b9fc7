import { Alert, Button, Card, Descriptions, Space, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type Attempt } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';
import { examErrorMessage } from '../lib/exam-errors';
import type { ExamSettings } from '../lib/exam-settings';
import { formatCountdown } from '../lib/clock';
import { formatPoints } from './attempt-result';

/** A number of seconds as "1 h 30 min" / "45 min" / "30 s" pieces for the time limit. */
function useDuration() {
  const { t } = useTranslation('exams');
  return (seconds: number) => {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    const rest = seconds % 60;
    return [hours && t('start.hours', { count: hours }), minutes && t('start.minutes', { count: minutes }), rest && t('start.seconds', { count: rest })]
      .filter(Boolean)
      .join(' ');
  };
}

/**
 * The exam's start / resume card (issue 15): attempts used and allowed, time limit, window, pass
 * score and when scores are shown, then "Start" — or "Resume" for the attempt in progress, or
 * nothing when every attempt is used. Attempts used are known from the last attempt this browser
 * saw (the server has no call that counts them); the server refuses a start past the limit anyway.
 */
export function ExamStartCard({
  settings,
  startTime,
  endTime,
  lastAttempt,
  isStarting,
  startError,
  onStart,
  onResume,
}: {
  settings: ExamSettings;
  startTime: string | null;
  endTime: string | null;
  /** The last attempt this browser knows of (in progress or finished). */
  lastAttempt: Attempt | undefined;
  isStarting: boolean;
  startError: unknown;
  onStart: () => void;
  onResume: () => void;
}) {
  const { t } = useTranslation('exams');
  const duration = useDuration();
  const format = (iso: string | null) => (iso ? dayjs(iso).format(TIME_FORMAT.display) : null);
  const isInProgress = lastAttempt?.status === 'in_progress';
  const used = lastAttempt ? lastAttempt.number : null;
  const isUsedUp = settings.max_attempts > 0 && used !== null && used >= settings.max_attempts && !isInProgress;
  const attempts =
    settings.max_attempts > 0
      ? used !== null
        ? t('start.attemptsUsedOf', { used, max: settings.max_attempts })
        : t('start.attemptsAllowed', { count: settings.max_attempts })
      : used !== null
        ? t('start.attemptsUsedUnlimited', { used })
        : t('start.attemptsUnlimited');
  const openWindow = startTime || endTime ? t('start.window', { start: format(startTime) ?? '—', end: format(endTime) ?? '—' }) : t('start.alwaysOpen');
  const noneLeft = isUsedUp || (isApiError(startError) && startError.code === 'EXAM_NO_ATTEMPTS_LEFT');

  return (
    <Card
      data-testid="exam-start"
      title={
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {t('start.title')}
        </Typography.Title>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'attempts', label: t('start.attempts'), children: <span data-testid="exam-attempts">{attempts}</span> },
            {
              key: 'limit',
              label: t('start.timeLimit'),
              children: settings.time_limit_seconds ? duration(settings.time_limit_seconds) : t('start.noTimeLimit'),
            },
            { key: 'window', label: t('start.windowLabel'), children: openWindow },
            ...(settings.pass_score != null ? [{ key: 'pass', label: t('start.passScore'), children: formatPoints(settings.pass_score) }] : []),
            { key: 'scores', label: t('start.scoresShown'), children: t(`start.showScore.${settings.show_score}`) },
            ...(isInProgress && lastAttempt.deadline
              ? [
                  {
                    key: 'left',
                    label: t('start.timeLeft'),
                    children: formatCountdown(Math.max(0, Date.parse(lastAttempt.deadline) - Date.parse(lastAttempt.now))),
                  },
                ]
              : []),
          ]}
        />
        {settings.time_limit_seconds && !isInProgress && !noneLeft ? <Typography.Text type="secondary">{t('start.timerNote')}</Typography.Text> : null}
        {startError && !noneLeft ? (
          <Alert type="error" showIcon role="alert" message={t('start.failed')} description={examErrorMessage(t, startError) ?? undefined} />
        ) : null}
        {noneLeft ? (
          <Alert type="warning" showIcon message={t('start.noneLeft')} data-testid="exam-none-left" />
        ) : isInProgress ? (
          <Button type="primary" size="large" icon={<PlayCircleOutlined />} loading={isStarting} onClick={onResume}>
            {t('start.resume', { number: lastAttempt.number })}
          </Button>
        ) : (
          <Button type="primary" size="large" icon={<PlayCircleOutlined />} loading={isStarting} onClick={onStart}>
            {lastAttempt ? t('start.startAnother') : t('start.start')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
