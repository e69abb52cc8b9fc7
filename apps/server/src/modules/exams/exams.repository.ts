import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, max, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';
import { examAnswers, examAttempts, examStates, examSubjectCategories, examSubjectPlayRecords, examSubjects, type AttemptSlot } from './exams.table.js';

export type { AttemptSlot };

/** The exam subjects of these activities as `{ id, activityId, uploadIds }`, by sort then id. One SELECT. */
export async function listSubjectUploadsOf(db: Db, activityIds: number[]): Promise<{ id: number; activityId: number; uploadIds: number[] }[]> {
  const rows = await db
    .select({ id: examSubjects.id, activityId: examSubjects.activityId, uploadIds: examSubjects.uploadIds })
    .from(examSubjects)
    .where(inArray(examSubjects.activityId, activityIds))
    .orderBy(asc(examSubjects.sort), asc(examSubjects.id));
  return rows.flatMap((r) => (r.activityId === null ? [] : [{ ...r, activityId: r.activityId }]));
}

export type ExamSubjectRow = typeof examSubjects.$inferSelect;

/** The exam subject with this id, or undefined. One SELECT. */
export async function findExamSubject(db: Db, id: number): Promise<ExamSubjectRow | undefined> {
  const [subject] = await db.select().from(examSubjects).where(eq(examSubjects.id, id));
  return subject;
}

/** Which play counter: one user's plays of one upload of one exam subject. */
export interface PlayKey {
  subjectId: number;
  uploadId: number;
  userId: number;
}

/** How many times the user played the upload in the subject, or undefined before the first play. One SELECT. */
export async function findPlayCount(db: Db, key: PlayKey): Promise<number | undefined> {
  const [record] = await db
    .select({ count: examSubjectPlayRecords.playCount })
    .from(examSubjectPlayRecords)
    .where(
      and(
        eq(examSubjectPlayRecords.subjectId, key.subjectId),
        eq(examSubjectPlayRecords.uploadId, key.uploadId),
        eq(examSubjectPlayRecords.userId, key.userId),
      ),
    );
  return record?.count;
}

/**
 * Counts one play in one conditional upsert: with a `limit`, the count rises only while it is below
 * it, so concurrent requests cannot exceed it. Answers the new count, or undefined when the limit
 * was reached (nothing changed). One INSERT … ON CONFLICT DO UPDATE.
 */
export async function countPlay(db: Db, key: PlayKey, limit: number | null): Promise<number | undefined> {
  const counted = await db
    .insert(examSubjectPlayRecords)
    .values({ ...key, playCount: 1 })
    .onConflictDoUpdate({
      target: [examSubjectPlayRecords.subjectId, examSubjectPlayRecords.uploadId, examSubjectPlayRecords.userId],
      set: { playCount: sql`${examSubjectPlayRecords.playCount} + 1`, updatedAt: new Date() },
      ...(limit !== null ? { setWhere: sql`${examSubjectPlayRecords.playCount} < ${limit}` } : {}),
    })
    .returning({ count: examSubjectPlayRecords.playCount });
  return counted[0]?.count;
}

// ---------------------------------------------------------------- subjects (issue 15)

/** The subjects of one exam, by sort then id. One SELECT. */
export async function listExamSubjects(db: Db, activityId: number): Promise<ExamSubjectRow[]> {
  return db.select().from(examSubjects).where(eq(examSubjects.activityId, activityId)).orderBy(asc(examSubjects.sort), asc(examSubjects.id));
}

/** These subjects (any exam). One SELECT; none for no ids. */
export async function findExamSubjects(db: Db, ids: readonly number[]): Promise<ExamSubjectRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(examSubjects)
    .where(inArray(examSubjects.id, [...ids]));
}

/** What a subject write stores (its content, and for media subjects their files and play limits; for bank and random subjects their category). */
export interface SubjectValues {
  type: string;
  description: string;
  score: number;
  data: Record<string, unknown>;
  uploadIds?: number[];
  isPlayLimited?: boolean;
  playLimitTimes?: number;
  categoryId?: number | null;
  sourceSubjectId?: number | null;
}

/** Adds a subject at the end of its exam, or of its course's bank (sort = last + 1). One INSERT … SELECT. */
export async function insertExamSubject(db: Db, values: SubjectValues & ({ activityId: number } | { courseId: number })): Promise<ExamSubjectRow> {
  const next =
    'activityId' in values
      ? sql<number>`(select coalesce(max(${examSubjects.sort}), -1) + 1 from ${examSubjects} where ${examSubjects.activityId} = ${values.activityId})`
      : sql<number>`(select coalesce(max(${examSubjects.sort}), -1) + 1 from ${examSubjects} where ${examSubjects.courseId} = ${values.courseId} and ${examSubjects.activityId} is null)`;
  const [row] = await db
    .insert(examSubjects)
    .values({ ...values, sort: next })
    .returning();
  return row!;
}

/** Replaces a subject's type, text, points and key. One UPDATE; the row, or undefined when gone. */
export async function updateExamSubject(db: Db, id: number, values: SubjectValues): Promise<ExamSubjectRow | undefined> {
  const [row] = await db.update(examSubjects).set(values).where(eq(examSubjects.id, id)).returning();
  return row;
}

/** Deletes a subject (its answers go with it). One DELETE. */
export async function deleteExamSubject(db: Db, id: number): Promise<void> {
  await db.delete(examSubjects).where(eq(examSubjects.id, id));
}

// ---------------------------------------------------------------- attempts

export type AttemptRow = typeof examAttempts.$inferSelect;
export type AnswerRow = typeof examAnswers.$inferSelect;

/** The attempt with this id, or undefined. One SELECT. */
export async function findAttempt(db: Db, id: number): Promise<AttemptRow | undefined> {
  const [row] = await db.select().from(examAttempts).where(eq(examAttempts.id, id));
  return row;
}

/** The attempt with this id locked for update (FOR UPDATE), or undefined. One SELECT; use inside a transaction. */
export async function lockAttempt(db: Db, id: number): Promise<AttemptRow | undefined> {
  const [row] = await db.select().from(examAttempts).where(eq(examAttempts.id, id)).for('update');
  return row;
}

/** One learner's attempts at one exam, oldest first. One SELECT. */
export async function listUserAttempts(db: Db, activityId: number, userId: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.activityId, activityId), eq(examAttempts.userId, userId)))
    .orderBy(asc(examAttempts.number));
}

/**
 * Starts attempt `number` unless one is already in progress for this learner and exam
 * (the partial unique index): answers the new row, or undefined when another request won.
 * One INSERT … ON CONFLICT DO NOTHING.
 */
export async function insertAttempt(
  db: Db,
  values: {
    activityId: number;
    userId: number;
    number: number;
    isPreview: boolean;
    startedAt: Date;
    deadline: Date | null;
    layout: AttemptSlot[];
    maxScore: number;
  },
): Promise<AttemptRow | undefined> {
  const [row] = await db.insert(examAttempts).values(values).onConflictDoNothing().returning();
  return row;
}

/** Marks an attempt submitted or graded with its scores (points). One UPDATE. */
export async function finishAttempt(
  db: Db,
  id: number,
  values: { status: 'submitted' | 'graded'; submittedAt?: Date; submittedBy?: 'learner' | 'deadline'; score: number | null; objectiveScore: number | null },
): Promise<AttemptRow> {
  const [row] = await db
    .update(examAttempts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(examAttempts.id, id))
    .returning();
  return row!;
}

/** Ids of attempts still in progress whose deadline is at or before `now`, at most `limit`. One SELECT. */
export async function listOverdueAttemptIds(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(and(eq(examAttempts.status, 'in_progress'), isNotNull(examAttempts.deadline), lte(examAttempts.deadline, now)))
    .orderBy(asc(examAttempts.deadline))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Submitted attempts (not previews) of one exam, for regrading. One SELECT. */
export async function listFinishedAttempts(db: Db, activityId: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.activityId, activityId), inArray(examAttempts.status, ['submitted', 'graded'])));
}

// ---------------------------------------------------------------- answers

/** The answers of these attempts. One SELECT; none for no ids. */
export async function listAnswers(db: Db, attemptIds: readonly number[]): Promise<AnswerRow[]> {
  if (attemptIds.length === 0) return [];
  return db
    .select()
    .from(examAnswers)
    .where(inArray(examAnswers.attemptId, [...attemptIds]));
}

/** Saves answers of one attempt (insert or replace the answer, keeping grades untouched). One INSERT … ON CONFLICT DO UPDATE. */
export async function upsertAnswers(db: Db, attemptId: number, answers: readonly { subjectId: number; answer: unknown }[], at: Date): Promise<void> {
  if (answers.length === 0) return;
  await db
    .insert(examAnswers)
    .values(answers.map((a) => ({ attemptId, subjectId: a.subjectId, answer: a.answer, updatedAt: at })))
    .onConflictDoUpdate({
      target: [examAnswers.attemptId, examAnswers.subjectId],
      set: { answer: sql`excluded.answer`, updatedAt: sql`excluded.updated_at` },
    });
}

/**
 * Stores automatic scores (and, when `keepManual` is false, replaces the counted score) of
 * one attempt's answers, inserting rows for subjects never answered. One INSERT … ON CONFLICT.
 * A score the team gave (`graded_by_id` set) stays counted.
 */
export async function writeAutoScores(db: Db, attemptId: number, scores: readonly { subjectId: number; autoScore: number | null }[]): Promise<void> {
  if (scores.length === 0) return;
  await db
    .insert(examAnswers)
    .values(scores.map((s) => ({ attemptId, subjectId: s.subjectId, answer: null, autoScore: s.autoScore, score: s.autoScore })))
    .onConflictDoUpdate({
      target: [examAnswers.attemptId, examAnswers.subjectId],
      set: {
        autoScore: sql`excluded.auto_score`,
        score: sql`case when ${examAnswers.gradedById} is null then excluded.score else ${examAnswers.score} end`,
      },
    });
}

/** The team's score and feedback for answers of one attempt (inserting unanswered ones). One INSERT … ON CONFLICT. */
export async function writeManualGrades(
  db: Db,
  attemptId: number,
  grades: readonly { subjectId: number; score: number; feedback: string | null | undefined }[],
  graderId: number,
  at: Date,
): Promise<void> {
  if (grades.length === 0) return;
  await db
    .insert(examAnswers)
    .values(
      grades.map((g) => ({
        attemptId,
        subjectId: g.subjectId,
        answer: null,
        score: g.score,
        feedback: g.feedback ?? null,
        gradedById: graderId,
        gradedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [examAnswers.attemptId, examAnswers.subjectId],
      set: {
        score: sql`excluded.score`,
        feedback: sql`coalesce(excluded.feedback, ${examAnswers.feedback})`,
        gradedById: sql`excluded.graded_by_id`,
        gradedAt: sql`excluded.graded_at`,
      },
    });
}

// ---------------------------------------------------------------- score list

export interface ScoreListRow {
  attempt: AttemptRow;
  user: { id: number; name: string; userNo: string };
}

/** A page of one exam's attempts (previews left out), newest first, with their learners; and the total. Two SELECTs run together. */
export async function listScoreListPage(
  db: Db,
  activityId: number,
  filter: { status?: 'in_progress' | 'submitted' | 'graded'; keyword?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: ScoreListRow[]; total: number }> {
  const conditions: SQL[] = [eq(examAttempts.activityId, activityId), eq(examAttempts.isPreview, false)];
  if (filter.status) conditions.push(eq(examAttempts.status, filter.status));
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.name, like), ilike(users.userNo, like))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ attempt: examAttempts, user: { id: users.id, name: users.name, userNo: users.userNo } })
      .from(examAttempts)
      .innerJoin(users, eq(users.id, examAttempts.userId))
      .where(where)
      .orderBy(asc(users.name), asc(users.id), desc(examAttempts.number))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(examAttempts).innerJoin(users, eq(users.id, examAttempts.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many answers of each attempt still wait for the team (score null). One SELECT; none for no ids. */
export async function countUngraded(db: Db, attemptIds: readonly number[]): Promise<Map<number, number>> {
  if (attemptIds.length === 0) return new Map();
  const rows = await db
    .select({ attemptId: examAnswers.attemptId, n: count() })
    .from(examAnswers)
    .where(and(inArray(examAnswers.attemptId, [...attemptIds]), sql`${examAnswers.score} is null`))
    .groupBy(examAnswers.attemptId);
  return new Map(rows.map((r) => [r.attemptId, r.n]));
}

/** Learners with a finished (non-preview) attempt at this exam. One SELECT. */
export async function listFinishedLearnerIds(db: Db, activityId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: examAttempts.userId })
    .from(examAttempts)
    .where(and(eq(examAttempts.activityId, activityId), eq(examAttempts.isPreview, false), inArray(examAttempts.status, ['submitted', 'graded'])));
  return rows.map((r) => r.userId);
}

/** When the exam's scores were published, or null. One SELECT. */
export async function findScoresPublishedAt(db: Db, activityId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(examStates.scoresPublishedAt) })
    .from(examStates)
    .where(eq(examStates.activityId, activityId));
  return row?.at ?? null;
}

/** Records that the exam's scores were published at `at`. One INSERT … ON CONFLICT DO UPDATE. */
export async function markScoresPublished(db: Db, activityId: number, at: Date | null): Promise<void> {
  await db
    .insert(examStates)
    .values({ activityId, scoresPublishedAt: at })
    .onConflictDoUpdate({ target: examStates.activityId, set: { scoresPublishedAt: at } });
}

/** Finished attempts (not previews) of one exam with their learners, by learner then attempt, at most `limit`. One SELECT. */
export async function listFinishedAttemptsWithUsers(db: Db, activityId: number, limit: number): Promise<ScoreListRow[]> {
  return db
    .select({ attempt: examAttempts, user: { id: users.id, name: users.name, userNo: users.userNo } })
    .from(examAttempts)
    .innerJoin(users, eq(users.id, examAttempts.userId))
    .where(and(eq(examAttempts.activityId, activityId), eq(examAttempts.isPreview, false), inArray(examAttempts.status, ['submitted', 'graded'])))
    .orderBy(asc(users.name), asc(users.id), asc(examAttempts.number))
    .limit(limit);
}

// ---------------------------------------------------------------- the course's subject bank

export type SubjectCategoryRow = typeof examSubjectCategories.$inferSelect;

/** A course's bank categories by sort then id, with how many bank subjects each holds. One SELECT. */
export async function listSubjectCategories(db: Db, courseId: number): Promise<(SubjectCategoryRow & { subjectCount: number })[]> {
  const rows = await db
    .select({ category: examSubjectCategories, subjectCount: sql<number>`count(${examSubjects.id})::int` })
    .from(examSubjectCategories)
    .leftJoin(examSubjects, and(eq(examSubjects.categoryId, examSubjectCategories.id), isNull(examSubjects.activityId)))
    .where(eq(examSubjectCategories.courseId, courseId))
    .groupBy(examSubjectCategories.id)
    .orderBy(asc(examSubjectCategories.sort), asc(examSubjectCategories.id));
  return rows.map((r) => ({ ...r.category, subjectCount: r.subjectCount }));
}

/** One category, or undefined. One SELECT. */
export async function findSubjectCategory(db: Db, id: number): Promise<SubjectCategoryRow | undefined> {
  const [row] = await db.select().from(examSubjectCategories).where(eq(examSubjectCategories.id, id));
  return row;
}

/** Adds a category at the end of the course's list. One INSERT … SELECT. */
export async function insertSubjectCategory(db: Db, courseId: number, name: string): Promise<SubjectCategoryRow> {
  const next = sql<number>`(select coalesce(max(${examSubjectCategories.sort}), -1) + 1 from ${examSubjectCategories} where ${examSubjectCategories.courseId} = ${courseId})`;
  const [row] = await db.insert(examSubjectCategories).values({ courseId, name, sort: next }).returning();
  return row!;
}

/** Renames a category. One UPDATE. */
export async function renameSubjectCategory(db: Db, id: number, name: string): Promise<SubjectCategoryRow | undefined> {
  const [row] = await db.update(examSubjectCategories).set({ name }).where(eq(examSubjectCategories.id, id)).returning();
  return row;
}

/** Deletes a category (its subjects stay, uncategorised). One DELETE. */
export async function deleteSubjectCategory(db: Db, id: number): Promise<void> {
  await db.delete(examSubjectCategories).where(eq(examSubjectCategories.id, id));
}

/** A page of a course's bank subjects (filtered by category, type, text), by sort then id, and the total. Two SELECTs together. */
export async function listBankPage(
  db: Db,
  courseId: number,
  filter: { categoryId?: number; type?: string; keyword?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: ExamSubjectRow[]; total: number }> {
  const conditions: SQL[] = [eq(examSubjects.courseId, courseId), isNull(examSubjects.activityId)];
  if (filter.categoryId) conditions.push(eq(examSubjects.categoryId, filter.categoryId));
  if (filter.type) conditions.push(eq(examSubjects.type, filter.type));
  if (filter.keyword) conditions.push(ilike(examSubjects.description, `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db.select().from(examSubjects).where(where).orderBy(asc(examSubjects.sort), asc(examSubjects.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(examSubjects).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Up to `limit` bank subjects of a category drawn at random (PostgreSQL random()), leaving out
 * `excludedIds`, random and description subjects, and subjects with media (their play rules
 * belong to an exam). One SELECT.
 */
export async function drawBankSubjects(db: Db, courseId: number, categoryId: number, excludedIds: readonly number[], limit: number): Promise<ExamSubjectRow[]> {
  const conditions: SQL[] = [
    eq(examSubjects.courseId, courseId),
    isNull(examSubjects.activityId),
    eq(examSubjects.categoryId, categoryId),
    notInArray(examSubjects.type, ['random', 'description']),
    sql`jsonb_array_length(${examSubjects.uploadIds}) = 0`,
  ];
  if (excludedIds.length > 0) conditions.push(notInArray(examSubjects.id, [...excludedIds]));
  return db
    .select()
    .from(examSubjects)
    .where(and(...conditions))
    .orderBy(sql`random()`)
    .limit(limit);
}

/** Which of these uploads are live video or audio files of this course (what a media subject may play). One SELECT. */
export async function listCourseMediaIds(db: Db, courseId: number, uploadIds: readonly number[]): Promise<number[]> {
  if (uploadIds.length === 0) return [];
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, [...uploadIds]),
        isNull(uploads.deletedAt),
        eq(uploads.parentType, 'course'),
        eq(uploads.parentId, courseId),
        inArray(uploads.type, ['video', 'audio']),
      ),
    );
  return rows.map((r) => r.id);
}
