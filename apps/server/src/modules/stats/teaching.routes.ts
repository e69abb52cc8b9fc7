import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, ResearchExportQuerySchema, TeachingStatsQuerySchema, TeachingStatsSchema } from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { researchExport, teachingStats } from './teaching.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** Teaching statistics and the research-activity export (issue 25 item 5; spec §7 `/api/stat/…`). */
export const teachingStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/stat/teaching', {
    config: { action: 'organisation.list' },
    schema: {
      tags: ['stats'],
      summary:
        'Teaching statistics over a period (UTC days, 30 ending today by default, at most 366) per course and team member: teaching actions by kind, content created, grading turnaround (median and p90 hours) and work waiting to be graded — an instructor’s own courses, or the organisation’s for its admins',
      querystring: TeachingStatsQuerySchema,
      response: { 200: TeachingStatsSchema, ...errors },
    },
    handler: async (request) => teachingStats(app.deps, actorOf(request), request.query),
  });
  app.get('/api/stat/research-activity/export', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['stats'],
      summary:
        'The organisation’s research-activity events (and learning activity when asked in `streams`) over a period, pseudonymised (a keyed hash per organisation for the user; no ids, names or e-mails), streamed as CSV or JSON (administrators)',
      querystring: ResearchExportQuerySchema,
      response: { 200: z.any(), ...errors },
    },
    handler: async (request, reply) => {
      const file = researchExport(app.deps, actorOf(request), request.query);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  });
};
