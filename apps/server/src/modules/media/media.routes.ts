import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityIdQuerySchema,
  AudioSourceSchema,
  ErrorBodySchema,
  ExamMediaParamsSchema,
  ExamPlayResultSchema,
  ExamPlayStatusResultSchema,
  PlayerOptionsSchema,
  PlayProgressBodySchema,
  PlayProgressSchema,
  SeekBodySchema,
  SeekResultSchema,
  UploadIdParamsSchema,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { sendStoredObject } from '../../lib/send-stored-object.js';
import { actorOf } from '../../plugins/auth.js';
import { audioSource, checkSeek, examPlay, examPlayStatus, openSignedMedia, playerOptions, reportProgress } from './media.service.js';
import { verifyMediaSignature } from './signed-url.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Media playback (issue 5, spec §3 Video-player options, Activity read record, Exam video settings; §4; decision 0030). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/media/:uploadId/:expires/:signature/*', {
    config: { action: 'token.use', auth: 'public' },
    schema: {
      tags: ['media'],
      summary: 'A signed, short-lived media URL (HLS playlist/segment, MP4, poster, audio, PDF); one byte Range',
      params: z.object({
        uploadId: z.coerce.number().int().positive(),
        expires: z.coerce.number().int(),
        signature: z.string().max(100),
        '*': z.string().max(300),
      }),
    },
    handler: async (request, reply) => {
      const { uploadId, expires, signature } = request.params;
      const userId = request.account?.user.id ?? 0;
      // A visitor's URL (user 0) stays valid for a visitor who happens to be signed in.
      const path = request.params['*'];
      const isValid =
        verifyMediaSignature(app.deps.config, uploadId, userId, expires, signature, path) ||
        (userId !== 0 && verifyMediaSignature(app.deps.config, uploadId, 0, expires, signature, path));
      if (!isValid) throw new AppError('MEDIA_URL_INVALID', 'This media link has expired or is not yours');
      const file = await openSignedMedia(app.deps, uploadId, path);
      reply
        .header('Content-Type', file.mimeType)
        .header('X-Content-Type-Options', 'nosniff')

        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', "sandbox; default-src 'none'");
      return sendStoredObject(reply, app.deps.storage, request.headers.range, file);
    },
  });

  app.get('/api/uploads/:id/player-options', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['media'],
      summary: 'Video-player options with signed rendition URLs (spec §3)',
      params: UploadIdParamsSchema,
      querystring: ActivityIdQuerySchema,
      response: { 200: PlayerOptionsSchema, ...errors },
    },
    handler: async (request) => playerOptions(app.deps, actorOf(request), request.params.id, request.query.activity_id),
  });

  app.post('/api/uploads/:id/play-progress', {
    config: { action: 'upload.read' },
    schema: {
      tags: ['media'],
      summary: 'Report played ranges (JSON or text/plain from sendBeacon); answers what the server credited',
      params: UploadIdParamsSchema,
      body: PlayProgressBodySchema,
      response: { 200: PlayProgressSchema, ...errors },
    },
    preValidation: async (request) => {
      if (typeof request.body === 'string') {
        try {
          request.body = JSON.parse(request.body) as typeof request.body;
        } catch {
          throw AppError.field('body', 'The progress report is not JSON');
        }
      }
    },
    handler: async (request) => reportProgress(app.deps, actorOf(request), request.params.id, request.body),
  });

  app.post('/api/uploads/:id/seek', {
    config: { action: 'upload.read' },
    schema: {
      tags: ['media'],
      summary: 'May the learner seek to this position? 403 MEDIA_FORWARD_SEEK_REFUSED beyond the furthest played point',
      params: UploadIdParamsSchema,
      body: SeekBodySchema,
      response: { 200: SeekResultSchema, ...errors },
    },
    handler: async (request) => checkSeek(app.deps, actorOf(request), request.params.id, request.body.activity_id, request.body.position),
  });

  app.get('/api/uploads/audio/:id', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['media'],
      summary: 'A playable audio with a signed URL (spec §7); 404 when missing or transcoding',
      params: UploadIdParamsSchema,
      querystring: z.object({ activity_id: z.coerce.number().int().positive().optional() }),
      response: { 200: AudioSourceSchema, ...errors },
    },
    handler: async (request) => audioSource(app.deps, actorOf(request), request.params.id, request.query.activity_id),
  });

  app.get('/api/exam-subjects/:subjectId/uploads/:uploadId/play-status', {
    config: { action: 'upload.read' },
    schema: {
      tags: ['media'],
      summary: 'Exam media play status and plays left (spec §3 Exam video settings)',
      params: ExamMediaParamsSchema,
      response: { 200: ExamPlayStatusResultSchema, ...errors },
    },
    handler: async (request) => examPlayStatus(app.deps, actorOf(request), request.params.subjectId, request.params.uploadId),
  });

  app.post('/api/exam-subjects/:subjectId/uploads/:uploadId/play', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['media'],
      summary: 'Count one play (atomically, never beyond the limit) and answer a signed URL',
      params: ExamMediaParamsSchema,
      response: { 200: ExamPlayResultSchema, ...errors, 410: ErrorBodySchema },
    },
    handler: async (request) => examPlay(app.deps, actorOf(request), request.params.subjectId, request.params.uploadId),
  });
};
