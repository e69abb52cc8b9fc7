import { z } from 'zod';
import { CourseRoleSchema } from '../courses/courses.schemas.js';
import type { StatStream } from './stats.schemas.js';

/**
 * Teaching statistics and the research-activity export (issue 25 item 5; spec §7 "statistics export endpoints
 * under /api/stat"; decision 0147 "Teaching statistics and research export"). Days are UTC calendar days
 * `YYYY-MM-DD`, both ends of a period included; durations are hours (2 decimals); instants ISO 8601 UTC.
 */

const id = z.number().int().positive();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');
const count = z.number().int().nonnegative();

/**
 * The teaching actions the main server forwards to the `teaching_action` stream (modules/stats/stats.handlers.ts):
 * grading an exam attempt, grading a homework submission, publishing scores, answering in the forum as the team.
 * A statistics server may hold others (sent by another client); they are counted under their own name.
 */
export const TEACHING_ACTION_KINDS = ['exam.graded', 'homework.graded', 'scores.published', 'forum.answered'] as const;
export type TeachingActionKind = (typeof TEACHING_ACTION_KINDS)[number];

/** `from`, `to`: the period (inclusive UTC days, at most 366; by default the 30 days ending today); `course_id`: one course only. */
export const TeachingStatsQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  course_id: z.coerce.number().int().positive().optional(),
});
export type TeachingStatsQuery = z.infer<typeof TeachingStatsQuerySchema>;

/**
 * Teaching actions over the period by kind (`exam.graded` → 3; kinds without any are absent), from the statistics'
 * `teaching_action` events (the team's gradings, publications and forum answers, forwarded by the main server).
 */
export const TeachingActionCountsSchema = z.record(z.string(), count);
export type TeachingActionCounts = z.infer<typeof TeachingActionCountsSchema>;

/**
 * Grading turnaround over the gradings made in the period: `graded` how many, `median_hours` and `p90_hours` the
 * median and the 90th percentile (linear between ranks, as PostgreSQL's percentile_cont) of the hours from the
 * learner's hand-in to the grade; null with none graded. Homework: a submission (a group's once) from its
 * `submitted_at` to its `graded_at`. Exams: an attempt that needed the team (an answer the key does not grade) from
 * its `submitted_at` to the last such answer's grading, once the attempt is graded.
 */
export const TurnaroundSchema = z.object({
  graded: count,
  median_hours: z.number().nonnegative().nullable(),
  p90_hours: z.number().nonnegative().nullable(),
});
export type Turnaround = z.infer<typeof TurnaroundSchema>;

/** Turnaround of homework, of exams with manual grading, and of both together (not an average of the two). */
export const TeachingTurnaroundSchema = z.object({ homework: TurnaroundSchema, exam: TurnaroundSchema, all: TurnaroundSchema });
export type TeachingTurnaround = z.infer<typeof TeachingTurnaroundSchema>;

/**
 * Work waiting to be graded now (whatever the period): homework submissions handed in and not graded since their
 * last hand-in, and exam attempts submitted with an answer waiting for the team (previews left out).
 */
export const WaitingSchema = z.object({ homework: count, exam: count });
export type Waiting = z.infer<typeof WaitingSchema>;

/**
 * One member of a course's team in that course: `roles` their course roles (empty for an organisation admin who
 * acted in it without one); `actions` and `actions_total` their teaching actions; `content_created` the live
 * activities they created in the period (`activities.created_by_id`, `created_at`); `turnaround` of the gradings
 * they made.
 */
export const TeachingMemberSchema = z.object({
  user_id: id,
  name: z.string(),
  roles: z.array(CourseRoleSchema),
  actions: TeachingActionCountsSchema,
  actions_total: count,
  content_created: count,
  turnaround: TeachingTurnaroundSchema,
});
export type TeachingMember = z.infer<typeof TeachingMemberSchema>;

/**
 * One course: its figures over the period (every member's and everyone else's together — an activity whose creator
 * was deleted counts here only), what waits to be graded now, and its team members (instructors and assistants,
 * and anyone else with a figure in it), by name.
 */
export const TeachingCourseSchema = z.object({
  course_id: id,
  name: z.string(),
  course_code: z.string(),
  actions: TeachingActionCountsSchema,
  actions_total: count,
  content_created: count,
  turnaround: TeachingTurnaroundSchema,
  waiting: WaitingSchema,
  members: z.array(TeachingMemberSchema),
});
export type TeachingCourse = z.infer<typeof TeachingCourseSchema>;

/**
 * One team member over every course of the answer (an organisation admin's view is per instructor): `courses` how
 * many of them they are on the team of or have a figure in; `waiting` what waits to be graded now in the courses
 * they teach (instructor or assistant).
 */
export const TeachingPersonSchema = z.object({
  user_id: id,
  name: z.string(),
  courses: count,
  actions: TeachingActionCountsSchema,
  actions_total: count,
  content_created: count,
  turnaround: TeachingTurnaroundSchema,
  waiting: WaitingSchema,
});
export type TeachingPerson = z.infer<typeof TeachingPersonSchema>;

/**
 * `GET /api/stat/teaching?from&to&course_id`: instructors see the courses they teach (instructor or assistant), an
 * organisation's admins every live course of the organisation (`scope`); `course_id` narrows to one course (the
 * course team or the organisation's admins, 404/403 otherwise). `actions_available` is false when the statistics
 * server runs apart (STATS_URL): its events are not in this database, so every action count is 0 (the rest comes
 * from the main database and stands). `courses` by name; `members` (across the courses) by name; `totals` all
 * courses together.
 */
export const TeachingStatsSchema = z.object({
  from: day,
  to: day,
  scope: z.enum(['own_courses', 'organisation']),
  actions_available: z.boolean(),
  courses: z.array(TeachingCourseSchema),
  members: z.array(TeachingPersonSchema),
  totals: z.object({
    actions: TeachingActionCountsSchema,
    actions_total: count,
    content_created: count,
    turnaround: TeachingTurnaroundSchema,
    waiting: WaitingSchema,
  }),
});
export type TeachingStats = z.infer<typeof TeachingStatsSchema>;

/** The streams a research export may hold: research activity, and the learners' own doings when asked. */
export const RESEARCH_EXPORT_STREAMS = ['research_activity', 'learning_activity'] as const satisfies readonly StatStream[];
export type ResearchExportStream = (typeof RESEARCH_EXPORT_STREAMS)[number];

/**
 * `GET /api/stat/research-activity/export?from&to&format&streams`: the period (as TeachingStatsQuerySchema, 30 days
 * ending today by default); `format` csv (UTF-8 with BOM, RFC 4180) or json (an array); `streams` comma-separated
 * from RESEARCH_EXPORT_STREAMS, `research_activity` by default.
 */
export const ResearchExportQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  format: z.enum(['csv', 'json']).default('csv'),
  streams: z
    .string()
    .default('research_activity')
    .transform((value, ctx) => {
      const parts = [...new Set(value.split(',').map((part) => part.trim()))].filter((part) => part !== '');
      const known = RESEARCH_EXPORT_STREAMS as readonly string[];
      if (parts.length === 0 || parts.some((part) => !known.includes(part))) {
        ctx.addIssue({ code: 'custom', message: `a comma-separated list of ${RESEARCH_EXPORT_STREAMS.join(', ')}` });
        return z.NEVER;
      }
      return parts as ResearchExportStream[];
    }),
});
export type ResearchExportQuery = z.infer<typeof ResearchExportQuerySchema>;

/** Columns of the research export, in order (CSV header; JSON keys). */
export const RESEARCH_EXPORT_COLUMNS = ['pseudonym', 'ts', 'stream', 'action', 'source', 'course_id', 'activity_id', 'url', 'data'] as const;

/**
 * One exported event, pseudonymised: `pseudonym` a stable keyed hash of the user within the organisation
 * (HMAC-SHA-256, 32 hex digits; null for a visitor) — the same user is the same pseudonym in every export of the
 * organisation, and another in any other organisation's; no user id, name, e-mail or event id. `ts` when it
 * happened (ISO 8601 UTC, ms); `source` client or server; `url` the page's path without query or fragment; `data`
 * the event's other fields, person keys (`user_id`, `learner_ids`, …) pseudonymised the same way and names, e-mails
 * and phone numbers left out. In CSV, `data` is its JSON text and null is an empty cell.
 */
export const ResearchExportRowSchema = z.object({
  pseudonym: z.string().nullable(),
  ts: z.string(),
  stream: z.enum(RESEARCH_EXPORT_STREAMS),
  action: z.string(),
  source: z.enum(['client', 'server']),
  course_id: id.nullable(),
  activity_id: id.nullable(),
  url: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type ResearchExportRow = z.infer<typeof ResearchExportRowSchema>;
