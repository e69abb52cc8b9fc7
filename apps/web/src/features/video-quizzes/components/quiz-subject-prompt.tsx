import { useId, useState } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, VideoQuizAnswerResult, VideoQuizLearnerSubject } from '@atrium/contracts';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { RichHtml } from '../../activities/components/views/rich-html';
import { SubjectAnswerInput } from '../../exams/components/subject-answer-input';
import { useAnswerSubject } from '../api';
import { asAttemptSubject, hasAnswer } from '../lib/answers';
import { formatSeconds } from '../lib/quiz-timeline';

/**
 * One video quiz subject while playback waits on it (issue 15 §6): its text, the exams' answer
 * input (a fill-in-blank shows its text itself, with the blanks in it),
 * "Submit answer" (`PUT /api/video-quiz-subjects/{id}/answer`), then whether it was right and the
 * points, and "Continue watching". A description only has "Continue watching". A refused answer
 * shows the server's reason and stays open.
 */
export function QuizSubjectPrompt({ quizId, subject, onContinue }: { quizId: number; subject: VideoQuizLearnerSubject; onContinue: () => void }) {
  const { t } = useTranslation('videoQuizzes');
  const toast = useToast();
  const labelId = useId();
  const [value, setValue] = useState<AnswerValue | undefined>(undefined);
  const [result, setResult] = useState<VideoQuizAnswerResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const answer = useAnswerSubject(quizId);
  const isDescription = subject.type === 'description';

  const submit = () => {
    if (value === undefined) return;
    setRefusal(null);
    answer.mutate(
      { subjectId: subject.id, answer: value },
      {
        onSuccess: setResult,
        onError: (error) => {
          const { summary } = fieldErrorsOf(error, () => null);
          if (summary) setRefusal(summary);
          else toast.error(error, t('answer.failed'));
        },
      },
    );
  };

  const verdict = result
    ? result.correct === null
      ? { type: 'info' as const, text: t('answer.saved') }
      : result.correct
        ? { type: 'success' as const, text: t('answer.right') }
        : (result.score ?? 0) > 0
          ? { type: 'warning' as const, text: t('answer.partly') }
          : { type: 'error' as const, text: t('answer.wrong') }
    : null;

  return (
    <Flex vertical gap={16} data-testid="video-quiz-prompt" data-subject={subject.id}>
      <Typography.Text type="secondary" id={labelId}>
        {t('answer.title', { time: formatSeconds(subject.at_seconds) })}
        {!isDescription && ` · ${t('answer.points', { max: subject.score })}`}
      </Typography.Text>
      {subject.type !== 'fill_in_blank' && <RichHtml html={subject.description} />}
      {!isDescription && (
        <SubjectAnswerInput
          subject={asAttemptSubject(subject)}
          value={value}
          onChange={setValue}
          labelId={labelId}
          disabled={result !== null || answer.isPending}
        />
      )}
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="video-quiz-refusal" />}
      {verdict && result && (
        <Alert
          type={verdict.type}
          showIcon
          data-testid="video-quiz-verdict"
          title={verdict.text}
          description={result.score !== null ? t('answer.scored', { score: result.score, max: result.max_score }) : undefined}
        />
      )}
      <Flex justify="end" gap={8}>
        {!isDescription && result === null && (
          <Button type="primary" onClick={submit} loading={answer.isPending} disabled={!hasAnswer(subject, value)}>
            {t('answer.submit')}
          </Button>
        )}
        {(isDescription || result !== null) && (
          <Button type="primary" onClick={onContinue} autoFocus>
            {t('answer.continue')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
