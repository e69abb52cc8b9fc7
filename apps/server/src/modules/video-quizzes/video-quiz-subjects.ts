import {
  VIDEO_QUIZ_LEARNER_SUBJECT_FIELDS,
  VIDEO_QUIZ_SUBJECT_FIELDS,
  type CreateVideoQuizSubjectBody,
  type VideoQuizLearnerSubject,
  type VideoQuizMyAnswer,
  type VideoQuizSubject,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { checkAnswer, grade, roundPoints, type SubjectKey } from '../exams/grading.js';
import { keyOf, presentAttemptSubject, presentSubject, subjectValues } from '../exams/subjects.js';
import type { VideoQuizAnswerRow, VideoQuizSubjectRow } from './video-quizzes.repository.js';

/**
 * A video quiz subject is an exam subject pinned to a second (issue 15 §6): the same types,
 * stored `data`, keys and grading (exams/subjects.ts, exams/grading.ts). This adapter is the one
 * place that turns a video quiz subject row into the exam subject row those helpers take and
 * back into the video quiz shapes, picking the fields a video quiz subject has: an exam row's
 * other fields (its activity, media, bank course and category) do not apply, so neither they nor
 * fields the exam shapes gain later reach a video quiz answer.
 */

/** The stored exam subject the exam presenters take. */
type ExamSubjectLike = Parameters<typeof presentSubject>[0];

/**
 * The exam subject row the exam helpers read (presentSubject, presentAttemptSubject,
 * subjectValues' `previous`): the same type, text, points and key; no activity (0), no media.
 */
function asExamSubject(row: VideoQuizSubjectRow): ExamSubjectLike {
  const read = {
    id: row.id,
    activityId: 0,
    sort: row.sort,
    type: row.type,
    description: row.description,
    data: row.data,
    uploadIds: [] as number[],
    score: row.score,
    isPlayLimited: false,
    playLimitTimes: 0,
    createdAt: row.createdAt,
  };
  // These are the fields the exam helpers read; an exam row's others (bank course, category, source) do not apply here.
  return read as ExamSubjectLike;
}

/** The listed fields of `value` that it has. */
function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]])) as Pick<T, K>;
}

/** The stored fields of a subject from the team's body (exam rules: sanitised rich text, option ids kept on edit); 400 naming the field that does not fit the type. */
export function videoQuizSubjectValues(
  body: CreateVideoQuizSubjectBody,
  previous?: VideoQuizSubjectRow,
): { atSeconds: number; type: string; description: string; score: number; data: Record<string, unknown> } {
  const { at_seconds: atSeconds, ...subject } = body;
  return { atSeconds: Math.round(atSeconds * 1000) / 1000, ...subjectValues(subject, previous ? asExamSubject(previous) : undefined) };
}

/** The team's view of a subject: the exam team shape (key included) with its quiz and second. */
export function presentTeamSubject(row: VideoQuizSubjectRow): VideoQuizSubject {
  const subject = pick(presentSubject(asExamSubject(row)), VIDEO_QUIZ_SUBJECT_FIELDS);
  return { ...subject, video_quiz_id: row.videoQuizId, at_seconds: row.atSeconds };
}

/**
 * Whether an answer is right: it earns every point of the subject's key (a 0-point subject is
 * judged as if it were worth one), or null when the team grades it (essay, short answer without
 * accepted answers).
 */
function isCorrect(key: SubjectKey, answer: unknown): boolean | null {
  const share = grade({ ...key, score: 1 }, answer);
  return share === null ? null : share >= 1;
}

/** A learner's view of a subject: the exam attempt shape (no key, options in their stored order), its second and the learner's saved answer. */
export function presentLearnerSubject(row: VideoQuizSubjectRow, answer: VideoQuizAnswerRow | null): VideoQuizLearnerSubject {
  const subject = pick(presentAttemptSubject(asExamSubject(row), undefined), VIDEO_QUIZ_LEARNER_SUBJECT_FIELDS);
  const mine: VideoQuizMyAnswer | null = answer
    ? {
        answer: (answer.answer ?? null) as VideoQuizMyAnswer['answer'],
        score: answer.score,
        correct: isCorrect(keyOf(row), answer.answer ?? null),
        answered_at: answer.answeredAt.toISOString(),
      }
    : null;
  return { ...subject, at_seconds: row.atSeconds, my_answer: mine };
}

/** The points of a subject (an imported exam subject's `data.point` is read as exams do). */
export function maxScoreOf(row: VideoQuizSubjectRow): number {
  return keyOf(row).score;
}

/** The sum of points, two decimals. */
export function totalOf(scores: readonly (number | null)[]): number {
  return roundPoints(scores.reduce<number>((sum, s) => sum + (s ?? 0), 0));
}

/**
 * Grades a learner's answer with the subject's key (exam grading): the answer as stored (an
 * essay's HTML sanitised, as exams store it), its points (null when the team grades it), the
 * subject's points and whether it is right. 400 naming `answer` when the answer does not fit the
 * subject (exams' checkAnswer) or is empty: a description takes none.
 */
export function gradeVideoQuizAnswer(
  row: VideoQuizSubjectRow,
  answer: unknown,
): { answer: unknown; score: number | null; maxScore: number; correct: boolean | null } {
  const key = keyOf(row);
  const refusal = answer === null ? 'Give an answer' : checkAnswer(key, answer, row.description);
  if (refusal) throw AppError.field('answer', refusal);
  const stored = key.type === 'essay' && typeof answer === 'string' ? sanitizeRichText(answer) : answer;
  return { answer: stored, score: grade(key, stored), maxScore: key.score, correct: isCorrect(key, stored) };
}

/**
 * The points of a stored answer after its subject changed: graded again with the new key, or —
 * when the team grades this type — the team's points kept (at most the subject's new points),
 * null while ungraded. A stored null answer is worth 0.
 */
export function rescore(row: VideoQuizSubjectRow, answer: unknown, teamScore: number | null): number | null {
  if (answer === null) return 0;
  const graded = regrade(row, answer).score;
  if (graded !== null) return graded;
  return teamScore === null ? null : Math.min(teamScore, maxScoreOf(row));
}

/** A stored answer graded again with the subject's (perhaps changed) key: its points and whether it is right. */
export function regrade(row: VideoQuizSubjectRow, answer: unknown): { score: number | null; correct: boolean | null } {
  const key = keyOf(row);
  return { score: grade(key, answer), correct: isCorrect(key, answer) };
}
