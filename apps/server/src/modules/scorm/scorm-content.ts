import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import { sendStoredObject } from '../../lib/send-stored-object.js';
import { serializeCsp, scormCspDirectives } from '../../plugins/security-headers.js';
import { AppError } from '../../lib/app-error.js';
import { verifyMediaSignature } from '../media/signed-url.js';
import { SCORM_CONTENT_SIGNER, SCORM_CONTENT_SCOPE } from './scorm-content-url.js';
import { findUpload } from '../uploads/uploads.repository.js';
import { SCORM_BRIDGE_SOURCE, SCORM_HOST_HTML } from './scorm-shim.js';
import { scormFileOf } from './scorm.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SCORM package content origin's listener (issue 20 §3); main.ts starts it after the app listens. */
    scormContent: ScormContentServer;
  }
}

/**
 * The package content origin (issue 20 §3, decision 0120): a second listener of this server,
 * serving only package files through signed paths, the bridge host page and its script. It has
 * no cookie parser, no session and no API: every other path, `/api/*` included, is 404.
 */
export class ScormContentServer {
  /** The content listener's port: the configured one until `listen`, then the bound one (a free port when configured 0). */
  port: number;
  /** The app listener's bound port, once known (frame-ancestors of package files). */
  appPort: number | undefined;
  readonly app: FastifyInstance;

  constructor(private readonly deps: AppDeps) {
    this.port = deps.config.scormContent.port;
    this.app = buildContentApp(deps, this);
  }

  /**
   * The content origin as the browser of `request` (an app request) reaches it: `SCORM_CONTENT_URL`
   * when configured, else the request's host name with the content port.
   */
  originFor(request: FastifyRequest): string {
    if (this.deps.config.scormContent.url) return this.deps.config.scormContent.url;
    return `${request.protocol}://${request.hostname}:${this.port}`;
  }

  /**
   * The app page's `frame-src` source for the content origin, from an app request's `Host` header:
   * the configured origin, else `host:port` without a scheme (matches the page's own scheme).
   */
  frameSourceFor(hostHeader: string | undefined): string {
    if (this.deps.config.scormContent.url) return this.deps.config.scormContent.url;
    const host = hostHeader && /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d+)?$/.test(hostHeader) ? hostHeader.replace(/:\d+$/, '') : 'localhost';
    return `${host}:${this.port}`;
  }

  /** Origins that may frame package files: the public URL, and this host at the app's port when the content origin is a port of it. */
  frameAncestorsFor(request: FastifyRequest): string[] {
    const ancestors = ["'self'", new URL(this.deps.config.publicUrl).origin];
    if (!this.deps.config.scormContent.url && this.appPort !== undefined) ancestors.push(`${request.protocol}://${request.hostname}:${this.appPort}`);
    return [...new Set(ancestors)];
  }

  /**
   * Starts listening on `host` after the app listens (`appPort`: its bound port). A default port
   * (PORT + 1) that is taken falls back to any free port; an explicit SCORM_CONTENT_PORT that is
   * taken fails the start. The bound port is then the one launches name.
   */
  async listen(host: string, appPort: number): Promise<void> {
    this.appPort = appPort;
    try {
      await this.app.listen({ port: this.port, host });
    } catch (error) {
      if (!(this.deps.config.scormContent.portIsDefault && (error as NodeJS.ErrnoException).code === 'EADDRINUSE')) throw error;
      this.deps.log.warn({ port: this.port }, 'SCORM content port taken; using any free port (set SCORM_CONTENT_PORT)');
      await this.app.listen({ port: 0, host });
    }
    this.port = (this.app.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

function buildContentApp(deps: AppDeps, content: ScormContentServer): FastifyInstance {
  const app = Fastify({ logger: false, trustProxy: false });
  app.addHook('onRequest', async (request, reply) => {
    const directives = { ...scormCspDirectives(), 'frame-ancestors': content.frameAncestorsFor(request) };
    reply
      .header('Content-Security-Policy', serializeCsp(directives))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      .header('Cross-Origin-Resource-Policy', 'same-site');
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ code: 'NOT_FOUND', message: 'Only SCORM package files are served here' }));
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AppError && error.code === 'SCORM_NOT_READY') return reply.status(409).send({ code: error.code, message: error.message });
    if (error instanceof AppError) return reply.status(404).send({ code: 'NOT_FOUND', message: error.message });
    deps.log.error({ err: error }, 'SCORM content failed');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Internal error' });
  });

  app.get('/atrium-scorm/host.html', async (_request, reply) =>
    reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(SCORM_HOST_HTML),
  );
  app.get('/atrium-scorm/bridge.js', async (_request, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(SCORM_BRIDGE_SOURCE),
  );
  app.get<{ Params: { id: string; expires: string; signature: string; '*': string } }>('/scorm/:id/:expires/:signature/*', async (request, reply) => {
    const id = Number(request.params.id);
    const expires = Number(request.params.expires);
    const path = request.params['*'];
    if (
      !Number.isSafeInteger(id) ||
      id <= 0 ||
      path.length > 1024 ||
      !verifyMediaSignature(deps.config, id, SCORM_CONTENT_SIGNER, expires, request.params.signature, SCORM_CONTENT_SCOPE + path)
    )
      return reply.status(403).send({ code: 'MEDIA_URL_INVALID', message: 'This package address has expired or is not valid; open the package again' });
    const row = await findUpload(deps.db, id);
    if (!row || row.deletedAt || row.type !== 'scorm') return reply.status(404).send({ code: 'NOT_FOUND', message: 'This package is gone' });
    const file = await scormFileOf(deps, row, path);
    reply.header('Content-Type', file.mimeType).header('Cache-Control', 'private, max-age=300');
    return sendStoredObject(reply, deps.storage, request.headers.range, file);
  });
  return app;
}
