import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArrearsSchema,
  CaptureCodeParamsSchema,
  ErrorBodySchema,
  ExternalPlayerUrlSchema,
  ResourceFilePlayerQuerySchema,
  RmsVideoUrlsSchema,
  UploadIdParamsSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { capturePlayerUrl, externalArrearsOf, resourceFilePlayerUrl, rmsPreview, rmsVideoUrls } from './external-players.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['previews'];

/** The external players' calls of spec §7 (lesson resources, captures, RMS) and their arrears checks; signed-in course members only. */
export const externalPlayersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/resource-file/:id/player-url', {
    config: { action: 'upload.read_content' },
    schema: {
      tags,
      summary: "A lesson resource's player URL (null with status_code and message: no provider configured)",
      params: UploadIdParamsSchema,
      querystring: ResourceFilePlayerQuerySchema,
      response: { 200: ExternalPlayerUrlSchema, ...errors },
    },
    handler: async (request) => resourceFilePlayerUrl(app.deps, actorOf(request), request.params.id),
  });
  app.get('/api/captures/:code/player-url', {
    config: { action: 'upload.read_content' },
    schema: {
      tags,
      summary: "A lecture capture's player URL (null with status_code and message: no provider configured)",
      params: CaptureCodeParamsSchema,
      response: { 200: ExternalPlayerUrlSchema, ...errors },
    },
    handler: async (request) => capturePlayerUrl(app.deps, actorOf(request), request.params.code),
  });
  app.get('/api/uploads/:id/rms-preview', {
    config: { action: 'upload.read_content' },
    schema: {
      tags,
      summary: "A file's RMS preview URL (null with status_code and message: no RMS service configured)",
      params: UploadIdParamsSchema,
      response: { 200: ExternalPlayerUrlSchema, ...errors },
    },
    handler: async (request) => rmsPreview(app.deps, actorOf(request), request.params.id),
  });
  app.get('/api/uploads/:id/rms-video-urls', {
    config: { action: 'upload.read_content' },
    schema: {
      tags,
      summary: "A file's RMS rendition URLs (none while no RMS service is configured)",
      params: UploadIdParamsSchema,
      response: { 200: RmsVideoUrlsSchema, ...errors },
    },
    handler: async (request) => rmsVideoUrls(app.deps, actorOf(request), request.params.id),
  });
  for (const prefix of ['/api/video-quizzes', '/api/resource-file']) {
    app.get(`${prefix}/org/arrears/:id`, {
      config: { action: 'upload.read_content' },
      schema: {
        tags,
        summary: "Whether the file's organisation is in transfer arrears (spec §7)",
        params: UploadIdParamsSchema,
        response: { 200: ArrearsSchema, ...errors },
      },
      handler: async (request) => externalArrearsOf(app.deps, actorOf(request), request.params.id),
    });
  }
};
