import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../users/users.table.js';
import { questionnaireParticipations, questionnaireResponses, questionnaireSubjects } from './questionnaires.table.js';

export type QuestionnaireSubjectRow = typeof questionnaireSubjects.$inferSelect;
export type QuestionnaireResponseRow = typeof questionnaireResponses.$inferSelect;

/** The subjects of one questionnaire, by sort then id. One SELECT. */
export async function listQuestionnaireSubjects(db: Db, activityId: number): Promise<QuestionnaireSubjectRow[]> {
  return db
    .select()
    .from(questionnaireSubjects)
    .where(eq(questionnaireSubjects.activityId, activityId))
    .orderBy(asc(questionnaireSubjects.sort), asc(questionnaireSubjects.id));
}

/** One subject, or undefined. One SELECT. */
export async function findQuestionnaireSubject(db: Db, id: number): Promise<QuestionnaireSubjectRow | undefined> {
  const [row] = await db.select().from(questionnaireSubjects).where(eq(questionnaireSubjects.id, id));
  return row;
}

/** Adds a subject at the end of its questionnaire. One INSERT … SELECT. */
export async function insertQuestionnaireSubject(
  db: Db,
  values: { activityId: number; type: string; description: string; isRequired: boolean; data: Record<string, unknown> },
): Promise<QuestionnaireSubjectRow> {
  const next = sql<number>`(select coalesce(max(${questionnaireSubjects.sort}), -1) + 1 from ${questionnaireSubjects} where ${questionnaireSubjects.activityId} = ${values.activityId})`;
  const [row] = await db
    .insert(questionnaireSubjects)
    .values({ ...values, sort: next })
    .returning();
  return row!;
}

/** Replaces a subject. One UPDATE; undefined when gone. */
export async function updateQuestionnaireSubject(
  db: Db,
  id: number,
  values: { type: string; description: string; isRequired: boolean; data: Record<string, unknown> },
): Promise<QuestionnaireSubjectRow | undefined> {
  const [row] = await db.update(questionnaireSubjects).set(values).where(eq(questionnaireSubjects.id, id)).returning();
  return row;
}

/** Deletes a subject. One DELETE. */
export async function deleteQuestionnaireSubject(db: Db, id: number): Promise<void> {
  await db.delete(questionnaireSubjects).where(eq(questionnaireSubjects.id, id));
}

/** When this user answered the questionnaire, or undefined. One SELECT. */
export async function findParticipation(db: Db, activityId: number, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: questionnaireParticipations.submittedAt })
    .from(questionnaireParticipations)
    .where(and(eq(questionnaireParticipations.activityId, activityId), eq(questionnaireParticipations.userId, userId)));
  return row?.at;
}

/** Records that the user answered; false when they already had (nothing changed). One INSERT … ON CONFLICT DO NOTHING. */
export async function insertParticipation(db: Db, activityId: number, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .insert(questionnaireParticipations)
    .values({ activityId, userId, submittedAt: at })
    .onConflictDoNothing()
    .returning({ userId: questionnaireParticipations.userId });
  return rows.length > 0;
}

/** Stores one response (`userId` null when anonymous). One INSERT. */
export async function insertResponse(
  db: Db,
  values: { activityId: number; userId: number | null; answers: Record<string, unknown>; submittedAt: Date },
): Promise<void> {
  await db.insert(questionnaireResponses).values(values);
}

/** A named questionnaire's response of one user, or undefined. One SELECT. */
export async function findUserResponse(db: Db, activityId: number, userId: number): Promise<QuestionnaireResponseRow | undefined> {
  const [row] = await db
    .select()
    .from(questionnaireResponses)
    .where(and(eq(questionnaireResponses.activityId, activityId), eq(questionnaireResponses.userId, userId)));
  return row;
}

/** Every response of a questionnaire with its author's name when named, newest first, at most `limit`. One SELECT. */
export async function listResponses(db: Db, activityId: number, limit: number): Promise<(QuestionnaireResponseRow & { userName: string | null })[]> {
  const rows = await db
    .select({ response: questionnaireResponses, userName: users.name })
    .from(questionnaireResponses)
    .leftJoin(users, eq(users.id, questionnaireResponses.userId))
    .where(eq(questionnaireResponses.activityId, activityId))
    .orderBy(sql`${questionnaireResponses.submittedAt} desc`, sql`${questionnaireResponses.id} desc`)
    .limit(limit);
  return rows.map((r) => ({ ...r.response, userName: r.userName }));
}
