import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthValidateResponseSchema, ErrorBodySchema, GetAuthCodeResponseSchema, ValidateAuthCodeBodySchema } from '@atrium/contracts';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { authValidate, sendAuthCode, validateAuthCode } from './authcodes.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };

/** Messaging-platform auth codes guarding the management area (spec §6, §7 auth_code calls). */
export const authCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/auth_code/get_auth_code', {
    config: { action: 'self.write' },
    schema: { tags: ['auth'], summary: 'Send a 6-character code (again after 60 s)', response: { 200: GetAuthCodeResponseSchema, ...errors } },
    handler: async (request) => sendAuthCode(app.deps, actorOf(request)),
  });
  app.post('/api/auth_code/validate_auth_code', {
    config: { action: 'self.write' },
    schema: {
      tags: ['auth'],
      summary: 'Validate the code sent',
      body: ValidateAuthCodeBodySchema,
      response: { 200: z.object({ dingtalk_auth_validate: z.literal(true) }), ...errors },
    },
    handler: async (request) => validateAuthCode(app.deps, actorOf(request), request.body.auth_code),
  });
  app.get('/api/auth_code/auth_validate', {
    config: { action: 'self.read' },
    schema: { tags: ['auth'], summary: 'Whether the management area may open now', response: { 200: AuthValidateResponseSchema, ...errors } },
    handler: async (request) => authValidate(app.deps, actorOf(request)),
  });
};
