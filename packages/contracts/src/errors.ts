/**
 * Error codes of the API and their HTTP statuses (ARCHITECTURE.md "Errors").
 * Every error body is `{ code, message, errors? }` (see ErrorBodySchema).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  COURSE_NOT_FOUND: 404,
  UPLOAD_NOT_FOUND: 404,
  ACCESS_CODE_INVALID: 400,
  ACCESS_CODE_NOT_FOUND: 404,
  ACCESS_CODE_NOT_RESETTABLE: 403,
  UPLOAD_ALREADY_RECEIVED: 409,
  UPLOAD_SIZE_MISMATCH: 400,
  UPLOAD_CONTENT_MISMATCH: 400,
  PAYLOAD_TOO_LARGE: 413,
  UPLOAD_TOKEN_INVALID: 401,
  UPLOAD_NOT_RECEIVED: 409,
  /** Qiniu's status for a stale, unknown or expired block ctx (resumable upload v1); sent as HTTP 701. */
  UPLOAD_CTX_INVALID: 701,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
