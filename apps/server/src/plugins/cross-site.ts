import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/** Methods that change nothing (RFC 9110 §9.2.1 safe methods): never checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin (`scheme://host[:port]`) of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request came from the app's own pages (issue 20 §4, CSRF). Browsers
 * say where a request comes from: `Sec-Fetch-Site` (Fetch Metadata, sent by every current
 * browser) and `Origin` (sent on every cross-origin request and every POST). A request is
 * refused when the browser says it is cross-site or same-site (another port or subdomain, e.g.
 * the SCORM content origin) and its `Origin` is neither the configured public URL nor the
 * origin the request itself was addressed to (`Host`), or when it has an `Origin` that is
 * neither. A request with neither header is not a browser's (curl, a server-to-server call,
 * Fastify's inject in tests): it carries no ambient cookie of a victim, so it passes.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string | null): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  const allowed = (value: string | undefined) => {
    if (!value) return false;
    const o = originOf(value);
    if (!o) return false;
    return o === publicOrigin || o === `${request.protocol}://${request.host}`;
  };
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return !allowed(origin);
  if (origin !== undefined) return !allowed(origin);
  return false;
}

/**
 * Refuses cross-site state-changing requests with 403 CROSS_SITE_REQUEST before anything runs
 * (issue 20 §4): a page elsewhere cannot make a signed-in visitor join a course, create a
 * calendar feed or sign out, whatever its content type (a `text/plain` form POST included).
 */
export const crossSitePlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  const publicOrigin = originOf(options.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.allowCrossSite === true) return;
    if (isCrossSite(request, publicOrigin)) throw new AppError('CROSS_SITE_REQUEST', 'This request came from another site and was refused');
  });
});
