import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, UpdateEmailBodySchema, UserSchema } from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { updateEmail } from './users.service.js';

/** My profile's changes beyond the account prompts' (issue 19 §5, `/user/settings`; decision 0133). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put('/api/user/email', {
    config: { action: 'self.write', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      summary: 'Change my e-mail address (with my current password); it starts unverified',
      body: UpdateEmailBodySchema,
      response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
    },
    handler: async (request) => updateEmail(app.deps, actorOf(request), request.body),
  });
};
