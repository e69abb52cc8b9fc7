import type { CreateVideoQuizSubjectBody, SubjectType, VideoQuizSubject } from '@atrium/contracts';

/** The subject types the video quiz editor offers (matching and essay subjects, made elsewhere, are listed but not edited here). */
export const EDITABLE_TYPES = [
  'single_selection',
  'multiple_selection',
  'true_or_false',
  'fill_in_blank',
  'short_answer',
  'numerical',
  'description',
] as const satisfies readonly SubjectType[];
export type EditableType = (typeof EDITABLE_TYPES)[number];

/** Whether the editor can edit a subject of this type. */
export function isEditable(type: string): type is EditableType {
  return (EDITABLE_TYPES as readonly string[]).includes(type);
}

/** The editor form's values: seconds, points, and the key fields of the chosen type. */
export interface SubjectFormValues {
  at_seconds: number;
  type: EditableType;
  description: string;
  score: number;
  /** single/multiple selection. */
  options: { content: string; is_answer: boolean }[];
  /** true_or_false. */
  answer?: 'true' | 'false';
  /** fill_in_blank: the accepted strings of each blank. */
  blanks: { accepted: string[] }[];
  /** short_answer: the accepted strings. */
  accepted: string[];
  case_sensitive: boolean;
  /** numerical: accepted values and their absolute tolerance. */
  numerical: { value: number; tolerance: number }[];
}

/** A new subject's values at `atSeconds` (a single choice of two options worth one point). */
export function newSubjectValues(atSeconds: number): SubjectFormValues {
  return {
    at_seconds: Math.max(0, Math.round(atSeconds * 10) / 10),
    type: 'single_selection',
    description: '',
    score: 1,
    options: [
      { content: '', is_answer: true },
      { content: '', is_answer: false },
    ],
    blanks: [{ accepted: [] }],
    accepted: [],
    case_sensitive: false,
    numerical: [{ value: 0, tolerance: 0 }],
  };
}

/** The form's values for a subject being edited. */
export function valuesOf(subject: VideoQuizSubject): SubjectFormValues {
  const base = newSubjectValues(subject.at_seconds);
  return {
    ...base,
    at_seconds: subject.at_seconds,
    type: isEditable(subject.type) ? subject.type : base.type,
    description: subject.description,
    score: subject.score,
    options: subject.options?.map((o) => ({ content: o.content, is_answer: o.is_answer })) ?? base.options,
    answer: subject.answer === undefined ? undefined : subject.answer ? 'true' : 'false',
    blanks: subject.type === 'fill_in_blank' && subject.answers ? subject.answers.map((accepted) => ({ accepted })) : base.blanks,
    accepted: subject.type === 'short_answer' ? (subject.answers?.[0] ?? []) : [],
    case_sensitive: subject.case_sensitive ?? false,
    numerical: subject.numerical_answers?.length ? subject.numerical_answers : base.numerical,
  };
}

/** The request body for the form's values: only the key fields of the chosen type. */
export function bodyOf(values: SubjectFormValues): CreateVideoQuizSubjectBody {
  const base = {
    at_seconds: values.at_seconds,
    type: values.type,
    description: values.description ?? '',
    score: values.type === 'description' ? 0 : (values.score ?? 0),
    case_sensitive: values.case_sensitive ?? false,
  };
  switch (values.type) {
    case 'single_selection':
    case 'multiple_selection':
      return { ...base, options: (values.options ?? []).map((o) => ({ content: o.content ?? '', is_answer: o.is_answer === true })) };
    case 'true_or_false':
      return { ...base, ...(values.answer ? { answer: values.answer === 'true' } : {}) };
    case 'fill_in_blank':
      return { ...base, answers: (values.blanks ?? []).map((b) => b.accepted ?? []) };
    case 'short_answer':
      return { ...base, answers: values.accepted?.length ? [values.accepted] : [] };
    case 'numerical':
      return { ...base, numerical_answers: (values.numerical ?? []).map((n) => ({ value: n.value ?? 0, tolerance: n.tolerance ?? 0 })) };
    case 'description':
      return base;
  }
}

/** Where a server field error of a subject body goes on the form (null: shown above it). */
export function formFieldOf(serverName: string, type: EditableType): string | null {
  switch (serverName) {
    case 'answers':
      return type === 'fill_in_blank' ? 'blanks' : type === 'short_answer' ? 'accepted' : null;
    case 'numerical_answers':
      return 'numerical';
    case 'at_seconds':
    case 'type':
    case 'description':
    case 'score':
    case 'options':
    case 'answer':
      return serverName;
    default:
      return null;
  }
}
