import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CourseIdParamsSchema,
  CoursePartnerInfoSchema,
  ErrorBodySchema,
  PartnerInfoBodySchema,
  PartnerTypeListSchema,
  PutPartnerTypesBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { coursePartnerInfo, createCoursePartnerInfo, partnerTypesOf, setPartnerTypes, updateCoursePartnerInfo } from './partners.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const OrgIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Associated partners (issue 24 item 4; spec §7; decision 0152). */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/orgs/:id/associated-partner-types', {
    config: { action: 'organisation.read' },
    schema: {
      tags: ['partners'],
      summary: 'The kinds of associated partner my organisation names (empty when none)',
      params: OrgIdParamsSchema,
      response: { 200: PartnerTypeListSchema, ...errors },
    },
    handler: async (request) => partnerTypesOf(app.deps, actorOf(request), request.params.id),
  });
  app.put('/api/org/associated-partner-types', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['partners'],
      summary: 'Set the kinds of associated partner of my organisation (administrators; the whole list)',
      body: PutPartnerTypesBodySchema,
      response: { 200: PartnerTypeListSchema, ...errors },
    },
    handler: async (request) => setPartnerTypes(app.deps, actorOf(request), request.body),
  });
  app.get('/api/courses/:id/associated-partner-info', {
    config: { action: 'course.view' },
    schema: {
      tags: ['partners'],
      summary: 'The partner this course is run with (null when none)',
      params: CourseIdParamsSchema,
      response: { 200: CoursePartnerInfoSchema, ...errors },
    },
    handler: async (request) => coursePartnerInfo(app.deps, actorOf(request), request.params.id),
  });
  app.post('/api/courses/:id/associated-partner-info', {
    config: { action: 'course.edit' },
    schema: {
      tags: ['partners'],
      summary: 'Record the partner this course is run with (instructors)',
      params: CourseIdParamsSchema,
      body: PartnerInfoBodySchema,
      response: { 201: CoursePartnerInfoSchema, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await createCoursePartnerInfo(app.deps, actorOf(request), request.params.id, request.body)),
  });
  app.put('/api/courses/:id/associated-partner-info', {
    config: { action: 'course.edit' },
    schema: {
      tags: ['partners'],
      summary: 'Change the partner this course is run with (instructors)',
      params: CourseIdParamsSchema,
      body: PartnerInfoBodySchema,
      response: { 200: CoursePartnerInfoSchema, ...errors },
    },
    handler: async (request) => updateCoursePartnerInfo(app.deps, actorOf(request), request.params.id, request.body),
  });
};
