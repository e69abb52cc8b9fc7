import { z } from 'zod';

/**
 * The statistics server's ingestion calls (issue 25 item 1; spec §1 "the product reports usage to a separate
 * statistics server", §7 tracking posted to `/api/user-actions`, `/api/teaching-action`, `/learning-activity`,
 * `/research-activity`). Each takes a batch of events and answers how many were new and how many were retries
 * of events it already holds (an event's `id` with its `ts` is its identity: a retry resends both).
 */

/** Most events in one batch. */
export const STAT_BATCH_MAX = 200;
/** How far back an event's `ts` may be (an offline batch sent days later): 30 days, in ms. */
export const STAT_EVENT_MAX_AGE_MS = 30 * 24 * 3600_000;
/** How far ahead of the server's clock an event's `ts` may be (clock skew): 5 minutes, in ms. */
export const STAT_EVENT_MAX_SKEW_MS = 5 * 60_000;
/** Most bytes of an event's `data` once serialised as JSON. */
export const STAT_EVENT_DATA_MAX_BYTES = 4096;

/** The four streams of spec §7, each an ingestion path. */
export const STAT_STREAMS = ['user_action', 'teaching_action', 'learning_activity', 'research_activity'] as const;
export type StatStream = (typeof STAT_STREAMS)[number];
/** Ingestion path of each stream (spec §7, as named there). */
export const STAT_STREAM_PATHS: Record<StatStream, string> = {
  user_action: '/api/user-actions',
  teaching_action: '/api/teaching-action',
  learning_activity: '/learning-activity',
  research_activity: '/research-activity',
};

const id = z.number().int().positive();

/**
 * One event. `id`: the sender's id of the event (a UUID from the web app; 8–64 letters, digits, `-`, `_`).
 * `action`: what happened, dotted lower case (`page.view`, `activity.read`, `exam.submitted`). `ts`: when, in
 * epoch milliseconds (UTC), at most 30 days old and 5 minutes ahead. `course_id`, `activity_id`: what it
 * concerned; `url`: the page's path (≤ 2048 characters); `data`: anything else, ≤ 4 KB as JSON. Fields not
 * named here are kept in `data`.
 */
export const StatEventSchema = z
  .looseObject({
    id: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'),
    action: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/, 'dotted lower-case words (page.view)'),
    ts: z.number().int().positive(),
    course_id: id.nullish(),
    activity_id: id.nullish(),
    url: z.string().max(2048).nullish(),
    data: z.record(z.string(), z.unknown()).nullish(),
  })
  .refine((event) => event.data == null || JSON.stringify(event.data).length <= STAT_EVENT_DATA_MAX_BYTES, {
    path: ['data'],
    message: `at most ${STAT_EVENT_DATA_MAX_BYTES} bytes as JSON`,
  });
export type StatEvent = z.infer<typeof StatEventSchema>;

/**
 * Body of every ingestion call: 1–200 events, and `sent_at` — the sender's clock (epoch ms) as it sent them:
 * the server moves every `ts` by the difference to its own clock, so a device whose clock is off reports the
 * right times (and is judged by the 30-day / 5-minute window only after the correction).
 */
/**
 * A batch: 1–200 events; `sent_at` the sender's clock as it sent (epoch ms; times are corrected by its offset);
 * `reporter` the main server's reporter token (`GET /api/stat/reporter-token`) where the statistics server runs
 * apart from it — the way a beacon, which sets no header, names who reports (else `Authorization: Bearer`).
 */
export const StatBatchSchema = z.object({
  events: z.array(StatEventSchema).min(1).max(STAT_BATCH_MAX),
  sent_at: z.number().int().positive().optional(),
  reporter: z.string().min(1).max(2048).optional(),
});
export type StatBatch = z.infer<typeof StatBatchSchema>;

/** Answer of an ingestion call: events stored now, and events already held (retries, dropped). */
export const StatBatchAnswerSchema = z.object({ accepted: z.number().int().min(0), duplicates: z.number().int().min(0) });
export type StatBatchAnswer = z.infer<typeof StatBatchAnswerSchema>;

/** Most courses one `activities-for-courses` call reads. */
export const STAT_COURSES_MAX = 50;

/** `GET /api/stat/activities-for-courses?course_ids=1,2,3`: 1–50 course ids, comma-separated. */
export const ActivitiesForCoursesQuerySchema = z.object({
  course_ids: z
    .string()
    .transform((value, ctx) => {
      const parts = value.split(',').filter((part) => part.trim() !== '');
      const ids = parts.map((part) => Number(part.trim()));
      if (parts.length === 0 || ids.some((n) => !Number.isInteger(n) || n <= 0)) {
        ctx.addIssue({ code: 'custom', message: 'a comma-separated list of course ids' });
        return z.NEVER;
      }
      if (ids.length > STAT_COURSES_MAX) {
        ctx.addIssue({ code: 'custom', message: `at most ${STAT_COURSES_MAX} courses` });
        return z.NEVER;
      }
      return [...new Set(ids)];
    })
    .pipe(z.array(z.number().int().positive())),
});
export type ActivitiesForCoursesQuery = z.infer<typeof ActivitiesForCoursesQuerySchema>;

/**
 * One activity's figures among the course's students: how many opened it (`viewed_count`: a read record of any
 * kind) and how many completed it by its completion rule (`completed_count`; spec §3 completion criteria),
 * `completion_rate` = completed ÷ students (0 when the course has none).
 */
export const ActivityStatSchema = z.object({
  id,
  module_id: id,
  type: z.string(),
  title: z.string(),
  is_published: z.boolean(),
  viewed_count: z.number().int().min(0),
  completed_count: z.number().int().min(0),
  completion_rate: z.number().min(0).max(1),
});
export type ActivityStat = z.infer<typeof ActivityStatSchema>;

/** `GET /api/stat/activities-for-courses` answer: per course asked (in the order asked), its students and its live activities in content order. */
export const ActivitiesForCoursesSchema = z.object({
  items: z.array(z.object({ course_id: id, student_count: z.number().int().min(0), activities: z.array(ActivityStatSchema) })),
});
export type ActivitiesForCourses = z.infer<typeof ActivitiesForCoursesSchema>;

/** Most statements one page of `GET /api/stat/xapi/statements` holds. */
export const XAPI_PAGE_MAX = 500;

/**
 * `GET /api/stat/xapi/statements?course_id=&since=&until=&limit=&after=`: a course's learning events as xAPI
 * statements, oldest first (`since` inclusive, `until` exclusive, ISO 8601); `after` is the page key the
 * previous page's `more` carries.
 */
export const XapiStatementsQuerySchema = z.object({
  course_id: z.coerce.number().int().positive(),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(XAPI_PAGE_MAX).default(100),
  after: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{1,64}$/, 'a page key from `more`')
    .optional(),
});
export type XapiStatementsQuery = z.infer<typeof XapiStatementsQuerySchema>;

/** xAPI's StatementResult (xAPI 1.0.3 Part Three §2.1.3): `more` the address of the next page, "" at the end. */
export const XapiStatementResultSchema = z.object({ statements: z.array(z.record(z.string(), z.unknown())), more: z.string() });
export type XapiStatementResult = z.infer<typeof XapiStatementResultSchema>;

/** `POST /api/stat/xapi/lrs-export`: send a course's statements (optionally of a period) to a Learning Record Store. */
export const XapiLrsExportBodySchema = z.object({
  course_id: z.number().int().positive(),
  /** The LRS's xAPI endpoint (statements go to `{endpoint}/statements`). */
  endpoint: z.url({ protocol: /^https?$/ }),
  username: z.string().min(1).max(500),
  password: z.string().min(1).max(500),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
});
export type XapiLrsExportBody = z.infer<typeof XapiLrsExportBodySchema>;
export const XapiLrsExportAnswerSchema = z.object({ sent: z.number().int().min(0) });

/** `PUT /api/org/stats-retention`: days the statistics keep the organisation's events (31–36500), null for the server's default. */
export const StatsRetentionBodySchema = z.object({ days: z.number().int().min(31).max(36_500).nullable() });
/** `GET`/`PUT /api/org/stats-retention` answer: the organisation's own days (null: none set) and the days in force. */
export const StatsRetentionSchema = z.object({ days: z.number().int().nullable(), effective_days: z.number().int() });
export type StatsRetention = z.infer<typeof StatsRetentionSchema>;

/**
 * `GET /api/stat/reporter-token`: where the statistics server runs apart (`stats_url` in `GET /api/config`) and
 * both servers share a secret, a token (a JWT, HS256) naming the signed-in user and organisation (a visitor's
 * names nobody), and its expiry (ISO 8601, 12 hours on); `token` null when the statistics are embedded (the
 * session names the reporter) or no secret is configured (events arrive anonymous).
 */
export const ReporterTokenSchema = z.object({ token: z.string().nullable(), expires_at: z.string().nullable() });
export type ReporterToken = z.infer<typeof ReporterTokenSchema>;
