import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CourseLearningStatsSchema,
  ErrorBodySchema,
  isLocale,
  LearningExportQuerySchema,
  LearningStatsQuerySchema,
  LearningStudentsPageSchema,
  LearningStudentsQuerySchema,
  StudentLearningStatsSchema,
} from '@atrium/contracts';
import { requestLocale } from '../../lib/i18n/server-messages.js';
import { actorOf, requireAccount } from '../../plugins/auth.js';
import { courseLearningStats, exportLearningStudents, learningStudents, studentLearningStats } from './learning.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const CourseParamsSchema = z.object({ courseId: z.coerce.number().int().positive() });
const StudentParamsSchema = CourseParamsSchema.extend({ userId: z.coerce.number().int().positive() });

/** A course's learning statistics, per course and per student, and their export (issue 25 item 3; spec §7 `/api/stat/…`). */
export const learningStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/stat/courses/:courseId/learning', {
    config: { action: 'course.read_statistics' },
    schema: {
      tags: ['stats'],
      summary:
        'A course’s learning dashboard over a period (UTC days, 30 ending today by default, at most 366): events, active students and completions per day, video coverage, exam and homework results, forum participation',
      params: CourseParamsSchema,
      querystring: LearningStatsQuerySchema,
      response: { 200: CourseLearningStatsSchema, ...errors },
    },
    handler: async (request) => courseLearningStats(app.deps, actorOf(request), request.params.courseId, request.query),
  });
  app.get('/api/stat/courses/:courseId/learning/students', {
    config: { action: 'course.read_statistics' },
    schema: {
      tags: ['stats'],
      summary:
        'A page of the course’s students with their completion, last activity, video coverage, score rate and forum posts; sortable, filtered by name or number',
      params: CourseParamsSchema,
      querystring: LearningStudentsQuerySchema,
      response: { 200: LearningStudentsPageSchema, ...errors },
    },
    handler: async (request) => learningStudents(app.deps, actorOf(request), request.params.courseId, request.query),
  });
  app.get('/api/stat/courses/:courseId/learning/students/:userId', {
    config: { action: 'course.read_statistics' },
    schema: {
      tags: ['stats'],
      summary:
        'One student’s learning over a period: their row, events and completions per day, and each activity as they met it (404 for a user who is not a student of the course)',
      params: StudentParamsSchema,
      querystring: LearningStatsQuerySchema,
      response: { 200: StudentLearningStatsSchema, ...errors },
    },
    handler: async (request) => studentLearningStats(app.deps, actorOf(request), request.params.courseId, request.params.userId, request.query),
  });
  app.get('/api/stat/courses/:courseId/learning/export', {
    config: { action: 'course.read_statistics' },
    schema: {
      tags: ['stats'],
      summary:
        'The students table of the learning statistics (every row of its search, in its order) as .xlsx or CSV (UTF-8 with BOM), headers in the asker’s language',
      params: CourseParamsSchema,
      querystring: LearningExportQuerySchema,
      response: { 200: z.any(), ...errors },
    },
    handler: async (request, reply) => {
      // The asker's language: the one they chose in their account, else what the request asks for (Accept-Language).
      const chosen = requireAccount(request).user.locale;
      const locale = isLocale(chosen) ? chosen : requestLocale(request.headers);
      const file = await exportLearningStudents(app.deps, actorOf(request), request.params.courseId, request.query, locale);
      return reply.header('Content-Type', file.contentType).header('Content-Disposition', contentDisposition(file.fileName)).send(file.bytes);
    },
  });
};
