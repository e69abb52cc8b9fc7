import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CourseResourcesParamsSchema, CourseResourcesSchema, ErrorBodySchema, OpenClientUrlQuerySchema, OpenClientUrlSchema } from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { courseResources, openClientUrl } from './course-resources.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Course resources (issue 19 §3 and §7; spec §2 `/course/{id}/resource`, §7). */
export const courseResourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/user/course/:courseId/resources/folder', {
    config: { action: 'course.view' },
    schema: {
      tags: ['uploads'],
      summary:
        'Every file of a course the reader may open, by folder: course files (folder uploads by folder), then each activity’s files with the activity named; learners only files of open activities, never exam media; at most 1000 course and 1000 activity files (`truncated`)',
      params: CourseResourcesParamsSchema,
      response: { 200: CourseResourcesSchema, ...errors },
    },
    handler: async (request) => courseResources(app.deps, actorOf(request), request.params.courseId),
  });

  app.get('/api/blobstorage/open-client-url', {
    config: { action: 'self.read' },
    schema: {
      tags: ['uploads'],
      summary: 'The desktop client URL of a folder: null with a reason, as no desktop client is configured',
      querystring: OpenClientUrlQuerySchema,
      response: { 200: OpenClientUrlSchema, ...errors },
    },
    handler: async (request) => {
      actorOf(request);
      return openClientUrl(request.query.parent_id);
    },
  });
};
