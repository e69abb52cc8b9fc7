import type {
  CreateVideoQuizBody,
  CreateVideoQuizSubjectBody,
  UpdateVideoQuizBody,
  VideoQuiz,
  VideoQuizAnswerResult,
  VideoQuizList,
  VideoQuizResults,
  VideoQuizSubject,
  VideoQuizSubjectAnswers,
  VideoQuizSubjects,
  VideoQuizGradedAnswer,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { may } from '../courses/courses.policy.js';
import { emit, transaction } from '../events/events.service.js';
import { learnerFileStates } from '../uploads/uploads.policy.js';
import { findLiveUpload, listVideosOf } from '../uploads/uploads.repository.js';
import { quizToManage, quizToRead, subjectToAnswer, subjectToManage } from './video-quizzes.policy.js';
import {
  deleteVideoQuiz,
  deleteVideoQuizSubject,
  findVideoQuiz,
  insertVideoQuiz,
  insertVideoQuizSubject,
  listAnswersOfSubject,
  listAnswersWithUsers,
  listVideoQuizSubjects,
  listVideoQuizSubjectsWithAnswers,
  listVideoQuizzesOfCourse,
  setAnswerScore,
  setAnswerScores,
  updateVideoQuizSubject,
  updateVideoQuizTitle,
  upsertVideoQuizAnswer,
  videoHasQuiz,
  type VideoQuizRow,
  type VideoQuizSubjectRow,
  type VideoQuizWithUpload,
} from './video-quizzes.repository.js';
import {
  gradeVideoQuizAnswer,
  maxScoreOf,
  presentLearnerSubject,
  presentTeamSubject,
  regrade,
  rescore,
  totalOf,
  videoQuizSubjectValues,
} from './video-quiz-subjects.js';

/**
 * Video quizzes (issue 15 §6; spec §7 `GET /api/video-quizzes/{id}`, `/subjects`): the team pins
 * exam subjects to seconds of a course video; a learner's player pauses at each, and each answer
 * is stored and graded at once (`video_quiz.answered`). Access through video-quizzes.policy.ts.
 * Seconds from the start of the video; points.
 */

/** The API shape of a quiz. */
function presentQuiz(quiz: VideoQuizWithUpload): VideoQuiz {
  return {
    id: quiz.id,
    course_id: quiz.courseId,
    upload_id: quiz.uploadId,
    title: quiz.title,
    subject_count: quiz.subjectCount,
    upload: { id: quiz.upload.id, name: quiz.upload.name, type: quiz.upload.type, status: quiz.upload.status, duration: quiz.upload.duration },
  };
}

/** The quiz as its list and GET answer it, read again after a write. */
async function reread(deps: AppDeps, id: number): Promise<VideoQuiz> {
  const quiz = await findVideoQuiz(deps.db, id);
  if (!quiz) throw new AppError('NOT_FOUND', 'This video quiz does not exist');
  return presentQuiz(quiz);
}

/**
 * `POST /api/courses/{id}/video-quizzes` (course team): a quiz over a video file of the course.
 * 400 naming `upload_id` when it is not a live video of this course, or the video already has a
 * quiz (one per video: the player pauses for one set of subjects).
 */
export async function createVideoQuiz(deps: AppDeps, actor: Actor, courseId: number, body: CreateVideoQuizBody): Promise<VideoQuiz> {
  await authorize(deps, actor, 'course.manage_content', { courseId });
  const upload = await findLiveUpload(deps.db, body.upload_id);
  if (!upload || upload.parentType !== 'course' || upload.parentId !== courseId || upload.type !== 'video' || !upload.receivedAt) {
    throw AppError.field('upload_id', 'Choose a video of this course');
  }
  if (await videoHasQuiz(deps.db, upload.id)) throw AppError.field('upload_id', 'This video has a video quiz already');
  // The unique index settles two requests racing past the check above.
  const created = await insertVideoQuiz(deps.db, { courseId, uploadId: upload.id, title: body.title, createdById: actor.id }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw AppError.field('upload_id', 'This video has a video quiz already');
    throw error;
  });
  return reread(deps, created.id);
}

/** `PUT /api/video-quizzes/{id}` (course team): renames the quiz. */
export async function updateVideoQuiz(deps: AppDeps, actor: Actor, quizId: number, body: UpdateVideoQuizBody): Promise<VideoQuiz> {
  const { quiz } = await quizToManage(deps, actor, quizId);
  await updateVideoQuizTitle(deps.db, quiz.id, body.title);
  return presentQuiz({ ...quiz, title: body.title });
}

/** `DELETE /api/video-quizzes/{id}` (course team): the quiz, its subjects and every answer. */
export async function removeVideoQuiz(deps: AppDeps, actor: Actor, quizId: number): Promise<void> {
  const { quiz } = await quizToManage(deps, actor, quizId);
  await deleteVideoQuiz(deps.db, quiz.id);
}

/**
 * `GET /api/courses/{id}/video-quizzes?upload_id=` (course members): the quizzes of the course's
 * live videos (of one video with `upload_id`), so a player finds the quiz of what it plays. A
 * learner gets only those over videos they may open (the rule of the course's file list).
 */
export async function listVideoQuizzes(deps: AppDeps, actor: Actor, courseId: number, uploadId?: number): Promise<VideoQuizList> {
  const { course, kinds } = await authorize(deps, actor, 'course.view', { courseId });
  const quizzes = await listVideoQuizzesOfCourse(deps.db, courseId, uploadId);
  const canManage = may(kinds, 'manage_content');
  if (canManage || quizzes.length === 0) return { video_quizzes: quizzes.map(presentQuiz), can_manage: canManage };
  const states = await learnerFileStates(
    deps,
    actor,
    course,
    quizzes.map((q) => q.uploadId),
  );
  return { video_quizzes: quizzes.filter((q) => states.get(q.uploadId) === 'view').map(presentQuiz), can_manage: false };
}

/** `GET /api/video-quizzes/{id}` (spec §7): the quiz, for whoever may read its video. */
export async function getVideoQuiz(deps: AppDeps, actor: Actor, quizId: number): Promise<VideoQuiz> {
  const { quiz } = await quizToRead(deps, actor, quizId, 'upload.read');
  return presentQuiz(quiz);
}

// ---------------------------------------------------------------- subjects

/**
 * `GET /api/video-quizzes/{id}/subjects` (spec §7), by second: the course team gets every key;
 * a learner the subjects without keys, each with their saved answer, and their points.
 */
export async function listSubjects(deps: AppDeps, actor: Actor, quizId: number): Promise<VideoQuizSubjects> {
  const { quiz, access } = await quizToRead(deps, actor, quizId, 'upload.read_content');
  if (access === 'manage') {
    const rows = await listVideoQuizSubjects(deps.db, quiz.id);
    return { view: 'team', video_quiz_id: quiz.id, max_score: totalOf(rows.map(maxScoreOf)), subjects: rows.map(presentTeamSubject) };
  }
  const rows = await listVideoQuizSubjectsWithAnswers(deps.db, quiz.id, actor.id);
  return {
    view: 'learner',
    video_quiz_id: quiz.id,
    max_score: totalOf(rows.map((r) => maxScoreOf(r.subject))),
    score: totalOf(rows.map((r) => r.answer?.score ?? null)),
    subjects: rows.map((r) => presentLearnerSubject(r.subject, r.answer)),
  };
}

/** The video's length in seconds when known (probed, else its longest rendition), to bound `at_seconds`. */
async function durationOf(deps: AppDeps, quiz: Pick<VideoQuizRow, 'uploadId'>, probed: number | null): Promise<number | null> {
  if (probed !== null) return probed;
  const renditions = await listVideosOf(deps.db, [quiz.uploadId]);
  return renditions.length > 0 ? Math.max(...renditions.map((v) => v.duration)) : null;
}

/** 400 naming `at_seconds` when the second lies after the end of the video. */
async function checkSecond(deps: AppDeps, quiz: VideoQuizWithUpload, atSeconds: number): Promise<void> {
  const duration = await durationOf(deps, quiz, quiz.upload.duration);
  if (duration !== null && atSeconds > duration) {
    throw AppError.field('at_seconds', `Choose a second within the video (at most ${Math.floor(duration * 1000) / 1000})`);
  }
}

/** `POST /api/video-quizzes/{id}/subjects` (course team): a subject at a second. 400 naming the field that does not fit (type rules of exams, `at_seconds`). */
export async function createSubject(deps: AppDeps, actor: Actor, quizId: number, body: CreateVideoQuizSubjectBody): Promise<VideoQuizSubject> {
  const { quiz } = await quizToManage(deps, actor, quizId);
  const values = videoQuizSubjectValues(body);
  await checkSecond(deps, quiz, values.atSeconds);
  return presentTeamSubject(await insertVideoQuizSubject(deps.db, quiz.id, values));
}

/** `PUT /api/video-quiz-subjects/{subjectId}` (course team): replaces a subject; the answers already given are graded again with the new key. */
export async function updateSubject(deps: AppDeps, actor: Actor, subjectId: number, body: CreateVideoQuizSubjectBody): Promise<VideoQuizSubject> {
  const { subject } = await subjectToManage(deps, actor, subjectId);
  const values = videoQuizSubjectValues(body, subject);
  const quiz = await findVideoQuiz(deps.db, subject.videoQuizId);
  if (!quiz) throw new AppError('SUBJECT_NOT_FOUND', 'This subject does not exist');
  await checkSecond(deps, quiz, values.atSeconds);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateVideoQuizSubject(tx, subjectId, values);
    if (!updated) throw new AppError('SUBJECT_NOT_FOUND', 'This subject does not exist');
    const answers = await listAnswersOfSubject(tx, subjectId);
    await setAnswerScores(
      tx,
      subjectId,
      answers.map((a) => ({ userId: a.userId, score: rescore(updated, a.answer ?? null, a.score) })),
    );
    return updated;
  });
  return presentTeamSubject(row);
}

/** `DELETE /api/video-quiz-subjects/{subjectId}` (course team): the subject and its answers. */
export async function deleteSubject(deps: AppDeps, actor: Actor, subjectId: number): Promise<void> {
  const { subject } = await subjectToManage(deps, actor, subjectId);
  await deleteVideoQuizSubject(deps.db, subject.id);
}

// ---------------------------------------------------------------- answering and results

/**
 * `PUT /api/video-quiz-subjects/{subjectId}/answer` (a learner): stores the answer (replacing an
 * earlier one), grades it at once and emits `video_quiz.answered` in the same transaction. 400
 * naming `answer` when it does not fit the subject; nothing is stored then.
 */
export async function answerSubject(deps: AppDeps, actor: Actor, subjectId: number, answer: unknown, now = new Date()): Promise<VideoQuizAnswerResult> {
  const { subject, quiz } = await subjectToAnswer(deps, actor, subjectId);
  const graded = gradeVideoQuizAnswer(subject, answer);
  const stored = await transaction(deps, async (tx) => {
    const row = await upsertVideoQuizAnswer(tx, { subjectId, userId: actor.id, answer: graded.answer, score: graded.score, answeredAt: now });
    await emit(deps, tx, {
      type: 'video_quiz.answered',
      payload: { course_id: quiz.courseId, video_quiz_id: quiz.id, subject_id: subjectId, user_id: actor.id, score: graded.score },
    });
    return row;
  });
  return { subject_id: subjectId, score: graded.score, max_score: graded.maxScore, correct: graded.correct, answered_at: stored.answeredAt.toISOString() };
}

/**
 * `GET /api/video-quizzes/{id}/results` (course team): per subject, how many learners answered
 * and how many were right; per learner who answered, their count of answers, right answers and
 * points.
 */
export async function quizResults(deps: AppDeps, actor: Actor, quizId: number): Promise<VideoQuizResults> {
  const { quiz } = await quizToManage(deps, actor, quizId);
  const subjects = await listVideoQuizSubjects(deps.db, quiz.id);
  const answers = await listAnswersWithUsers(
    deps.db,
    subjects.map((s) => s.id),
  );
  const byId = new Map(subjects.map((s) => [s.id, s]));
  const rightOf = (a: (typeof answers)[number]) => {
    const subject = byId.get(a.subjectId);
    return subject !== undefined && a.answer !== null && regrade(subject, a.answer).correct === true;
  };
  const learners = new Map<number, VideoQuizResults['learners'][number] & { scores: (number | null)[] }>();
  const toGrade = (a: (typeof answers)[number]) => a.score === null && a.answer !== null;
  for (const a of answers) {
    const learner = learners.get(a.userId) ?? {
      user: { id: a.userId, name: a.name, user_no: a.userNo || null },
      answered: 0,
      right: 0,
      score: 0,
      to_grade: 0,
      scores: [],
    };
    learner.answered += 1;
    if (rightOf(a)) learner.right += 1;
    if (toGrade(a)) learner.to_grade += 1;
    learner.scores.push(a.score);
    learners.set(a.userId, learner);
  }
  return {
    video_quiz_id: quiz.id,
    max_score: totalOf(subjects.map(maxScoreOf)),
    subjects: subjects.map((s) => {
      const mine = answers.filter((a) => a.subjectId === s.id);
      return {
        subject_id: s.id,
        at_seconds: s.atSeconds,
        type: s.type,
        max_score: maxScoreOf(s),
        answered: mine.length,
        right: mine.filter(rightOf).length,
        to_grade: mine.filter(toGrade).length,
      };
    }),
    learners: [...learners.values()].map(({ scores, ...learner }) => ({ ...learner, score: totalOf(scores) })),
  };
}

// ---------------------------------------------------------------- grading by the team

/**
 * `GET /api/video-quiz-subjects/{subjectId}/answers` (course team): every learner's answer to the
 * subject by name, with its points (null while ungraded) and whether it is right (null when the
 * team judges it). SUBJECT_NOT_FOUND, COURSE_NOT_FOUND, FORBIDDEN (subjectToManage).
 */
export async function subjectAnswers(deps: AppDeps, actor: Actor, subjectId: number): Promise<VideoQuizSubjectAnswers> {
  const { subject } = await subjectToManage(deps, actor, subjectId);
  const answers = await listAnswersWithUsers(deps.db, [subject.id]);
  return {
    subject_id: subject.id,
    type: subject.type,
    max_score: maxScoreOf(subject),
    answers: answers.map((a) => presentGradedAnswer(subject, a)),
  };
}

/** A learner's answer as the team grades it: right or not by the current key (null when the team judges it; an empty answer is wrong). */
function presentGradedAnswer(
  subject: VideoQuizSubjectRow,
  a: { userId: number; name: string; userNo: string; answer: unknown; score: number | null; answeredAt: Date },
): VideoQuizGradedAnswer {
  return {
    user: { id: a.userId, name: a.name, user_no: a.userNo || null },
    answer: a.answer ?? null,
    score: a.score,
    correct: a.answer === null || a.answer === undefined ? false : regrade(subject, a.answer).correct,
    answered_at: a.answeredAt.toISOString(),
  };
}

/**
 * `PUT /api/video-quiz-subjects/{subjectId}/answers/{userId}/score` (course team): the team's
 * points for a learner's answer — an essay's, a short answer's without accepted answers, or an
 * override of a graded one (a later change of the key grades auto-graded answers again; the
 * team's points on team-graded types are kept, at most the new points). Emits `video_quiz.graded`
 * in the same transaction. 400 naming `score` above the subject's points; ANSWER_NOT_FOUND (404)
 * when that learner has not answered; SUBJECT_NOT_FOUND, COURSE_NOT_FOUND, FORBIDDEN.
 */
export async function gradeAnswer(deps: AppDeps, actor: Actor, subjectId: number, userId: number, score: number): Promise<VideoQuizGradedAnswer> {
  const { subject, quiz } = await subjectToManage(deps, actor, subjectId);
  const max = maxScoreOf(subject);
  if (score > max) throw AppError.field('score', `At most ${max} points`);
  const points = Math.round(score * 100) / 100;
  const row = await transaction(deps, async (tx) => {
    const updated = await setAnswerScore(tx, subject.id, userId, points);
    if (!updated) throw new AppError('NOT_FOUND', 'This learner has not answered this subject');
    await emit(deps, tx, {
      type: 'video_quiz.graded',
      payload: { course_id: quiz.courseId, video_quiz_id: quiz.id, subject_id: subject.id, user_id: userId, score: points, graded_by: actor.id },
    });
    return updated;
  });
  const [who] = await listAnswersWithUsers(deps.db, [subject.id], row.userId);
  return presentGradedAnswer(subject, { ...row, name: who?.name ?? '', userNo: who?.userNo ?? '' });
}
