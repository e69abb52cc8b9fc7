import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityFilesSchema,
  AnonymousUploadParamsSchema,
  CourseIdParamsSchema,
  ArrearsSchema,
  AudioSourceSchema,
  DocumentUrlSchema,
  ErrorBodySchema,
  GuestActivitySchema,
  OFFICE_PREVIEW_PROVIDERS,
  PlayerOptionsSchema,
  PreviewUrlSchema,
  ScormLaunchQuerySchema,
  UploadIdParamsSchema,
  UploadPreviewSchema,
  UploadTextSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import {
  arrearsOf,
  courseActivityFiles,
  guestActivityFiles,
  guestAudio,
  guestDocumentUrl,
  guestImageLocation,
  guestPlayer,
  guestPreview,
  guestScormFile,
  guestScormLaunch,
  guestText,
  officePreviewUrl,
} from './previews.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** Preview calls of spec §7 (office previewers, arrears) and the visitors' anonymous API of spec §6. */
export const previewsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const provider of OFFICE_PREVIEW_PROVIDERS) {
    app.get(`/api/uploads/:id/preview/${provider}`, {
      config: { action: 'upload.read_content' },
      schema: {
        tags: ['previews'],
        summary: `Where to preview an Office document (${provider}); our own PDF viewer unless an external provider is configured`,
        params: UploadIdParamsSchema,
        // The activity the file is opened in: a homework or exam allows the private and Aliyun previewers only for its own files (spec §6).
        querystring: z.object({ activity_id: z.coerce.number().int().positive().optional() }),
        response: { 200: PreviewUrlSchema, ...errors },
      },
      handler: async (request) => officePreviewUrl(app.deps, actorOf(request), request.params.id, provider, request.query.activity_id),
    });
  }

  app.get('/api/uploads/org/arrears/:id', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['previews'],
      summary: "Whether the upload's organisation is in transfer arrears (spec §7)",
      params: UploadIdParamsSchema,
      response: { 200: ArrearsSchema, ...errors },
    },
    handler: async (request) => arrearsOf(app.deps, actorOf(request), request.params.id),
  });

  app.get('/api/courses/:id/activity-files', {
    config: { action: 'course.view' },
    schema: {
      tags: ['previews'],
      summary: "Which activity (and exam subject) holds each course file, for the previewer's activity_id",
      params: CourseIdParamsSchema,
      response: { 200: ActivityFilesSchema, ...errors },
    },
    handler: async (request) => ({ items: await courseActivityFiles(app.deps, actorOf(request), request.params.id) }),
  });

  const guest = { config: { action: 'guest.read' as const, auth: 'public' as const } };
  app.get('/anonymous-api/:activityId/uploads', {
    ...guest,
    schema: {
      tags: ['previews'],
      summary: "Visitor list of an activity's files (guest preview on, activity and course published)",
      params: z.object({ activityId: z.coerce.number().int().positive() }),
      response: { 200: GuestActivitySchema, ...errors },
    },
    handler: async (request) => guestActivityFiles(app.deps, request.params.activityId),
  });
  app.get('/anonymous-api/:activityId/uploads/:id', {
    ...guest,
    schema: {
      tags: ['previews'],
      summary: 'Visitor preview of an upload (guest preview on, activity published and holding the upload)',
      params: AnonymousUploadParamsSchema,
      querystring: z.object({ preview: z.string().optional() }),
      response: { 200: UploadPreviewSchema, ...errors },
    },
    handler: async (request) => guestPreview(app.deps, request.params.activityId, request.params.id),
  });
  app.get('/anonymous-api/:activityId/uploads/audio/:id', {
    ...guest,
    schema: {
      tags: ['previews'],
      summary: 'Visitor audio with a signed URL',
      params: AnonymousUploadParamsSchema,
      response: { 200: AudioSourceSchema, ...errors },
    },
    handler: async (request) => guestAudio(app.deps, request.params.activityId, request.params.id),
  });
  app.get('/anonymous-api/:activityId/uploads/:id/text', {
    ...guest,
    schema: {
      tags: ['previews'],
      summary: 'Visitor text preview (first MiB)',
      params: AnonymousUploadParamsSchema,
      querystring: z.object({ preview: z.string().optional() }),
      response: { 200: UploadTextSchema, ...errors },
    },
    handler: async (request) => guestText(app.deps, request.params.activityId, request.params.id),
  });
  app.get('/anonymous-api/:activityId/uploads/document/:id/url', {
    ...guest,
    schema: {
      tags: ['previews'],
      summary: 'Visitor PDF URL (signed) and status',
      params: AnonymousUploadParamsSchema,
      response: { 200: DocumentUrlSchema, ...errors },
    },
    handler: async (request) => guestDocumentUrl(app.deps, request.params.activityId, request.params.id),
  });
  app.get('/anonymous-api/:activityId/uploads/:id/blob', {
    ...guest,
    schema: {
      tags: ['previews'],
      summary: "Visitor image: 302 to a signed, short-lived URL of the image's bytes",
      params: AnonymousUploadParamsSchema,
      response: { 302: z.null(), ...errors },
    },
    handler: async (request, reply) => reply.redirect(await guestImageLocation(app.deps, request.params.activityId, request.params.id), 302),
  });
  app.get('/anonymous-api/:activityId/uploads/:id/player-options', {
    ...guest,
    schema: {
      tags: ['previews'],
      summary: 'Visitor video-player options (signed renditions; nothing recorded)',
      params: AnonymousUploadParamsSchema,
      response: { 200: PlayerOptionsSchema, ...errors },
    },
    handler: async (request) => guestPlayer(app.deps, request.params.activityId, request.params.id),
  });
  app.get('/anonymous-api/:activityId/uploads/scorm/:id', {
    ...guest,
    schema: {
      tags: ['previews'],
      summary: "Visitor SCO launch: 302 to the content origin's bridge page (nothing stored)",
      params: AnonymousUploadParamsSchema,
      querystring: ScormLaunchQuerySchema,
      response: errors,
    },
    handler: async (request, reply) =>
      reply.redirect(
        await guestScormLaunch(app.deps, request.params.activityId, request.params.id, request.query.sco, app.scormContent.originFor(request)),
        302,
      ),
  });
  app.get('/anonymous-api/:activityId/uploads/scorm/:id/content/*', {
    ...guest,
    schema: {
      tags: ['previews'],
      summary: 'Visitor: a file of an extracted SCORM package: 302 to its signed address on the content origin',
      params: AnonymousUploadParamsSchema.extend({ '*': z.string().max(1024) }),
    },
    handler: async (request, reply) =>
      reply.redirect(
        await guestScormFile(app.deps, request.params.activityId, request.params.id, request.params['*'], app.scormContent.originFor(request)),
        302,
      ),
  });
};
