import { Alert, Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { EyeOutlined, PlayCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type Attempt, type MyAttempts } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';
import { examErrorMessage } from '../lib/exam-errors';
import type { ExamSettings } from '../lib/exam-settings';
import { formatCountdown } from '../lib/clock';
import { formatPoints } from './attempt-result';

type PastAttempt = MyAttempts['attempts'][number];
const STATUS_COLORS = { in_progress: 'processing', submitted: 'warning', graded: 'success' } as const;

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
 * score, when scores are shown and the exam's score by its grade method, the learner's attempts
 * (each with its score when the exam shows it, finished ones viewable), then "Start" — or
 * "Resume" for the attempt in progress, or nothing when every attempt is used. `mine` is the
 * server's `GET /api/exams/{id}/my-attempts`, so every device sees the same; `inProgress` is the
 * attempt in progress as read (its `now` is the server clock for the time left).
 */
export function ExamStartCard({
  settings,
  startTime,
  endTime,
  mine,
  inProgress,
  shownId,
  isStarting,
  startError,
  onStart,
  onResume,
  onShow,
}: {
  settings: ExamSettings;
  startTime: string | null;
  endTime: string | null;
  mine: MyAttempts;
  inProgress: Attempt | undefined;
  /** The finished attempt whose result is shown above the card. */
  shownId: number | null;
  isStarting: boolean;
  startError: unknown;
  onStart: () => void;
  onResume: () => void;
  onShow: (attemptId: number) => void;
}) {
  const { t } = useTranslation('exams');
  const duration = useDuration();
  const format = (iso: string | null) => (iso ? dayjs(iso).format(TIME_FORMAT.display) : null);
  const inProgressNumber = mine.attempts.find((a) => a.id === mine.in_progress_id)?.number ?? null;
  const isInProgress = mine.in_progress_id !== null;
  const used = mine.attempts_used;
  const allowed = mine.attempts_allowed;
  const isUsedUp = allowed > 0 && used >= allowed && !isInProgress;
  const attemptsText =
    allowed > 0
      ? used > 0
        ? t('start.attemptsUsedOf', { used, max: allowed })
        : t('start.attemptsAllowed', { count: allowed })
      : used > 0
        ? t('start.attemptsUsedUnlimited', { used })
        : t('start.attemptsUnlimited');
  const openWindow = startTime || endTime ? t('start.window', { start: format(startTime) ?? '—', end: format(endTime) ?? '—' }) : t('start.alwaysOpen');
  const noneLeft = isUsedUp || (isApiError(startError) && startError.code === 'EXAM_NO_ATTEMPTS_LEFT');
  const finished = mine.attempts.filter((a) => a.status !== 'in_progress');
  const examMax = finished.at(-1)?.max_score ?? null;

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
            { key: 'attempts', label: t('start.attempts'), children: <span data-testid="exam-attempts">{attemptsText}</span> },
            {
              key: 'limit',
              label: t('start.timeLimit'),
              children: settings.time_limit_seconds ? duration(settings.time_limit_seconds) : t('start.noTimeLimit'),
            },
            { key: 'window', label: t('start.windowLabel'), children: openWindow },
            ...(settings.pass_score != null ? [{ key: 'pass', label: t('start.passScore'), children: formatPoints(settings.pass_score) }] : []),
            { key: 'scores', label: t('start.scoresShown'), children: t(`start.showScore.${settings.show_score}`) },
            ...(finished.length > 0
              ? [
                  {
                    key: 'exam-score',
                    label: t('start.examScore', { method: t(`start.gradeMethod.${settings.grade_method}`) }),
                    children: (
                      <span data-testid="exam-score">
                        {mine.exam_score === null
                          ? t('start.scoreNotShown')
                          : examMax === null
                            ? formatPoints(mine.exam_score)
                            : t('result.scoreOf', { score: formatPoints(mine.exam_score), max: formatPoints(examMax) })}
                      </span>
                    ),
                  },
                ]
              : []),
            ...(inProgress?.deadline
              ? [
                  {
                    key: 'left',
                    label: t('start.timeLeft'),
                    children: formatCountdown(Math.max(0, Date.parse(inProgress.deadline) - Date.parse(inProgress.now))),
                  },
                ]
              : []),
          ]}
        />
        {mine.attempts.length > 0 && <PastAttempts attempts={mine.attempts} shownId={shownId} onShow={onShow} />}
        {settings.time_limit_seconds && !isInProgress && !noneLeft ? <Typography.Text type="secondary">{t('start.timerNote')}</Typography.Text> : null}
        {startError && !noneLeft ? (
          <Alert type="error" showIcon role="alert" message={t('start.failed')} description={examErrorMessage(t, startError) ?? undefined} />
        ) : null}
        {noneLeft ? (
          <Alert type="warning" showIcon message={t('start.noneLeft')} data-testid="exam-none-left" />
        ) : isInProgress ? (
          <Button type="primary" size="large" icon={<PlayCircleOutlined />} loading={isStarting} onClick={onResume}>
            {t('start.resume', { number: inProgressNumber ?? '' })}
          </Button>
        ) : (
          <Button type="primary" size="large" icon={<PlayCircleOutlined />} loading={isStarting} onClick={onStart}>
            {mine.attempts.length > 0 ? t('start.startAnother') : t('start.start')}
          </Button>
        )}
      </Space>
    </Card>
  );
}

/** The learner's attempts, oldest first: number, status, submitted, score (when shown); a finished one's result can be shown. */
function PastAttempts({ attempts, shownId, onShow }: { attempts: readonly PastAttempt[]; shownId: number | null; onShow: (attemptId: number) => void }) {
  const { t } = useTranslation('exams');
  return (
    <Table<PastAttempt>
      data-testid="exam-my-attempts"
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...attempts]}
      scroll={{ x: 'max-content' }}
      caption={<span className="exam-visually-hidden">{t('start.myAttempts')}</span>}
      columns={[
        { key: 'number', title: t('scores.attempt'), render: (_, a) => t('attempt.title', { number: a.number }) },
        { key: 'status', title: t('scores.status'), render: (_, a) => <Tag color={STATUS_COLORS[a.status]}>{t(`status.${a.status}`)}</Tag> },
        { key: 'submitted', title: t('scores.submittedAt'), render: (_, a) => (a.submitted_at ? dayjs(a.submitted_at).format(TIME_FORMAT.display) : '—') },
        {
          key: 'score',
          title: t('scores.score'),
          render: (_, a) =>
            a.status === 'in_progress' ? (
              '—'
            ) : a.score === null ? (
              // Submitted: answers still wait for the team; graded without a score: the exam does not show it yet.
              <Typography.Text type="secondary">{a.status === 'submitted' ? t('start.waiting') : t('start.scoreNotShown')}</Typography.Text>
            ) : (
              <span data-testid="my-attempt-score">{t('result.scoreOf', { score: formatPoints(a.score), max: formatPoints(a.max_score) })}</span>
            ),
        },
        {
          key: 'view',
          title: <span className="exam-visually-hidden">{t('scores.actions')}</span>,
          render: (_, a) =>
            a.status === 'in_progress' ? null : (
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                disabled={a.id === shownId}
                onClick={() => onShow(a.id)}
                aria-label={t('start.viewOne', { number: a.number })}
              >
                {t('start.view')}
              </Button>
            ),
        },
      ]}
    />
  );
}
