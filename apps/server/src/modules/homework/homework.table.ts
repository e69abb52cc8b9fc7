import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from '../activities/activities.table.js';
import { courseGroups } from '../enrolments/course-groups.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';

/**
 * A homework submission (issue 16 §1): one per learner and homework, or in group homework one per
 * course group (`groupId` set; any member hands it in, `userId` the one who last did). A draft is
 * the learner's until handed in; `score` 0–100 once the team graded it (spec §5).
 */
export const homeworkSubmissions = pgTable(
  'homework_submissions',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => courseGroups.id, { onDelete: 'cascade' }),
    /** draft | submitted */
    status: text('status').notNull().default('draft'),
    /** Sanitised HTML online text. */
    content: text('content'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    isLate: boolean('is_late').notNull().default(false),
    submissionCount: integer('submission_count').notNull().default(0),
    score: doublePrecision('score'),
    feedback: text('feedback'),
    gradedById: integer('graded_by_id').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('homework_submissions_learner_key')
      .on(t.activityId, t.userId)
      .where(sql`${t.groupId} is null`),
    uniqueIndex('homework_submissions_group_key')
      .on(t.activityId, t.groupId)
      .where(sql`${t.groupId} is not null`),
    index('homework_submissions_activity_submitted').on(t.activityId, t.status, t.submittedAt),
  ],
);

/** Files of a submission: the learner's (`role` submission) and the grader's feedback files (`role` feedback). */
export const homeworkSubmissionUploads = pgTable(
  'homework_submission_uploads',
  {
    submissionId: integer('submission_id')
      .notNull()
      .references(() => homeworkSubmissions.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** submission | feedback */
    role: text('role').notNull().default('submission'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.uploadId] }), index('homework_submission_uploads_upload').on(t.uploadId)],
);

/**
 * The team's annotations on one file of a submission (issue 16 §2, the PDF editor): the vector
 * data and the flattened PDF written beside the learner's untouched original.
 */
export const homeworkAnnotations = pgTable(
  'homework_annotations',
  {
    submissionId: integer('submission_id')
      .notNull()
      .references(() => homeworkSubmissions.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    document: jsonb('document').$type<{ annotations: unknown[]; rotations: Record<string, number> }>().notNull(),
    annotatedUploadId: integer('annotated_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.uploadId] })],
);
