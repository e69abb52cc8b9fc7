import type { TFunction } from 'i18next';
import { isApiError, serverMessageOf } from '../../../lib/api-client';

/**
 * A library call's refusal as the form shows it: per field (`name`, `parent_id`, `folder_id`,
 * `upload_ids`, `size`), the server's `library.*` message key translated (`library:errors.*`),
 * and a line for the rest (the server's message, or the generic error).
 */
export function libraryErrors(error: unknown, t: TFunction): { fields: Record<string, string>; message: string | null } {
  const fields: Record<string, string> = {};
  if (isApiError(error)) {
    for (const [field, keys] of Object.entries(error.errors)) {
      const key = keys[0];
      if (key) fields[field] = key.startsWith('library.') ? t(`library:errors.${key.slice('library.'.length)}`, { defaultValue: key }) : key;
    }
    if (error.code === 'LIBRARY_FILE_IN_USE') return { fields, message: t('library:errors.fileInUse') };
    if (error.code === 'LIBRARY_ITEM_NOT_FOUND') return { fields, message: t('library:errors.itemMissing') };
  }
  const first = Object.values(fields)[0];
  return { fields, message: first ?? serverMessageOf(error) ?? t('library:errors.generic') };
}
