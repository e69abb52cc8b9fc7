import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses } from '../courses/courses.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';

/**
 * A video quiz (issue 15 §6, spec §7 `GET /api/video-quizzes/{id}`): subjects pinned to
 * seconds of one video of a course; playback pauses at each and records the learner's answer.
 */
export const videoQuizzes = pgTable(
  'video_quizzes',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The video (a course file); one quiz per video (unique). */
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('video_quizzes_upload').on(t.uploadId), index('video_quizzes_course').on(t.courseId)],
);

/** A subject of a video quiz, shown at `atSeconds` of the video; types, `data` and `score` (points) as exam subjects'. */
export const videoQuizSubjects = pgTable(
  'video_quiz_subjects',
  {
    id: serial('id').primaryKey(),
    videoQuizId: integer('video_quiz_id')
      .notNull()
      .references(() => videoQuizzes.id, { onDelete: 'cascade' }),
    /** Seconds from the start of the video. */
    atSeconds: doublePrecision('at_seconds').notNull(),
    sort: integer('sort').notNull().default(0),
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    score: doublePrecision('score').notNull().default(0),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_quiz_subjects_quiz').on(t.videoQuizId)],
);

/** A learner's answer to one video quiz subject (the last one given) and its points. */
export const videoQuizAnswers = pgTable(
  'video_quiz_answers',
  {
    subjectId: integer('subject_id')
      .notNull()
      .references(() => videoQuizSubjects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').$type<unknown>(),
    /** Points; null when the team grades it (essay). */
    score: doublePrecision('score'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.userId] })],
);
