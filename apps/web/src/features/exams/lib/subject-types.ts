import type { SubjectType } from '@atrium/contracts';

/**
 * The subject types of the course's bank (issue 15): the nine of CreateSubjectBodySchema with
 * an answer key of their own, and descriptions.
 */
export const BANK_SUBJECT_TYPES = [
  'single_selection',
  'multiple_selection',
  'true_or_false',
  'fill_in_blank',
  'short_answer',
  'numerical',
  'matching',
  'essay',
  'description',
] as const satisfies readonly SubjectType[];

/** The subject types an exam's form writes: the bank's, and a random draw from a bank category (only in an exam). */
export const EDITABLE_SUBJECT_TYPES = [...BANK_SUBJECT_TYPES, 'random'] as const satisfies readonly SubjectType[];

/** True for a type the subject form edits (a type the server adds later is listed and deleted, not edited). */
export function isEditableType(type: string): boolean {
  return (EDITABLE_SUBJECT_TYPES as readonly string[]).includes(type);
}

/** True for text that holds markup (imported options and prompts are HTML), to edit it in the rich-text editor rather than as raw tags. */
export function hasMarkup(text: string | undefined): boolean {
  return /<\/?[a-z][^>]*>|&[a-z]+;|&#\d+;/i.test(text ?? '');
}
