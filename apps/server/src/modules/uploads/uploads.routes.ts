import type { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import rangeParser from 'range-parser';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CourseIdParamsSchema, CreateUploadBodySchema, ErrorBodySchema, UploadIdParamsSchema, UploadListSchema, UploadSchema } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { actorOf } from '../../plugins/auth.js';
import { presentUpload } from './uploads.presenter.js';
import { createUpload, deleteUpload, getUpload, listCourseUploads, openBlob, receiveContent } from './uploads.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Uploads, minimal (spec §7 "Uploads and previews"; the resumable block protocol comes with issue 4). */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Raw bodies of `PUT {upload_url}` arrive as a stream; the store enforces the size.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  app.post('/api/uploads', {
    schema: { tags: ['uploads'], summary: 'Create an upload (spec §3 creation payload); answers its upload_url', body: CreateUploadBodySchema, response: { 201: UploadSchema, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createUpload(app.deps, actorOf(request), request.body)),
  });

  app.put('/api/uploads/:id/content', {
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
    schema: { tags: ['uploads'], summary: 'One upload', params: UploadIdParamsSchema, querystring: z.object({ preview: z.string().optional() }), response: { 200: UploadSchema, ...errors } },
    handler: async (request) => presentUpload((await getUpload(app.deps, actorOf(request), request.params.id)).row),
  });

  app.get('/api/uploads/:id/blob', {
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
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, max-age=3600');
      const ranges = request.headers.range ? rangeParser(blob.size, request.headers.range, { combine: true }) : undefined;
      if (ranges === -1) return reply.status(416).header('Content-Range', `bytes */${blob.size}`).send();
      const range = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
      if (range) {
        reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`).header('Content-Length', range.end - range.start + 1);
        return reply.send(await app.deps.storage.get(blob.key, range));
      }
      reply.header('Content-Length', blob.size);
      return reply.send(await app.deps.storage.get(blob.key));
    },
  });

  app.delete('/api/uploads/:id', {
    schema: { tags: ['uploads'], summary: 'Delete an upload and its bytes', params: UploadIdParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteUpload(app.deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get('/api/courses/:id/uploads', {
    schema: { tags: ['uploads'], summary: 'The files of a course, newest first', params: CourseIdParamsSchema, response: { 200: UploadListSchema, ...errors } },
    handler: async (request) => ({ uploads: await listCourseUploads(app.deps, actorOf(request), request.params.id) }),
  });
};
