import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CourseCountsSchema,
  CourseIdParamsSchema,
  CourseListFilterSchema,
  CoursePageSchema,
  CourseSchema,
  CourseSettingsBodySchema,
  CourseSettingsSchema,
  ErrorBodySchema,
  ManagementPageQuerySchema,
  MessageResponseSchema,
  OutlineBodySchema,
  OutlineNotifyBodySchema,
  RecommendBodySchema,
  UpdateCourseBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import * as m from './course-management.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const params = CourseIdParamsSchema;
const tags = ['course management'];

/** The management area's course calls (spec §7 "Course header and management"). */
export const courseManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = app.deps;
  app.post('/api/courses', {
    config: { action: 'organisation.list' },
    schema: {
      tags,
      summary: 'The management course list, filtered and paged',
      querystring: ManagementPageQuerySchema,
      body: CourseListFilterSchema.optional(),
      response: { 200: CoursePageSchema, ...errors },
    },
    handler: async (req) => m.listManagedCourses(d, actorOf(req), req.body ?? {}, req.query.page, req.query.page_size),
  });
  app.get('/api/courses/count', {
    config: { action: 'organisation.list' },
    schema: { tags, summary: 'Counts of the management list', response: { 200: CourseCountsSchema, ...errors } },
    handler: async (req) => m.countManagedCourses(d, actorOf(req)),
  });
  app.get('/api/courses/settings', {
    config: { action: 'organisation.read' },
    schema: { tags, summary: 'The organisation’s course toggles', response: { 200: CourseSettingsSchema, ...errors } },
    handler: async (req) => m.readCourseSettings(d, actorOf(req)),
  });
  app.put('/api/courses/settings', {
    config: { action: 'organisation.manage' },
    schema: {
      tags,
      summary: 'Change the organisation’s course toggles (admins)',
      body: CourseSettingsBodySchema,
      response: { 200: CourseSettingsSchema, ...errors },
    },
    handler: async (req) => m.updateCourseSettings(d, actorOf(req), req.body),
  });
  for (const prefix of ['/api/courses', '/api/course']) {
    app.put(`${prefix}/:id`, {
      config: { action: 'course.edit' },
      schema: { tags, summary: 'Edit a course', params, body: UpdateCourseBodySchema, response: { 200: CourseSchema, ...errors } },
      handler: async (req) => m.updateCourse(d, actorOf(req), req.params.id, req.body),
    });
    app.delete(`${prefix}/:id`, {
      config: { action: 'course.delete' },
      schema: { tags, summary: 'Delete a course (it can be restored)', params, response: { 200: MessageResponseSchema, ...errors } },
      handler: async (req) => m.deleteCourse(d, actorOf(req), req.params.id),
    });
  }
  app.put('/api/courses/:id/restore', {
    config: { action: 'course.restore' },
    schema: { tags, summary: 'Restore a deleted course', params, response: { 200: CourseSchema, ...errors } },
    handler: async (req) => m.restoreCourse(d, actorOf(req), req.params.id),
  });
  app.put('/api/courses/:id/recommended', {
    config: { action: 'course.recommend' },
    schema: {
      tags,
      summary: 'Recommend a course (admins)',
      params,
      body: RecommendBodySchema,
      response: { 200: z.object({ recommended: z.boolean() }), ...errors },
    },
    handler: async (req) => m.setRecommended(d, actorOf(req), req.params.id, req.body.recommended),
  });
  app.put('/api/course/:id/outline', {
    config: { action: 'course.edit' },
    schema: { tags, summary: 'Edit the course outline', params, body: OutlineBodySchema, response: { 200: CourseSchema, ...errors } },
    handler: async (req) => m.updateOutline(d, actorOf(req), req.params.id, req.body.course_outline),
  });
  app.post('/api/outline/notify', {
    config: { action: 'course.edit' },
    schema: {
      tags,
      summary: 'E-mail the students that the outline changed',
      body: OutlineNotifyBodySchema,
      response: { 200: z.object({ message: z.string(), queued: z.number().int() }), ...errors },
    },
    handler: async (req) => m.notifyOutline(d, actorOf(req), req.body.course_ids),
  });
};
