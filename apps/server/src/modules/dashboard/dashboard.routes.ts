import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardSchema, ErrorBodySchema } from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { userDashboard } from './dashboard.service.js';

/** The home page's one call (issue 19 §5; spec §2 `/user/index`; decision 0133). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/user/dashboard', {
    config: { action: 'self.read' },
    schema: {
      tags: ['dashboard'],
      summary: 'My home page: today’s timetable in the window sent, deadlines of the next 7 days, recent courses, unread notifications, newest bulletins',
      querystring: DashboardQuerySchema,
      response: { 200: DashboardSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
    },
    handler: async (request) => userDashboard(app.deps, actorOf(request), request.query),
  });
};
