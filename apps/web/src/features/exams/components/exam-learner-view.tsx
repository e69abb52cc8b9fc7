import { useEffect, useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { isApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useAttempt, useStartAttempt } from '../api';
import { rememberAttempt, rememberedAttempt } from '../lib/attempt-memory';
import { examSettingsOf } from '../lib/exam-settings';
import { AttemptResult } from './attempt-result';
import { AttemptView } from './attempt-view';
import { ExamStartCard } from './exam-start-card';

/** How long after the deadline the attempt is read again, and how often at most (the server submits it on that read). */
const AFTER_DEADLINE_DELAYS_MS = [1000, 2000, 4000, 8000];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A learner on an exam (issue 15): the start / resume card; the attempt being taken; after
 * submitting (or the deadline) the result card of that attempt above the card to start another.
 * The attempt this browser last had is remembered (attempt-memory) so a reload finds it again;
 * resuming reads it afresh (answers as saved, the server's `now` for the countdown).
 */
export function ExamLearnerView({ activity }: { activity: Activity }) {
  const { t } = useTranslation('exams');
  const toast = useToast();
  const settings = examSettingsOf(activity.data);
  const [attemptId, setAttemptId] = useState<number | null>(() => rememberedAttempt(activity.id));
  const [isTaking, setTaking] = useState(false);
  const [isResuming, setResuming] = useState(false);
  const [hasJustFinished, setJustFinished] = useState(false);
  const attempt = useAttempt(attemptId);
  const start = useStartAttempt(activity.id);

  const isGone = attempt.isError && isApiError(attempt.error, 404);
  useEffect(() => {
    if (isGone) rememberAttempt(activity.id, null);
  }, [isGone, activity.id]);

  const current = isGone ? undefined : attempt.data;

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (started) => {
        rememberAttempt(activity.id, started.id);
        setAttemptId(started.id);
        setTaking(true);
        setJustFinished(false);
        if (started.answers.length > 0 || Date.parse(started.now) - Date.parse(started.started_at) > 60_000) toast.info(t('start.resumed'));
      },
    });
  const resume = async () => {
    setResuming(true);
    try {
      const fresh = await attempt.refetch();
      if (fresh.data?.status === 'in_progress') setTaking(true);
      else if (fresh.data) setJustFinished(true);
    } finally {
      setResuming(false);
    }
  };
  const finish = async (reason: 'deadline' | 'submitted' | 'done') => {
    if (reason === 'deadline') toast.warning(t('errors.EXAM_DEADLINE_PASSED'));
    if (reason === 'submitted') toast.info(t('errors.ATTEMPT_SUBMITTED'));
    for (const delay of reason === 'deadline' ? AFTER_DEADLINE_DELAYS_MS : [0]) {
      if (delay) await sleep(delay);
      const fresh = await attempt.refetch();
      if (fresh.data && fresh.data.status !== 'in_progress') break;
    }
    setTaking(false);
    setJustFinished(true);
  };

  if (attemptId !== null && attempt.isPending && !isGone) return <PageSpinner minHeight={160} />;
  if (isTaking && current?.status === 'in_progress') {
    return (
      <AttemptView
        key={current.id}
        attempt={current}
        receivedAt={attempt.dataUpdatedAt}
        onSubmitted={() => void finish('done')}
        onClosed={(reason) => void finish(reason)}
      />
    );
  }
  const finished = current && current.status !== 'in_progress' ? current : undefined;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="exam-learner">
      {finished && <AttemptResult attempt={finished} settings={settings} autoFocus={hasJustFinished} />}
      <ExamStartCard
        settings={settings}
        startTime={activity.start_time}
        endTime={activity.end_time}
        lastAttempt={current}
        isStarting={start.isPending || isResuming}
        startError={start.error}
        onStart={begin}
        onResume={() => void resume()}
      />
    </Space>
  );
}
