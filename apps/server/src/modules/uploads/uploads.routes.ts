import type { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CourseIdParamsSchema,
  CreateUploadBodySchema,
  CreateUploadVideoBodySchema,
  DocumentUrlSchema,
  ErrorBodySchema,
  PdfInfoSchema,
  ScreenShotBodySchema,
  ScreenShotShareBodySchema,
  UploadIdParamsSchema,
  EmbedMaterialSchema,
  UploadListSchema,
  UploadSchema,
  UploadSettingsSchema,
  UploadTextSchema,
  UploadPreviewSchema,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../access/authorize.js';
import { sendStoredObject } from '../../lib/send-stored-object.js';
import { actorOf } from '../../plugins/auth.js';
import {
  addVideo,
  documentUrl,
  markUploaded,
  openDerived,
  pdfInfoForStat,
  presentOne,
  readText,
  retryProcessing,
  shareScreenShot,
  uploadScreenShot,
} from './upload-processing.service.js';
import { presentPreview } from '../previews/previews.service.js';
import { createUpload, deleteUpload, embedMaterial, listCourseUploads, openBlob, receiveContent, uploadSettings } from './uploads.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Uploads (spec §7 "Uploads and previews"): creation, direct PUT, processing state, derived files, text, documents, screenshots. The block protocol is in blocks.routes.ts. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Raw bodies of `PUT {upload_url}` arrive as a stream; the store enforces the size.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  app.post('/api/uploads', {
    config: { action: 'upload.create' },
    schema: {
      tags: ['uploads'],
      summary: 'Create an upload (spec §3 creation payload); answers its upload_url',
      body: CreateUploadBodySchema,
      response: { 201: UploadSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createUpload(app.deps, actorOf(request), request.body)),
  });

  app.get('/api/uploads/embed-material/:id', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['uploads'],
      summary: 'An embedded online video with its player frame address (spec §7)',
      params: UploadIdParamsSchema,
      response: { 200: EmbedMaterialSchema, ...errors },
    },
    handler: async (request) => embedMaterial(app.deps, actorOf(request), request.params.id),
  });

  app.get('/api/uploads/settings', {
    config: { action: 'self.read' },
    schema: {
      tags: ['uploads'],
      summary: "The organisation's upload rules (spec §3 Org settings, §5)",
      response: { 200: UploadSettingsSchema, 401: ErrorBodySchema },
    },
    handler: async (request) => uploadSettings(app.deps, actorOf(request)),
  });

  app.put('/api/uploads/:id/content', {
    config: { action: 'upload.send' },
    bodyLimit: app.deps.config.maxUploadBytes,
    schema: {
      tags: ['uploads'],
      summary: 'Send the bytes of an upload (its upload_url); Content-Type application/octet-stream',
      params: UploadIdParamsSchema,
      response: { 200: UploadSchema, ...errors, 409: ErrorBodySchema, 413: ErrorBodySchema },
    },
    handler: async (request) => {
      if (!request.headers['content-type']?.startsWith('application/octet-stream')) {
        throw AppError.field('content-type', 'Send the file bytes with Content-Type application/octet-stream');
      }
      return receiveContent(app.deps, actorOf(request), request.params.id, request.body as Readable);
    },
  });

  app.get('/api/uploads/:id', {
    config: { action: 'upload.read' },
    schema: {
      tags: ['uploads'],
      summary: 'One upload; with ?preview=true also its audio, SCORM package state and is_text_file (spec §7)',
      params: UploadIdParamsSchema,
      querystring: z.object({ preview: z.string().optional() }),
      response: { 200: z.union([UploadPreviewSchema, UploadSchema]), ...errors },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const upload = await presentOne(app.deps, actor, request.params.id);
      if (request.query.preview !== 'true') return upload;
      const { row } = await authorize(app.deps, actor, 'upload.read', { uploadId: request.params.id });
      // The preview adds audio, scorm and is_text_file; its renditions are the ones signed for this actor.
      return { ...(await presentPreview(app.deps, row)), videos: upload.videos };
    },
  });

  app.get('/api/uploads/:id/blob', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['uploads'],
      summary: 'Download the bytes (attachment; inline with ?preview=true); supports one byte Range',
      params: UploadIdParamsSchema,
      querystring: z.object({ preview: z.enum(['true', 'false']).optional() }),
    },
    handler: async (request, reply) => {
      const isPreview = request.query.preview === 'true';
      const blob = await openBlob(app.deps, actorOf(request), request.params.id, isPreview);
      reply
        .header('Content-Type', blob.mimeType)
        .header('Content-Disposition', contentDisposition(blob.name, { type: isPreview ? 'inline' : 'attachment' }))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', 'sandbox')

        .header('Cache-Control', 'private, max-age=3600');
      return sendStoredObject(reply, app.deps.storage, request.headers.range, blob);
    },
  });

  app.delete('/api/uploads/:id', {
    config: { action: 'upload.manage' },
    schema: { tags: ['uploads'], summary: 'Delete an upload and its bytes', params: UploadIdParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteUpload(app.deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get('/api/courses/:id/uploads', {
    config: { action: 'course.view' },
    schema: { tags: ['uploads'], summary: 'The files of a course, newest first', params: CourseIdParamsSchema, response: { 200: UploadListSchema, ...errors } },
    handler: async (request) => ({ uploads: await listCourseUploads(app.deps, actorOf(request), request.params.id) }),
  });

  app.put('/api/uploads/:id/uploaded', {
    config: { action: 'upload.send' },
    schema: {
      tags: ['uploads'],
      summary: 'The transfer is done: check the bytes and queue processing (spec §7)',
      params: UploadIdParamsSchema,
      response: { 200: UploadSchema, ...errors, 409: ErrorBodySchema },
    },
    handler: async (request) => markUploaded(app.deps, actorOf(request), request.params.id),
  });

  app.post('/api/uploads/:id/videos', {
    config: { action: 'upload.manage' },
    schema: {
      tags: ['uploads'],
      summary: 'Record a rendition (spec §7): resolution, duration (s), width, height (px)',
      params: UploadIdParamsSchema,
      body: CreateUploadVideoBodySchema,
      response: { 200: UploadSchema, ...errors },
    },
    handler: async (request) => addVideo(app.deps, actorOf(request), request.params.id, request.body),
  });

  app.post('/api/uploads/:id/retry-transcode', {
    config: { action: 'upload.manage' },
    schema: {
      tags: ['uploads'],
      summary: 'Queue processing again (previewer "retry transcode")',
      params: UploadIdParamsSchema,
      response: { 200: UploadSchema, ...errors, 409: ErrorBodySchema },
    },
    handler: async (request) => retryProcessing(app.deps, actorOf(request), request.params.id),
  });

  app.get('/api/uploads/:id/text', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['uploads'],
      summary: 'The content of a text file (spec §7); the first MiB with ?preview=true',
      params: UploadIdParamsSchema,
      querystring: z.object({ preview: z.enum(['true', 'false']).optional() }),
      response: { 200: UploadTextSchema, ...errors },
    },
    handler: async (request) => readText(app.deps, actorOf(request), request.params.id, request.query.preview === 'true'),
  });

  for (const prefix of ['/api/uploads/document', '/api/uploads/reference/document']) {
    app.get(`${prefix}/:id/url`, {
      config: { action: 'upload.read_content' },
      schema: {
        tags: ['uploads'],
        summary: 'Where the PDF of a document is, and its status (spec §7)',
        params: UploadIdParamsSchema,
        response: { 200: DocumentUrlSchema, ...errors },
      },
      handler: async (request) => documentUrl(app.deps, actorOf(request), request.params.id),
    });
  }

  app.get('/api/uploads/reference/document/:id/pdf-info-for-stat', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['uploads'],
      summary: 'Page count and PDF key of a document (spec §7 Notes)',
      params: UploadIdParamsSchema,
      response: { 200: PdfInfoSchema, ...errors },
    },
    handler: async (request) => pdfInfoForStat(app.deps, actorOf(request), request.params.id),
  });

  app.get('/api/uploads/:id/derived/*', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['uploads'],
      summary: 'A derived file: HLS playlist/segment, MP4 rendition, poster, converted PDF; supports one byte Range',
      params: UploadIdParamsSchema.extend({ '*': z.string() }),
    },
    handler: async (request, reply) => {
      const file = await openDerived(app.deps, actorOf(request), request.params.id, request.params['*']);
      reply.header('Content-Type', file.mimeType).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, max-age=3600');
      return sendStoredObject(reply, app.deps.storage, request.headers.range, file);
    },
  });

  app.post('/api/uploads/screen-shot', {
    config: { action: 'upload.create' },
    bodyLimit: 21 * 1024 * 1024,
    schema: {
      tags: ['uploads'],
      summary: 'Store a screenshot sent as base64 PNG/JPEG',
      body: ScreenShotBodySchema,
      response: { 201: UploadSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await uploadScreenShot(app.deps, actorOf(request), request.body)),
  });

  app.post('/api/uploads/screen-shot/share-to', {
    config: { action: 'upload.create' },
    schema: {
      tags: ['uploads'],
      summary: "Copy one of my screenshots into a course's files",
      body: ScreenShotShareBodySchema,
      response: { 201: UploadSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await shareScreenShot(app.deps, actorOf(request), request.body.upload_id, request.body.course_id)),
  });
};
