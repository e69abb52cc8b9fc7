import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ActivitiesForCoursesQuerySchema, ActivitiesForCoursesSchema, ErrorBodySchema } from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { activitiesForCourses } from './stats.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Learning statistics read from the main database (issue 25 item 3; spec §7 `/api/stat/…`). */
export const statQueriesRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
