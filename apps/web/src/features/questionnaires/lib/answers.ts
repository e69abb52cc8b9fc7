import type { Questionnaire, QuestionnaireAnswer, QuestionnaireSubject, SubmitQuestionnaireBody } from '@atrium/contracts';
import type { FieldName } from '../../../lib/form-errors';

/**
 * What the questionnaire form holds for one subject while it is answered: an option id (single),
 * option ids (multiple), text, a rating (integer) or `{ rowId: columnId }` (matrix); undefined
 * when untouched.
 */
export type AnswerDraft = QuestionnaireAnswer | undefined;

/** The form's values: `answers.s<subjectId>` for every subject. */
export interface AnswerFormValues {
  answers: Record<string, AnswerDraft>;
}

/** The form key of a subject's answer (`s12`): a string key, so the form keeps an object, never a sparse array. */
export function answerKey(subjectId: number): string {
  return `s${subjectId}`;
}

/** The form field name of a subject's answer, `['answers', 's12']`. */
export function answerField(subjectId: number): ['answers', string] {
  return ['answers', answerKey(subjectId)];
}

/** True when `value` answers `subject` at all (an option, a non-blank text, a rating, one matrix row or more). */
export function isAnswered(subject: QuestionnaireSubject, value: AnswerDraft): boolean {
  switch (subject.type) {
    case 'single_selection':
      return typeof value === 'string' && value !== '';
    case 'multiple_selection':
      return Array.isArray(value) && value.length > 0;
    case 'text':
      return typeof value === 'string' && value.trim() !== '';
    case 'rating':
      return typeof value === 'number' && Number.isInteger(value);
    case 'matrix':
      return !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;
  }
}

/**
 * Why a subject's answer cannot be sent yet (the client's check before submitting): `required`
 * for a required subject left unanswered, `matrixRows` for a required matrix with a row left
 * without a column; null when it can go.
 */
export function answerProblem(subject: QuestionnaireSubject, value: AnswerDraft): 'required' | 'matrixRows' | null {
  if (!subject.is_required) return null;
  if (!isAnswered(subject, value)) return 'required';
  if (subject.type === 'matrix') {
    const chosen = value as Record<string, string>;
    if ((subject.rows ?? []).some((row) => !chosen[row.id])) return 'matrixRows';
  }
  return null;
}

/**
 * The body of `POST /api/questionnaires/{id}/responses`: the answered subjects in their order (text
 * trimmed), unanswered ones left out (the server names `answers` when a required one is missing).
 */
export function responseBodyOf(subjects: readonly QuestionnaireSubject[], values: Partial<AnswerFormValues> | undefined): SubmitQuestionnaireBody {
  const answers: SubmitQuestionnaireBody['answers'] = [];
  for (const subject of subjects) {
    const value = values?.answers?.[answerKey(subject.id)];
    if (!isAnswered(subject, value)) continue;
    answers.push({ subject_id: subject.id, answer: subject.type === 'text' ? (value as string).trim() : (value as QuestionnaireAnswer) });
  }
  return { answers };
}

/** Form values of stored answers (`my_response.answers` of a named questionnaire), to show them read-only. */
export function formValuesOfAnswers(answers: NonNullable<Questionnaire['my_response']>['answers']): AnswerFormValues {
  const values: AnswerFormValues = { answers: {} };
  for (const { subject_id, answer } of answers ?? []) values.answers[answerKey(subject_id)] = answer;
  return values;
}

/**
 * Where a server field error of a submitted `body` goes on the form (for `showFieldErrors`):
 * `answers[i].answer` / `answers.i.answer` (also `.subject_id`) on that answer's subject; null for
 * the rest (`answers`: a required subject left out, shown above the form).
 */
export function answerFieldOf(body: SubmitQuestionnaireBody): (serverName: string) => FieldName | null {
  return (serverName) => {
    const match = /^answers(?:\[(\d+)\]|\.(\d+))(?:\.(?:answer|subject_id))?$/.exec(serverName);
    if (!match) return null;
    const answer = body.answers[Number(match[1] ?? match[2])];
    return answer ? answerField(answer.subject_id) : null;
  };
}
