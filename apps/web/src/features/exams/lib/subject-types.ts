import type { SubjectType } from '@atrium/contracts';

/**
 * The subject types this feature's form writes (issue 15): the nine of CreateSubjectBodySchema
 * with an answer key of their own. Other types the server may hold (a bank's random draw) are
 * listed, shown and deleted here, but edited where they are made.
 */
export const EDITABLE_SUBJECT_TYPES = [
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

/** True for a type the subject form edits. */
export function isEditableType(type: string): boolean {
  return (EDITABLE_SUBJECT_TYPES as readonly string[]).includes(type);
}
