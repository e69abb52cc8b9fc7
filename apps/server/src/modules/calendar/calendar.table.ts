import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EventTargetData } from '@atrium/contracts';
import { courses } from '../courses/courses.table.js';
import { courseGroups } from '../enrolments/course-groups.table.js';
import { departments, orgs } from '../orgs/orgs.table.js';
import { users } from '../users/users.table.js';

/** A calendar event (spec §3 Calendar event). All-day events end on the next day (exclusive). */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    color: text('color'),
    description: text('description'),
    location: text('location'),
    uploadIds: jsonb('upload_ids').$type<number[]>().notNull().default([]),
    targetType: text('target_type').$type<'self' | 'department' | 'course'>().notNull(),
    targetData: jsonb('target_data').$type<EventTargetData>().notNull().default({}),
    alertId: integer('alert_id'),
    sendEmailAlert: boolean('send_email_alert').notNull().default(false),
    /** When the e-mail alert is due (start minus the alert's minutes); null without an e-mail alert. */
    alertAt: timestamp('alert_at', { withTimezone: true }),
    alertSentAt: timestamp('alert_sent_at', { withTimezone: true }),
    tag: text('tag'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('calendar_events_creator_start_idx').on(t.createdById, t.startTime), index('calendar_events_alert_idx').on(t.alertAt)],
);

/**
 * Who an event addresses, one row per addressee: a user, a course (its members, all
 * roles or `role`), a course group, or a department (its users, optionally only org `role`). Resolved
 * when reading, so a student enrolled later sees the course's events too.
 */
export const calendarEventTargets = pgTable(
  'calendar_event_targets',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'cascade' }),
    role: smallint('role'),
    /** A course group (its members who are still enrolled in the group's course). */
    groupId: integer('group_id').references(() => courseGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('calendar_event_targets_group_idx').on(t.groupId),
    index('calendar_event_targets_event_idx').on(t.eventId),
    index('calendar_event_targets_user_idx').on(t.userId),
    index('calendar_event_targets_course_idx').on(t.courseId),
    index('calendar_event_targets_dept_idx').on(t.departmentId),
  ],
);

/** A timetable series of a course (spec §3 Timetable), stored as a rule and expanded per window (recurrence.ts). */
export const calendarTimetables = pgTable(
  'calendar_timetables',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    repeatType: text('repeat_type').$type<'no_repeat' | 'day' | 'week' | 'custom'>().notNull(),
    originRepeatType: text('origin_repeat_type').$type<'no_repeat' | 'day' | 'week' | 'custom'>().notNull(),
    repeatFrequency: integer('repeat_frequency'),
    repeatWeeklyDays: text('repeat_weekly_days'),
    repeatEndDate: text('repeat_end_date'),
    /** Occurrences starting at or after this instant belong to a later series (split). */
    until: timestamp('until', { withTimezone: true }),
    exdates: jsonb('exdates').$type<string[]>().notNull().default([]),
    location: text('location'),
    description: text('description'),
    color: text('color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('calendar_timetables_course_idx').on(t.courseId)],
);

/** A meeting (spec §3 Calendar meeting); `kind` tells calendar, instruction-team and cloud-classroom meetings apart. */
export const calendarMeetings = pgTable(
  'calendar_meetings',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'meeting' | 'instruction' | 'cloud_classroom'>().notNull().default('meeting'),
    title: text('title').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    description: text('description'),
    liveAddr: text('live_addr'),
    joinUrl: text('join_url'),
    replayAddress: jsonb('replay_address').$type<string[]>().notNull().default([]),
    auditStatus: text('audit_status').$type<'pending' | 'agree' | 'reject'>().notNull().default('pending'),
    hostUserId: integer('host_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopeOrgIds: text('scope_org_ids').notNull().default(''),
    participantIds: jsonb('participant_ids').$type<number[]>().notNull().default([]),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    teachingUnit: text('teaching_unit'),
    room: text('room'),
    /**
     * The start of the occurrence whose `meeting.starting` reminder was emitted (issue 17 §1); null
     * before any. A meeting moved to another start differs from it, so it is reminded again.
     */
    remindedStartAt: timestamp('reminded_start_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calendar_meetings_org_start_idx').on(t.orgId, t.startTime),
    index('calendar_meetings_host_idx').on(t.hostUserId),
    index('calendar_meetings_start_idx').on(t.startTime),
  ],
);

/** A user's private iCalendar feed: only the SHA-256 of the token is kept; deleting the row revokes the URL. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The token itself, so the owner can copy the URL again; revocable. */
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash), uniqueIndex('calendar_feeds_user_key').on(t.userId)],
);
