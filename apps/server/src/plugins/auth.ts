import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import type { AppDeps } from '../lib/deps.js';
import { ROUTE_ACTIONS, type RouteAction } from '../modules/access/actions.js';
import { resolveSession } from '../modules/auth/auth.service.js';
import type { UserWithOrg } from '../modules/users/users.repository.js';

/** Name of the session cookie (httpOnly, SameSite=Lax). */
export const SESSION_COOKIE = 'atrium_session';

/** The signed-in user as services see it. */
export interface Actor {
  id: number;
  orgId: number;
  role: number;
  name: string;
  departmentId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for anonymous requests. */
    account: UserWithOrg | null;
  }
  interface FastifyContextConfig {
    /** 'public' routes skip the session check; every other /api/ route needs a signed-in user (401). */
    auth?: 'public' | 'user';
    /** What the route does, from the action catalogue (modules/access/actions.ts); required on every API route (issue 14 §1). */
    action?: RouteAction;
    /** Forms another site posts on purpose, authorised by what they carry (an LTI tool's signed JWT, decision 0153), not by a cookie: the cross-site check lets them through. */
    allowCrossSite?: boolean;
  }
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/**
 * Resolves the session cookie on every request and refuses anonymous calls to
 * /api/ routes not marked `config: { auth: 'public' }` with 401 UNAUTHENTICATED.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    request.account = await resolveSession(app.deps, request.cookies[SESSION_COOKIE]);
    const routeUrl = request.routeOptions.url;
    if (!routeUrl || routeUrl.startsWith('/api/docs')) return; // unmatched (not-found handler answers) or the public OpenAPI pages
    const isApi = routeUrl.startsWith('/api/') || routeUrl.startsWith('/internal-api/');
    if (isApi && request.routeOptions.config.auth !== 'public' && !request.account) {
      throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    }
  });
});

/** Paths whose routes must declare an action: the APIs, the version file, the block-upload endpoints and the statistics streams outside `/api` (spec §7); not the OpenAPI pages. */
const ACTION_REQUIRED = /^\/(api|anonymous-api|internal-api|d|mkblk|bput|mkfile|learning-activity|research-activity)(\/|$)/;

/**
 * The start-up check of issue 14 §1: throws when an API route (any route under
 * /api/, /anonymous-api/, /internal-api/, /d/ or the block-upload paths, except
 * /api/docs) declares no `config.action` or one not in ROUTE_ACTIONS, so an app
 * with such a route fails to build and every test fails. Returns the action, or
 * undefined for a route that needs none.
 */
export function requireRouteAction(route: { method: string | string[]; url: string; config?: { action?: unknown } }): RouteAction | undefined {
  if (!ACTION_REQUIRED.test(route.url) || route.url.startsWith('/api/docs')) return undefined;
  const action = route.config?.action;
  const where = `${String(route.method)} ${route.url}`;
  if (action === undefined) throw new Error(`Route ${where} declares no action: add config: { action } from modules/access/actions.ts`);
  if (typeof action !== 'string' || !ROUTE_ACTIONS.has(action)) throw new Error(`Route ${where} declares an unknown action ${String(action)}`);
  return action as RouteAction;
}

/** The signed-in actor of a request whose route requires a user (the hook has already refused anonymous calls). */
export function actorOf(request: FastifyRequest): Actor {
  const { user } = requireAccount(request);
  return { id: user.id, orgId: user.orgId, role: user.role, name: user.name, departmentId: user.departmentId };
}

/** The signed-in account of a request, or a 401 UNAUTHENTICATED AppError. */
export function requireAccount(request: FastifyRequest): UserWithOrg {
  if (!request.account) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return request.account;
}

/** Sets the session cookie for `token` until `expiresAt`. */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
