import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { users } from '../users/users.table.js';

/** A weighted category of a course's gradebook (issue 16 §3). */
export const gradeCategories = pgTable(
  'grade_categories',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    weight: doublePrecision('weight').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grade_categories_course').on(t.courseId)],
);

/** The gradebook settings of one graded activity (a column); absent means the defaults (weight 1, no category, not published). */
export const gradeItems = pgTable(
  'grade_items',
  {
    activityId: integer('activity_id')
      .primaryKey()
      .references(() => activities.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    categoryId: integer('category_id').references(() => gradeCategories.id, { onDelete: 'set null' }),
    weight: doublePrecision('weight').notNull().default(1),
    /** Points a full score is worth, when the team set it (else the activity's own). */
    maxScore: doublePrecision('max_score'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grade_items_course').on(t.courseId)],
);

/**
 * One learner's score on one graded activity, whatever wrote it (exam, homework, SCORM, an imported
 * sheet): the one gradebook model of the ROADMAP. `score` in points out of `maxScore`.
 */
export const grades = pgTable(
  'grades',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score').notNull(),
    /** exam | homework | scorm | forum | import */
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] }), index('grades_course_user').on(t.courseId, t.userId)],
);

/**
 * A course's certificate rule (issue 16 §4): a learner whose course total (percentage) reaches
 * `passTotal` and who has a score on every required activity is issued a certificate.
 */
export const certificateRules = pgTable('certificate_rules', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  /** Percentage 0–100 of the gradebook total. */
  passTotal: doublePrecision('pass_total').notNull().default(60),
  requiredActivityIds: jsonb('required_activity_ids').$type<number[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A certificate issued to a learner, found again by its verification `code`. */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The course total (percentage) when issued. */
    total: doublePrecision('total').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_code_key').on(t.code), uniqueIndex('certificates_course_user_key').on(t.courseId, t.userId)],
);
