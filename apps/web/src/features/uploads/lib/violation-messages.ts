import type { TFunction } from 'i18next';
import { formatBytes, type UploadRuleViolation } from '@atrium/contracts';

/**
 * Translated messages for a file's rule violations (spec §5 file upload). A file
 * both empty and over the limit gets the combined `fileUpload.sizeLimitAndZero`.
 */
export function violationMessages(violations: readonly UploadRuleViolation[], t: TFunction): string[] {
  const keys = new Set(violations.map((v) => v.key));
  const hasBothSizeErrors = keys.has('fileUpload.sizeLimit') && keys.has('fileUpload.zeroSize');
  const messages: string[] = [];
  for (const violation of violations) {
    if (hasBothSizeErrors && (violation.key === 'fileUpload.sizeLimit' || violation.key === 'fileUpload.zeroSize')) continue;
    const values: Record<string, string | number> = { ...violation.values };
    if (typeof values.max === 'number') values.max = formatBytes(values.max);
    messages.push(t(`uploads:${violation.key}`, values));
  }
  if (hasBothSizeErrors) {
    const max = violations.find((v) => v.key === 'fileUpload.sizeLimit')?.values?.max;
    messages.push(t('uploads:fileUpload.sizeLimitAndZero', { max: typeof max === 'number' ? formatBytes(max) : String(max ?? '') }));
  }
  return messages;
}
