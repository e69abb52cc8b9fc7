import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';
import { videoQuizAnswers, videoQuizSubjects, videoQuizzes } from './video-quizzes.table.js';

/** Queries of video quizzes (issue 15 §6): quizzes, their subjects and learners' answers. */

export type VideoQuizRow = typeof videoQuizzes.$inferSelect;
export type VideoQuizSubjectRow = typeof videoQuizSubjects.$inferSelect;
export type VideoQuizAnswerRow = typeof videoQuizAnswers.$inferSelect;

/** A quiz with its subject count and the label of its video (`upload.deletedAt` set when the video was deleted). */
export interface VideoQuizWithUpload extends VideoQuizRow {
  subjectCount: number;
  upload: { id: number; name: string; type: string; status: string; duration: number | null; deletedAt: Date | null };
}

const subjectCount = sql<number>`(select count(*)::int from ${videoQuizSubjects} where ${videoQuizSubjects.videoQuizId} = ${videoQuizzes.id})`;
const withUpload = {
  quiz: videoQuizzes,
  subjectCount,
  uploadName: uploads.name,
  uploadType: uploads.type,
  uploadStatus: uploads.status,
  uploadMeta: uploads.meta,
  uploadDeletedAt: uploads.deletedAt,
};
type WithUploadRow = {
  quiz: VideoQuizRow;
  subjectCount: number;
  uploadName: string;
  uploadType: string;
  uploadStatus: string;
  uploadMeta: { duration?: number };
  uploadDeletedAt: Date | null;
};
const toQuiz = (r: WithUploadRow): VideoQuizWithUpload => ({
  ...r.quiz,
  subjectCount: Number(r.subjectCount),
  upload: {
    id: r.quiz.uploadId,
    name: r.uploadName,
    type: r.uploadType,
    status: r.uploadStatus,
    duration: r.uploadMeta.duration ?? null,
    deletedAt: r.uploadDeletedAt,
  },
});

/** The quiz with this id, its subject count and its video's label, or undefined. One SELECT. */
export async function findVideoQuiz(db: Db, id: number): Promise<VideoQuizWithUpload | undefined> {
  const [row] = await db.select(withUpload).from(videoQuizzes).innerJoin(uploads, eq(uploads.id, videoQuizzes.uploadId)).where(eq(videoQuizzes.id, id));
  return row ? toQuiz(row) : undefined;
}

/** The quizzes of a course over live videos (of one video when `uploadId` is given), oldest first. One SELECT. */
export async function listVideoQuizzesOfCourse(db: Db, courseId: number, uploadId?: number): Promise<VideoQuizWithUpload[]> {
  const rows = await db
    .select(withUpload)
    .from(videoQuizzes)
    .innerJoin(uploads, eq(uploads.id, videoQuizzes.uploadId))
    .where(and(eq(videoQuizzes.courseId, courseId), isNull(uploads.deletedAt), uploadId !== undefined ? eq(videoQuizzes.uploadId, uploadId) : undefined))
    .orderBy(asc(videoQuizzes.id));
  return rows.map(toQuiz);
}

/** Whether some quiz plays over this video. One SELECT. */
export async function videoHasQuiz(db: Db, uploadId: number): Promise<boolean> {
  const [row] = await db.select({ id: videoQuizzes.id }).from(videoQuizzes).where(eq(videoQuizzes.uploadId, uploadId)).limit(1);
  return row !== undefined;
}

/** Adds a quiz. One INSERT. */
export async function insertVideoQuiz(db: Db, values: { courseId: number; uploadId: number; title: string; createdById: number }): Promise<VideoQuizRow> {
  const [row] = await db.insert(videoQuizzes).values(values).returning();
  return row!;
}

/** Renames a quiz. One UPDATE. */
export async function updateVideoQuizTitle(db: Db, id: number, title: string): Promise<void> {
  await db.update(videoQuizzes).set({ title, updatedAt: new Date() }).where(eq(videoQuizzes.id, id));
}

/** Deletes a quiz (its subjects and answers go with it). One DELETE. */
export async function deleteVideoQuiz(db: Db, id: number): Promise<void> {
  await db.delete(videoQuizzes).where(eq(videoQuizzes.id, id));
}

// ---------------------------------------------------------------- subjects

const subjectOrder = [asc(videoQuizSubjects.atSeconds), asc(videoQuizSubjects.sort), asc(videoQuizSubjects.id)];

/** The subjects of a quiz by second, then sort, then id. One SELECT. */
export async function listVideoQuizSubjects(db: Db, videoQuizId: number): Promise<VideoQuizSubjectRow[]> {
  return db
    .select()
    .from(videoQuizSubjects)
    .where(eq(videoQuizSubjects.videoQuizId, videoQuizId))
    .orderBy(...subjectOrder);
}

/** The subjects of a quiz (as listVideoQuizSubjects) each with `userId`'s answer, or null. One SELECT. */
export async function listVideoQuizSubjectsWithAnswers(
  db: Db,
  videoQuizId: number,
  userId: number,
): Promise<{ subject: VideoQuizSubjectRow; answer: VideoQuizAnswerRow | null }[]> {
  return db
    .select({ subject: videoQuizSubjects, answer: videoQuizAnswers })
    .from(videoQuizSubjects)
    .leftJoin(videoQuizAnswers, and(eq(videoQuizAnswers.subjectId, videoQuizSubjects.id), eq(videoQuizAnswers.userId, userId)))
    .where(eq(videoQuizSubjects.videoQuizId, videoQuizId))
    .orderBy(...subjectOrder);
}

/** The subject with this id and the quiz holding it, or undefined. One SELECT. */
export async function findVideoQuizSubject(db: Db, id: number): Promise<{ subject: VideoQuizSubjectRow; quiz: VideoQuizRow } | undefined> {
  const [row] = await db
    .select({ subject: videoQuizSubjects, quiz: videoQuizzes })
    .from(videoQuizSubjects)
    .innerJoin(videoQuizzes, eq(videoQuizzes.id, videoQuizSubjects.videoQuizId))
    .where(eq(videoQuizSubjects.id, id));
  return row;
}

type SubjectValues = { atSeconds: number; type: string; description: string; score: number; data: Record<string, unknown> };

/** Adds a subject to a quiz (sort = last + 1, which orders subjects at the same second). One INSERT … SELECT. */
export async function insertVideoQuizSubject(db: Db, videoQuizId: number, values: SubjectValues): Promise<VideoQuizSubjectRow> {
  const next = sql<number>`(select coalesce(max(${videoQuizSubjects.sort}), -1) + 1 from ${videoQuizSubjects} where ${videoQuizSubjects.videoQuizId} = ${videoQuizId})`;
  const [row] = await db
    .insert(videoQuizSubjects)
    .values({ videoQuizId, ...values, sort: next })
    .returning();
  return row!;
}

/** Replaces a subject's second, type, text, points and key. One UPDATE; the row, or undefined when gone. */
export async function updateVideoQuizSubject(db: Db, id: number, values: SubjectValues): Promise<VideoQuizSubjectRow | undefined> {
  const [row] = await db.update(videoQuizSubjects).set(values).where(eq(videoQuizSubjects.id, id)).returning();
  return row;
}

/** Deletes a subject (its answers go with it). One DELETE. */
export async function deleteVideoQuizSubject(db: Db, id: number): Promise<void> {
  await db.delete(videoQuizSubjects).where(eq(videoQuizSubjects.id, id));
}

// ---------------------------------------------------------------- answers

/** Stores a learner's answer and its points, replacing an earlier one. One INSERT … ON CONFLICT DO UPDATE. */
export async function upsertVideoQuizAnswer(
  db: Db,
  values: { subjectId: number; userId: number; answer: unknown; score: number | null; answeredAt: Date },
): Promise<VideoQuizAnswerRow> {
  const [row] = await db
    .insert(videoQuizAnswers)
    .values(values)
    .onConflictDoUpdate({
      target: [videoQuizAnswers.subjectId, videoQuizAnswers.userId],
      set: { answer: values.answer, score: values.score, answeredAt: values.answeredAt },
    })
    .returning();
  return row!;
}

/** The answers given to these subjects (by one learner when `userId` is given), with who gave them (`user_no` as the users table holds it). One SELECT; none for no ids. */
export async function listAnswersWithUsers(
  db: Db,
  subjectIds: readonly number[],
  userId?: number,
): Promise<{ subjectId: number; userId: number; answer: unknown; score: number | null; answeredAt: Date; name: string; userNo: string }[]> {
  if (subjectIds.length === 0) return [];
  return db
    .select({
      subjectId: videoQuizAnswers.subjectId,
      userId: videoQuizAnswers.userId,
      answer: videoQuizAnswers.answer,
      score: videoQuizAnswers.score,
      answeredAt: videoQuizAnswers.answeredAt,
      name: users.name,
      userNo: users.userNo,
    })
    .from(videoQuizAnswers)
    .innerJoin(users, eq(users.id, videoQuizAnswers.userId))
    .where(and(inArray(videoQuizAnswers.subjectId, [...subjectIds]), userId === undefined ? undefined : eq(videoQuizAnswers.userId, userId)))
    .orderBy(asc(users.name), asc(users.id));
}

/** The answers given to one subject. One SELECT. */
export async function listAnswersOfSubject(db: Db, subjectId: number): Promise<VideoQuizAnswerRow[]> {
  return db.select().from(videoQuizAnswers).where(eq(videoQuizAnswers.subjectId, subjectId));
}

/** Sets the points of learners' answers to one subject (after its key changed). One UPDATE … FROM (VALUES …); none for no scores. */
export async function setAnswerScores(db: Db, subjectId: number, scores: readonly { userId: number; score: number | null }[]): Promise<void> {
  if (scores.length === 0) return;
  const values = sql.join(
    scores.map((s) => sql`(${s.userId}::int, ${s.score}::double precision)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${videoQuizAnswers} set score = v.score from (values ${values}) as v(user_id, score) where ${videoQuizAnswers.subjectId} = ${subjectId} and ${videoQuizAnswers.userId} = v.user_id`,
  );
}

/** Sets the points of one learner's answer to a subject (the team's grade): the row, or undefined when that learner has not answered. One UPDATE … RETURNING. */
export async function setAnswerScore(db: Db, subjectId: number, userId: number, score: number): Promise<VideoQuizAnswerRow | undefined> {
  const [row] = await db
    .update(videoQuizAnswers)
    .set({ score })
    .where(and(eq(videoQuizAnswers.subjectId, subjectId), eq(videoQuizAnswers.userId, userId)))
    .returning();
  return row;
}
