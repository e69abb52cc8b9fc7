import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseDays, type CourseDayCount, type StatsDb } from './store.js';
import type { ColumnStore } from './columnar/column-store.js';
import { verifyReporterToken } from './reporter-token.js';

/** The address of a course's days on the statistics server apart: the main server's learning dashboards read it. */
export const COURSE_DAYS_PATH = '/api/stat/course-days';

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
  app.post(COURSE_DAYS_PATH, {
    schema: {
      tags: ['stats'],
      summary: 'A course’s days (events, active users) for the main server’s dashboards',
      body: CourseDaysBodySchema,
      response: { 200: CourseDaysAnswerSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
    },
    handler: async (request, reply) => {
      const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const verified = token ? await verifyReporterToken(options.secret, token, options.now()) : ({ problem: 'invalid' } as const);
      if ('problem' in verified) {
        const code = verified.problem === 'expired' ? 'REPORTER_TOKEN_EXPIRED' : 'REPORTER_TOKEN_INVALID';
        return reply.status(401).send({ code, message: 'the main server’s token is missing or not valid', errors: { authorization: ['is not valid'] } });
      }
      if (verified.source !== 'server') return reply.status(403).send({ code: 'FORBIDDEN', message: 'only the main server reads statistics here', errors: {} });
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
};
