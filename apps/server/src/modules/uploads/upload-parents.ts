import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import type { UploadRow } from './uploads.repository.js';

/**
 * Parents of uploads owned by other modules (decision 0080: a file is reached through its parent).
 * The uploads module knows courses and personal files; a module whose rows hold files (a homework
 * submission) registers how an actor reaches them at start-up, so the upload policy asks it
 * without importing that module (no cycle). A resolver answers 'manage', 'view', 'none' (same
 * organisation, no right) or 'missing' (answered as not found).
 */
export type UploadParentAccess = 'missing' | 'none' | 'view' | 'manage';
export type UploadParentResolver = (
  deps: AppDeps,
  actor: Actor,
  row: Pick<UploadRow, 'id' | 'parentType' | 'parentId' | 'ownerId' | 'orgId'>,
) => Promise<UploadParentAccess>;

const resolvers = new Map<string, UploadParentResolver>();

/** Registers (or replaces) the resolver of one parent type. */
export function registerUploadParent(parentType: string, resolver: UploadParentResolver): void {
  resolvers.set(parentType, resolver);
}

/** The resolver of a parent type, or undefined for the uploads module's own (course, user). */
export function uploadParentResolver(parentType: string): UploadParentResolver | undefined {
  return resolvers.get(parentType);
}

/**
 * Checks a new upload must pass before it is created (`POST /api/uploads`, any parent), registered
 * at start-up by modules that limit files (the storage quota of decision 0132) without the uploads
 * module importing them. A check throws an AppError (4xx) to refuse.
 */
export type UploadCreationCheck = (deps: AppDeps, actor: Actor, upload: { size: number; parentType: string; parentId: number | null }) => Promise<void>;

const creationChecks = new Map<string, UploadCreationCheck>();

/** Registers (or replaces) the creation check named `name`. */
export function registerUploadCreationCheck(name: string, check: UploadCreationCheck): void {
  creationChecks.set(name, check);
}

/** Runs every registered creation check, in registration order. */
export async function runUploadCreationChecks(
  deps: AppDeps,
  actor: Actor,
  upload: { size: number; parentType: string; parentId: number | null },
): Promise<void> {
  for (const check of creationChecks.values()) await check(deps, actor, upload);
}

/**
 * Files someone else's module lets the actor use in an activity of their course by reference
 * (resource sharing, decision 0134: a library file shared with the actor), registered per parent
 * type at start-up. Answers the ids of `uploadIds` the actor may use.
 */
export type UploadReuseCheck = (deps: AppDeps, actor: Actor, uploadIds: readonly number[]) => Promise<Set<number>>;

const reuseChecks = new Map<string, UploadReuseCheck>();

/** Registers (or replaces) the reuse check of `parentType`. */
export function registerUploadReuse(parentType: string, check: UploadReuseCheck): void {
  reuseChecks.set(parentType, check);
}

/** Of `rows`, the ids the reuse check of their parent type lets the actor use (none without a check). */
export async function reusableUploadIds(deps: AppDeps, actor: Actor, rows: readonly { id: number; parentType: string }[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const parentType of new Set(rows.map((r) => r.parentType))) {
    const check = reuseChecks.get(parentType);
    if (!check) continue;
    for (const id of await check(
      deps,
      actor,
      rows.filter((r) => r.parentType === parentType).map((r) => r.id),
    ))
      out.add(id);
  }
  return out;
}

/**
 * How another module deletes one of its files when its owner calls `DELETE /api/uploads/{id}`
 * (after the upload policy let them manage it), registered per parent type at start-up: the
 * library puts the file in its trash (decision 0132) instead of deleting the upload and its bytes.
 * Answers true when it handled the deletion, false to let the uploads module delete as usual.
 */
export type UploadDeletion = (deps: AppDeps, actor: Actor, row: Pick<UploadRow, 'id' | 'parentType' | 'parentId' | 'ownerId' | 'orgId'>) => Promise<boolean>;

const deletions = new Map<string, UploadDeletion>();

/** Registers (or replaces) the deletion of `parentType`. */
export function registerUploadDeletion(parentType: string, deletion: UploadDeletion): void {
  deletions.set(parentType, deletion);
}

/** The deletion of a parent type, or undefined (the uploads module deletes the upload itself). */
export function uploadDeletion(parentType: string): UploadDeletion | undefined {
  return deletions.get(parentType);
}
