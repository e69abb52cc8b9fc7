import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { activities } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { users } from '../users/users.table.js';

/**
 * In-class mode (issue 24 item 2; decision 0155): a classroom activity run live in the room. One
 * session at a time per course (`inclass_sessions_running_key`), holding roll calls with their
 * check-ins, polls with their answers, random picks and (with `inclass.user_action_track` on) the
 * learners' focus changes.
 */
export const inclassSessions = pgTable(
  'inclass_sessions',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Whether learners' focus changes were recorded in this session (the org's `inclass.user_action_track` when it started). */
    tracksActions: boolean('tracks_actions').notNull().default(false),
  },
  (t) => [
    uniqueIndex('inclass_sessions_running_key')
      .on(t.courseId)
      .where(sql`ended_at is null`),
    index('inclass_sessions_activity_idx').on(t.activityId),
  ],
);

/** A roll call: a code learners type (or scan as a QR code); check-ins after `late_after` count as late. */
export const inclassRollcalls = pgTable(
  'inclass_rollcalls',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => inclassSessions.id, { onDelete: 'cascade' }),
    method: text('method').$type<'code' | 'qr'>().notNull(),
    code: text('code').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Check-ins after this instant are late; null: none is. */
    lateAfter: timestamp('late_after', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('inclass_rollcalls_session_idx').on(t.sessionId)],
);

/** One learner's check-in to a roll call (once). */
export const inclassCheckins = pgTable(
  'inclass_checkins',
  {
    id: serial('id').primaryKey(),
    rollcallId: integer('rollcall_id')
      .notNull()
      .references(() => inclassRollcalls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    isLate: boolean('is_late').notNull(),
  },
  (t) => [uniqueIndex('inclass_checkins_rollcall_user_key').on(t.rollcallId, t.userId)],
);

/**
 * A quick question or poll: one subject in the stored form of exam subjects (`type`, `description`,
 * `score`, `data`), written for the session or copied from one of the course's exam subjects.
 */
export const inclassPolls = pgTable(
  'inclass_polls',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => inclassSessions.id, { onDelete: 'cascade' }),
    /** The exam subject it was copied from, if any (kept when that subject is deleted later). */
    sourceSubjectId: integer('source_subject_id'),
    type: text('type').notNull(),
    description: text('description').notNull(),
    score: integer('score').notNull().default(1),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('inclass_polls_session_idx').on(t.sessionId)],
);

/** One learner's answer to a poll (the last one given while it was open); `is_correct` null when the subject has no key. */
export const inclassAnswers = pgTable(
  'inclass_answers',
  {
    id: serial('id').primaryKey(),
    pollId: integer('poll_id')
      .notNull()
      .references(() => inclassPolls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').$type<unknown>(),
    isCorrect: boolean('is_correct'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('inclass_answers_poll_user_key').on(t.pollId, t.userId)],
);

/** A learner picked at random by the instructor. */
export const inclassPicks = pgTable(
  'inclass_picks',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => inclassSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pickedAt: timestamp('picked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('inclass_picks_session_idx').on(t.sessionId)],
);

/** A learner's focus change on the in-class page (`inclass.user_action_track`): left it (`blur`) or came back (`focus`). */
export const inclassActions = pgTable(
  'inclass_actions',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => inclassSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').$type<'focus' | 'blur'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('inclass_actions_session_user_idx').on(t.sessionId, t.userId)],
);
