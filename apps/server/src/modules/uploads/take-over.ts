import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { lockLiveUploads, reparentUploads, type UploadRow } from './uploads.repository.js';

/**
 * Taking files over (decision 0080: a file is reached through its parent). A module whose rows hold
 * attachments — a bulletin, a forum topic or reply — gives its row exactly the files a writer names:
 * their own personal uploads (parent type `user`) or files the row already holds; new ones move under
 * the row, files left out go back to their owners' personal files. One shared piece (it was written
 * in the bulletins module first), used inside the write's transaction.
 */

/** The parent a set of files is given to: its upload parent type and row id. */
export interface FileParent {
  type: string;
  id: number;
}

/**
 * Checks the files a parent takes: live, received uploads of the actor's organisation that are
 * their own personal files or already this parent's. 400 naming `field` (default `upload_ids`) otherwise.
 */
export function checkFilesToTake(
  rows: readonly UploadRow[],
  ids: readonly number[],
  actor: { id: number; orgId: number },
  parent: FileParent,
  field = 'upload_ids',
): void {
  if (new Set(ids).size !== ids.length) throw AppError.field(field, 'A file is given twice');
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    const own =
      row &&
      row.orgId === actor.orgId &&
      ((row.parentType === 'user' && row.ownerId === actor.id) || (row.parentType === parent.type && row.parentId === parent.id));
    if (!row || !own) throw AppError.field(field, `File ${id} is not one of your uploaded files`);
    if (!row.receivedAt) throw AppError.field(field, `File ${row.name} has not finished uploading`);
  }
}

/**
 * Gives `parent` exactly the files `ids` (in the write's transaction `tx`), `current` being the
 * files it holds now: new ones are taken over, dropped ones go back to their owners' personal files.
 * Throws 400 naming `field` (checkFilesToTake) before changing anything. Two to four statements.
 */
export async function takeOverFiles(
  tx: Db,
  actor: { id: number; orgId: number },
  parent: FileParent,
  ids: readonly number[],
  current: readonly number[],
  field = 'upload_ids',
): Promise<void> {
  if (ids.length === 0 && current.length === 0) return;
  const files = await lockLiveUploads(tx, [...new Set([...ids, ...current])]);
  checkFilesToTake(files, ids, actor, parent, field);
  await reparentUploads(
    tx,
    ids.filter((id) => !current.includes(id)),
    parent.type,
    parent.id,
  );
  const dropped = files.filter((f) => current.includes(f.id) && !ids.includes(f.id));
  for (const ownerId of new Set(dropped.map((f) => f.ownerId))) {
    await reparentUploads(
      tx,
      dropped.filter((f) => f.ownerId === ownerId).map((f) => f.id),
      'user',
      ownerId,
    );
  }
}
