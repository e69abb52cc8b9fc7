import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CourseIdParamsSchema,
  ErrorBodySchema,
  WarningListQuerySchema,
  WarningListSchema,
  WarningRulesAnswerSchema,
  WarningRulesInputSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { courseWarningRules, courseWarnings, orgWarningRules, setCourseWarningRules, setOrgWarningRules } from './warnings.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Early warning (issue 25 item 4): the course's alert list and the rules of the organisation and the course. */
export const warningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/courses/:id/warnings', {
    config: { action: 'course.read_statistics' },
    schema: {
      tags: ['warnings'],
      summary: 'The course’s alert list: students the early-warning rules flag now, by name, each with the reasons (`rule` keeps one rule’s)',
      params: CourseIdParamsSchema,
      querystring: WarningListQuerySchema,
      response: { 200: WarningListSchema, ...errors },
    },
    handler: async (request) => courseWarnings(app.deps, actorOf(request), request.params.id, request.query),
  });
  app.get('/api/courses/:id/warning-rules', {
    config: { action: 'course.read_statistics' },
    schema: {
      tags: ['warnings'],
      summary: 'The early-warning rules in force in a course (defaults, then the organisation’s, then the course’s) and what the course set',
      params: CourseIdParamsSchema,
      response: { 200: WarningRulesAnswerSchema, ...errors },
    },
    handler: async (request) => courseWarningRules(app.deps, actorOf(request), request.params.id),
  });
  app.put('/api/courses/:id/warning-rules', {
    config: { action: 'course.edit' },
    schema: {
      tags: ['warnings'],
      summary: 'Set the course’s own early-warning rules (a rule absent keeps the organisation’s; null turns it off)',
      params: CourseIdParamsSchema,
      body: WarningRulesInputSchema,
      response: { 200: WarningRulesAnswerSchema, ...errors },
    },
    handler: async (request) => setCourseWarningRules(app.deps, actorOf(request), request.params.id, request.body),
  });
  app.get('/api/org/warning-rules', {
    config: { action: 'organisation.read' },
    schema: {
      tags: ['warnings'],
      summary: 'My organisation’s early-warning rules: in force (over the defaults) and as it set them',
      response: { 200: WarningRulesAnswerSchema, ...errors },
    },
    handler: async (request) => orgWarningRules(app.deps, actorOf(request)),
  });
  app.put('/api/org/warning-rules', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['warnings'],
      summary: 'Set my organisation’s early-warning rules (administrators); courses may override them',
      body: WarningRulesInputSchema,
      response: { 200: WarningRulesAnswerSchema, ...errors },
    },
    handler: async (request) => setOrgWarningRules(app.deps, actorOf(request), request.body),
  });
};
