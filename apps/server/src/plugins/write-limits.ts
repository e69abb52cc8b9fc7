import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes a person may make in one minute where a stricter cap than the general one applies
 * (issue 20 §8: the probe wrote 3,000 notes in 15 s): notes, forum posts and questions,
 * invitations, bulletins (new uploads have the general limit). Keyed by method and route URL as Fastify registers it.
 */
export const WRITE_CAPS_PER_MINUTE: Readonly<Record<string, number>> = {
  'POST /api/notes': 300,
  'POST /api/forum/:activityId/topics': 60,
  'POST /api/courses/:courseId/forum/topics': 60,
  'POST /api/courses/:courseId/teaching-team/topics': 60,
  'POST /api/topics/:topicId/replies': 120,
  'POST /api/uploads/:id/questions': 60,
  'POST /api/topics/:topicId/report': 30,
  'POST /api/replies/:replyId/report': 30,
  'POST /api/course/:id/invites': 60,
  'POST /api/courses/:id/team-teaching': 60,
  'POST /api/bulletins': 60,
};

/** Whom a write counts against: the signed-in user, else the address. */
function writerKey(request: FastifyRequest): string {
  return request.account ? `user:${request.account.user.id}` : `ip:${request.ip}`;
}

/**
 * Per-user limits on writes (issue 20 §8). Every state-changing route a signed-in user calls
 * (POST/PUT/PATCH/DELETE, not public and not token-authorised: upload blocks, callbacks and
 * feeds decide by their token and carry their own limits) gets a per-user limit of
 * `perMinute` writes a minute unless it declares its own `rateLimit`; the routes of
 * WRITE_CAPS_PER_MINUTE get their stricter cap. Counted by @fastify/rate-limit (registered
 * after this plugin, so it sees the limits set here); over the limit the answer is 429
 * RATE_LIMITED with `Retry-After` and `retry_after` (seconds), and nothing is written.
 * `perMinute` 0 turns the general limit off (the caps stay).
 */
export const writeLimitsPlugin = fp(async (app: FastifyInstance, options: { perMinute: number }) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    const config = (route.config ?? {}) as { auth?: string; action?: string; rateLimit?: unknown };
    if (config.rateLimit !== undefined || config.auth === 'public' || config.action?.startsWith('token.')) return;
    const cap = methods.map((m) => WRITE_CAPS_PER_MINUTE[`${m} ${route.url}`]).find((n) => n !== undefined);
    const max = cap ?? options.perMinute;
    if (!max) return;
    route.config = { ...config, rateLimit: { max, timeWindow: '1 minute', keyGenerator: writerKey } } as RouteOptions['config'];
  });
});

/** The 429 body of every rate limit: says when to try again (seconds, also in `Retry-After`). */
export function rateLimitedError(_request: FastifyRequest, context: { ttl: number; statusCode: number }): AppError {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return new AppError('RATE_LIMITED', `Too many requests; try again in ${seconds} s`, undefined, { retry_after: seconds });
}
