import { useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { useRefreshCompletion } from '../../activities/api';
import { useAttempt, useMyAttempts, useStartAttempt } from '../api';
import { examSettingsOf } from '../lib/exam-settings';
import { AttemptResult } from './attempt-result';
import { AttemptView } from './attempt-view';
import { ExamStartCard } from './exam-start-card';

/** How long after the deadline the attempt is read again, and how often at most (the server submits it on that read). */
const AFTER_DEADLINE_DELAYS_MS = [1000, 2000, 4000, 8000];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A learner on an exam (issue 15): the start / resume card with their attempts as the server
 * knows them (`GET /api/exams/{id}/my-attempts`, so any device finds the attempt in progress);
 * the attempt being taken; the result card of the latest finished attempt (or the one chosen
 * in the card's list) above it. Resuming reads the attempt afresh (answers as saved, the
 * server's `now` for the countdown). Once an attempt is finished, the activity's completion and
 * the course's completeness are read again (useRefreshCompletion).
 */
export function ExamLearnerView({ activity }: { activity: Activity }) {
  const { t } = useTranslation('exams');
  const toast = useToast();
  const settings = examSettingsOf(activity.data);
  const mine = useMyAttempts(activity.id);
  const [takingId, setTakingId] = useState<number | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const [isResuming, setResuming] = useState(false);
  const [hasJustFinished, setJustFinished] = useState(false);
  const start = useStartAttempt(activity.id);
  const refreshCompletion = useRefreshCompletion(activity.course_id);

  const attempts = mine.data?.attempts ?? [];
  const lastFinished = attempts.filter((a) => a.status !== 'in_progress').at(-1);
  // The attempt in progress: the one being taken, else the server's (read for its time left and to resume).
  const progress = useAttempt(takingId ?? mine.data?.in_progress_id ?? null);
  const resultId = shownId ?? lastFinished?.id ?? null;
  const result = useAttempt(resultId !== null && resultId !== takingId ? resultId : null);

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (started) => {
        setTakingId(started.id);
        setJustFinished(false);
        if (started.answers.length > 0 || Date.parse(started.now) - Date.parse(started.started_at) > 60_000) toast.info(t('start.resumed'));
      },
    });
  const showFinished = (attemptId: number, justNow: boolean) => {
    setTakingId(null);
    setShownId(attemptId);
    setJustFinished(justNow);
    void mine.refetch();
    // A submission (the learner's or the server's at the deadline) may complete the activity and the course.
    refreshCompletion(activity.id);
  };
  const resume = async () => {
    const attemptId = mine.data?.in_progress_id;
    if (!attemptId) return;
    setResuming(true);
    try {
      const fresh = await progress.refetch();
      if (fresh.data?.status === 'in_progress') {
        setTakingId(attemptId);
        setJustFinished(false);
      } else if (fresh.data) showFinished(attemptId, true);
    } finally {
      setResuming(false);
    }
  };
  const finish = async (reason: 'deadline' | 'submitted' | 'done') => {
    const attemptId = takingId;
    if (attemptId === null) return;
    if (reason === 'deadline') toast.warning(t('errors.EXAM_DEADLINE_PASSED'));
    if (reason === 'submitted') toast.info(t('errors.ATTEMPT_SUBMITTED'));
    for (const delay of reason === 'deadline' ? AFTER_DEADLINE_DELAYS_MS : [0]) {
      if (delay) await sleep(delay);
      const fresh = await progress.refetch();
      if (fresh.data && fresh.data.status !== 'in_progress') break;
    }
    showFinished(attemptId, true);
  };

  const taken = progress.data;
  if (takingId !== null && taken?.id === takingId && taken.status === 'in_progress') {
    return (
      <AttemptView
        key={taken.id}
        attempt={taken}
        receivedAt={progress.dataUpdatedAt}
        onSubmitted={() => void finish('done')}
        onClosed={(reason) => void finish(reason)}
      />
    );
  }
  if (mine.isPending) return <PageSpinner minHeight={160} />;
  if (mine.isError) return <ApiErrorResult error={mine.error} onRetry={() => void mine.refetch()} />;

  const finished = result.data && result.data.status !== 'in_progress' ? result.data : undefined;
  const inProgress = taken?.status === 'in_progress' && taken.id === mine.data.in_progress_id ? taken : undefined;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="exam-learner">
      {resultId !== null && result.isPending && !finished && <PageSpinner minHeight={120} />}
      {finished && <AttemptResult key={finished.id} attempt={finished} settings={settings} autoFocus={hasJustFinished} />}
      <ExamStartCard
        settings={settings}
        startTime={activity.start_time}
        endTime={activity.end_time}
        mine={mine.data}
        inProgress={inProgress}
        shownId={finished?.id ?? null}
        isStarting={start.isPending || isResuming}
        startError={start.error}
        onStart={begin}
        onResume={() => void resume()}
        onShow={(attemptId) => {
          setShownId(attemptId);
          setJustFinished(true);
        }}
      />
    </Space>
  );
}
