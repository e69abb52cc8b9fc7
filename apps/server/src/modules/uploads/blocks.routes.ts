import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlockProgressSchema,
  ErrorBodySchema,
  MkfileResultSchema,
  UploadCallbackBodySchema,
  UploadIdParamsSchema,
  UploadSchema,
  UptokenSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { issueUptoken, makeBlock, makeFile, putChunk, uploadOfToken } from './blocks.service.js';
import { storageCallback } from './upload-processing.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * The resumable block protocol on our own storage, compatible with Qiniu's v1
 * (mkblk, bput, mkfile; `Authorization: UpToken <token>`), the token call and
 * the storage callback (spec §7 "Uploads and previews", §9 chunk size).
 */
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  // Chunk bodies arrive as streams; the store enforces each block's size.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  app.get('/api/uptoken', {
    config: { action: 'upload.send' },
    schema: {
      tags: ['uploads'],
      summary: 'A token for the block protocol of one upload (spec §7)',
      querystring: z.object({ id: z.coerce.number().int().positive() }),
      response: { 200: UptokenSchema, ...errors },
    },
    handler: async (request) => issueUptoken(app.deps, actorOf(request), request.query.id),
  });

  app.post('/mkblk/:blockSize', {
    config: { action: 'token.use' },
    schema: {
      tags: ['uploads'],
      summary: 'Start a block (≤ 4,194,304 bytes) with its first chunk; Authorization: UpToken',
      params: z.object({ blockSize: z.coerce.number().int() }),
      response: { 200: BlockProgressSchema, ...errors, 413: ErrorBodySchema },
    },
    handler: async (request) => {
      const upload = await uploadOfToken(app.deps, request.headers.authorization);
      return makeBlock(app.deps, upload, request.params.blockSize, request.body as Readable);
    },
  });

  app.post('/bput/:ctx/:offset', {
    config: { action: 'token.use' },
    schema: {
      tags: ['uploads'],
      summary: 'The next chunk of a block; a stale or out-of-order ctx answers 701',
      params: z.object({ ctx: z.string().min(1).max(200), offset: z.coerce.number().int().nonnegative() }),
      response: { 200: BlockProgressSchema, ...errors, 413: ErrorBodySchema },
    },
    handler: async (request) => {
      const upload = await uploadOfToken(app.deps, request.headers.authorization);
      return putChunk(app.deps, upload, request.params.ctx, request.params.offset, request.body as Readable);
    },
  });

  app.post('/mkfile/:fileSize/key/:key', {
    config: { action: 'token.use' },
    schema: {
      tags: ['uploads'],
      summary: 'Assemble the blocks (body: comma-joined last ctx of each block) into the upload',
      params: z.object({ fileSize: z.coerce.number().int().nonnegative(), key: z.string().min(1) }),
      response: { 200: MkfileResultSchema, ...errors },
    },
    handler: async (request) => {
      const upload = await uploadOfToken(app.deps, request.headers.authorization);
      const body = typeof request.body === 'string' ? request.body : '';
      return makeFile(app.deps, upload, request.params.fileSize, request.params.key, body);
    },
  });

  app.post('/internal-api/upload/callback/:id', {
    config: { action: 'token.use', auth: 'public' },
    schema: {
      tags: ['uploads'],
      summary: 'The storage reports the bytes at file_key (Authorization: UpToken)',
      params: UploadIdParamsSchema,
      body: UploadCallbackBodySchema,
      response: { 200: UploadSchema, ...errors },
    },
    handler: async (request) => storageCallback(app.deps, request.headers.authorization, request.params.id, request.body.file_key),
  });
};
