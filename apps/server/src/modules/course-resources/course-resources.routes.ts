import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CourseLibraryFileParamsSchema,
  CourseLibraryFilesBodySchema,
  CourseResourcesParamsSchema,
  CourseResourcesSchema,
  ErrorBodySchema,
  OpenClientUrlQuerySchema,
  OpenClientUrlSchema,
} from '@atrium/contracts';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { courseResources, openClientUrl, reuseLibraryFiles, stopReusingLibraryFile } from './course-resources.service.js';

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

  app.post('/api/user/course/:courseId/resources/library', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['uploads'],
      summary:
        'Reuse library files (my own or shared with me) in the course by reference: listed with the course’s files, no bytes copied, no quota charged again; the course team only',
      params: CourseResourcesParamsSchema,
      body: CourseLibraryFilesBodySchema,
      response: { 200: CourseResourcesSchema, ...errors },
    },
    handler: async (request) => reuseLibraryFiles(app.deps, actorOf(request), request.params.courseId, request.body),
  });

  app.delete('/api/user/course/:courseId/resources/library/:uploadId', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['uploads'],
      summary: 'Stop reusing a library file in the course (the file stays in its owner’s library)',
      params: CourseLibraryFileParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await stopReusingLibraryFile(app.deps, actorOf(request), request.params.courseId, request.params.uploadId);
      return reply.status(204).send(null);
    },
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
