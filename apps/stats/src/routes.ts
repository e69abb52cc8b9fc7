import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAT_STREAM_PATHS, STAT_STREAMS, StatBatchAnswerSchema, StatBatchSchema } from '@atrium/contracts';
import { ingest, type IngestDeps } from './ingest.js';
import type { Reporter } from './store.js';
import type { TokenReporter } from './reporter-token.js';

/** What the host gives the ingestion routes. */
export interface StatsRoutesOptions extends IngestDeps {
  /**
   * Who sent the request: the main server's signed-in user, or nobody; on its own, whom the batch's reporter
   * token (`reporter`, else `Authorization: Bearer`) names. A source of `server` marks the main server's
   * forwarded domain events. May throw the host's 401 (a token refused).
   */
  identify: (request: FastifyRequest, token: string | undefined) => Reporter | TokenReporter | Promise<Reporter | TokenReporter>;
  /** Route config the host wants on each route (the main server's declared action). */
  routeConfig?: Record<string, unknown>;
  /** Response schemas of the host's error bodies (400, 413, 429). */
  errorSchemas?: Record<number, unknown>;
}

/**
 * The spec's four ingestion calls (§7: `/api/user-actions`, `/api/teaching-action`, `/learning-activity`,
 * `/research-activity`), each `POST { events: [...] }` → `{ accepted, duplicates }` (issue 25 item 1). The body
 * may come as `application/json` or as `text/plain` holding JSON — what `navigator.sendBeacon` sends to another
 * origin without a CORS preflight. Register it unwrapped (not through fastify-plugin): the text parser then
 * stays with these routes.
 */
export const statsRoutes: FastifyPluginAsyncZod<StatsRoutesOptions> = async (app, options) => {
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = new Error('the body is not JSON') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
  for (const stream of STAT_STREAMS) {
    app.post(STAT_STREAM_PATHS[stream], {
      config: options.routeConfig ?? {},
      schema: {
        tags: ['stats'],
        summary: `Report ${stream.replace('_', ' ')} events (1–200; an event's id with its ts dedupes retries): how many were stored and how many were already held`,
        body: StatBatchSchema,
        response: { 200: StatBatchAnswerSchema, ...(options.errorSchemas ?? {}) },
      },
      handler: async (request) => {
        const bearer = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        const reporter = await options.identify(request, request.body.reporter ?? bearer);
        const source = 'source' in reporter ? reporter.source : 'client';
        return ingest(options, stream, source, { userId: reporter.userId, orgId: reporter.orgId }, request.body.events, request.body.sent_at);
      },
    });
  }
};
