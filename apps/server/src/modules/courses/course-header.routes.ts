import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActiveRoleBodySchema,
  CanUnpublishResponseSchema,
  CourseHeaderStateSchema,
  CourseIdParamsSchema,
  ErrorBodySchema,
  LiteConditionResponseSchema,
  PreviewBodySchema,
  PublishBodySchema,
  ReferResponseSchema,
  ReviewBodySchema,
  StudyCompletenessSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import * as header from './course-header.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const params = CourseIdParamsSchema;
const tags = ['course header'];

/** Course header calls (spec §7 "Course header and management": role, publish, review, lite, preview, inspect, completeness). */
export const courseHeaderRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = app.deps;
  app.get('/api/courses/:id/header', {
    config: { action: 'course.view' },
    schema: { tags, summary: 'What the course header shows me', params, response: { 200: CourseHeaderStateSchema, ...errors } },
    handler: async (req) => header.headerState(d, actorOf(req), req.params.id),
  });
  app.put('/api/course/:id/role', {
    config: { action: 'course.view' },
    schema: { tags, summary: 'Switch my active course role', params, body: ActiveRoleBodySchema, response: { 200: CourseHeaderStateSchema, ...errors } },
    handler: async (req) => header.setActiveRole(d, actorOf(req), req.params.id, req.body),
  });
  app.put('/api/courses/:id/publish', {
    config: { action: 'course.publish' },
    schema: { tags, summary: 'Publish or unpublish', params, body: PublishBodySchema, response: { 200: z.object({ published: z.boolean() }), ...errors } },
    handler: async (req) => header.setPublished(d, actorOf(req), req.params.id, req.body.published),
  });
  app.get('/api/courses/:id/can-unpublished', {
    config: { action: 'course.publish' },
    schema: { tags, summary: 'Whether the course may be unpublished', params, response: { 200: CanUnpublishResponseSchema, ...errors } },
    handler: async (req) => header.canUnpublish(d, actorOf(req), req.params.id),
  });
  app.put('/api/course/:id/manager/review', {
    config: { action: 'course.review' },
    schema: {
      tags,
      summary: 'Mark reviewed or unreviewed (instructor manager)',
      params,
      body: ReviewBodySchema,
      response: { 200: z.object({ review_status: ReviewBodySchema.shape.type }), ...errors },
    },
    handler: async (req) => header.setReview(d, actorOf(req), req.params.id, req.body),
  });
  app.get('/api/courses/:id/validate-lite-course-condition', {
    config: { action: 'course.switch_type' },
    schema: { tags, summary: 'Whether the course may become lite', params, response: { 200: LiteConditionResponseSchema, ...errors } },
    handler: async (req) => header.validateLite(d, actorOf(req), req.params.id),
  });
  app.put('/api/courses/:id/switch-lite', {
    config: { action: 'course.switch_type' },
    schema: { tags, summary: 'Switch to a lite course', params, response: { 200: z.object({ lite: z.boolean() }), ...errors } },
    handler: async (req) => header.switchType(d, actorOf(req), req.params.id, true),
  });
  app.put('/api/courses/:id/switch-normal', {
    config: { action: 'course.switch_type' },
    schema: { tags, summary: 'Switch back to a normal course', params, response: { 200: z.object({ lite: z.boolean() }), ...errors } },
    handler: async (req) => header.switchType(d, actorOf(req), req.params.id, false),
  });
  app.put('/api/courses/:id/preview', {
    config: { action: 'course.preview' },
    schema: {
      tags,
      summary: 'Enter preview mode (as a student or a visitor)',
      params,
      body: PreviewBodySchema.optional(),
      response: { 200: CourseHeaderStateSchema, ...errors },
    },
    handler: async (req) => header.enterPreview(d, actorOf(req), req.params.id, req.body ?? { as: 'student' }),
  });
  app.delete('/api/courses/:id/preview', {
    config: { action: 'course.preview' },
    schema: { tags, summary: 'Leave preview mode', params, response: { 200: ReferResponseSchema, ...errors } },
    handler: async (req) => header.leavePreview(d, actorOf(req), req.params.id),
  });
  app.put('/api/courses/:id/inspect', {
    config: { action: 'course.inspect' },
    schema: { tags, summary: 'Enter inspect (simulated teacher) mode', params, response: { 200: CourseHeaderStateSchema, ...errors } },
    handler: async (req) => header.enterInspect(d, actorOf(req), req.params.id),
  });
  app.delete('/api/courses/:id/inspect', {
    config: { action: 'course.inspect' },
    schema: { tags, summary: 'Leave inspect mode; answers where to go', params, response: { 200: ReferResponseSchema, ...errors } },
    handler: async (req) => header.leaveInspect(d, actorOf(req), req.params.id),
  });
  app.get('/api/courses/:id/study-completeness', {
    config: { action: 'course.view' },
    schema: { tags, summary: 'My study completeness and whether continue-study may open', params, response: { 200: StudyCompletenessSchema, ...errors } },
    handler: async (req) => header.studyCompleteness(d, actorOf(req), req.params.id),
  });
};
