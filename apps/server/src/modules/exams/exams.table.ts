import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';

/** A category of a course's subject bank (issue 15 §1): subjects are filed in one, random subjects draw from one. */
export const examSubjectCategories = pgTable(
  'exam_subject_categories',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exam_subject_categories_course').on(t.courseId)],
);

/**
 * A subject (question): of an exam activity (`activityId`), or of its course's subject bank
 * (`activityId` null, `courseId` and usually `categoryId` set), from which the team copies
 * subjects into exams and random subjects draw. Its media carry the exam video settings of
 * spec §3: `play_limit` on, at most `play_limit_times` plays per learner per upload.
 */
export const examSubjects = pgTable('exam_subjects', {
  id: serial('id').primaryKey(),
  /** The exam holding it; null for a subject of the course's bank. */
  activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
  /** The course of a bank subject (null for an exam's own). */
  courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
  categoryId: integer('category_id').references(() => examSubjectCategories.id, { onDelete: 'set null' }),
  /** The bank subject this exam subject was copied from. */
  sourceSubjectId: integer('source_subject_id'),
  sort: integer('sort').notNull().default(0),
  /** Question type (single_selection, multiple_selection, true_or_false, fill_in_blank, short_answer, matching …). */
  type: text('type').notNull(),
  /** Sanitised HTML. */
  description: text('description').notNull().default(''),
  /** Options, answers, points: shape per type. */
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  uploadIds: jsonb('upload_ids').$type<number[]>().notNull().default([]),
  /** Points this subject is worth (0 for a description). Imported subjects before issue 15 kept it in `data.point`. */
  score: doublePrecision('score').notNull().default(0),
  isPlayLimited: boolean('play_limit').notNull().default(false),
  playLimitTimes: integer('play_limit_times').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spec §3 per-subject play record: how many plays one learner has started of one upload in one subject. */
export const examSubjectPlayRecords = pgTable(
  'exam_subject_play_records',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => examSubjects.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playCount: integer('play_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exam_subject_play_records_key').on(t.subjectId, t.uploadId, t.userId)],
);

/** Where one subject of an attempt sits: the subject and, when shuffled, its options' / matching choices' order. */
export interface AttemptSlot {
  subjectId: number;
  /** Points of a subject drawn by a random subject (the random subject's); absent: the subject's own. */
  score?: number;
  optionIds?: string[];
  choiceIds?: string[];
}

/**
 * One learner's attempt at an exam (issue 15). `deadline` is fixed at the start (the window's
 * end or the time limit, whichever is first); an attempt still `in_progress` after it is
 * submitted by the server. At most one attempt per learner and exam is in progress (partial
 * unique index). Scores are points; `score` is null while an answer waits for the team.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1, 2, … per learner and exam. */
    number: integer('number').notNull(),
    /** in_progress, submitted (some answers wait for the team) or graded. */
    status: text('status', { enum: ['in_progress', 'submitted', 'graded'] })
      .notNull()
      .default('in_progress'),
    /** Started by the course team (a preview): left out of the score list and the exam's score. */
    isPreview: boolean('is_preview').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** learner, or deadline (submitted by the server). */
    submittedBy: text('submitted_by', { enum: ['learner', 'deadline'] }),
    /** The subjects in the order this attempt shows them. */
    layout: jsonb('layout').$type<AttemptSlot[]>().notNull(),
    maxScore: doublePrecision('max_score').notNull().default(0),
    score: doublePrecision('score'),
    objectiveScore: doublePrecision('objective_score'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exam_attempts_number_key').on(t.activityId, t.userId, t.number),
    uniqueIndex('exam_attempts_one_open')
      .on(t.activityId, t.userId)
      .where(sql`${t.status} = 'in_progress'`),
    index('exam_attempts_open_deadline')
      .on(t.deadline)
      .where(sql`${t.status} = 'in_progress'`),
  ],
);

/**
 * One answer of an attempt, saved as it is given. `autoScore` is what the key gave at
 * submission (null: graded by the team); `score` the one that counts (the team's
 * override, else the automatic one); points.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => examSubjects.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').$type<unknown>(),
    autoScore: doublePrecision('auto_score'),
    score: doublePrecision('score'),
    feedback: text('feedback'),
    gradedById: integer('graded_by_id').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.subjectId] })],
);

/** Per exam: when its scores were last published to the learners. */
export const examStates = pgTable('exam_states', {
  activityId: integer('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  scoresPublishedAt: timestamp('scores_published_at', { withTimezone: true }),
});
