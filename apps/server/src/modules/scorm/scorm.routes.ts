import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBodySchema,
  ScormLaunchQuerySchema,
  ScormRuntimeBodySchema,
  ScormRuntimeQuerySchema,
  ScormRuntimeSchema,
  ScormRuntimeStoredSchema,
  UploadIdParamsSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { commitRuntime, launchLocation, launchRuntime, scormContentLocation } from './scorm.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** SCORM launch, content and runtime (spec §7 Scorm preview URL, decision 0031). */
export const scormRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/uploads/scorm/:id', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['scorm'],
      summary: "Launch a SCO: 302 to the content origin's bridge page, which loads its signed launch file (issue 20 §3)",
      params: UploadIdParamsSchema,
      querystring: ScormLaunchQuerySchema,
      response: errors,
    },
    handler: async (request, reply) =>
      reply.redirect(await launchLocation(app.deps, actorOf(request), request.params.id, request.query.sco, app.scormContent.originFor(request)), 302),
  });

  app.get('/api/uploads/scorm/:id/content/*', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['scorm'],
      summary: 'A file of an extracted SCORM package: 302 to its signed address on the content origin (never served here)',
      params: UploadIdParamsSchema.extend({ '*': z.string().max(1024) }),
    },
    handler: async (request, reply) =>
      reply.redirect(await scormContentLocation(app.deps, actorOf(request), request.params.id, request.params['*'], app.scormContent.originFor(request)), 302),
  });

  app.get('/api/uploads/scorm/:id/runtime', {
    config: { action: 'activity.open' },
    schema: {
      tags: ['scorm'],
      summary: 'Launch: my stored CMI for this SCO (total time accumulated), the version and the SCOs',
      params: UploadIdParamsSchema,
      querystring: ScormRuntimeQuerySchema,
      response: { 200: ScormRuntimeSchema, ...errors },
    },
    handler: async (request) => launchRuntime(app.deps, actorOf(request), request.params.id, request.query.activity_id, request.query.sco),
  });

  app.put('/api/uploads/scorm/:id/runtime', {
    config: { action: 'activity.open' },
    schema: {
      tags: ['scorm'],
      summary: 'Store my CMI for this SCO (status, score, suspend_data, location, session time)',
      params: UploadIdParamsSchema,
      querystring: ScormRuntimeQuerySchema,
      body: ScormRuntimeBodySchema,
      response: { 200: ScormRuntimeStoredSchema, ...errors },
    },
    handler: async (request) => commitRuntime(app.deps, actorOf(request), request.params.id, request.query.activity_id, request.query.sco, request.body.cmi),
  });
};
