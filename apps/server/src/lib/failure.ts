import type { FailureCode, FailureParams } from '@atrium/contracts';

/**
 * A failure of processing or of an import that a user may be told about
 * (decision 0082). `failureCode` (from packages/contracts FAILURE_PARAMS) and
 * `failureParams` are what the web translates; `message` is the English reason
 * kept in `failure_reason` / `reason` for compatibility and logs. Internal
 * detail (a tool's stderr, a parser's message) goes into `message` or `detail`
 * only, never into the params.
 */
export class FailureError extends Error {
  constructor(
    readonly failureCode: FailureCode,
    message: string,
    readonly failureParams: FailureParams = {},
  ) {
    super(message);
    this.name = 'FailureError';
  }
}

/** A failure as stored with an upload or an import: code, parameters, English reason. */
export interface Failure {
  code: FailureCode;
  params: FailureParams;
  reason: string;
}

/**
 * The failure to store for `error`: its own code, parameters and message for a
 * FailureError; otherwise `fallback` with `fallbackReason` and `unexpected: true`
 * (the caller logs the error, whose message is never shown).
 */
export function failureOf(error: unknown, fallback: FailureCode, fallbackReason: string): Failure & { unexpected: boolean } {
  if (error instanceof FailureError) return { code: error.failureCode, params: error.failureParams, reason: error.message, unexpected: false };
  return { code: fallback, params: {}, reason: fallbackReason, unexpected: true };
}
