import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { activityUpload } from '../uploads/uploads.policy.js';
import { findNote, type NoteRow } from './notes.repository.js';

/**
 * The note policy (issue 14 §1, decision 0080; spec §7 Notes): a note is its
 * author's alone, and only while the author may still open the file in its
 * activity (the upload policy's `upload.in_activity`: member of the course,
 * the activity open, the activity still holding the file). Throws
 * NOTE_NOT_FOUND (404) for a missing note or another's (naming nothing), and
 * the activity's refusal (403 ACTIVITY_* / FORBIDDEN) when the file is closed.
 */
export async function ownNoteAccess(deps: AppDeps, actor: Actor, noteId: number): Promise<NoteRow> {
  const row = await findNote(deps.db, noteId);
  if (!row || row.userId !== actor.id) throw new AppError('NOTE_NOT_FOUND', 'This note does not exist or is not yours');
  await activityUpload(deps, actor, row.activityId, row.targetId, row.courseId);
  return row;
}
