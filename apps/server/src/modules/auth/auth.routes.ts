import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, LoginBodySchema, UpdateLocaleBodySchema, UpdateTimeZoneBodySchema, UserSchema } from '@atrium/contracts';
import { SESSION_COOKIE, clearSessionCookie, requireAccount, setSessionCookie } from '../../plugins/auth.js';
import { presentUser } from '../users/users.presenter.js';
import { rateLimitedError } from '../../plugins/write-limits.js';
import { LoginLockedError, login, logout, updateLocale, updateTimeZone } from './auth.service.js';

/** A 429 of the sign-in: RATE_LIMITED and the seconds to wait (also in `Retry-After`). */
const RateLimitedBodySchema = ErrorBodySchema.extend({ retry_after: z.number().int().positive() });

/** Sign in (429 RATE_LIMITED with `Retry-After` while locked out after failed attempts, decision 0120 §1), sign out and who-am-I (issue 2 §5). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  app.post('/api/login', {
    config: {
      action: 'public.sign_in',
      auth: 'public',
      // Failed sign-ins are counted in the database per account and per address (decision 0120 §1), not by @fastify/rate-limit.
      rateLimit: false,
    },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with user name and password; sets the session cookie',
      body: LoginBodySchema,
      response: { 200: UserSchema, 401: ErrorBodySchema, 429: RateLimitedBodySchema },
    },
    handler: async (request, reply) => {
      const result = await login(app.deps, request.body, {
        previousToken: request.cookies[SESSION_COOKIE],
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      }).catch((error: unknown) => {
        if (!(error instanceof LoginLockedError)) throw error;
        const refusal = rateLimitedError(request, { ttl: error.retryAfterMs, statusCode: 429 });
        reply.header('retry-after', String(refusal.extra?.retry_after));
        throw refusal;
      });
      setSessionCookie(reply, result.token, result.expiresAt, config.cookieSecure);
      return result.user;
    },
  });

  app.post('/api/logout', {
    config: { action: 'public.sign_in', auth: 'public' },
    schema: { tags: ['auth'], summary: 'End the current session', response: { 204: z.null() } },
    handler: async (request, reply) => {
      await logout(app.deps, request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, config.cookieSecure);
      return reply.status(204).send(null);
    },
  });

  app.get('/api/user', {
    config: { action: 'self.read' },
    schema: { tags: ['auth'], summary: 'The signed-in user, or 401', response: { 200: UserSchema, 401: ErrorBodySchema } },
    handler: async (request) => presentUser(requireAccount(request)),
  });

  app.put('/api/user/time-zone', {
    config: { action: 'self.write' },
    schema: {
      tags: ['auth'],
      summary: 'Set my time zone (IANA name) or follow my organisation (null); answers me',
      body: UpdateTimeZoneBodySchema,
      response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
    },
    handler: async (request) => updateTimeZone(app.deps, requireAccount(request).user.id, request.body.time_zone),
  });

  app.put('/api/user/locale', {
    config: { action: 'self.write' },
    schema: {
      tags: ['auth'],
      summary: 'Set my interface language (spec §1; e-mails to me are written in it) or forget it (null); answers me',
      body: UpdateLocaleBodySchema,
      response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
    },
    handler: async (request) => updateLocale(app.deps, requireAccount(request).user.id, request.body.locale),
  });
};
