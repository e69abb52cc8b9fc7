import { useEffect, useRef } from 'react';
import { Alert, Card, Descriptions, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type Attempt } from '@atrium/contracts';
import { RichHtml } from '../../activities/components/views/rich-html';
import { SubjectText } from './subject-text';
import { answersById, isAnswerable, questionNumbersOf } from '../lib/answers';
import type { ExamSettings } from '../lib/exam-settings';
import { AnswerSummary } from './answer-summary';

/** Points with at most two decimals, as the server keeps them. */
export const formatPoints = (points: number) => String(Math.round(points * 100) / 100);

/**
 * A finished attempt (issue 15): score / objective score / maximum (points) and, with a pass
 * score, passed or not; "waiting for grading" while the team still scores some answers; "scores
 * not shown yet" while the exam's `show_score` hides them; then, when the server sends them,
 * each subject's score, feedback, the learner's answer and the right answer.
 */
export function AttemptResult({ attempt, settings, autoFocus }: { attempt: Attempt; settings: ExamSettings; autoFocus?: boolean }) {
  const { t } = useTranslation('exams');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) heading.current?.focus();
  }, [autoFocus]);
  const isShown = attempt.results !== undefined;
  const isWaiting = isShown && attempt.score === null;
  const passScore = settings.pass_score ?? null;
  const answers = answersById(attempt.answers);
  const numbers = questionNumbersOf(attempt.subjects);
  const results = new Map((attempt.results ?? []).map((r) => [r.subject_id, r]));

  return (
    <Card
      data-testid="exam-result"
      title={
        <Typography.Title level={3} ref={heading} tabIndex={-1} style={{ fontSize: 16, margin: 0 }}>
          {t('result.title', { number: attempt.number })}
        </Typography.Title>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            {
              key: 'submitted',
              label: t('result.submittedAt'),
              children: attempt.submitted_at ? dayjs(attempt.submitted_at).format(TIME_FORMAT.display) : '—',
            },
            ...(attempt.score !== null
              ? [
                  {
                    key: 'score',
                    label: t('result.score'),
                    children: (
                      <span data-testid="result-score">
                        {t('result.scoreOf', { score: formatPoints(attempt.score), max: formatPoints(attempt.max_score) })}
                      </span>
                    ),
                  },
                ]
              : []),
            ...(attempt.objective_score !== null
              ? [{ key: 'objective', label: t('result.objectiveScore'), children: formatPoints(attempt.objective_score) }]
              : []),
            ...(attempt.score === null ? [{ key: 'max', label: t('result.maxScore'), children: formatPoints(attempt.max_score) }] : []),
          ]}
        />
        {attempt.score !== null && passScore !== null && (
          <Tag color={attempt.score >= passScore ? 'success' : 'error'} data-testid="result-passed">
            {attempt.score >= passScore ? t('result.passed', { pass: formatPoints(passScore) }) : t('result.notPassed', { pass: formatPoints(passScore) })}
          </Tag>
        )}
        {isWaiting && <Alert type="info" showIcon message={t('result.waiting')} data-testid="result-waiting" />}
        {!isShown && (
          <Alert type="info" showIcon message={t('result.hidden')} description={t(`result.hiddenWhen.${settings.show_score}`)} data-testid="result-hidden" />
        )}
        {isShown && (
          <List
            header={<Typography.Text strong>{t('result.perSubject')}</Typography.Text>}
            dataSource={attempt.subjects.filter(isAnswerable)}
            renderItem={(subject) => {
              const result = results.get(subject.id);
              return (
                <List.Item data-testid="result-subject" data-subject-id={subject.id}>
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    <Space wrap>
                      <Typography.Text strong>{t('attempt.question', { number: numbers.get(subject.id) })}</Typography.Text>
                      <Tag>
                        {result?.score === null || result?.score === undefined
                          ? t('result.subjectWaiting', { max: formatPoints(subject.score) })
                          : t('result.scoreOf', { score: formatPoints(result.score), max: formatPoints(subject.score) })}
                      </Tag>
                    </Space>
                    <SubjectText subject={subject} />
                    <Descriptions
                      size="small"
                      column={1}
                      items={[
                        { key: 'yours', label: t('result.yourAnswer'), children: <AnswerSummary subject={subject} value={answers.get(subject.id)} /> },
                        ...(result?.correct !== undefined
                          ? [{ key: 'correct', label: t('result.rightAnswer'), children: <AnswerSummary subject={subject} value={result.correct} /> }]
                          : []),
                        ...(result?.feedback ? [{ key: 'feedback', label: t('result.feedback'), children: <RichHtml html={result.feedback} /> }] : []),
                      ]}
                    />
                  </Space>
                </List.Item>
              );
            }}
          />
        )}
      </Space>
    </Card>
  );
}
