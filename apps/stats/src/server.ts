import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { runStatsMigrations } from './migrate.js';
import { statsRoutes } from './routes.js';
import type { StatsDb } from './store.js';

/** A field error of the statistics server on its own: the main server's body shape (`{ code, message, errors }`). */
class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The statistics server's own database: PostgreSQL at `databaseUrl`, else PGlite in `dataDir` (in memory when neither). */
export async function openStatsDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<{ db: StatsDb; close: () => Promise<void> }> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    await runStatsMigrations({ pool });
    return { db: drizzlePg(pool), close: () => pool.end() };
  }
  const pglite = await PGlite.create(options.dataDir);
  await runStatsMigrations({ pglite });
  return { db: drizzlePglite(pglite), close: () => pglite.close() };
}

/**
 * apps/stats on its own (issue 25 item 1: "its own process and its own schema"): the ingestion calls on
 * `db`, errors in the main server's body shape. Reporters are anonymous here: the main server's session
 * does not reach another origin (events carry what they concern; see decision 0147).
 */
export async function buildStatsServer(options: { db: StatsDb; now?: () => number; logger?: boolean }): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof FieldError) {
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: `${error.field}: ${error.message}`, errors: { [error.field]: [error.message] } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        (errors[field] ??= []).push(issue.message ?? 'is invalid');
      }
      const [first] = Object.entries(errors);
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: first ? `${first[0]}: ${first[1][0]}` : 'invalid request', errors });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ code: 'VALIDATION_FAILED', message: (error as Error).message, errors: { body: [(error as Error).message] } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on our side; try again later' });
  });
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.register(statsRoutes, {
    db: options.db,
    now: options.now ?? Date.now,
    invalid: (field, message) => new FieldError(field, message),
    identify: () => ({ userId: null, orgId: null }),
  });
  return app;
}
