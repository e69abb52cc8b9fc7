import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, InputNumber, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Attempt, GradeAttemptBody } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { SubjectText } from './subject-text';
import { useAttemptReview, useGradeAttempt } from '../api';
import { answersById, isAnswerable, questionNumbersOf } from '../lib/answers';
import { AnswerSummary } from './answer-summary';
import { formatPoints } from './attempt-result';

type GradeValues = { grades: Record<string, { score: number | null; feedback: string }> };
const keyOf = (subjectId: number) => `s${subjectId}`;

/** The grade form of a reviewed attempt: each answerable subject's score (as stored or automatic) and feedback. */
function initialGrades(attempt: Attempt): GradeValues {
  const results = new Map((attempt.results ?? []).map((r) => [r.subject_id, r]));
  return {
    grades: Object.fromEntries(
      attempt.subjects.filter(isAnswerable).map((s) => [keyOf(s.id), { score: results.get(s.id)?.score ?? null, feedback: results.get(s.id)?.feedback ?? '' }]),
    ),
  };
}

/**
 * The grade body of the form: a score (points) and feedback for every subject that has a score;
 * subjects left without one are left out (they keep waiting).
 */
export function gradeBodyOf(attempt: Attempt, values: GradeValues): GradeAttemptBody['grades'] {
  return attempt.subjects
    .filter(isAnswerable)
    .map((s) => ({ subject: s, grade: values.grades[keyOf(s.id)] }))
    .filter(({ grade }) => typeof grade?.score === 'number')
    .map(({ subject, grade }) => ({ subject_id: subject.id, score: grade!.score!, feedback: grade!.feedback?.trim() ? grade!.feedback.trim() : null }));
}

function GradeForm({ attempt, activityId, onDone }: { attempt: Attempt; activityId: number; onDone: () => void }) {
  const { t } = useTranslation('exams');
  const toast = useToast();
  const [form] = Form.useForm<GradeValues>();
  const grade = useGradeAttempt(activityId);
  const [formError, setFormError] = useState<string | null>(null);
  const answers = answersById(attempt.answers);
  const numbers = questionNumbersOf(attempt.subjects);
  const results = new Map((attempt.results ?? []).map((r) => [r.subject_id, r]));
  const isInProgress = attempt.status === 'in_progress';

  const save = async () => {
    let values: GradeValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const grades = gradeBodyOf(attempt, values);
    if (grades.length === 0) {
      setFormError(t('grade.nothing'));
      return;
    }
    setFormError(null);
    try {
      await grade.mutateAsync({ attemptId: attempt.id, body: { grades } });
      toast.success(t('grade.saved'));
      onDone();
    } catch (error) {
      const shown = showFieldErrors(form, error, {
        nameOf: (name) => {
          const match = /^grades[.[](\d+)\]?\.(score|feedback)$/.exec(name);
          const subjectId = match ? grades[Number(match[1])]?.subject_id : undefined;
          return subjectId !== undefined ? ['grades', keyOf(subjectId), match![2]!] : null;
        },
      });
      setFormError(shown.fieldErrors.length > 0 ? shown.rest : (shown.rest ?? t('grade.failed')));
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initialGrades(attempt)} disabled={isInProgress} name="exam-grade-form">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {isInProgress && <Alert type="warning" showIcon message={t('grade.inProgress')} />}
        {formError && <Alert type="error" showIcon role="alert" message={formError} />}
        <Descriptions
          size="small"
          column={2}
          items={[
            {
              key: 'score',
              label: t('grade.total'),
              children: attempt.score === null ? '—' : t('result.scoreOf', { score: formatPoints(attempt.score), max: formatPoints(attempt.max_score) }),
            },
            { key: 'objective', label: t('result.objectiveScore'), children: attempt.objective_score === null ? '—' : formatPoints(attempt.objective_score) },
          ]}
        />
        {attempt.subjects.filter(isAnswerable).map((subject) => {
          const result = results.get(subject.id);
          return (
            <section
              key={subject.id}
              className="exam-grade-subject"
              data-testid="grade-subject"
              data-subject-id={subject.id}
              aria-labelledby={`grade-${subject.id}`}
            >
              <Space wrap style={{ marginBottom: 8 }}>
                <Typography.Text strong id={`grade-${subject.id}`}>
                  {t('attempt.question', { number: numbers.get(subject.id) })}
                </Typography.Text>
                <Tag color="blue">{t(`types.${subject.type}`)}</Tag>
                {result?.score === null && <Tag color="orange">{t('grade.needsScore')}</Tag>}
              </Space>
              <SubjectText subject={subject} />
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'answer', label: t('grade.answer'), children: <AnswerSummary subject={subject} value={answers.get(subject.id)} /> },
                  ...(result?.correct !== undefined
                    ? [{ key: 'right', label: t('result.rightAnswer'), children: <AnswerSummary subject={subject} value={result.correct} /> }]
                    : []),
                ]}
              />
              <Flex gap={16} align="start" wrap>
                <Form.Item
                  name={['grades', keyOf(subject.id), 'score']}
                  label={t('grade.score', { max: formatPoints(subject.score) })}
                  rules={[{ type: 'number', min: 0, max: subject.score, message: t('grade.scoreRange', { max: formatPoints(subject.score) }) }]}
                >
                  <InputNumber min={0} max={subject.score} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={['grades', keyOf(subject.id), 'feedback']} label={t('grade.feedback')} style={{ minWidth: 260, flex: 1 }}>
                  <Input.TextArea rows={2} maxLength={20_000} />
                </Form.Item>
              </Flex>
            </section>
          );
        })}
      </Space>
      <div className="exam-grade-save">
        <Button type="primary" onClick={() => void save()} loading={grade.isPending} disabled={isInProgress}>
          {t('grade.save')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The team's grading drawer for one attempt (issue 15): the review (`GET …/review`: each answer,
 * the right answer, scores and feedback) with a score (at most the subject's points) and
 * feedback per subject, saved by `PUT /api/exam-attempts/{id}/grades`; 400s on their fields.
 */
export function GradeDrawer({ attemptId, activityId, title, onClose }: { attemptId: number | null; activityId: number; title: string; onClose: () => void }) {
  const { t } = useTranslation('exams');
  const review = useAttemptReview(attemptId);
  let body = null;
  if (attemptId !== null) {
    if (review.isPending) body = <PageSpinner minHeight={160} />;
    else if (review.isError) body = <ApiErrorResult error={review.error} onRetry={() => void review.refetch()} />;
    else body = <GradeForm key={`${review.data.id}-${review.dataUpdatedAt}`} attempt={review.data} activityId={activityId} onDone={onClose} />;
  }
  return (
    <Drawer open={attemptId !== null} onClose={onClose} title={title || t('grade.title')} size="large" destroyOnHidden data-testid="grade-drawer">
      {body}
    </Drawer>
  );
}
