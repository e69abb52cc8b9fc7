import type { FastifyPluginAsync } from 'fastify';
import { ErrorBodySchema } from '@atrium/contracts';
import { statsRoutes as ingestionRoutes } from '@atrium/stats';
import { AppError } from '../../lib/app-error.js';

/**
 * The statistics server embedded (issue 25 item 1; decision 0147): with no STATS_URL, this server takes the
 * spec's four ingestion calls itself, on its database's `stats` schema. The reporter is the session's user
 * and organisation, or nobody for a visitor (`public.report`: anyone may report what they did).
 */
export const embeddedStatsRoutes: FastifyPluginAsync = async (app) => {
  if (app.deps.config.statsUrl) return;
  await app.register(ingestionRoutes, {
    db: app.deps.db,
    now: () => Date.now(),
    invalid: (field, message) => AppError.field(field, message),
    identify: (request) => ({ userId: request.account?.user.id ?? null, orgId: request.account?.user.orgId ?? null }),
    routeConfig: { action: 'public.report', auth: 'public' },
    errorSchemas: { 400: ErrorBodySchema, 413: ErrorBodySchema, 429: ErrorBodySchema },
  });
};
