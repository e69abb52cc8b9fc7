import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AttemptSubject } from '@atrium/contracts';
import { RichHtml } from '../../activities/components/views/rich-html';
import { plainText } from '../lib/answers';

/**
 * An answer shown read-only (results, the team's review): a learner's answer or the right one
 * (`correct` of a result, same shape as an answer): options by their text, true/false, the
 * blanks in order, text, matched pairs, the essay's rich text. "No answer" for none.
 */
export function AnswerSummary({ subject, value }: { subject: AttemptSubject; value: unknown }) {
  const { t } = useTranslation('exams');
  const none = <Typography.Text type="secondary">{t('result.noAnswer')}</Typography.Text>;
  if (value === null || value === undefined || value === '') return none;
  const optionText = (id: unknown) => plainText(subject.options?.find((o) => o.id === id)?.content ?? String(id));
  switch (subject.type) {
    case 'single_selection':
      return <span>{optionText(value)}</span>;
    case 'multiple_selection':
      return Array.isArray(value) && value.length > 0 ? <span>{value.map(optionText).join('; ')}</span> : none;
    case 'true_or_false':
      return typeof value === 'boolean' ? <span>{value ? t('answer.true') : t('answer.false')}</span> : none;
    case 'fill_in_blank':
      return Array.isArray(value) ? (
        <ol className="exam-summary-list">
          {value.map((blank, i) => (
            <li key={i}>{typeof blank === 'string' && blank !== '' ? blank : '—'}</li>
          ))}
        </ol>
      ) : (
        none
      );
    case 'matching': {
      if (typeof value !== 'object' || Array.isArray(value)) return none;
      const given = value as Record<string, unknown>;
      return (
        <ul className="exam-summary-list">
          {(subject.prompts ?? []).map((prompt) => (
            <li key={prompt.id}>
              {plainText(prompt.prompt)} → {plainText(subject.choices?.find((c) => c.id === given[prompt.id])?.content ?? '—')}
            </li>
          ))}
        </ul>
      );
    }
    case 'essay':
      return typeof value === 'string' ? <RichHtml html={value} /> : none;
    default:
      return <span>{String(value)}</span>;
  }
}
