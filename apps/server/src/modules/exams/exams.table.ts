import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from '../activities/activities.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';

/**
 * A subject (question) of an exam activity. Its media carry the exam video
 * settings of spec §3: `play_limit` on, at most `play_limit_times` plays per
 * learner per upload.
 */
export const examSubjects = pgTable('exam_subjects', {
  id: serial('id').primaryKey(),
  activityId: integer('activity_id')
    .notNull()
    .references(() => activities.id, { onDelete: 'cascade' }),
  sort: integer('sort').notNull().default(0),
  /** Question type (single_selection, multiple_selection, true_or_false, fill_in_blank, short_answer, matching …). */
  type: text('type').notNull(),
  /** Sanitised HTML. */
  description: text('description').notNull().default(''),
  /** Options, answers, points: shape per type. */
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  uploadIds: jsonb('upload_ids').$type<number[]>().notNull().default([]),
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
