import { excerptOf } from '../../lib/html-text.js';
import { randomInt } from 'node:crypto';
import {
  ExamDataSchema,
  type Attempt,
  type CreateSubjectBody,
  type SubjectCategory,
  type ExamStatistics,
  type MyAttempts,
  type ExamData,
  type GradeAttemptBody,
  type SaveAnswersBody,
  type ScoreList,
  type Subject,
  type SubmitResult,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { newWorkbook, spreadsheetFile, type SpreadsheetFile } from '../../lib/spreadsheet.js';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../lib/deps.js';
import { offsetOf, toPage } from '../../lib/pagination.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import type { Actor } from '../../plugins/auth.js';
import type { ActivityRow } from '../activities/activities.repository.js';
import { findActivity } from '../activities/activities.repository.js';
import { courseFor } from '../courses/courses.policy.js';
import { emit, transaction } from '../events/events.service.js';
import { authorize } from '../access/authorize.js';
import { examToManage, examToTake } from './exams.policy.js';
import {
  countUngraded,
  listCourseMediaIds,
  deleteSubjectCategory,
  drawBankSubjects,
  findSubjectCategory,
  insertSubjectCategory,
  listBankPage,
  listSubjectCategories,
  renameSubjectCategory,
  type SubjectCategoryRow,
  type SubjectValues,
  deleteExamSubject,
  findExamSubject,
  findExamSubjects,
  findScoresPublishedAt,
  finishAttempt,
  insertAttempt,
  insertExamSubject,
  listAnswers,
  listExamSubjects,
  listFinishedAttempts,
  listFinishedAttemptsWithUsers,
  listFinishedLearnerIds,
  listOverdueAttemptIds,
  listScoreListPage,
  listUserAttempts,
  lockAttempt,
  markScoresPublished,
  updateExamSubject,
  upsertAnswers,
  writeAutoScores,
  writeManualGrades,
  type AnswerRow,
  type AttemptRow,
  type AttemptSlot,
  type ExamSubjectRow,
} from './exams.repository.js';
import { checkAnswer, examScore, grade, roundPoints } from './grading.js';
import { itemAnalysis, summary } from './statistics.js';
import { correctAnswerOf, keyOf, presentAttemptSubject, presentSubject, subjectValues } from './subjects.js';

/**
 * Exams (issue 15): the team's subjects, a learner's attempts (start or resume, autosave,
 * submit), the server's deadline, grading (automatic at submission, the team's scores and
 * feedback, regrading after a key change), the score list and publishing. Access through
 * exams.policy.ts; side effects as domain events (`exam.attempt_submitted`,
 * `exam.attempt_graded`, `exam.scores_published`). Scores are points; `now` for tests.
 */

/** An exam's settings with their defaults (activity `data`, ExamDataSchema). */
export function examSettings(activity: Pick<ActivityRow, 'data'>): Required<Omit<ExamData, 'time_limit_seconds' | 'max_grade' | 'pass_score'>> & ExamData {
  const parsed = ExamDataSchema.safeParse(activity.data ?? {});
  const data = parsed.success ? parsed.data : {};
  return {
    max_attempts: 0,
    grade_method: 'highest',
    shuffle_subjects: false,
    shuffle_options: false,
    show_score: 'after_submit',
    show_answers: 'after_end',
    ...data,
  };
}

// ---------------------------------------------------------------- subjects

/** Points a subject adds to an exam: a random subject's per drawn subject times how many it draws. */
function pointsOf(subject: Subject): number {
  return subject.type === 'random' ? subject.score * (subject.count ?? 1) : subject.score;
}

/** `GET /api/exams/{activityId}/subjects` (course team): every subject with its key, and the points of all. */
export async function listSubjects(deps: AppDeps, actor: Actor, activityId: number): Promise<{ subjects: Subject[]; total_score: number }> {
  await examToManage(deps, actor, activityId);
  const subjects = (await listExamSubjects(deps.db, activityId)).map(presentSubject);
  return { subjects, total_score: roundPoints(subjects.reduce((sum, s) => sum + pointsOf(s), 0)) };
}

/** Media files a subject plays: live video/audio files of the course (400 naming upload_ids otherwise). */
async function checkSubjectMedia(deps: AppDeps, courseId: number, uploadIds: readonly number[]): Promise<void> {
  if (uploadIds.length === 0) return;
  if (new Set(uploadIds).size !== uploadIds.length) throw AppError.field('upload_ids', 'A file is given twice');
  const ok = await listCourseMediaIds(deps.db, courseId, uploadIds);
  if (ok.length !== uploadIds.length) throw AppError.field('upload_ids', 'Choose video or audio files of this course');
}

/** A bank category of this course (400 naming category_id otherwise). */
async function checkCategory(deps: AppDeps, courseId: number, categoryId: number | null | undefined): Promise<void> {
  if (!categoryId) return;
  const category = await findSubjectCategory(deps.db, categoryId);
  if (!category || category.courseId !== courseId) throw AppError.field('category_id', 'No such category in this course');
}

/** What a subject write stores, checked against the course: content (subjects.ts), media and play limits, category. */
async function rowValues(deps: AppDeps, courseId: number, body: CreateSubjectBody, previous?: ExamSubjectRow): Promise<SubjectValues> {
  const content = subjectValues(body, previous);
  const uploadIds = body.upload_ids ?? previous?.uploadIds ?? [];
  await checkSubjectMedia(deps, courseId, body.upload_ids ?? []);
  await checkCategory(deps, courseId, body.category_id);
  return {
    ...content,
    uploadIds,
    isPlayLimited: body.play_limit ?? previous?.isPlayLimited ?? false,
    playLimitTimes: body.play_limit_times ?? previous?.playLimitTimes ?? 0,
    categoryId: body.category_id !== undefined ? body.category_id : (previous?.categoryId ?? null),
  };
}

/** `POST /api/exams/{activityId}/subjects` (course team): adds a subject at the end. 400 naming the field when the body does not fit its type. */
export async function createSubject(deps: AppDeps, actor: Actor, activityId: number, body: CreateSubjectBody): Promise<Subject> {
  const activity = await examToManage(deps, actor, activityId);
  const values = await rowValues(deps, activity.courseId, body);
  const row = await transaction(deps, async (tx) => {
    const created = await insertExamSubject(tx, { activityId, ...values });
    await emit(deps, tx, { type: 'activity.changed', payload: { course_id: activity.courseId, activity_id: activityId } });
    return created;
  });
  return presentSubject(row);
}

/** A subject the actor's course team manages: of an exam (with the exam) or of the bank (`activity` null). SUBJECT_NOT_FOUND otherwise, naming nothing. */
async function subjectToManage(
  deps: AppDeps,
  actor: Actor,
  subjectId: number,
): Promise<{ subject: ExamSubjectRow; activity: ActivityRow | null; courseId: number }> {
  const subject = await findExamSubject(deps.db, subjectId);
  const gone = () => new AppError('SUBJECT_NOT_FOUND', 'This subject does not exist');
  if (!subject) throw gone();
  try {
    if (subject.activityId !== null) {
      const activity = await examToManage(deps, actor, subject.activityId);
      return { subject, activity, courseId: activity.courseId };
    }
    if (subject.courseId === null) throw gone();
    await courseFor(deps, actor, subject.courseId, 'manage_content');
    return { subject, activity: null, courseId: subject.courseId };
  } catch (error) {
    if (error instanceof AppError) throw gone();
    throw error;
  }
}

/**
 * `PUT /api/exam-subjects/{id}` (course team): replaces the subject (of an exam or of the bank);
 * every submitted attempt of its exam is graded again with the new key (scores the team gave stay).
 */
export async function updateSubject(deps: AppDeps, actor: Actor, subjectId: number, body: CreateSubjectBody): Promise<Subject> {
  const { subject, activity, courseId } = await subjectToManage(deps, actor, subjectId);
  const values = await rowValues(deps, courseId, body, subject);
  const row = await transaction(deps, async (tx) => {
    const updated = await updateExamSubject(tx, subjectId, values);
    if (!updated) throw new AppError('SUBJECT_NOT_FOUND', 'This subject does not exist');
    if (activity) {
      await regradeExam(deps, tx, activity, actor.id);
      await emit(deps, tx, { type: 'activity.changed', payload: { course_id: activity.courseId, activity_id: activity.id } });
    }
    return updated;
  });
  return presentSubject(row);
}

/** `DELETE /api/exam-subjects/{id}` (course team): removes the subject and its answers; submitted attempts of its exam are graded again. */
export async function deleteSubject(deps: AppDeps, actor: Actor, subjectId: number): Promise<void> {
  const { activity } = await subjectToManage(deps, actor, subjectId);
  await transaction(deps, async (tx) => {
    await deleteExamSubject(tx, subjectId);
    if (activity) {
      await regradeExam(deps, tx, activity, actor.id);
      await emit(deps, tx, { type: 'activity.changed', payload: { course_id: activity.courseId, activity_id: activity.id } });
    }
  });
}

// ---------------------------------------------------------------- the course's subject bank

function presentCategory(row: SubjectCategoryRow & { subjectCount?: number }): SubjectCategory {
  return { id: row.id, name: row.name, sort: row.sort, subject_count: row.subjectCount ?? 0 };
}

/** `GET /api/courses/{id}/subject-categories` (course team): the bank's categories with their subject counts. */
export async function listCategories(deps: AppDeps, actor: Actor, courseId: number): Promise<{ categories: SubjectCategory[] }> {
  await courseFor(deps, actor, courseId, 'manage_content');
  return { categories: (await listSubjectCategories(deps.db, courseId)).map(presentCategory) };
}

/** `POST /api/courses/{id}/subject-categories` (course team). */
export async function createCategory(deps: AppDeps, actor: Actor, courseId: number, name: string): Promise<SubjectCategory> {
  await courseFor(deps, actor, courseId, 'manage_content');
  return presentCategory(await insertSubjectCategory(deps.db, courseId, name));
}

async function categoryToManage(deps: AppDeps, actor: Actor, categoryId: number): Promise<SubjectCategoryRow> {
  const category = await findSubjectCategory(deps.db, categoryId);
  const gone = () => new AppError('NOT_FOUND', 'This category does not exist');
  if (!category) throw gone();
  try {
    await courseFor(deps, actor, category.courseId, 'manage_content');
  } catch (error) {
    if (error instanceof AppError) throw gone();
    throw error;
  }
  return category;
}

/** `PUT /api/subject-categories/{id}` (course team): renames it. */
export async function renameCategory(deps: AppDeps, actor: Actor, categoryId: number, name: string): Promise<SubjectCategory> {
  await categoryToManage(deps, actor, categoryId);
  const row = await renameSubjectCategory(deps.db, categoryId, name);
  if (!row) throw new AppError('NOT_FOUND', 'This category does not exist');
  return presentCategory(row);
}

/** `DELETE /api/subject-categories/{id}` (course team): its subjects stay in the bank, uncategorised; random subjects drawing from it draw nothing. */
export async function removeCategory(deps: AppDeps, actor: Actor, categoryId: number): Promise<void> {
  await categoryToManage(deps, actor, categoryId);
  await deleteSubjectCategory(deps.db, categoryId);
}

/** `GET /api/courses/{id}/subjects` (course team): a page of the bank, with keys. */
export async function listBank(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  query: { page: number; page_size: number; category_id?: number; type?: string; keyword?: string },
): Promise<{ items: Subject[]; page: number; page_size: number; pages: number; total: number }> {
  await courseFor(deps, actor, courseId, 'manage_content');
  const { rows, total } = await listBankPage(
    deps.db,
    courseId,
    { categoryId: query.category_id, type: query.type, keyword: query.keyword },
    { limit: query.page_size, offset: offsetOf(query.page, query.page_size) },
  );
  return toPage(rows.map(presentSubject), total, query.page, query.page_size);
}

/** `POST /api/courses/{id}/subjects` (course team): a subject of the bank (random subjects belong in exams: 400 naming type). */
export async function createBankSubject(deps: AppDeps, actor: Actor, courseId: number, body: CreateSubjectBody): Promise<Subject> {
  await courseFor(deps, actor, courseId, 'manage_content');
  if (body.type === 'random') throw AppError.field('type', 'A random subject belongs in an exam');
  const values = await rowValues(deps, courseId, body);
  return presentSubject(await insertExamSubject(deps.db, { courseId, ...values }));
}

/**
 * `POST /api/exams/{activityId}/subjects/from-bank` (course team): copies these bank subjects
 * of the exam's course to the end of the exam, in the order given (each copy remembers its
 * source). 400 naming subject_ids when one is not of the course's bank.
 */
export async function copyFromBank(deps: AppDeps, actor: Actor, activityId: number, subjectIds: readonly number[]): Promise<{ subjects: Subject[] }> {
  const activity = await examToManage(deps, actor, activityId);
  const found = new Map((await findExamSubjects(deps.db, subjectIds)).map((s) => [s.id, s]));
  const sources = subjectIds.map((id) => found.get(id));
  if (sources.some((s) => !s || s.activityId !== null || s.courseId !== activity.courseId))
    throw AppError.field('subject_ids', 'Choose subjects of this course’s bank');
  const copies = await transaction(deps, async (tx) => {
    const out: ExamSubjectRow[] = [];
    for (const s of sources as ExamSubjectRow[]) {
      out.push(
        await insertExamSubject(tx, {
          activityId,
          type: s.type,
          description: s.description,
          score: s.score,
          data: s.data,
          uploadIds: s.uploadIds,
          isPlayLimited: s.isPlayLimited,
          playLimitTimes: s.playLimitTimes,
          categoryId: s.categoryId,
          sourceSubjectId: s.id,
        }),
      );
    }
    await emit(deps, tx, { type: 'activity.changed', payload: { course_id: activity.courseId, activity_id: activityId } });
    return out;
  });
  return { subjects: copies.map(presentSubject) };
}

// ---------------------------------------------------------------- attempts

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The order an attempt shows these subjects in: shuffled when the exam says so; options per subject too; matching choices always (their stored order follows the prompts). */
export function layoutOf(
  subjects: readonly ExamSubjectRow[],
  settings: { shuffle_subjects: boolean; shuffle_options: boolean },
  scores?: ReadonlyMap<number, number>,
): AttemptSlot[] {
  const ordered = settings.shuffle_subjects ? shuffled(subjects) : [...subjects];
  return ordered.map((row) => {
    const key = keyOf(row);
    const slot: AttemptSlot = { subjectId: row.id };
    const score = scores?.get(row.id);
    if (score !== undefined) slot.score = score;
    const shuffleOptions = settings.shuffle_options || row.data.shuffle === true;
    if (shuffleOptions && key.options.length > 1) slot.optionIds = shuffled(key.options.map((o) => o.id));
    if (key.type === 'matching') slot.choiceIds = shuffled(presentAttemptSubject(row, undefined).choices?.map((c) => c.id) ?? []);
    return slot;
  });
}

/**
 * The subjects one attempt holds: the exam's own, each random subject replaced by `count`
 * bank subjects drawn from its category (none already in the exam as a copy, none twice),
 * worth the random subject's points each. A category with fewer subjects yields fewer.
 */
async function drawSubjects(
  deps: AppDeps,
  activity: ActivityRow,
  own: readonly ExamSubjectRow[],
): Promise<{ rows: ExamSubjectRow[]; scores: Map<number, number> }> {
  const rows: ExamSubjectRow[] = [];
  const scores = new Map<number, number>();
  const taken = new Set(own.flatMap((s) => (s.sourceSubjectId ? [s.sourceSubjectId] : [])));
  for (const subject of own) {
    if (subject.type !== 'random') {
      rows.push(subject);
      continue;
    }
    const count = typeof subject.data.count === 'number' ? subject.data.count : 1;
    if (!subject.categoryId) continue;
    for (const drawn of await drawBankSubjects(deps.db, activity.courseId, subject.categoryId, [...taken], count)) {
      taken.add(drawn.id);
      rows.push(drawn);
      scores.set(drawn.id, subject.score);
    }
  }
  return { rows, scores };
}

/** The attempt's deadline: the window's end or the time limit from `start`, whichever is first; null with neither. */
export function deadlineOf(activity: Pick<ActivityRow, 'endTime'>, settings: Pick<ExamData, 'time_limit_seconds'>, start: Date): Date | null {
  const limits = [activity.endTime?.getTime(), settings.time_limit_seconds ? start.getTime() + settings.time_limit_seconds * 1000 : undefined].filter(
    (t): t is number => t !== undefined,
  );
  return limits.length > 0 ? new Date(Math.min(...limits)) : null;
}

const isOverdue = (attempt: Pick<AttemptRow, 'status' | 'deadline'>, now: Date) =>
  attempt.status === 'in_progress' && attempt.deadline !== null && attempt.deadline.getTime() < now.getTime();

/**
 * `POST /api/exams/{activityId}/attempts`: the learner's attempt in progress (resumed), or a
 * new one (`created`). One attempt in progress at a time (a race is settled by the
 * database); EXAM_NO_ATTEMPTS_LEFT once `max_attempts` are used. An attempt found past its
 * deadline is submitted by the server first. The course team's attempts are previews.
 */
export async function startAttempt(deps: AppDeps, actor: Actor, activityId: number, now = new Date()): Promise<{ attempt: Attempt; created: boolean }> {
  const { activity, isTeam } = await examToTake(deps, actor, activityId, now);
  const settings = examSettings(activity);
  for (let tries = 0; tries < 3; tries++) {
    const attempts = await listUserAttempts(deps.db, activityId, actor.id);
    const open = attempts.find((a) => a.status === 'in_progress');
    if (open && isOverdue(open, now)) {
      await submitOverdue(deps, open.id, now);
      continue;
    }
    if (open) return { attempt: await presentAttempt(deps, open, activity, now), created: false };
    const used = attempts.filter((a) => !a.isPreview).length;
    if (!isTeam && settings.max_attempts > 0 && used >= settings.max_attempts) {
      throw new AppError('EXAM_NO_ATTEMPTS_LEFT', `All ${settings.max_attempts} attempt(s) of this exam were used`);
    }
    const { rows: subjects, scores } = await drawSubjects(deps, activity, await listExamSubjects(deps.db, activityId));
    const layout = layoutOf(subjects, settings, scores);
    const maxScore = roundPoints(subjects.reduce((sum, s) => sum + (scores.get(s.id) ?? keyOf(s).score), 0));
    const row = await insertAttempt(deps.db, {
      activityId,
      userId: actor.id,
      number: (attempts.at(-1)?.number ?? 0) + 1,
      isPreview: isTeam,
      startedAt: now,
      deadline: deadlineOf(activity, settings, now),
      layout,
      maxScore,
    });
    if (row) return { attempt: await presentAttempt(deps, row, activity, now, subjects, []), created: true };
  }
  throw new AppError('ATTEMPT_SUBMITTED', 'Another request changed this attempt; try again');
}

/**
 * `GET /api/exams/{activityId}/my-attempts`: the requester's attempts (an overdue one is
 * submitted first), what is allowed and used, the one in progress, and the exam's score by its
 * grade method while scores are shown (activity.open: a learner of a closed exam is refused as
 * when opening it).
 */
export async function myAttempts(deps: AppDeps, actor: Actor, activityId: number, now = new Date()): Promise<MyAttempts> {
  const { activity } = await examToTake(deps, actor, activityId, now);
  const settings = examSettings(activity);
  let attempts = await listUserAttempts(deps.db, activityId, actor.id);
  const overdue = attempts.find((a) => isOverdue(a, now));
  if (overdue) {
    await submitOverdue(deps, overdue.id, now);
    attempts = await listUserAttempts(deps.db, activityId, actor.id);
  }
  const publishedAt = settings.show_score === 'after_publish' ? await findScoresPublishedAt(deps.db, activityId) : null;
  const show = visible(settings.show_score, activity, publishedAt, now);
  const finished = attempts.filter((a) => a.status !== 'in_progress');
  return {
    attempts: attempts.map((a) => ({
      id: a.id,
      number: a.number,
      status: a.status,
      started_at: a.startedAt.toISOString(),
      deadline: a.deadline?.toISOString() ?? null,
      submitted_at: a.submittedAt?.toISOString() ?? null,
      max_score: a.maxScore,
      score: show && a.status !== 'in_progress' ? a.score : null,
    })),
    attempts_allowed: settings.max_attempts,
    attempts_used: attempts.filter((a) => !a.isPreview).length,
    in_progress_id: attempts.find((a) => a.status === 'in_progress')?.id ?? null,
    exam_score: show
      ? examScore(
          finished.map((a) => a.score),
          settings.grade_method,
        )
      : null,
  };
}

/**
 * A learner's exam score for the gradebook (issue 16 §3): the finished attempts' scores by the exam's
 * grade method (previews left out; null while the counted score waits for the team) and the points
 * it is out of (the last attempt's maximum). Null when the learner has no finished attempt. `db` may be a handler's transaction.
 */
export async function examGradeOf(
  db: Db,
  activity: Pick<ActivityRow, 'id' | 'data'>,
  userId: number,
): Promise<{ score: number | null; maxScore: number } | null> {
  const settings = examSettings(activity);
  const finished = (await listUserAttempts(db, activity.id, userId)).filter((a) => a.status !== 'in_progress' && !a.isPreview);
  if (finished.length === 0) return null;
  const pending = finished.some((a) => a.score === null);
  const score = examScore(
    finished.map((a) => a.score),
    settings.grade_method,
  );
  return { score: pending && settings.grade_method !== 'highest' ? null : score, maxScore: finished.at(-1)!.maxScore };
}

/** `GET /api/exam-attempts/{attemptId}` (its learner): the attempt with the answers saved so far, and results once the exam shows them. */
export async function getAttempt(deps: AppDeps, actor: Actor, attemptId: number, now = new Date()): Promise<Attempt> {
  let attempt = await authorize(deps, actor, 'attempt.answer', { attemptId });
  if (isOverdue(attempt, now)) attempt = (await submitOverdue(deps, attempt.id, now)) ?? attempt;
  const activity = await findActivity(deps.db, attempt.activityId);
  if (!activity) throw new AppError('ATTEMPT_NOT_FOUND', 'This attempt does not exist');
  return presentAttempt(deps, attempt, activity, now);
}

/** When a learner may see scores (`show_score`) or answers (`show_answers`) of a finished attempt. */
function visible(
  setting: 'after_submit' | 'after_end' | 'after_publish' | 'never',
  activity: Pick<ActivityRow, 'endTime'>,
  publishedAt: Date | null,
  now: Date,
): boolean {
  switch (setting) {
    case 'after_submit':
      return true;
    case 'after_end':
      return !activity.endTime || activity.endTime.getTime() <= now.getTime();
    case 'after_publish':
      return publishedAt !== null;
    case 'never':
      return false;
  }
}

async function presentAttempt(
  deps: AppDeps,
  attempt: AttemptRow,
  activity: ActivityRow,
  now: Date,
  subjectRows?: ExamSubjectRow[],
  answerRows?: AnswerRow[],
): Promise<Attempt> {
  const ids = attempt.layout.map((s) => s.subjectId);
  const [subjects, answers, publishedAt] = await Promise.all([
    subjectRows ?? findExamSubjects(deps.db, ids),
    answerRows ?? listAnswers(deps.db, [attempt.id]),
    attempt.status === 'in_progress' ? null : findScoresPublishedAt(deps.db, attempt.activityId),
  ]);
  const byId = new Map(subjects.map((s) => [s.id, s]));
  const settings = examSettings(activity);
  const finished = attempt.status !== 'in_progress';
  const showScore = finished && visible(settings.show_score, activity, publishedAt, now);
  const showAnswers = finished && visible(settings.show_answers, activity, publishedAt, now);
  const slots = attempt.layout.filter((s) => byId.has(s.subjectId));
  return {
    id: attempt.id,
    activity_id: attempt.activityId,
    number: attempt.number,
    status: attempt.status,
    started_at: attempt.startedAt.toISOString(),
    deadline: attempt.deadline?.toISOString() ?? null,
    submitted_at: attempt.submittedAt?.toISOString() ?? null,
    now: now.toISOString(),
    subjects: slots.map((slot) => presentAttemptSubject(byId.get(slot.subjectId)!, slot)),
    answers: answers
      .filter((a) => a.answer !== null && a.answer !== undefined)
      .map((a) => ({ subject_id: a.subjectId, answer: a.answer as Attempt['answers'][number]['answer'] })),
    max_score: attempt.maxScore,
    score: showScore ? attempt.score : null,
    objective_score: showScore ? attempt.objectiveScore : null,
    ...(showScore
      ? {
          results: slots.map((slot) => {
            const a = answers.find((x) => x.subjectId === slot.subjectId);
            return {
              subject_id: slot.subjectId,
              score: a?.score ?? null,
              feedback: a?.feedback ?? null,
              ...(showAnswers ? { correct: correctAnswerOf(keyOf(byId.get(slot.subjectId)!)) } : {}),
            };
          }),
        }
      : {}),
  };
}

/**
 * `PUT /api/exam-attempts/{attemptId}/answers`: stores each answer as given (replacing an
 * earlier one; null clears it). 400 naming `answers[i].answer` / `answers[i].subject_id` and
 * nothing stored when one does not fit; ATTEMPT_SUBMITTED when already submitted;
 * EXAM_DEADLINE_PASSED (the attempt is submitted by the server) after the deadline.
 */
export async function saveAnswers(
  deps: AppDeps,
  actor: Actor,
  attemptId: number,
  body: SaveAnswersBody,
  now = new Date(),
): Promise<{ saved: number; saved_at: string }> {
  const attempt = await authorize(deps, actor, 'attempt.answer', { attemptId });
  const subjects = new Map(
    (
      await findExamSubjects(
        deps.db,
        attempt.layout.map((s) => s.subjectId),
      )
    ).map((s) => [s.id, s]),
  );
  const values = body.answers.map((a, i) => {
    const subject = subjects.get(a.subject_id);
    if (!subject) throw AppError.field(`answers[${i}].subject_id`, 'This subject is not part of the attempt');
    const problem = checkAnswer(keyOf(subject), a.answer, subject.description);
    if (problem) throw AppError.field(`answers[${i}].answer`, problem);
    const answer = keyOf(subject).type === 'essay' && typeof a.answer === 'string' ? sanitizeRichText(a.answer) : a.answer;
    return { subjectId: a.subject_id, answer };
  });
  const outcome = await transaction(deps, async (tx) => {
    const locked = await lockAttempt(tx, attemptId);
    if (!locked || locked.status !== 'in_progress') return 'submitted' as const;
    if (isOverdue(locked, now)) {
      await submitLocked(deps, tx, locked, 'deadline', locked.deadline!);
      return 'overdue' as const;
    }
    await upsertAnswers(tx, attemptId, values, now);
    return 'saved' as const;
  });
  if (outcome === 'submitted') throw new AppError('ATTEMPT_SUBMITTED', 'This attempt was already submitted');
  if (outcome === 'overdue')
    throw new AppError('EXAM_DEADLINE_PASSED', 'The time for this attempt is up: it was submitted with the answers saved before the deadline');
  return { saved: values.length, saved_at: now.toISOString() };
}

/**
 * `POST /api/exam-attempts/{attemptId}/submit`: grades the objective answers and closes the
 * attempt. ATTEMPT_SUBMITTED when already submitted; EXAM_DEADLINE_PASSED after the
 * deadline (the server submitted it with what was saved before).
 */
export async function submitAttempt(deps: AppDeps, actor: Actor, attemptId: number, now = new Date()): Promise<SubmitResult> {
  await authorize(deps, actor, 'attempt.answer', { attemptId });
  const outcome = await transaction(deps, async (tx) => {
    const locked = await lockAttempt(tx, attemptId);
    if (!locked || locked.status !== 'in_progress') return { kind: 'submitted' as const };
    if (isOverdue(locked, now)) {
      await submitLocked(deps, tx, locked, 'deadline', locked.deadline!);
      return { kind: 'overdue' as const };
    }
    return { kind: 'done' as const, ...(await submitLockedWithActivity(deps, tx, locked, 'learner', now)) };
  });
  if (outcome.kind === 'submitted') throw new AppError('ATTEMPT_SUBMITTED', 'This attempt was already submitted');
  if (outcome.kind === 'overdue')
    throw new AppError('EXAM_DEADLINE_PASSED', 'The time for this attempt is up: it was submitted with the answers saved before the deadline');
  const { row, activity } = outcome;
  const settings = activity ? examSettings(activity) : null;
  const publishedAt = settings?.show_score === 'after_publish' ? await findScoresPublishedAt(deps.db, row.activityId) : null;
  const show = !!activity && !!settings && visible(settings.show_score, activity, publishedAt, now);
  const passScore = settings?.pass_score ?? null;
  return {
    id: row.id,
    status: row.status,
    submitted_at: row.submittedAt!.toISOString(),
    max_score: row.maxScore,
    score: show ? row.score : null,
    objective_score: show ? row.objectiveScore : null,
    passed: show && passScore !== null && row.score !== null ? row.score >= passScore : null,
  };
}

/** Grades a locked in-progress attempt and marks it submitted; emits exam.attempt_submitted. */
async function submitLocked(deps: AppDeps, tx: Db, attempt: AttemptRow, by: 'learner' | 'deadline', at: Date): Promise<AttemptRow> {
  return (await submitLockedWithActivity(deps, tx, attempt, by, at)).row;
}

/** submitLocked, answering the exam's activity too (undefined when it is gone). */
async function submitLockedWithActivity(
  deps: AppDeps,
  tx: Db,
  attempt: AttemptRow,
  by: 'learner' | 'deadline',
  at: Date,
): Promise<{ row: AttemptRow; activity: ActivityRow | undefined }> {
  const { score, objectiveScore, pending } = await scoreAttempt(tx, attempt);
  const row = await finishAttempt(tx, attempt.id, { status: pending ? 'submitted' : 'graded', submittedAt: at, submittedBy: by, score, objectiveScore });
  const activity = await findActivity(tx, attempt.activityId);
  if (activity) {
    await emit(deps, tx, {
      type: 'exam.attempt_submitted',
      payload: { course_id: activity.courseId, activity_id: activity.id, attempt_id: attempt.id, user_id: attempt.userId, by, score },
    });
  }
  return { row, activity };
}

/** A subject's key as an attempt holds it: worth the points its slot gives (a drawn subject) or its own. */
function keyInAttempt(attempt: Pick<AttemptRow, 'layout'>, subject: ExamSubjectRow) {
  const key = keyOf(subject);
  const slot = attempt.layout.find((s) => s.subjectId === subject.id);
  return slot?.score !== undefined ? { ...key, score: slot.score } : key;
}

/**
 * Grades every answer of an attempt with the current keys (storing the automatic scores;
 * the team's stay counted) and answers the totals in points: `objectiveScore` the automatic
 * part, `score` all of it or null while some answer waits for the team.
 */
async function scoreAttempt(tx: Db, attempt: AttemptRow): Promise<{ score: number | null; objectiveScore: number; pending: boolean }> {
  const ids = attempt.layout.map((s) => s.subjectId);
  // One after the other: `tx` is one connection (node-postgres refuses overlapping queries on a client from pg 9).
  const subjects = await findExamSubjects(tx, ids);
  const answers = await listAnswers(tx, [attempt.id]);
  const answerOf = new Map(answers.map((a) => [a.subjectId, a]));
  const auto = subjects.map((s) => ({ subjectId: s.id, autoScore: grade(keyInAttempt(attempt, s), answerOf.get(s.id)?.answer ?? null) }));
  await writeAutoScores(tx, attempt.id, auto);
  let objective = 0;
  let total = 0;
  let pending = false;
  for (const a of auto) {
    const given = answerOf.get(a.subjectId);
    const counted = given?.gradedById != null ? given.score : a.autoScore;
    if (a.autoScore !== null) objective += a.autoScore;
    if (counted === null || counted === undefined) pending = true;
    else total += counted;
  }
  return { score: pending ? null : roundPoints(total), objectiveScore: roundPoints(objective), pending };
}

/** Submits one overdue attempt on the server's behalf (at its deadline); answers the row, or undefined when it was no longer in progress. */
async function submitOverdue(deps: AppDeps, attemptId: number, now: Date): Promise<AttemptRow | undefined> {
  return transaction(deps, async (tx) => {
    const locked = await lockAttempt(tx, attemptId);
    if (!locked || !isOverdue(locked, now)) return locked;
    return submitLocked(deps, tx, locked, 'deadline', locked.deadline!);
  });
}

/**
 * The deadline job (every minute on the job queue, any instance): submits every attempt
 * still in progress after its deadline, with the answers saved before it. Answers how many.
 */
export async function submitOverdueAttempts(deps: AppDeps, now = new Date()): Promise<number> {
  let submitted = 0;
  for (;;) {
    const ids = await listOverdueAttemptIds(deps.db, now, 100);
    for (const id of ids) if ((await submitOverdue(deps, id, now))?.status !== 'in_progress') submitted++;
    if (ids.length < 100) return submitted;
  }
}

/** Grades every finished attempt of an exam again with the current keys (after a key change). */
async function regradeExam(deps: AppDeps, tx: Db, activity: ActivityRow, graderId: number): Promise<void> {
  for (const attempt of await listFinishedAttempts(tx, activity.id)) {
    const { score, objectiveScore, pending } = await scoreAttempt(tx, attempt);
    if (score === attempt.score && objectiveScore === attempt.objectiveScore && (pending ? 'submitted' : 'graded') === attempt.status) continue;
    await finishAttempt(tx, attempt.id, { status: pending ? 'submitted' : 'graded', score, objectiveScore });
    await emit(deps, tx, {
      type: 'exam.attempt_graded',
      payload: { course_id: activity.courseId, activity_id: activity.id, attempt_id: attempt.id, user_id: attempt.userId, grader_id: graderId, score },
    });
  }
}

// ---------------------------------------------------------------- the team: score list, grading, publishing

/** `GET /api/exams/{activityId}/score-list` (course team): a page of learners' attempts with their scores (points), filtered by status or name / user number. */
export async function scoreList(
  deps: AppDeps,
  actor: Actor,
  activityId: number,
  query: { page: number; page_size: number; status?: 'in_progress' | 'submitted' | 'graded'; keyword?: string },
): Promise<ScoreList> {
  await examToManage(deps, actor, activityId);
  const [{ rows, total }, publishedAt] = await Promise.all([
    listScoreListPage(deps.db, activityId, query, { limit: query.page_size, offset: offsetOf(query.page, query.page_size) }),
    findScoresPublishedAt(deps.db, activityId),
  ]);
  const ungraded = await countUngraded(
    deps.db,
    rows.filter((r) => r.attempt.status === 'submitted').map((r) => r.attempt.id),
  );
  return {
    attempts: rows.map(({ attempt, user }) => ({
      id: attempt.id,
      number: attempt.number,
      user: { id: user.id, name: user.name, user_no: user.userNo || null },
      status: attempt.status,
      started_at: attempt.startedAt.toISOString(),
      submitted_at: attempt.submittedAt?.toISOString() ?? null,
      score: attempt.score,
      objective_score: attempt.objectiveScore,
      max_score: attempt.maxScore,
      ungraded: ungraded.get(attempt.id) ?? 0,
    })),
    page: query.page,
    page_size: query.page_size,
    pages: Math.max(1, Math.ceil(total / query.page_size)),
    total,
    scores_published_at: publishedAt?.toISOString() ?? null,
  };
}

/** `GET /api/exam-attempts/{attemptId}/review` (course team): the attempt as its learner sees it, with every score, feedback and the right answers. */
export async function reviewAttempt(deps: AppDeps, actor: Actor, attemptId: number, now = new Date()): Promise<Attempt> {
  const { attempt, activity } = await authorize(deps, actor, 'attempt.grade', { attemptId });
  const shown = await presentAttempt(deps, attempt, { ...activity, data: { ...activity.data, show_score: 'after_submit', show_answers: 'after_submit' } }, now);
  return { ...shown, score: attempt.score, objective_score: attempt.objectiveScore };
}

/**
 * `PUT /api/exam-attempts/{attemptId}/grades` (course team): scores (points, at most the
 * subject's) and feedback per subject, overriding automatic ones; the attempt's score is
 * summed again. 400 naming `grades[i].subject_id` / `grades[i].score`; 409 while in progress.
 */
export async function gradeAttempt(deps: AppDeps, actor: Actor, attemptId: number, body: GradeAttemptBody, now = new Date()): Promise<Attempt> {
  const { attempt, activity } = await authorize(deps, actor, 'attempt.grade', { attemptId });
  if (attempt.status === 'in_progress') throw new AppError('VALIDATION_FAILED', 'This attempt is still in progress');
  const subjects = new Map(
    (
      await findExamSubjects(
        deps.db,
        attempt.layout.map((s) => s.subjectId),
      )
    ).map((s) => [s.id, s]),
  );
  const grades = body.grades.map((g, i) => {
    const subject = subjects.get(g.subject_id);
    if (!subject) throw AppError.field(`grades[${i}].subject_id`, 'This subject is not part of the attempt');
    const max = keyInAttempt(attempt, subject).score;
    if (g.score > max) throw AppError.field(`grades[${i}].score`, `At most ${max} point(s)`);
    return {
      subjectId: g.subject_id,
      score: roundPoints(g.score),
      feedback: g.feedback === undefined ? undefined : g.feedback && sanitizeRichText(g.feedback),
    };
  });
  await transaction(deps, async (tx) => {
    const locked = await lockAttempt(tx, attemptId);
    if (!locked) throw new AppError('ATTEMPT_NOT_FOUND', 'This attempt does not exist');
    await writeManualGrades(tx, attemptId, grades, actor.id, now);
    const { score, objectiveScore, pending } = await scoreAttempt(tx, locked);
    await finishAttempt(tx, attemptId, { status: pending ? 'submitted' : 'graded', score, objectiveScore });
    await emit(deps, tx, {
      type: 'exam.attempt_graded',
      payload: { course_id: activity.courseId, activity_id: activity.id, attempt_id: attemptId, user_id: attempt.userId, grader_id: actor.id, score },
    });
  });
  return reviewAttempt(deps, actor, attemptId, now);
}

/** `POST /api/exams/{activityId}/scores/publish` (course team): learners see their scores from now on (`show_score` after_publish); emits exam.scores_published. */
export async function publishScores(
  deps: AppDeps,
  actor: Actor,
  activityId: number,
  now = new Date(),
): Promise<{ scores_published_at: string; attempts: number }> {
  const activity = await examToManage(deps, actor, activityId);
  const learners = await transaction(deps, async (tx) => {
    await markScoresPublished(tx, activityId, now);
    const userIds = await listFinishedLearnerIds(tx, activityId);
    await emit(deps, tx, {
      type: 'exam.scores_published',
      payload: { course_id: activity.courseId, activity_id: activityId, actor_id: actor.id, user_ids: userIds },
    });
    return userIds;
  });
  return { scores_published_at: now.toISOString(), attempts: learners.length };
}

// ---------------------------------------------------------------- statistics and export

/** At most this many attempts go into the statistics and one export. */
export const EXAM_EXPORT_LIMIT = 20_000;

/** The exam's subjects, its finished attempts with learners and their answers: what statistics and exports read. */
async function finishedWork(deps: AppDeps, activityId: number) {
  const [subjects, rows] = await Promise.all([listExamSubjects(deps.db, activityId), listFinishedAttemptsWithUsers(deps.db, activityId, EXAM_EXPORT_LIMIT)]);
  const answers = await listAnswers(
    deps.db,
    rows.map((r) => r.attempt.id),
  );
  const byAttempt = new Map<number, Map<number, number | null>>();
  for (const a of answers) {
    const m = byAttempt.get(a.attemptId) ?? new Map<number, number | null>();
    m.set(a.subjectId, a.score);
    byAttempt.set(a.attemptId, m);
  }
  return { subjects, rows, scoresOf: (attemptId: number) => byAttempt.get(attemptId) ?? new Map<number, number | null>() };
}

/** `GET /api/exams/{activityId}/statistics` (course team): item analysis of every subject over the finished attempts (statistics.ts). */
export async function examStatistics(deps: AppDeps, actor: Actor, activityId: number): Promise<ExamStatistics> {
  await examToManage(deps, actor, activityId);
  const { subjects, rows, scoresOf } = await finishedWork(deps, activityId);
  const keys = subjects.filter((s) => !['description', 'random'].includes(keyOf(s).type)).map((s) => ({ row: s, key: keyOf(s) }));
  const figures = itemAnalysis(
    keys.map((k) => ({ id: k.row.id, score: k.key.score })),
    rows.map((r) => ({ scores: scoresOf(r.attempt.id) })),
  );
  const scored = rows.map((r) => r.attempt.score).filter((s): s is number => s !== null);
  const { mean, median } = summary(scored);
  return {
    attempts: rows.length,
    learners: new Set(rows.map((r) => r.user.id)).size,
    mean_score: mean,
    median_score: median,
    max_score: roundPoints(keys.reduce((sum, k) => sum + k.key.score, 0)),
    subjects: keys.map((k, i) => ({
      subject_id: k.row.id,
      type: k.key.type,
      excerpt: excerptOf(k.row.description, 120),
      max_score: k.key.score,
      graded: figures[i]!.graded,
      mean_score: figures[i]!.meanScore,
      facility: figures[i]!.facility,
      discrimination: figures[i]!.discrimination,
    })),
  };
}

/**
 * `GET /api/exams/{activityId}/score-list/export` (course team): every finished attempt as a
 * row (learner, user number, attempt, status, times in ISO 8601 UTC, score, objective score,
 * points, then one column per subject), as .xlsx or CSV (exceljs). Answers the bytes and a file name.
 */
export async function exportScores(deps: AppDeps, actor: Actor, activityId: number, format: 'csv' | 'xlsx'): Promise<SpreadsheetFile> {
  const activity = await examToManage(deps, actor, activityId);
  const { subjects, rows, scoresOf } = await finishedWork(deps, activityId);
  const graded = subjects.filter((s) => !['description', 'random'].includes(keyOf(s).type));
  const book = await newWorkbook();
  book.creator = 'Atrium';
  const sheet = book.addWorksheet('Scores');
  sheet.columns = [
    { header: 'Learner', key: 'name', width: 24 },
    { header: 'User number', key: 'user_no', width: 16 },
    { header: 'Attempt', key: 'number', width: 8 },
    { header: 'Status', key: 'status', width: 12 },
    { header: 'Started', key: 'started', width: 22 },
    { header: 'Submitted', key: 'submitted', width: 22 },
    { header: 'Score', key: 'score', width: 10 },
    { header: 'Objective score', key: 'objective', width: 14 },
    { header: 'Points', key: 'max', width: 10 },
    ...graded.map((s, i) => ({ header: `Q${i + 1} (${keyOf(s).score})`, key: `s${s.id}`, width: 10 })),
  ];
  for (const { attempt, user } of rows) {
    const scores = scoresOf(attempt.id);
    sheet.addRow({
      name: user.name,
      user_no: user.userNo,
      number: attempt.number,
      status: attempt.status,
      started: attempt.startedAt.toISOString(),
      submitted: attempt.submittedAt?.toISOString() ?? '',
      score: attempt.score ?? '',
      objective: attempt.objectiveScore ?? '',
      max: attempt.maxScore,
      ...Object.fromEntries(graded.map((s) => [`s${s.id}`, scores.get(s.id) ?? ''])),
    });
  }
  sheet.getRow(1).font = { bold: true };
  return spreadsheetFile(book, `${activity.title || 'exam'} scores`, format);
}
