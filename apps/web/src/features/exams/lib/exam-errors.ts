import type { TFunction } from 'i18next';
import { isApiError, serverMessageOf } from '../../../lib/api-client';

/** Exam error codes (packages/contracts errors.ts, issue 15) with their own text in the `exams` namespace (`errors.<CODE>`). */
export const EXAM_ERROR_CODES = [
  'EXAM_DEADLINE_PASSED',
  'ATTEMPT_SUBMITTED',
  'EXAM_NO_ATTEMPTS_LEFT',
  'NOT_AN_EXAM',
  'SUBJECT_NOT_FOUND',
  'ATTEMPT_NOT_FOUND',
] as const;

/** The message of a failed exam call (STYLE.md errors): the translated text of an exam code, else the server's message, else null. */
export function examErrorMessage(t: TFunction, error: unknown): string | null {
  if (isApiError(error) && (EXAM_ERROR_CODES as readonly string[]).includes(error.code)) return t(`exams:errors.${error.code}`);
  return serverMessageOf(error);
}
