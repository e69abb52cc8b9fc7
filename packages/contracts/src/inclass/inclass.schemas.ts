import { z } from 'zod';
import { ErrorBodySchema } from '../common/error-body.schemas.js';
import { AttemptSubjectSchema, CreateSubjectBodySchema, SubjectOptionSchema } from '../exams/exams.schemas.js';

/**
 * In-class mode (issue 24 item 2; spec §2 `/inclass/courses/{courseId}`, §6 `inclass.user_action_track`,
 * §7 `POST /api/course/{id}/inclass-report`; decision 0155): a classroom activity run live in the room.
 * The instructor starts a session, calls the roll (a code, typed or scanned as a QR code, with a late
 * rule), asks quick questions and polls (exam subjects), picks a learner at random; learners check in
 * and answer from their phones; the team's screen hears check-ins and answers through the session's
 * Server-Sent Events stream; the report gathers attendance and answers per session.
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

export const InclassSessionIdParamsSchema = z.object({ sessionId: z.coerce.number().int().positive() });
export const InclassRollcallIdParamsSchema = z.object({ rollcallId: z.coerce.number().int().positive() });
export const InclassPollIdParamsSchema = z.object({ pollId: z.coerce.number().int().positive() });

/** Subject types a quick question may have (answered in a few seconds on a phone). */
export const INCLASS_SUBJECT_TYPES = ['single_selection', 'multiple_selection', 'true_or_false', 'short_answer', 'fill_in_blank', 'numerical'] as const;
/** Subject types a poll (no right answer) may have. */
export const INCLASS_POLL_TYPES = ['single_selection', 'multiple_selection'] as const;

/** A learner as the team's screen shows them. */
export const InclassPersonSchema = z.object({ user_id: id, name: z.string(), user_no: z.string() });
export type InclassPerson = z.infer<typeof InclassPersonSchema>;

/** `present` on time, `late` after the late rule, `absent` not checked in. */
export const InclassAttendanceStatusSchema = z.enum(['present', 'late', 'absent']);
export type InclassAttendanceStatus = z.infer<typeof InclassAttendanceStatusSchema>;

export const InclassCheckinSchema = InclassPersonSchema.extend({ rollcall_id: id, checked_at: isoTime, is_late: z.boolean() });
export type InclassCheckin = z.infer<typeof InclassCheckinSchema>;

/** One roll call. `code` and `checkins` reach the team only (null / empty for learners); `my_status` the learner only. */
export const InclassRollcallSchema = z.object({
  id,
  method: z.enum(['code', 'qr']),
  code: z.string().nullable(),
  started_at: isoTime,
  late_after: isoTime.nullable(),
  closed_at: isoTime.nullable(),
  present_count: z.number().int().min(0),
  late_count: z.number().int().min(0),
  checkins: z.array(InclassCheckinSchema),
  my_status: InclassAttendanceStatusSchema.nullable(),
});
export type InclassRollcall = z.infer<typeof InclassRollcallSchema>;

export const InclassAnswerSchema = InclassPersonSchema.extend({
  poll_id: id,
  answer: z.unknown(),
  /** Null when the subject has no key (a poll, a short answer without accepted answers). */
  is_correct: z.boolean().nullable(),
  answered_at: isoTime,
});
export type InclassAnswer = z.infer<typeof InclassAnswerSchema>;

/**
 * A quick question (`kind: question`, with a key) or a poll (`kind: poll`, opinions). `subject` is the
 * learner's view (no key); the team also gets `options` with the key, `tally` (answers per option id,
 * `true`/`false` for true_or_false) and `answers`; the learner `my_answer`.
 */
export const InclassPollSchema = z.object({
  id,
  kind: z.enum(['question', 'poll']),
  subject: AttemptSubjectSchema,
  options: z.array(SubjectOptionSchema).optional(),
  started_at: isoTime,
  closed_at: isoTime.nullable(),
  answer_count: z.number().int().min(0),
  correct_count: z.number().int().min(0),
  tally: z.record(z.string(), z.number().int().min(0)),
  answers: z.array(InclassAnswerSchema),
  my_answer: z.unknown().optional(),
});
export type InclassPoll = z.infer<typeof InclassPollSchema>;

export const InclassPickSchema = InclassPersonSchema.extend({ picked_at: isoTime });
export type InclassPick = z.infer<typeof InclassPickSchema>;

/** A session as the requester may see it: the latest roll call, the latest poll, the latest pick (team). */
export const InclassSessionSchema = z.object({
  id,
  course_id: id,
  activity_id: id,
  activity_title: z.string(),
  started_at: isoTime,
  ended_at: isoTime.nullable(),
  /** Learners' focus changes are recorded (the organisation's `inclass.user_action_track` when the session started). */
  tracks_actions: z.boolean(),
  is_team: z.boolean(),
  student_count: z.number().int().min(0),
  rollcall: InclassRollcallSchema.nullable(),
  poll: InclassPollSchema.nullable(),
  pick: InclassPickSchema.nullable(),
});
export type InclassSession = z.infer<typeof InclassSessionSchema>;

/** `GET /api/courses/{id}/inclass`: what the in-class window opens on. `classrooms` lists the team's classroom activities (learners: empty). */
export const InclassOverviewSchema = z.object({
  course_id: id,
  course_name: z.string(),
  can_run: z.boolean(),
  classrooms: z.array(z.object({ id, title: z.string() })),
  session: InclassSessionSchema.nullable(),
});
export type InclassOverview = z.infer<typeof InclassOverviewSchema>;

/** 409 of `POST /api/activities/{id}/inclass-sessions`: INCLASS_SESSION_RUNNING names the running session (`session_id`); NOT_A_CLASSROOM has none. */
export const InclassStartRefusedBodySchema = ErrorBodySchema.extend({ session_id: id.nullable().optional() });

/** `POST /api/inclass-sessions/{id}/rollcalls`: a code (to type) or a QR code (to scan, the same code inside); check-ins after `late_after_minutes` are late (0: none is). */
export const StartRollcallBodySchema = z.object({
  method: z.enum(['code', 'qr']).default('code'),
  late_after_minutes: z.number().int().min(0).max(240).default(5),
});
export type StartRollcallBody = z.infer<typeof StartRollcallBodySchema>;

/** `POST /api/inclass-sessions/{id}/checkin`: the roll call's code (4 digits). */
export const CheckinBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'is not a 4-digit code'),
});

export const CheckinResponseSchema = z.object({ rollcall_id: id, status: z.enum(['present', 'late']), checked_at: isoTime });
export type CheckinResponse = z.infer<typeof CheckinResponseSchema>;

/**
 * `POST /api/inclass-sessions/{id}/polls`: `subject_id` copies one of the course's exam subjects (its
 * type among INCLASS_SUBJECT_TYPES), or `subject` is written on the spot (as for an exam; a poll's
 * options need no answer marked). One of the two, not both.
 */
export const StartPollBodySchema = z.object({
  kind: z.enum(['question', 'poll']).default('question'),
  subject_id: id.optional(),
  subject: CreateSubjectBodySchema.optional(),
});
export type StartPollBody = z.infer<typeof StartPollBodySchema>;

/** `POST /api/inclass-polls/{id}/answers`: by type, an option id, option ids, a boolean, a text, texts per blank or a number. */
export const PollAnswerBodySchema = z.object({ answer: z.unknown() });

export const PollAnswerResponseSchema = z.object({ poll_id: id, answered_at: isoTime });

/** `POST /api/inclass-sessions/{id}/picks`: among the learners checked in to the latest roll call (`present`), or all of the course's. */
export const PickBodySchema = z.object({ among: z.enum(['present', 'all']).default('present') });

/** `POST /api/inclass-sessions/{id}/actions` (with `inclass.user_action_track`): the learner left the page (`blur`) or came back (`focus`). */
export const InclassActionBodySchema = z.object({ action: z.enum(['focus', 'blur']) });

/** `GET /api/courses/{id}/inclass-sessions`: the course's sessions, newest first (course team). */
export const InclassSessionSummarySchema = z.object({
  id,
  activity_id: id,
  activity_title: z.string(),
  started_at: isoTime,
  ended_at: isoTime.nullable(),
  rollcall_count: z.number().int().min(0),
  poll_count: z.number().int().min(0),
});
export const InclassSessionListSchema = z.object({ items: z.array(InclassSessionSummarySchema), total: z.number().int().min(0) });
export type InclassSessionList = z.infer<typeof InclassSessionListSchema>;
export const InclassSessionListQuerySchema = z.object({
  activity_id: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** `GET /api/courses/{id}/inclass-subjects`: the course's exam subjects a quick question may copy (choice, true/false, short text, blanks, numbers). */
export const InclassSubjectListQuerySchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const InclassSubjectItemSchema = z.object({
  id,
  type: z.enum(INCLASS_SUBJECT_TYPES),
  description: z.string(),
  /** The exam holding it (null: the course's bank). */
  exam_title: z.string().nullable(),
});
export const InclassSubjectListSchema = z.object({ items: z.array(InclassSubjectItemSchema), total: z.number().int().min(0) });
export type InclassSubjectList = z.infer<typeof InclassSubjectListSchema>;

/** `POST /api/course/{id}/inclass-report` body: one session; `format` json (default), csv or xlsx (a download). */
export const InclassReportBodySchema = z.object({
  session_id: id,
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
});
export type InclassReportBody = z.infer<typeof InclassReportBodySchema>;

/**
 * The in-class report of one session: per learner their attendance at each roll call, their answer to
 * each poll (and whether it was right), and with action tracking how often they left the page.
 */
export const InclassReportSchema = z.object({
  session: InclassSessionSummarySchema,
  tracks_actions: z.boolean(),
  rollcalls: z.array(
    z.object({
      id,
      started_at: isoTime,
      method: z.enum(['code', 'qr']),
      present_count: z.number().int(),
      late_count: z.number().int(),
      absent_count: z.number().int(),
    }),
  ),
  polls: z.array(
    z.object({
      id,
      kind: z.enum(['question', 'poll']),
      type: z.string(),
      description: z.string(),
      answer_count: z.number().int(),
      correct_count: z.number().int(),
    }),
  ),
  students: z.array(
    InclassPersonSchema.extend({
      attendance: z.array(InclassAttendanceStatusSchema),
      /** Per poll, in `polls` order: the answer as text ('' when none) and whether it was right. */
      answers: z.array(z.object({ text: z.string(), is_correct: z.boolean().nullable() })),
      correct_count: z.number().int(),
      /** Times the learner left the page (null when actions were not tracked). */
      left_count: z.number().int().nullable(),
    }),
  ),
});
export type InclassReport = z.infer<typeof InclassReportSchema>;

/**
 * Events of `GET /api/inclass-sessions/{id}/stream` (Server-Sent Events): `checkin`, `answer` and
 * `action` reach the team only; `state` (something the whole room sees changed: a roll call or a poll
 * started or closed, a pick, the end) reaches everyone, who then read the session again.
 */
export const InclassStateEventSchema = z.object({
  reason: z.enum(['rollcall_started', 'rollcall_closed', 'poll_started', 'poll_closed', 'picked', 'ended', 'reconnected']),
});
export type InclassStateEvent = z.infer<typeof InclassStateEventSchema>;
export const InclassActionEventSchema = InclassPersonSchema.extend({ action: z.enum(['focus', 'blur']), at: isoTime });
export type InclassActionEvent = z.infer<typeof InclassActionEventSchema>;
