import helmet from '@fastify/helmet';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** One Content-Security-Policy as directive name → sources (helmet's `directives` shape). */
export type CspDirectives = Record<string, string[]>;

/**
 * Hosts of the online-video players the app embeds in an iframe: the `embed_url`s that
 * `parseOnlineVideoUrl` (packages/contracts/src/activities/online-video.ts) makes for YouTube,
 * Vimeo, Bilibili, Youku and Tencent Video. Office previews and the external players of
 * spec §7 answer URLs of this origin (no provider is configured), so nothing else is framed.
 */
export const EMBEDDED_PLAYER_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://player.bilibili.com',
  'https://player.youku.com',
  'https://v.qq.com',
] as const;

/**
 * The policy of the web app and of every other response (issue 20 §2, decision 0120). No inline
 * script and no `eval` (the built index.html loads only files of this origin); inline styles are
 * allowed because antd's CSS-in-JS writes `<style>` elements at run time. Images may come from
 * any http(s) address because rich text keeps http(s) `<img>` sources (lib/sanitize-html.ts).
 * Media, uploads and downloads go through this server even with the S3 store (no presigned
 * URLs), so media-src and connect-src need no S3 origin. `blob:` serves pdf.js's worker and
 * the object URLs of downloads and recorded media.
 */
export function appCspDirectives(): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...EMBEDDED_PLAYER_ORIGINS],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
  };
}

/**
 * The policy of the SCORM content origin's answers (issue 20 §3, modules/scorm/scorm-content.ts):
 * package files and the bridge page. Real packages (Storyline, Captivate, Rise, iSpring) run
 * inline scripts and `eval`, load fonts and images as data: URLs, and often fetch libraries,
 * fonts and videos from CDNs. `'self'` is the content origin, which holds no session and no API;
 * the content listener replaces `frame-ancestors` with the app's origins.
 */
export function scormCspDirectives(): CspDirectives {
  return {
    'default-src': ["'self'", 'data:', 'blob:'],
    'script-src': ["'self'", "'unsafe-inline'", "'unsafe-eval'", 'blob:', 'https:'],
    'style-src': ["'self'", "'unsafe-inline'", 'https:'],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'media-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'", 'data:', 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'blob:', 'https:'],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/**
 * The policy of the API documentation (`/api/docs`, @fastify/swagger-ui's `staticCSP`): its
 * page loads Swagger UI's scripts and styles from this origin and the OpenAPI document with
 * fetch; Swagger UI's icons are data: URLs and it sets element styles at run time.
 */
export function docsCspDirectives(): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** A policy as its header value: `name src src; name src`. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

export interface SecurityHeadersOptions {
  /** `Strict-Transport-Security` max-age in seconds (HSTS_MAX_AGE); 0 sends no HSTS header. */
  hstsMaxAgeSeconds: number;
  /** The SCORM content origin as the app page's `frame-src` source for a request (issue 20 §3); none: frames of this origin only. */
  scormFrameSource?: (request: IncomingMessage) => string;
}

/**
 * Security headers on every response through @fastify/helmet (issue 20 §2, decision 0120):
 * the app's Content-Security-Policy (`appCspDirectives`, whose `frame-src` also names the SCORM
 * content origin, `scormFrameSource`; `/api/docs` sets `docsCspDirectives` itself; package files
 * are answered by the content listener with `scormCspDirectives`),
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`,
 * `X-Frame-Options: SAMEORIGIN`, `Cross-Origin-Opener-Policy: same-origin`,
 * `Cross-Origin-Resource-Policy: same-site`, and `Strict-Transport-Security` only when
 * `hstsMaxAgeSeconds` > 0. Headers are set in `onRequest`, so 4xx/5xx answers carry them too; a
 * route may still replace one (the blob route's `Content-Security-Policy: sandbox`). Register it
 * before any route.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const directives: Record<string, Array<string | ((request: IncomingMessage) => string)>> = appCspDirectives();
    const scormFrameSource = options.scormFrameSource;
    if (scormFrameSource) directives['frame-src'] = [...(directives['frame-src'] ?? []), (request) => scormFrameSource(request)];
    await app.register(helmet, {
      global: true,
      // No upgrade-insecure-requests (helmet's default): Atrium is also served over plain HTTP.
      contentSecurityPolicy: { useDefaults: false, directives },
      // Online-video players refuse to play without a Referer naming the embedding origin (YouTube's error 153).
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // same-site, not same-origin: the SCORM content origin (issue 20 §3) is another port of this host.
      crossOriginResourcePolicy: { policy: 'same-site' },
      strictTransportSecurity: options.hstsMaxAgeSeconds > 0 ? { maxAge: options.hstsMaxAgeSeconds, includeSubDomains: false } : false,
    });
  },
  { name: 'security-headers' },
);
