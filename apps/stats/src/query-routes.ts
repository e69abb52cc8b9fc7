import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { courseDays, courseUserActivity, courseUserDays, type CourseDayCount, type StatsDb } from './store.js';
import type { ColumnStore } from './columnar/column-store.js';
import { verifyReporterToken } from './reporter-token.js';

/** The address of a course's days on the statistics server apart: the main server's learning dashboards read it. */
export const COURSE_DAYS_PATH = '/api/stat/course-days';
/** The address of a course's users' activity (and one user's days) on the statistics server apart. */
export const COURSE_USERS_PATH = '/api/stat/course-users';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'is not a day (YYYY-MM-DD)');

/** `POST /api/stat/course-days` body: a course, inclusive UTC days, and whom `active_students` counts (default every user). */
export const CourseDaysBodySchema = z.object({
  course_id: z.number().int().positive(),
  from: day,
  to: day,
  students: z.array(z.number().int().positive()).max(100_000).optional(),
});
export type CourseDaysBody = z.infer<typeof CourseDaysBodySchema>;

/** The answer: the days with events, oldest first, and where they were read (the rollups, the column store or both). */
export const CourseDaysAnswerSchema = z.object({
  days: z.array(z.object({ day: z.string(), events: z.number().int(), active_students: z.number().int() })),
  sources: z.array(z.enum(['rollups', 'column_store'])),
});
export type CourseDaysAnswer = z.infer<typeof CourseDaysAnswerSchema>;

/** `POST /api/stat/course-users` body: a course, whose activity (`users`; default every user with an event) and, with `days_of`, one user's days. */
export const CourseUsersBodySchema = z.object({
  course_id: z.number().int().positive(),
  users: z.array(z.number().int().positive()).max(100_000).optional(),
  days_of: z.object({ user_id: z.number().int().positive(), from: day, to: day }).optional(),
});
export type CourseUsersBody = z.infer<typeof CourseUsersBodySchema>;

/** The answer: each user's activity in the course (users without an event absent) and `days_of`'s days with events (empty without it). */
export const CourseUsersAnswerSchema = z.object({
  users: z.array(z.object({ user_id: z.number().int(), last_day: z.string(), last_at: z.number(), events: z.number().int() })),
  days: z.array(z.object({ day: z.string(), events: z.number().int() })),
});
export type CourseUsersAnswer = z.infer<typeof CourseUsersAnswerSchema>;

const ErrorSchema = z.object({ code: z.string(), message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

const DAY_MS = 24 * 3600_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The statistics server's read calls for the main server when it runs apart (decision 0147/0148), behind a
 * reporter token of source `server` (`Authorization: Bearer`, signed with the shared secret): anything else is
 * 401 `REPORTER_TOKEN_INVALID`/`_EXPIRED`, a browser's token 403 `FORBIDDEN` (these answers are the team's, not a
 * reporter's). Without a secret the routes are not registered.
 *
 * `POST /api/stat/course-days`: a course's days. Days from `retentionDays` before today on come from PostgreSQL's
 * rollups; older days, once retention may have removed them there, from the column store when there is one (it
 * holds every event PostgreSQL held: the live copy and the monthly export before retention). 400 naming the field
 * for a bad body or `from` after `to`.
 */
export const statsQueryRoutes: FastifyPluginAsyncZod<{
  db: StatsDb;
  secret: string;
  columnStore?: ColumnStore;
  retentionDays: number;
  now: () => number;
}> = async (app, options) => {
  /** True for the main server's token (source `server`); else answers 401 or 403 and false. */
  async function fromMainServer(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const verified = token ? await verifyReporterToken(options.secret, token, options.now()) : ({ problem: 'invalid' } as const);
    if ('problem' in verified) {
      const code = verified.problem === 'expired' ? 'REPORTER_TOKEN_EXPIRED' : 'REPORTER_TOKEN_INVALID';
      await reply.status(401).send({ code, message: 'the main server’s token is missing or not valid', errors: { authorization: ['is not valid'] } });
      return false;
    }
    if (verified.source !== 'server') {
      await reply.status(403).send({ code: 'FORBIDDEN', message: 'only the main server reads statistics here', errors: {} });
      return false;
    }
    return true;
  }

  app.post(COURSE_DAYS_PATH, {
    schema: {
      tags: ['stats'],
      summary: 'A course’s days (events, active users) for the main server’s dashboards',
      body: CourseDaysBodySchema,
      response: { 200: CourseDaysAnswerSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
    },
    handler: async (request, reply) => {
      if (!(await fromMainServer(request, reply))) return reply;
      const { course_id: courseId, from, to, students } = request.body;
      if (from > to) return reply.status(400).send({ code: 'VALIDATION_FAILED', message: 'from: is after to', errors: { from: ['is after to'] } });
      // The first day PostgreSQL surely still holds for every organisation: the server's retention before today.
      const split = utcDay(options.now() - (options.retentionDays - 1) * DAY_MS);
      const store = options.columnStore;
      const sources: CourseDaysAnswer['sources'] = [];
      let older: CourseDayCount[] = [];
      let recent: CourseDayCount[] = [];
      if (store && from < split) {
        const dayBeforeSplit = utcDay(Date.parse(`${split}T00:00:00Z`) - DAY_MS);
        older = await store.courseDays({ courseId, from, to: to < split ? to : dayBeforeSplit, students });
        sources.push('column_store');
      }
      if (!store || to >= split) {
        recent = await courseDays(options.db, courseId, store && from < split ? split : from, to, students);
        sources.push('rollups');
      }
      return { days: [...older, ...recent], sources };
    },
  });

  app.post(COURSE_USERS_PATH, {
    schema: {
      tags: ['stats'],
      summary: 'A course’s users’ activity and one user’s days (rollups) for the main server’s dashboards',
      body: CourseUsersBodySchema,
      response: { 200: CourseUsersAnswerSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
    },
    handler: async (request, reply) => {
      if (!(await fromMainServer(request, reply))) return reply;
      const { course_id: courseId, users, days_of: daysOf } = request.body;
      if (daysOf && daysOf.from > daysOf.to)
        return reply.status(400).send({ code: 'VALIDATION_FAILED', message: 'days_of.from: is after to', errors: { 'days_of.from': ['is after to'] } });
      const [activity, days] = await Promise.all([
        courseUserActivity(options.db, courseId, users),
        daysOf ? courseUserDays(options.db, courseId, daysOf.user_id, daysOf.from, daysOf.to) : Promise.resolve([]),
      ]);
      return { users: activity, days };
    },
  });
};
