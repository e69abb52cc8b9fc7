import type { TFunction } from 'i18next';
import { isApiError, serverMessageOf } from '../../../lib/api-client';

/** A refusal as a line: the server's `resourceGroups.*` message key translated, else its message. */
export function resourceGroupError(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    const key = Object.values(error.errors)[0]?.[0];
    if (key?.startsWith('resourceGroups.')) return t(`resourceGroups:errors.${key.slice('resourceGroups.'.length)}`, { defaultValue: key });
    if (error.code === 'SHARED_RESOURCE_NOT_FOUND') return t('resourceGroups:errors.shareMissing');
    if (error.code === 'RESOURCE_GROUP_NOT_FOUND') return t('resourceGroups:errors.groupMissing');
  }
  return serverMessageOf(error) ?? t('resourceGroups:errors.generic');
}
