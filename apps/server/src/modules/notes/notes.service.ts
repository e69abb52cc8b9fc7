import { TEXT_EXTENSIONS, extensionOf, type CreateNoteBody, type Note, type NoteStatistics, type NotesQuery, type UpdateNoteBody } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../access/authorize.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import type { UploadRow } from '../uploads/uploads.repository.js';
import { hasVisibleRichText, sanitizeRichText } from '../../lib/sanitize-html.js';
import { countNotesByAnchor, deleteNoteRow, insertNote, listNotesOfUser, updateNoteRow, type NoteRow } from './notes.repository.js';

function present(row: NoteRow): Note {
  return {
    id: row.id,
    content: row.content,
    target_type: row.targetType,
    target_id: row.targetId,
    anchor: row.anchor,
    course_id: row.courseId,
    activity_id: row.activityId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Spec §3 Note, §4 note box, §5: only images, videos and non-text documents take
 * notes; documents only once ready. Answers field errors (`target_type`,
 * `anchor`) for the 400, empty when the note fits its target.
 */
export function noteTargetErrors(upload: UploadRow, targetType: Note['target_type'], anchor: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const isText = TEXT_EXTENSIONS.includes(extensionOf(upload.name));
  if (upload.type !== targetType) errors.target_type = [`This file is not ${targetType === 'image' ? 'an image' : `a ${targetType}`}`];
  else if (targetType === 'document' && isText) errors.target_type = ['Notes cannot be added to text files'];
  else if (targetType === 'document' && upload.status !== 'ready') errors.target_type = ['Notes can be added to a document only when it is ready'];
  if (errors.target_type) return errors;
  if (targetType === 'image' && anchor !== 0) errors.anchor = ['An image note is anchored at 0'];
  if (targetType === 'document') {
    const pages = upload.meta.numPages;
    if (!Number.isInteger(anchor) || anchor < 1 || (pages !== undefined && anchor > pages))
      errors.anchor = [`The page must be between 1 and ${pages ?? 'the last page'}`];
  }
  if (targetType === 'video' && upload.meta.duration !== undefined && anchor > upload.meta.duration + 1)
    errors.anchor = ['The second is beyond the end of the video'];
  return errors;
}

function cleanContent(content: string): string {
  const clean = sanitizeRichText(content).trim();
  if (!hasVisibleRichText(clean)) throw AppError.field('content', 'Write something in the note');
  return clean;
}

/** `GET /api/notes?course_id&activity_id&target_id` (spec §7): the actor's own notes on the file, by anchor. */
export async function listNotes(deps: AppDeps, actor: Actor, query: NotesQuery): Promise<Note[]> {
  await authorize(deps, actor, 'upload.in_activity', { activityId: query.activity_id, uploadId: query.target_id, courseId: query.course_id });
  const rows = await listNotesOfUser(deps.db, actor.id, query.activity_id, query.target_id);
  return rows.map(present);
}

/** `POST /api/notes` (spec §7): a member of the course adds a note to a file the activity holds. VALIDATION_FAILED with `errors{content|target_type|anchor}`. */
export async function createNote(deps: AppDeps, actor: Actor, body: CreateNoteBody): Promise<Note> {
  const { upload, courseId } = await authorize(deps, actor, 'upload.in_activity', {
    activityId: body.activity_id,
    uploadId: body.target_id,
    courseId: body.course_id,
  });
  const errors = noteTargetErrors(upload, body.target_type, body.anchor);
  const content = sanitizeRichText(body.content).trim();
  if (!hasVisibleRichText(content)) errors.content = ['Write something in the note'];
  const fields = Object.keys(errors);
  if (fields.length > 0) throw new AppError('VALIDATION_FAILED', `${fields[0]}: ${errors[fields[0]!]![0]}`, errors);
  const row = await insertNote(deps.db, {
    userId: actor.id,
    courseId,
    activityId: body.activity_id,
    targetType: body.target_type,
    targetId: upload.id,
    anchor: body.anchor,
    content,
  });
  return present(row);
}

/** `PUT /api/notes/{id}` (spec §7): the author changes the content (and anchor). NOTE_NOT_FOUND for others' notes. */
export async function updateNote(deps: AppDeps, actor: Actor, id: number, body: UpdateNoteBody): Promise<Note> {
  const row = await authorize(deps, actor, 'note.own', { noteId: id });
  const content = cleanContent(body.content);
  if (body.anchor !== undefined) {
    const { upload } = await authorize(deps, actor, 'upload.in_activity', { activityId: row.activityId, uploadId: row.targetId, courseId: row.courseId });
    const errors = noteTargetErrors(upload, row.targetType, body.anchor);
    if (errors.anchor) throw new AppError('VALIDATION_FAILED', `anchor: ${errors.anchor[0]}`, { anchor: errors.anchor });
  }
  const updated = await updateNoteRow(deps.db, id, { content, ...(body.anchor !== undefined ? { anchor: body.anchor } : {}) });
  return present(updated!);
}

/** `DELETE /api/notes/{id}` (spec §7): the author removes a note. */
export async function deleteNote(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  await authorize(deps, actor, 'note.own', { noteId: id });
  await deleteNoteRow(deps.db, id);
}

/**
 * The note-position statistics (spec §7 "a note-service statistic call", §2 file
 * hypothesis statistics): how many notes all learners put at each anchor. Course
 * team only (FORBIDDEN otherwise).
 */
export async function noteStatistics(deps: AppDeps, actor: Actor, query: NotesQuery): Promise<NoteStatistics> {
  const { isTeam } = await authorize(deps, actor, 'activity.open', { activityId: query.activity_id, courseId: query.course_id });
  if (!isTeam) throw new AppError('FORBIDDEN', 'Only the course team sees note statistics');
  await authorize(deps, actor, 'upload.in_activity', { activityId: query.activity_id, uploadId: query.target_id, courseId: query.course_id });
  return { positions: await countNotesByAnchor(deps.db, query.activity_id, query.target_id) };
}
