import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, AttemptSubject as Subject } from '@atrium/contracts';
import { RichHtml } from '../../activities/components/views/rich-html';
import { isAnswered } from '../lib/answers';
import { SubjectAnswerInput } from './subject-answer-input';

/** The element id of a subject in an attempt (the map's jump target). */
export const subjectElementId = (subjectId: number) => `exam-subject-${subjectId}`;

/**
 * One subject of an attempt (issue 15): a fieldset whose legend names the question number and
 * points, the description (rich text), and its answer input; a description subject is text only.
 * Blur anywhere inside calls `onBlur` (the autosave saves at once).
 */
export function AttemptSubject({
  subject,
  number,
  value,
  onChange,
  onBlur,
  disabled,
}: {
  subject: Subject;
  /** Question number; undefined for a description. */
  number: number | undefined;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  onBlur?: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('exams');
  const elementId = subjectElementId(subject.id);
  if (subject.type === 'description') {
    return (
      <section id={elementId} tabIndex={-1} className="exam-subject exam-subject-description" data-testid="attempt-subject" data-subject-id={subject.id}>
        <RichHtml html={subject.description} />
      </section>
    );
  }
  const legendId = `${elementId}-legend`;
  const descriptionId = `${elementId}-description`;
  const isDone = isAnswered(subject, value);
  return (
    <fieldset
      id={elementId}
      tabIndex={-1}
      className="exam-subject"
      aria-describedby={descriptionId}
      onBlur={onBlur}
      data-testid="attempt-subject"
      data-subject-id={subject.id}
    >
      <legend className="exam-subject-legend">
        <span id={legendId}>{t('attempt.question', { number })}</span>
        <span className="exam-subject-points">{t('attempt.points', { count: subject.score })}</span>
        <Tag color={isDone ? 'success' : 'default'} className="exam-subject-state">
          {isDone ? t('attempt.answered') : t('attempt.unanswered')}
        </Tag>
      </legend>
      {subject.type !== 'fill_in_blank' && (
        <div id={descriptionId} className="exam-subject-text">
          <RichHtml html={subject.description} />
        </div>
      )}
      <div className="exam-subject-answer">
        <SubjectAnswerInput subject={subject} value={value} onChange={onChange} labelId={legendId} descriptionId={descriptionId} disabled={disabled} />
      </div>
    </fieldset>
  );
}
