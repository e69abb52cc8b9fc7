import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DingTalkChatQuerySchema,
  DingTalkChatResponseSchema,
  DingTalkChatUpdateSchema,
  DingTalkConfigResponseSchema,
  DingTalkConfigSchema,
  DingTalkUserIdSchema,
  ErrorBodySchema,
  MessageResponseSchema,
  PutDingTalkChatBodySchema,
  PutDingTalkConfigBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { addToCourseChat, courseChat, dingTalkConfigOf, myDingTalkUserId, removeDingTalkConfig, setDingTalkConfig } from './dingtalk.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 502: ErrorBodySchema };

/** DingTalk chat group (issue 24 item 4; spec §7 `/api/ding-talk/*`; decision 0154). */
export const dingTalkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/org/ding-talk', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['ding-talk'],
      summary: 'My organisation’s DingTalk configuration (administrators; null when none)',
      response: { 200: DingTalkConfigResponseSchema, ...errors },
    },
    handler: async (request) => dingTalkConfigOf(app.deps, actorOf(request)),
  });
  app.put('/api/org/ding-talk', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['ding-talk'],
      summary: 'Set my organisation’s DingTalk application (app key, secret, open API address)',
      body: PutDingTalkConfigBodySchema,
      response: { 200: DingTalkConfigSchema, ...errors },
    },
    handler: async (request) => setDingTalkConfig(app.deps, actorOf(request), request.body),
  });
  app.delete('/api/org/ding-talk', {
    config: { action: 'organisation.manage' },
    schema: { tags: ['ding-talk'], summary: 'Remove my organisation’s DingTalk configuration', response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => removeDingTalkConfig(app.deps, actorOf(request)),
  });
  app.get('/api/ding-talk/user-id', {
    config: { action: 'self.read' },
    schema: { tags: ['ding-talk'], summary: 'My DingTalk user id (found by my bound mobile phone)', response: { 200: DingTalkUserIdSchema, ...errors } },
    handler: async (request) => myDingTalkUserId(app.deps, actorOf(request)),
  });
  app.get('/api/ding-talk/chat', {
    config: { action: 'course.view' },
    schema: {
      tags: ['ding-talk'],
      summary: 'The course’s DingTalk group and its members (null when it has none)',
      querystring: DingTalkChatQuerySchema,
      response: { 200: DingTalkChatResponseSchema, ...errors },
    },
    handler: async (request) => courseChat(app.deps, actorOf(request), request.query.course_id),
  });
  app.put('/api/ding-talk/chat', {
    config: { action: 'course.invite' },
    schema: {
      tags: ['ding-talk'],
      summary: 'Add course members to its DingTalk group, creating it when it has none; answers the useridlist',
      querystring: DingTalkChatQuerySchema,
      body: PutDingTalkChatBodySchema,
      response: { 200: DingTalkChatUpdateSchema, ...errors },
    },
    handler: async (request) => addToCourseChat(app.deps, actorOf(request), request.query.course_id, request.body),
  });
};
