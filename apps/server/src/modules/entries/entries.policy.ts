import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { isOrgAdmin } from '../courses/courses.policy.js';
import { vocabularyEntriesOn } from '../orgs/orgs.service.js';
import type { UploadParentResolver } from '../uploads/upload-parents.js';
import { findEntry, type EntryRow } from './entries.repository.js';

/**
 * The vocabulary entry policy (issue 19 §4, decision 0130 in decision 0080's model). An
 * organisation's entries exist for its users only while its `vocabulary_entries` toggle is on
 * (spec §6): otherwise every entry call answers 403 ENTRIES_DISABLED. Every user of the
 * organisation lists and reads them; its admins (role admin or wg admin) create, edit and delete
 * them (403 FORBIDDEN to anyone else). Another organisation's entry is ENTRY_NOT_FOUND, which names
 * nothing. An entry's files are uploads with parent type `entry`, reached through the same rules.
 */

const NOT_FOUND = () => new AppError('ENTRY_NOT_FOUND', 'This entry does not exist or was deleted');
const FORBIDDEN = () => new AppError('FORBIDDEN', 'Only organisation administrators change vocabulary entries');

/** 403 ENTRIES_DISABLED unless the actor's organisation has vocabulary entries on. One statement. */
export async function assertEntriesOn(deps: AppDeps, actor: Actor): Promise<void> {
  if (!(await vocabularyEntriesOn(deps.db, actor.orgId))) throw new AppError('ENTRIES_DISABLED', 'Vocabulary entries are not turned on for this organisation');
}

/**
 * `entry.list`: the organisation whose entries the actor lists (their own), the toggle on. One
 * statement, which the list may run beside its own read (it writes nothing).
 */
export async function entriesToList(deps: AppDeps, actor: Actor): Promise<{ orgId: number }> {
  await assertEntriesOn(deps, actor);
  return { orgId: actor.orgId };
}

/** `entry.read`: an entry of the actor's organisation (ENTRY_NOT_FOUND otherwise), the toggle on. Two statements, together. */
export async function entryToRead(deps: AppDeps, actor: Actor, entryId: number): Promise<EntryRow> {
  const [entry] = await Promise.all([findEntry(deps.db, entryId), assertEntriesOn(deps, actor)]);
  if (!entry || entry.orgId !== actor.orgId) throw NOT_FOUND();
  return entry;
}

/** `entry.create`: the actor's organisation, for its admins (FORBIDDEN otherwise), the toggle on. One statement. */
export async function entryToCreate(deps: AppDeps, actor: Actor): Promise<{ orgId: number }> {
  if (!isOrgAdmin(actor)) throw FORBIDDEN();
  await assertEntriesOn(deps, actor);
  return { orgId: actor.orgId };
}

/** `entry.manage`: an entry of the actor's organisation for its admins — FORBIDDEN to other users, ENTRY_NOT_FOUND for another organisation's. */
export async function entryToManage(deps: AppDeps, actor: Actor, entryId: number): Promise<EntryRow> {
  if (!isOrgAdmin(actor)) throw FORBIDDEN();
  return entryToRead(deps, actor, entryId);
}

/**
 * The upload parent `entry` (registered at start-up, upload-parents.ts): an entry's files are
 * read by its organisation's users and managed by its admins while the toggle is on; another
 * organisation's are missing.
 */
export const entryUploadParent: UploadParentResolver = async (deps, actor, row) => {
  const entry = row.parentId === null ? undefined : await findEntry(deps.db, row.parentId);
  if (!entry || entry.orgId !== actor.orgId) return 'missing';
  if (!(await vocabularyEntriesOn(deps.db, actor.orgId))) return 'none';
  return isOrgAdmin(actor) ? 'manage' : 'view';
};
