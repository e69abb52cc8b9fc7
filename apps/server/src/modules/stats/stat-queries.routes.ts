import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivitiesForCoursesQuerySchema,
  ActivitiesForCoursesSchema,
  ErrorBodySchema,
  ReporterTokenSchema,
  StatsRetentionBodySchema,
  StatsRetentionSchema,
  XapiLrsExportAnswerSchema,
  XapiLrsExportBodySchema,
  XapiStatementResultSchema,
  XapiStatementsQuerySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { activitiesForCourses } from './stats.service.js';
import { courseStatements, exportToLrs } from './xapi.service.js';
import { orgRetention, setRetention } from './retention.service.js';
import { reporterToken } from './reporter.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** Learning statistics read from the main database (issue 25 item 3; spec §7 `/api/stat/…`). */
export const statQueriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/stat/reporter-token', {
    config: { action: 'public.report', auth: 'public' },
    schema: {
      tags: ['stats'],
      summary:
        'A token naming who reports (the signed-in user, or nobody), for the statistics server run apart (STATS_URL) to trust; null when the statistics are embedded or no secret is shared',
      response: { 200: ReporterTokenSchema, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const user = request.account?.user ?? null;
      return reporterToken(app.deps, user && { id: user.id, orgId: user.orgId });
    },
  });
  app.get('/api/stat/activities-for-courses', {
    config: { action: 'course.read_statistics' },
    schema: {
      tags: ['stats'],
      summary:
        'For each course (1–50, the course team or its organisation’s admins): its students and, per live activity in content order, how many opened it and how many completed it by its completion rule',
      querystring: ActivitiesForCoursesQuerySchema,
      response: { 200: ActivitiesForCoursesSchema, ...errors },
    },
    handler: async (request) => activitiesForCourses(app.deps, actorOf(request), request.query.course_ids),
  });
  app.get('/api/stat/xapi/statements', {
    config: { action: 'course.read_statistics' },
    schema: {
      tags: ['stats'],
      summary: 'A course’s learning events as xAPI 1.0.3 statements, oldest first, a page at a time (`more`: the next page, "" at the end)',
      querystring: XapiStatementsQuerySchema,
      response: { 200: XapiStatementResultSchema, ...errors },
    },
    handler: async (request) => courseStatements(app.deps, actorOf(request), request.query),
  });
  app.post('/api/stat/xapi/lrs-export', {
    config: { action: 'course.edit' },
    schema: {
      tags: ['stats'],
      summary: 'Send a course’s xAPI statements (of a period, or all) to a Learning Record Store (Basic credentials); answers how many went',
      body: XapiLrsExportBodySchema,
      response: { 200: XapiLrsExportAnswerSchema, 502: ErrorBodySchema, ...errors },
    },
    handler: async (request) => exportToLrs(app.deps, actorOf(request), request.body),
  });
  app.get('/api/org/stats-retention', {
    config: { action: 'organisation.read' },
    schema: {
      tags: ['stats'],
      summary: 'How many days the statistics keep my organisation’s events: its own setting (null: none) and the days in force',
      response: { 200: StatsRetentionSchema, ...errors },
    },
    handler: async (request) => orgRetention(app.deps, actorOf(request)),
  });
  app.put('/api/org/stats-retention', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['stats'],
      summary: 'Set how many days (31–36500) the statistics keep my organisation’s events, or null for the server’s default (administrators)',
      body: StatsRetentionBodySchema,
      response: { 200: StatsRetentionSchema, ...errors },
    },
    handler: async (request) => setRetention(app.deps, actorOf(request), request.body.days),
  });
};
