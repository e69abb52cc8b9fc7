import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireSubject } from '@atrium/contracts';
import { RichHtml } from '../../activities/components/views/rich-html';

/** The id of a subject's legend (what its inputs are labelled by). */
export function legendIdOf(subjectId: number): string {
  return `q-subject-${subjectId}-legend`;
}

/**
 * One subject of a questionnaire as a fieldset: its legend holds the number, the subject's text
 * (rich text, as stored) and, when required, a red mark (read out as "required"); `children` is the
 * answer input.
 */
export function SubjectFieldset({ subject, number, children }: { subject: QuestionnaireSubject; number: number; children: ReactNode }) {
  const { t } = useTranslation('questionnaires');
  return (
    <fieldset className="q-subject" data-testid="questionnaire-subject" data-type={subject.type}>
      <legend id={legendIdOf(subject.id)} className="q-legend">
        {subject.is_required && (
          <span className="q-required" title={t('form.required')} aria-hidden>
            *
          </span>
        )}
        <span className="q-number">{number}.</span>
        <div className="q-description">
          {subject.description ? <RichHtml html={subject.description} /> : <span className="q-untitled">{t(`types.${subject.type}`)}</span>}
        </div>
        {subject.is_required && <span className="q-sr-only">{t('form.required')}</span>}
      </legend>
      {children}
    </fieldset>
  );
}
