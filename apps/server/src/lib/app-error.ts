import { ERROR_STATUS, type ErrorCode } from '@atrium/contracts';

/**
 * The error services throw. `code` picks the HTTP status from contracts'
 * ERROR_STATUS; `message` is user-facing; `errors` maps field names to messages
 * (spec: errors.published, emails_not_exist, note field errors).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string[]> | undefined;
  /** Further top-level fields of the error body (e.g. start_time / end_time of the access-forbidden popup, issue 7). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, errors?: Record<string, string[]>, extra?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = errors;
    this.extra = extra;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** A 400 naming one field: `AppError.field('name', 'fileUpload.nameError', '…')`. */
  static field(field: string, message: string, code: ErrorCode = 'VALIDATION_FAILED'): AppError {
    return new AppError(code, message, { [field]: [message] });
  }
}
