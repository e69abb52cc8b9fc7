import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePlanRequestBodySchema,
  DecidePlanRequestBodySchema,
  ErrorBodySchema,
  OrgPlanSchema,
  PageQuerySchema,
  PlanRequestPageSchema,
  PlanRequestQuerySchema,
  PlanRequestSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { allPlanRequests, applyForPlanChange, decidePlanRequest, orgPlan, orgPlanRequests, withdrawPlanRequest } from './plans.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const RequestIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Organisation plans (issue 24 item 3; spec §2 `/management/plan`, the org plan apply popup, `/wg-admin/request`; decision 0151). */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/org/plan', {
    config: { action: 'plan.read' },
    schema: {
      tags: ['plans'],
      summary: 'My organisation’s plan (seats, storage, features, ends), what it uses, and its pending change request (administrators)',
      response: { 200: OrgPlanSchema, ...errors },
    },
    handler: async (request) => orgPlan(app.deps, actorOf(request)),
  });
  app.get('/api/org/plan/requests', {
    config: { action: 'plan.read' },
    schema: {
      tags: ['plans'],
      summary: 'My organisation’s plan change requests, newest first',
      querystring: PageQuerySchema,
      response: { 200: PlanRequestPageSchema, ...errors },
    },
    handler: async (request) => orgPlanRequests(app.deps, actorOf(request), request.query),
  });
  app.post('/api/org/plan/requests', {
    config: { action: 'plan.apply' },
    schema: {
      tags: ['plans'],
      summary: 'Apply for a plan change (the org plan apply popup): more seats or storage, features, a later end',
      body: CreatePlanRequestBodySchema,
      response: { 201: PlanRequestSchema, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await applyForPlanChange(app.deps, actorOf(request), request.body)),
  });
  app.delete('/api/org/plan/requests/:id', {
    config: { action: 'plan.apply' },
    schema: {
      tags: ['plans'],
      summary: 'Withdraw my organisation’s pending plan request',
      params: RequestIdParamsSchema,
      response: { 200: PlanRequestSchema, ...errors },
    },
    handler: async (request) => withdrawPlanRequest(app.deps, actorOf(request), request.params.id),
  });
  app.get('/api/wg-admin/plan-requests', {
    config: { action: 'plan.decide' },
    schema: {
      tags: ['plans'],
      summary: 'Every organisation’s plan requests, newest first (platform operators)',
      querystring: PlanRequestQuerySchema,
      response: { 200: PlanRequestPageSchema, ...errors },
    },
    handler: async (request) => allPlanRequests(app.deps, actorOf(request), request.query),
  });
  app.put('/api/wg-admin/plan-requests/:id', {
    config: { action: 'plan.decide' },
    schema: {
      tags: ['plans'],
      summary: 'Approve a plan request (its changes apply at once) or reject it (platform operators)',
      params: RequestIdParamsSchema,
      body: DecidePlanRequestBodySchema,
      response: { 200: PlanRequestSchema, ...errors },
    },
    handler: async (request) => decidePlanRequest(app.deps, actorOf(request), request.params.id, request.body),
  });
};
