import { boolean, index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ActivityType, CompletionCriterion } from '@atrium/contracts';
import { courses } from '../courses/courses.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';

/** A module (section) of a course's content, in order (issue 7). */
export const courseModules = pgTable(
  'course_modules',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    summary: text('summary'),
    sort: integer('sort').notNull().default(0),
    isPublished: boolean('published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_modules_course_idx').on(t.courseId, t.sort)],
);

/**
 * A learning activity (spec §2 activity types, issue 7). `data` holds the
 * type-specific fields (upload ids of a material, a page's HTML, a web link's
 * URL, a meeting's provider and join URL, an online video's URL …).
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    type: text('type').$type<ActivityType>().notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    isPublished: boolean('published').notNull().default(false),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    completionCriterion: text('completion_criterion').$type<CompletionCriterion>().notNull().default('viewed'),
    /** For `video_percent`: share of the video to watch, 1..100. */
    completionPercent: smallint('completion_percent'),
    /** Spec §6: an anonymous visitor may preview this activity's files. */
    canGuestPreview: boolean('can_guest_preview').notNull().default(false),
    /** Spec §4 audio/video: seeking beyond the furthest position already played is refused. */
    isForwardSeekingRefused: boolean('refuse_forward_seeking').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('activities_course_idx').on(t.courseId, t.moduleId, t.sort)],
);

/** The files an activity holds (material, lesson, slide, h5_courseware, scorm, online_video by upload), in order. */
export const activityUploads = pgTable(
  'activity_uploads',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('activity_uploads_activity_upload_key').on(t.activityId, t.uploadId)],
);

/**
 * Activity read record (spec §3): what one learner has seen of one activity, per
 * upload (`upload_id` 0 for the activity itself). `viewed_ranges` are merged
 * `[start, end]` pairs in seconds credited by the server (never beyond
 * `max_position` when forward seeking is refused); `viewed_pages` are 1-based
 * document pages.
 */
export const activityReadRecords = pgTable(
  'activity_read_records',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id').notNull().default(0),
    viewedRanges: jsonb('viewed_ranges').$type<[number, number][]>().notNull().default([]),
    viewedPages: jsonb('viewed_pages').$type<number[]>().notNull().default([]),
    /** Seconds. */
    lastPosition: real('last_position').notNull().default(0),
    /** Seconds: the furthest point reached by playing (not by seeking). */
    maxPosition: real('max_position').notNull().default(0),
    isCompleted: boolean('completed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_read_records_key').on(t.activityId, t.userId, t.uploadId),
    // One learner's records of a course (content tree, completeness): issue 7.
    index('activity_read_records_user_idx').on(t.userId, t.activityId),
  ],
);
