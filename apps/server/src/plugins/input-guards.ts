import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/** The largest id a row can have: ids are PostgreSQL `integer` / `serial` (2^31 − 1). */
export const MAX_ID = 2_147_483_647;

/** Names of fields holding ids: `id`, `ids`, `*_id`, `*_ids`, and route parameters such as `courseId`. */
const ID_NAME = /(^|_)ids?$|[a-z]Ids?$/;

/** The field error of a text holding a NUL character (a `*_MESSAGE` constant: translated, scripts/extract-server-messages.mjs). */
const NUL_MESSAGE = 'must not contain a NUL character';

/**
 * The first problem in `value` (a parsed JSON body, query or route parameters), as
 * [field path, message], or null: a string holding a NUL character (PostgreSQL text cannot
 * store it), or an id-named field whose number is beyond MAX_ID (no row can have it; the
 * database would refuse the comparison). Paths are dotted as the validation errors name them
 * (`data.items.2.title`).
 */
export function inputProblem(value: unknown, path = ''): [string, string] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [path, NUL_MESSAGE] : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = inputProblem(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !isBinary(value)) {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return [at, NUL_MESSAGE];
      if (ID_NAME.test(key) && tooLargeId(inner)) return [at, `must be at most ${MAX_ID}`];
      const found = inputProblem(inner, at);
      if (found) return found;
    }
  }
  return null;
}

/** A binary body (Buffer, typed array) or a stream: not text to look into. */
function isBinary(value: object): boolean {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer || typeof (value as { pipe?: unknown }).pipe === 'function';
}

/** A number, a digit string, or a list of them, beyond MAX_ID. */
function tooLargeId(value: unknown): boolean {
  if (typeof value === 'number') return value > MAX_ID;
  if (typeof value === 'string') return /^\s*\d+\s*$/.test(value) && Number(value) > MAX_ID;
  if (Array.isArray(value)) return value.some(tooLargeId);
  return false;
}

/**
 * Issue 20 §5: bad input a schema lets through but the database refuses is a 400 naming the
 * field, before any handler runs and so with nothing written — a NUL character in any text
 * (body, query, route parameter), or an id of 2^31 or more (`/api/courses/4294967296`,
 * `{"course_id": 2147483648}`) — instead of a 500 from PostgreSQL.
 */
export const inputGuardsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = inputProblem(value);
      if (!found) continue;
      const field = found[0] || part;
      throw new AppError('VALIDATION_FAILED', `${field}: ${found[1]}`, { [field]: [found[1]] });
    }
  });
});
