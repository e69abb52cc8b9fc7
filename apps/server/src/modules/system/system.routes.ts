import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema, VersionResponseSchema } from '@atrium/contracts';
import { detectTools } from './system-tools.js';

/** Health and version (issue 2 §4; spec §7 `/d/version`). Both are public. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', {
    config: { action: 'public.read', auth: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Database reachability and which system tools are present',
      response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
    },
    handler: async (_request, reply) => {
      const [reachable, tools] = await Promise.all([app.deps.database.ping(), detectTools()]);
      const body = {
        status: reachable ? ('ok' as const) : ('degraded' as const),
        database: { reachable, driver: app.deps.database.driver },
        tools,
        version: app.deps.version,
      };
      return reply.status(reachable ? 200 : 503).send(body);
    },
  });

  app.get('/d/version', {
    config: { action: 'public.read', auth: 'public' },
    schema: { tags: ['system'], summary: 'The build this server serves; the web app polls it every 600000 ms', response: { 200: VersionResponseSchema } },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { version: app.deps.version };
    },
  });
};
