import { z } from 'zod';

const id = z.number().int().positive();
const idQuery = z.coerce.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

/** What a note is anchored on (spec §3 Note): a video (anchor = second), a document (anchor = 1-based page) or an image (anchor = 0). */
export const NoteTargetTypeSchema = z.enum(['video', 'document', 'image']);
export type NoteTargetType = z.infer<typeof NoteTargetTypeSchema>;

/** Largest note content accepted, in characters of HTML (before sanitising). */
export const NOTE_CONTENT_MAX = 20_000;

/** A note on a file (spec §3 Note). `content` is HTML sanitised by the server; `anchor` in seconds (video), page (document) or 0 (image). */
export const NoteSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  target_type: NoteTargetTypeSchema,
  /** The upload the note is on. */
  target_id: z.number().int(),
  anchor: z.number().nonnegative(),
  course_id: z.number().int(),
  activity_id: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Note = z.infer<typeof NoteSchema>;

/** `GET /api/notes?course_id&activity_id&target_id` and `GET /api/notes/statistics` query (spec §7 Notes). */
export const NotesQuerySchema = z.object({ course_id: idQuery, activity_id: idQuery, target_id: idQuery });
export type NotesQuery = z.infer<typeof NotesQuerySchema>;

export const NoteListSchema = z.object({ notes: z.array(NoteSchema) });
export type NoteList = z.infer<typeof NoteListSchema>;

/** `POST /api/notes` body (spec §7). A 400 carries `errors{field: [message]}` (spec §8 note save). */
export const CreateNoteBodySchema = z.object({
  content: z.string().max(NOTE_CONTENT_MAX),
  target_type: NoteTargetTypeSchema,
  target_id: id,
  anchor: z.number().nonnegative().max(1_000_000),
  course_id: id,
  activity_id: id,
});
export type CreateNoteBody = z.infer<typeof CreateNoteBodySchema>;

/** `PUT /api/notes/{id}` body: new content, optionally a new anchor. Author only. */
export const UpdateNoteBodySchema = z.object({
  content: z.string().max(NOTE_CONTENT_MAX),
  anchor: z.number().nonnegative().max(1_000_000).optional(),
});
export type UpdateNoteBody = z.infer<typeof UpdateNoteBodySchema>;

export const NoteIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `GET /api/notes/statistics` answer (spec §7 "a note-service statistic call"): how many notes sit at each anchor. Course team only. */
export const NoteStatisticsSchema = z.object({ positions: z.array(z.object({ position: z.number(), count: z.number().int() })) });
export type NoteStatistics = z.infer<typeof NoteStatisticsSchema>;
