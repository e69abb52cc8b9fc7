import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, Flex, Segmented, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, Attempt, SubmitResult } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useSubmitAttempt } from '../api';
import { useAutosave } from '../hooks/use-autosave';
import { useCountdown } from '../hooks/use-countdown';
import { answersById, isAnswerable, isAnswered, questionNumbersOf } from '../lib/answers';
import { AttemptSubject, subjectElementId } from './attempt-subject';
import { AutosaveState, CountdownTag } from './attempt-status-bar';

/** How an attempt's subjects are laid out: all on one page, or one at a time. */
export type AttemptLayout = 'page' | 'single';

/** Saved answers are sent this long before the deadline, so the last ones arrive in time (ms). */
const LAST_SAVE_BEFORE_DEADLINE_MS = 3000;

/**
 * Taking an attempt (issue 15): every subject with its input, answers autosaved as given
 * (useAutosave: 800 ms quiet, on blur, before submitting), the countdown to the server's deadline
 * against the server's clock (useCountdown; at 0 `onClosed` reads the attempt again, which the
 * server has submitted), one-page or one-by-one layout, the answered/unanswered map, and submit
 * after a confirmation that counts unanswered questions. `receivedAt` is the client time the
 * attempt's answer arrived (its `now` is the server's then).
 */
export function AttemptView({
  attempt,
  receivedAt,
  onSubmitted,
  onClosed,
}: {
  attempt: Attempt;
  receivedAt: number;
  onSubmitted: (result: SubmitResult) => void;
  /** The attempt was closed by the server (deadline, or submitted elsewhere): read it again. */
  onClosed: (reason: 'deadline' | 'submitted') => void;
}) {
  const { t } = useTranslation('exams');
  const { modal } = App.useApp();
  const toast = useToast();
  const submit = useSubmitAttempt();
  const [answers, setAnswers] = useState<ReadonlyMap<number, AnswerValue>>(() => answersById(attempt.answers));
  const [layout, setLayout] = useState<AttemptLayout>('page');
  const [index, setIndex] = useState(0);
  const [focusId, setFocusId] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const numbers = useMemo(() => questionNumbersOf(attempt.subjects), [attempt.subjects]);
  const answerable = attempt.subjects.filter(isAnswerable);

  const closeFor = (error: unknown) => onClosed(isApiError(error) && error.code === 'EXAM_DEADLINE_PASSED' ? 'deadline' : 'submitted');
  const autosave = useAutosave(attempt.id, { onClosed: closeFor });
  const countdown = useCountdown(attempt.deadline, attempt.now, receivedAt, () => onClosed('deadline'));

  const isLastCall = countdown.remaining !== null && countdown.remaining <= LAST_SAVE_BEFORE_DEADLINE_MS;
  const { flush } = autosave;
  useEffect(() => {
    if (isLastCall) void flush();
  }, [isLastCall, flush]);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (focusId === null) return;
    const element = document.getElementById(subjectElementId(focusId));
    element?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    element?.focus({ preventScroll: true });
  }, [focusId, index, layout]);

  const setAnswer = (subjectId: number, value: AnswerValue) => {
    setAnswers((current) => new Map(current).set(subjectId, value));
    autosave.change(subjectId, value);
  };
  const goTo = (subjectId: number) => {
    const at = attempt.subjects.findIndex((s) => s.id === subjectId);
    if (at >= 0) setIndex(at);
    setFocusId(subjectId);
  };
  const step = (by: number) => {
    const at = Math.min(attempt.subjects.length - 1, Math.max(0, index + by));
    setIndex(at);
    setFocusId(attempt.subjects[at]?.id ?? null);
  };

  const unanswered = answerable.filter((s) => !isAnswered(s, answers.get(s.id)));
  const confirmSubmit = () => {
    modal.confirm({
      title: t('submit.confirmTitle'),
      content: (
        <div data-testid="submit-confirm">
          {unanswered.length > 0 ? (
            <>
              <Typography.Paragraph>{t('submit.unanswered', { count: unanswered.length })}</Typography.Paragraph>
              <Typography.Paragraph type="secondary">
                {t('submit.unansweredList', { numbers: unanswered.map((s) => numbers.get(s.id)).join(', ') })}
              </Typography.Paragraph>
            </>
          ) : (
            <Typography.Paragraph>{t('submit.allAnswered')}</Typography.Paragraph>
          )}
          <Typography.Paragraph type="secondary">{t('submit.final')}</Typography.Paragraph>
        </div>
      ),
      okText: t('submit.ok'),
      cancelText: t('submit.cancel'),
      onOk: async () => {
        const saved = await autosave.flush();
        if (saved === 'unsaved') toast.error(t('submit.notSaved'));
        if (saved !== 'saved') return;
        try {
          onSubmitted(await submit.mutateAsync(attempt.id));
        } catch (error) {
          if (isApiError(error, 409)) closeFor(error);
          else toast.error(error, t('submit.failed'));
        }
      },
    });
  };

  const shown = layout === 'page' ? attempt.subjects : attempt.subjects.slice(index, index + 1);
  return (
    <Card
      className="exam-attempt"
      data-testid="exam-attempt"
      title={
        <Typography.Title level={3} ref={heading} tabIndex={-1} style={{ fontSize: 16, margin: 0 }}>
          {t('attempt.title', { number: attempt.number })}
        </Typography.Title>
      }
      extra={
        <Space wrap>
          <AutosaveState autosave={autosave} />
          {countdown.remaining !== null && <CountdownTag remaining={countdown.remaining} isWarning={countdown.isWarning} />}
        </Space>
      }
    >
      <Flex gap={16} wrap align="center" justify="space-between" className="exam-attempt-toolbar">
        <Segmented<AttemptLayout>
          aria-label={t('attempt.layout')}
          value={layout}
          onChange={(value) => {
            setLayout(value);
            setFocusId(null);
          }}
          options={[
            { value: 'page', label: t('attempt.layoutPage') },
            { value: 'single', label: t('attempt.layoutSingle') },
          ]}
        />
        <Typography.Text type="secondary">
          {t('attempt.progress', { answered: answerable.length - unanswered.length, total: answerable.length })}
        </Typography.Text>
      </Flex>
      <nav aria-label={t('attempt.map')} className="exam-map" data-testid="answer-map">
        {answerable.map((subject) => {
          const isDone = isAnswered(subject, answers.get(subject.id));
          const isCurrent = layout === 'single' && attempt.subjects[index]?.id === subject.id;
          const number = numbers.get(subject.id);
          return (
            <Button
              key={subject.id}
              size="small"
              type={isDone ? 'primary' : 'default'}
              className={isCurrent ? 'exam-map-current' : undefined}
              aria-current={isCurrent ? 'step' : undefined}
              aria-label={isDone ? t('attempt.mapAnswered', { number }) : t('attempt.mapUnanswered', { number })}
              data-answered={isDone}
              onClick={() => goTo(subject.id)}
            >
              {number}
            </Button>
          );
        })}
      </nav>
      {attempt.subjects.length === 0 && <Typography.Paragraph type="secondary">{t('attempt.noSubjects')}</Typography.Paragraph>}
      <div className="exam-subjects">
        {shown.map((subject) => (
          <AttemptSubject
            key={subject.id}
            subject={subject}
            number={numbers.get(subject.id)}
            value={answers.get(subject.id)}
            onChange={(value) => setAnswer(subject.id, value)}
            onBlur={() => void autosave.flush()}
            disabled={autosave.status === 'closed'}
          />
        ))}
      </div>
      <Flex gap={8} wrap justify="space-between" className="exam-attempt-footer">
        {layout === 'single' ? (
          <Space>
            <Button icon={<LeftOutlined />} disabled={index === 0} onClick={() => step(-1)}>
              {t('attempt.previous')}
            </Button>
            <Button disabled={index >= attempt.subjects.length - 1} onClick={() => step(1)}>
              {t('attempt.next')} <RightOutlined />
            </Button>
          </Space>
        ) : (
          <span />
        )}
        <Button type="primary" icon={<SendOutlined />} loading={submit.isPending} onClick={confirmSubmit} disabled={autosave.status === 'closed'}>
          {t('submit.button')}
        </Button>
      </Flex>
    </Card>
  );
}
