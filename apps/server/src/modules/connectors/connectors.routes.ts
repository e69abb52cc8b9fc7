import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConnectorListSchema,
  ConnectorSchema,
  CourseIdParamsSchema,
  ENROLMENT_SYNC_PROVIDERS,
  EnrolmentSyncBodySchema,
  EnrolmentSyncPlanSchema,
  ErrorBodySchema,
  MessageResponseSchema,
  PutConnectorBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { orgConnectors, removeOrgConnector, setOrgConnector, syncFromUrp, syncItriEnrolments } from './connectors.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 502: ErrorBodySchema };
const ProviderParamsSchema = z.object({ provider: z.enum(ENROLMENT_SYNC_PROVIDERS) });

/** Campus connectors (issue 24 item 4; spec §7 `sync_from_urp`, `sync-itri-enrollments`; decision 0149). */
export const connectorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/org/connectors', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['connectors'],
      summary: 'My organisation’s campus connectors (administrators): each provider, configured or not',
      response: { 200: ConnectorListSchema, ...errors },
    },
    handler: async (request) => orgConnectors(app.deps, actorOf(request)),
  });
  app.put('/api/org/connectors/:provider', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['connectors'],
      summary: 'Set where a campus system publishes its enrolment CSV (and the bearer token sent with it)',
      params: ProviderParamsSchema,
      body: PutConnectorBodySchema,
      response: { 200: ConnectorSchema, ...errors },
    },
    handler: async (request) => setOrgConnector(app.deps, actorOf(request), request.params.provider, request.body),
  });
  app.delete('/api/org/connectors/:provider', {
    config: { action: 'organisation.manage' },
    schema: { tags: ['connectors'], summary: 'Remove a campus connector', params: ProviderParamsSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => removeOrgConnector(app.deps, actorOf(request), request.params.provider),
  });
  app.post('/api/courses/sync_from_urp', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['connectors'],
      summary: 'Enrolments from URP into the organisation’s courses: a dry run (default) previews, dry_run false adds what is missing',
      body: EnrolmentSyncBodySchema,
      response: { 200: EnrolmentSyncPlanSchema, ...errors },
    },
    handler: async (request) => syncFromUrp(app.deps, actorOf(request), request.body.dry_run),
  });
  app.put('/api/courses/:id/sync-itri-enrollments', {
    config: { action: 'course.enrol' },
    schema: {
      tags: ['connectors'],
      summary: 'Enrolments of this course from ITRI: a dry run (default) previews, dry_run false adds what is missing',
      params: CourseIdParamsSchema,
      body: EnrolmentSyncBodySchema,
      response: { 200: EnrolmentSyncPlanSchema, ...errors },
    },
    handler: async (request) => syncItriEnrolments(app.deps, actorOf(request), request.params.id, request.body.dry_run),
  });
};
