import type { TFunction } from 'i18next';
import { formatBytes, type FailureCode, type FailureParams } from '@atrium/contracts';

/** Failure codes whose `limit` parameter is a number of bytes (shown as e.g. "4 GB"). */
const BYTE_LIMITS: ReadonlySet<FailureCode> = new Set<FailureCode>(['SCORM_TOO_LARGE', 'ARCHIVE_TOO_LARGE', 'PAYLOAD_TOO_LARGE']);

/** A failure as the API answers it: an upload's failure_* fields, an import's, or a package's read_error_*. */
export interface FailureFields {
  code: FailureCode | null | undefined;
  params: FailureParams | null | undefined;
  /** The English reason the server also keeps; shown only for a failure recorded before codes existed. */
  reason: string | null | undefined;
}

/**
 * The user-facing message of a processing or import failure (decision 0082):
 * `common:failures.<CODE>` translated with its parameters (byte limits
 * formatted); for a failure without a code (recorded before codes were kept),
 * the stored reason as it was shown before. Null when there is no failure.
 */
export function failureMessage(t: TFunction, failure: FailureFields): string | null {
  if (failure.code) {
    const values: Record<string, string | number> = { ...(failure.params ?? {}) };
    if (BYTE_LIMITS.has(failure.code) && typeof values.limit === 'number') values.limit = formatBytes(values.limit);
    return t(`common:failures.${failure.code}`, values);
  }
  return failure.reason ?? null;
}
