import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notes } from './notes.table.js';

export type NoteRow = typeof notes.$inferSelect;

/** The user's own notes on one file of one activity, by anchor then id. One SELECT. */
export async function listNotesOfUser(db: Db, userId: number, activityId: number, targetId: number): Promise<NoteRow[]> {
  return db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.activityId, activityId), eq(notes.targetId, targetId)))
    .orderBy(asc(notes.anchor), asc(notes.id));
}

/** Stores a note and answers the row. One INSERT … RETURNING. */
export async function insertNote(db: Db, values: typeof notes.$inferInsert): Promise<NoteRow> {
  const [row] = await db.insert(notes).values(values).returning();
  if (!row) throw new Error('insert notes returned nothing');
  return row;
}

/** The note with this id, or undefined. One SELECT. */
export async function findNote(db: Db, id: number): Promise<NoteRow | undefined> {
  const [row] = await db.select().from(notes).where(eq(notes.id, id));
  return row;
}

/** Changes a note (stamping updatedAt) and answers the row, or undefined when it is gone. One UPDATE … RETURNING. */
export async function updateNoteRow(db: Db, id: number, values: { content: string; anchor?: number }): Promise<NoteRow | undefined> {
  const [updated] = await db
    .update(notes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(notes.id, id))
    .returning();
  return updated;
}

/** Deletes a note. One DELETE. */
export async function deleteNoteRow(db: Db, id: number): Promise<void> {
  await db.delete(notes).where(eq(notes.id, id));
}

/** How many notes (all users) sit at each anchor of one file of one activity, by anchor: `{ position, count }[]`. One SELECT … GROUP BY. */
export async function countNotesByAnchor(db: Db, activityId: number, targetId: number): Promise<{ position: number; count: number }[]> {
  const rows = await db
    .select({ position: notes.anchor, count: count() })
    .from(notes)
    .where(and(eq(notes.activityId, activityId), eq(notes.targetId, targetId)))
    .groupBy(notes.anchor)
    .orderBy(asc(notes.anchor));
  return rows.map((r) => ({ position: r.position, count: Number(r.count) }));
}
