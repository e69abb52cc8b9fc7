import type { CreateQuestionnaireSubjectBody, QuestionnaireSubject, QuestionnaireSubjectType } from '@atrium/contracts';
import type { FieldName } from '../../../lib/form-errors';

/** Values of the subject form (antd Form): the fields of every type; only the chosen type's are sent. */
export interface SubjectFormValues {
  type: QuestionnaireSubjectType;
  description: string;
  is_required: boolean;
  /** Selections: option labels. */
  options: string[];
  /** Rating: the scale's ends (integers, min 0..10, max 1..10) and their labels. */
  min: number;
  max: number;
  min_label: string;
  max_label: string;
  /** Matrix: row and column labels. */
  rows: string[];
  columns: string[];
  /** Text: a textarea (true) or one line. */
  multiline: boolean;
}

/** Limits of `CreateQuestionnaireSubjectBodySchema` the form enforces before sending. */
export const SUBJECT_LIMITS = { options: 50, rows: 50, columns: 20, label: 500, endLabel: 100, ratingSteps: 11 } as const;

/** Form values for a subject to edit, or the defaults of a new one of `type` (two options, a 1–5 scale, one row and two columns, a textarea). */
export function formValuesOf(subject: QuestionnaireSubject | null, type: QuestionnaireSubjectType): SubjectFormValues {
  const labels = (list: { content: string }[] | undefined, fallback: string[]) => (list && list.length > 0 ? list.map((l) => l.content) : fallback);
  return {
    type: subject?.type ?? type,
    description: subject?.description ?? '',
    is_required: subject?.is_required ?? false,
    options: labels(subject?.options, ['', '']),
    min: subject?.rating?.min ?? 1,
    max: subject?.rating?.max ?? 5,
    min_label: subject?.rating?.min_label ?? '',
    max_label: subject?.rating?.max_label ?? '',
    rows: labels(subject?.rows, ['']),
    columns: labels(subject?.columns, ['', '']),
    multiline: subject?.multiline ?? true,
  };
}

const trimmed = (labels: string[] | undefined) => (labels ?? []).map((label) => label.trim());

/** The body of `POST /api/questionnaires/{id}/subjects` / `PUT /api/questionnaire-subjects/{id}`: the type's own fields only, labels trimmed. */
export function subjectBodyOf(values: SubjectFormValues): CreateQuestionnaireSubjectBody {
  const base = { type: values.type, description: values.description ?? '', is_required: values.is_required ?? false };
  switch (values.type) {
    case 'single_selection':
    case 'multiple_selection':
      return { ...base, options: trimmed(values.options) };
    case 'rating':
      return { ...base, min: values.min, max: values.max, min_label: (values.min_label ?? '').trim(), max_label: (values.max_label ?? '').trim() };
    case 'matrix':
      return { ...base, rows: trimmed(values.rows), columns: trimmed(values.columns) };
    case 'text':
      return { ...base, multiline: values.multiline ?? true };
  }
}

/**
 * Where a server field error of the subject form goes: `options`, `rows`, `columns` on their list,
 * `options.1` / `options[1]` on that label, `min`, `max`, their labels, `description`, `is_required`,
 * `multiline` on their field; null for anything else (shown above the form).
 */
export function subjectFieldOf(serverName: string): FieldName | null {
  const list = /^(options|rows|columns)(?:\[(\d+)\]|\.(\d+))?$/.exec(serverName);
  if (list) {
    const index = list[2] ?? list[3];
    return index === undefined ? [list[1]!] : [list[1]!, Number(index)];
  }
  return ['description', 'is_required', 'min', 'max', 'min_label', 'max_label', 'multiline'].includes(serverName) ? serverName : null;
}
