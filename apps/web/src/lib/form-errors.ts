import { ApiError } from './api-client';

/** One antd `form.setFields` entry: a field name and its error messages. */
export interface FieldErrorEntry {
  name: string;
  errors: string[];
}

/**
 * Splits a failed call's field errors (`errors` of the error body) into those
 * that name one of `fields` (to show on the form) and the server message to
 * show above it when no field matched (null when the server gave none).
 */
export function mapFieldErrors(error: unknown, fields: readonly string[]): { fieldErrors: FieldErrorEntry[]; formError: string | null } {
  if (!(error instanceof ApiError)) return { fieldErrors: [], formError: null };
  const fieldErrors: FieldErrorEntry[] = [];
  for (const [name, messages] of Object.entries(error.errors)) {
    if (fields.includes(name) && messages.length > 0) fieldErrors.push({ name, errors: messages });
  }
  return { fieldErrors, formError: fieldErrors.length > 0 ? null : error.serverMessage };
}
