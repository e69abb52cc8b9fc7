import type { FormInstance } from 'antd';
import { ApiError } from './api-client';

/** An antd field name: `'title'` or a path such as `['data', 'url']`. */
export type FieldName = string | (string | number)[];

/** One antd `form.setFields` entry: a field name and its error messages. */
export interface FieldErrorEntry<N extends FieldName = string> {
  name: N;
  errors: string[];
}

/** Where a server field error goes: the form's field name for a server name, or null when the form has no such field. */
export type FieldNameOf = (serverName: string) => FieldName | null;

/** The field errors of a failed call, sorted for one form (`fieldErrorsOf`). */
export interface SortedFieldErrors {
  /** Errors that name a field of the form, in the error body's order, under the form's names. */
  fieldErrors: FieldErrorEntry<FieldName>[];
  /** What is left to show outside the fields (alert or toast): the first field error the form has no field for, else, when no field error landed, the server's message; null when nothing is left. */
  rest: string | null;
  /** The one line that sums the failure (a toast beside the fields): the first field error, else the server's message; null when the server gave neither. */
  summary: string | null;
}

/**
 * The one reading of a failed call's body `{ code, message, errors: { field: [messages] } }` for
 * forms (spec §8): each non-empty `errors[name]` goes to `nameOf(name)` (null: not on this form).
 * Anything but an ApiError (a network failure, a bug) answers nothing: the caller shows its own fallback.
 */
export function fieldErrorsOf(error: unknown, nameOf: FieldNameOf): SortedFieldErrors {
  if (!(error instanceof ApiError)) return { fieldErrors: [], rest: null, summary: null };
  const fieldErrors: FieldErrorEntry<FieldName>[] = [];
  const unplaced: string[] = [];
  let first: string | null = null;
  for (const [serverName, messages] of Object.entries(error.errors)) {
    if (!messages?.length) continue;
    first ??= messages[0]!;
    const name = nameOf(serverName);
    if (name === null) unplaced.push(messages[0]!);
    else fieldErrors.push({ name, errors: messages });
  }
  return {
    fieldErrors,
    rest: unplaced[0] ?? (fieldErrors.length > 0 ? null : error.serverMessage),
    summary: first ?? error.serverMessage,
  };
}

/** Options of `showFieldErrors`: which server names land where (by default every name on the field of the same name). */
export interface ShowFieldErrorsOptions {
  /** Only these form names take errors; others are left in `rest`. */
  fields?: readonly string[];
  /** Server names shown on another field (`{ start_time: 'start' }`), checked before `fields`. */
  aliases?: Record<string, FieldName>;
  /** A full mapping instead of `fields`/`aliases` (nested names such as `['data', 'url']`). */
  nameOf?: FieldNameOf;
}

/**
 * THE way to show a server error on an antd form: puts the error body's field errors on the form's
 * fields (`form.setFields`) and answers them sorted, so the caller shows `rest` (or its fallback when
 * nothing landed) in the form's alert or a toast. Shapes: see `SortedFieldErrors`.
 */
export function showFieldErrors(form: Pick<FormInstance, 'setFields'>, error: unknown, options: ShowFieldErrorsOptions = {}): SortedFieldErrors {
  const { fields, aliases = {}, nameOf } = options;
  const sorted = fieldErrorsOf(
    error,
    nameOf ??
      ((serverName) => {
        const name = aliases[serverName] ?? serverName;
        return !fields || (typeof name === 'string' && fields.includes(name)) || serverName in aliases ? name : null;
      }),
  );
  if (sorted.fieldErrors.length > 0) form.setFields(sorted.fieldErrors);
  return sorted;
}

/**
 * Splits a failed call's field errors (`errors` of the error body) into those
 * that name one of `fields` (to show on the form) and the server message to
 * show above it when no field matched (null when the server gave none).
 * The pure reading behind `showFieldErrors`, for callers that set fields themselves.
 */
export function mapFieldErrors(error: unknown, fields: readonly string[]): { fieldErrors: FieldErrorEntry[]; formError: string | null } {
  const sorted = fieldErrorsOf(error, (name) => (fields.includes(name) ? name : null));
  const fieldErrors = sorted.fieldErrors.map((e) => ({ name: e.name as string, errors: e.errors }));
  return { fieldErrors, formError: fieldErrors.length > 0 ? null : error instanceof ApiError ? error.serverMessage : null };
}
