import { Checkbox, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireSubject } from '@atrium/contracts';
import type { AnswerDraft } from '../lib/answers';
import { ratingValues } from '../lib/results';

/** Most text a text answer may hold (the server's limit, `QuestionnaireAnswerSchema`). */
const TEXT_MAX = 20_000;

/**
 * The answer input of one questionnaire subject by type (issue 15 §5): single selection as
 * radios, multiple selection as checkboxes, text as a textarea or one line (`multiline`), a
 * rating as a row of radio buttons min..max with its end labels, a matrix as a table of radios,
 * one choice per row (each radio labelled "row: column"). `labelledBy` is the id of the subject's
 * legend (what the text inputs are named by); `disabled` shows stored answers read-only.
 * Value and onChange are an `AnswerDraft` (antd Form.Item passes them).
 */
export function SubjectInput({
  subject,
  value,
  onChange,
  disabled = false,
  labelledBy,
  id,
}: {
  subject: QuestionnaireSubject;
  value?: AnswerDraft;
  onChange?: (value: AnswerDraft) => void;
  disabled?: boolean;
  labelledBy?: string;
  id?: string;
}) {
  const { t } = useTranslation('questionnaires');
  switch (subject.type) {
    case 'single_selection':
      return (
        <Radio.Group
          id={id}
          className="q-choices"
          value={typeof value === 'string' ? value : undefined}
          onChange={(event) => onChange?.(event.target.value as string)}
          disabled={disabled}
          options={(subject.options ?? []).map((option) => ({ value: option.id, label: option.content }))}
        />
      );
    case 'multiple_selection':
      return (
        <Checkbox.Group
          className="q-choices"
          value={Array.isArray(value) ? value : []}
          onChange={(chosen) => onChange?.(chosen)}
          disabled={disabled}
          options={(subject.options ?? []).map((option) => ({ value: option.id, label: option.content }))}
        />
      );
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      return subject.multiline ? (
        <Input.TextArea
          id={id}
          aria-labelledby={labelledBy}
          value={text}
          onChange={(event) => onChange?.(event.target.value)}
          readOnly={disabled}
          autoSize={{ minRows: 3, maxRows: 12 }}
          maxLength={TEXT_MAX}
          placeholder={disabled ? undefined : t('form.textPlaceholder')}
        />
      ) : (
        <Input
          id={id}
          aria-labelledby={labelledBy}
          value={text}
          onChange={(event) => onChange?.(event.target.value)}
          readOnly={disabled}
          maxLength={TEXT_MAX}
          placeholder={disabled ? undefined : t('form.textPlaceholder')}
        />
      );
    }
    case 'rating':
      return <RatingInput subject={subject} value={typeof value === 'number' ? value : undefined} onChange={onChange} disabled={disabled} />;
    case 'matrix':
      return (
        <MatrixInput
          subject={subject}
          value={value && typeof value === 'object' && !Array.isArray(value) ? value : {}}
          onChange={onChange}
          disabled={disabled}
        />
      );
  }
}

function RatingInput({
  subject,
  value,
  onChange,
  disabled,
}: {
  subject: QuestionnaireSubject;
  value: number | undefined;
  onChange?: (value: AnswerDraft) => void;
  disabled: boolean;
}) {
  const rating = subject.rating ?? { min: 1, max: 5, min_label: '', max_label: '' };
  const values = ratingValues(rating);
  const endLabel = (v: number) => (v === rating.min ? rating.min_label : v === rating.max ? rating.max_label : '');
  return (
    <div className="q-rating">
      {rating.min_label && (
        <span className="q-rating-end" aria-hidden>
          {rating.min_label}
        </span>
      )}
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={value}
        onChange={(event) => onChange?.(event.target.value as number)}
        disabled={disabled}
        options={values.map((v) => ({
          value: v,
          label: (
            <>
              {v}
              {endLabel(v) && <span className="q-sr-only">{` (${endLabel(v)})`}</span>}
            </>
          ),
        }))}
      />
      {rating.max_label && (
        <span className="q-rating-end" aria-hidden>
          {rating.max_label}
        </span>
      )}
    </div>
  );
}

function MatrixInput({
  subject,
  value,
  onChange,
  disabled,
}: {
  subject: QuestionnaireSubject;
  value: Record<string, string>;
  onChange?: (value: AnswerDraft) => void;
  disabled: boolean;
}) {
  const columns = subject.columns ?? [];
  return (
    <div className="q-matrix-scroll">
      <table className="q-matrix">
        <thead>
          <tr>
            <td />
            {columns.map((column) => (
              <th key={column.id} scope="col">
                {column.content}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(subject.rows ?? []).map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.content}</th>
              {columns.map((column) => (
                <td key={column.id}>
                  <input
                    type="radio"
                    name={`q${subject.id}-${row.id}`}
                    value={column.id}
                    checked={value[row.id] === column.id}
                    disabled={disabled}
                    aria-label={`${row.content}: ${column.content}`}
                    onChange={() => onChange?.({ ...value, [row.id]: column.id })}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
