import type { AppDeps } from '../../lib/deps.js';
import { findOrgSettings } from '../orgs/orgs.repository.js';

/** My library's defaults (decision 0132); an organisation's settings may set its own (orgs.table.ts `library*`, `*StorageQuotaBytes`). */
export const LIBRARY_DEFAULTS = {
  maxFolderDepth: 10,
  maxFolders: 5000,
  userQuotaBytes: 10 * 1024 ** 3,
  orgQuotaBytes: 1024 ** 4,
} as const;

export type LibraryLimits = { maxFolderDepth: number; maxFolders: number; userQuotaBytes: number; orgQuotaBytes: number };

/** The organisation's library limits: its settings over the defaults. One statement. */
export async function libraryLimits(deps: AppDeps, orgId: number): Promise<LibraryLimits> {
  const s = (await findOrgSettings(deps.db, orgId)) ?? undefined;
  const positive = (n: number | undefined, fallback: number) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback);
  return {
    maxFolderDepth: positive(s?.libraryMaxFolderDepth, LIBRARY_DEFAULTS.maxFolderDepth),
    maxFolders: positive(s?.libraryMaxFolders, LIBRARY_DEFAULTS.maxFolders),
    userQuotaBytes: positive(s?.userStorageQuotaBytes, LIBRARY_DEFAULTS.userQuotaBytes),
    orgQuotaBytes: positive(s?.orgStorageQuotaBytes, LIBRARY_DEFAULTS.orgQuotaBytes),
  };
}
