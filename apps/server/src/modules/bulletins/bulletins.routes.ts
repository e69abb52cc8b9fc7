import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BulletinBodySchema,
  BulletinIdParamsSchema,
  BulletinListQuerySchema,
  BulletinListSchema,
  BulletinReadAllAnswerSchema,
  BulletinReadAllBodySchema,
  BulletinSchema,
  ErrorBodySchema,
} from '@atrium/contracts';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { createBulletin, deleteBulletin, getBulletin, listBulletins, markAllRead, markRead, updateBulletin } from './bulletins.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Organisation and course bulletins (issue 17 §3; spec §2 `/bulletin-list/?type=org|course`, §7 the unread popup list, page size 100). */
export const bulletinsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/bulletins', {
    config: { action: 'bulletin.create' },
    schema: {
      tags: ['bulletins'],
      summary:
        'Post a bulletin: `type: org` (org admins) or `type: course` with `course_id` (the course team); rich text sanitised; the author’s uploads as attachments',
      body: BulletinBodySchema,
      response: { 201: BulletinSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createBulletin(app.deps, actorOf(request), request.body)),
  });
  app.get('/api/bulletins', {
    config: { action: 'bulletin.list' },
    schema: {
      tags: ['bulletins'],
      summary:
        'The organisation’s bulletins (`type=org`) or course bulletins (`type=course`, one `course_id` or every course of mine): pinned first, then newest; `unread`, `show_on_popup`, `keyword` filters',
      querystring: BulletinListQuerySchema,
      response: { 200: BulletinListSchema, ...errors },
    },
    handler: async (request) => listBulletins(app.deps, actorOf(request), request.query),
  });
  app.put('/api/bulletins/read', {
    config: { action: 'bulletin.list' },
    schema: {
      tags: ['bulletins'],
      summary: 'Mark every published bulletin of a list (`type`, `course_id`) read',
      body: BulletinReadAllBodySchema,
      response: { 200: BulletinReadAllAnswerSchema, ...errors },
    },
    handler: async (request) => markAllRead(app.deps, actorOf(request), request.body),
  });
  app.get('/api/bulletins/:bulletinId', {
    config: { action: 'bulletin.read' },
    schema: {
      tags: ['bulletins'],
      summary: 'One bulletin (its readers; before its publish time only those who manage it)',
      params: BulletinIdParamsSchema,
      response: { 200: BulletinSchema, ...errors },
    },
    handler: async (request) => getBulletin(app.deps, actorOf(request), request.params.bulletinId),
  });
  app.put('/api/bulletins/:bulletinId', {
    config: { action: 'bulletin.manage' },
    schema: {
      tags: ['bulletins'],
      summary: 'Edit a bulletin (every field; type and course cannot change); an announced bulletin is not announced again',
      params: BulletinIdParamsSchema,
      body: BulletinBodySchema,
      response: { 200: BulletinSchema, ...errors },
    },
    handler: async (request) => updateBulletin(app.deps, actorOf(request), request.params.bulletinId, request.body),
  });
  app.delete('/api/bulletins/:bulletinId', {
    config: { action: 'bulletin.manage' },
    schema: {
      tags: ['bulletins'],
      summary: 'Delete a bulletin, its read marks and its attachments',
      params: BulletinIdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await deleteBulletin(app.deps, actorOf(request), request.params.bulletinId);
      return reply.status(204).send(null);
    },
  });
  app.put('/api/bulletins/:bulletinId/read', {
    config: { action: 'bulletin.read' },
    schema: {
      tags: ['bulletins'],
      summary: 'Mark one bulletin read (idempotent)',
      params: BulletinIdParamsSchema,
      response: { 200: BulletinSchema, ...errors },
    },
    handler: async (request) => markRead(app.deps, actorOf(request), request.params.bulletinId),
  });
};
