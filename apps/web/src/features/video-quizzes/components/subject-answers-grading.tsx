import { useState } from 'react';
import { Alert, Button, Empty, Flex, InputNumber, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { TIME_FORMAT, type AttemptSubject, type VideoQuizGradedAnswer, type VideoQuizSubject } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { useToast } from '../../../lib/toast';
import { AnswerSummary } from '../../exams/components/answer-summary';
import { useGradeAnswer, useSubjectAnswers } from '../api';

/** One learner's answer with the points the team gives it (0 to the subject's points, halves allowed); Save sends them. */
function AnswerRow({ quizId, subject, answer, maxScore }: { quizId: number; subject: VideoQuizSubject; answer: VideoQuizGradedAnswer; maxScore: number }) {
  const { t } = useTranslation('videoQuizzes');
  const toast = useToast();
  const grade = useGradeAnswer(quizId, subject.id);
  const [points, setPoints] = useState<number | null>(answer.score);
  const who = `${answer.user.name}${answer.user.user_no ? ` (${answer.user.user_no})` : ''}`;
  const save = () => {
    if (points === null) return;
    grade.mutate(
      { userId: answer.user.id, score: points },
      { onSuccess: () => toast.success(t('grading.saved')), onError: (error) => toast.error(error, t('grading.saveFailed')) },
    );
  };
  return (
    <List.Item data-testid="quiz-answer" data-user-id={answer.user.id}>
      <Flex vertical gap={8} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong>{who}</Typography.Text>
          <Typography.Text type="secondary">{dayjs(answer.answered_at).format(TIME_FORMAT.display)}</Typography.Text>
          {answer.score === null ? (
            <Tag color="orange">{t('grading.toGrade')}</Tag>
          ) : (
            <Tag color="green">{t('grading.graded', { score: answer.score, max: maxScore })}</Tag>
          )}
        </Space>
        <AnswerSummary subject={subject as unknown as AttemptSubject} value={answer.answer} />
        <Space>
          <InputNumber
            aria-label={t('grading.pointsFor', { name: answer.user.name })}
            min={0}
            max={maxScore}
            step={0.5}
            value={points}
            onChange={(value) => setPoints(value)}
            onPressEnter={save}
          />
          <Typography.Text type="secondary">{t('grading.ofMax', { max: maxScore })}</Typography.Text>
          <Button type="primary" onClick={save} loading={grade.isPending} disabled={points === null || points === answer.score}>
            {t('grading.save')}
          </Button>
        </Space>
      </Flex>
    </List.Item>
  );
}

/**
 * The course team grades learners' answers to one subject of a video quiz (an essay, a short
 * answer without accepted answers, or an override): `GET /api/video-quiz-subjects/{id}/answers`,
 * points through `PUT …/answers/{userId}/score`. Loading, error and empty states.
 */
export function SubjectAnswersGrading({ quizId, subject }: { quizId: number; subject: VideoQuizSubject }) {
  const { t } = useTranslation('videoQuizzes');
  const answers = useSubjectAnswers(subject.id);
  if (answers.isPending) return <PageSpinner minHeight={120} />;
  if (answers.isError) return <Alert type="error" showIcon title={t('grading.failed')} />;
  if (answers.data.answers.length === 0) return <Empty description={t('grading.none')} />;
  return (
    <List
      dataSource={answers.data.answers}
      rowKey={(answer) => answer.user.id}
      pagination={answers.data.answers.length > 10 ? { pageSize: 10 } : false}
      renderItem={(answer) => <AnswerRow quizId={quizId} subject={subject} answer={answer} maxScore={answers.data.max_score} />}
    />
  );
}
