import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { runStatsMigrations } from './migrate.js';
import { verifyReporterToken, type TokenProblem } from './reporter-token.js';
import { statsRoutes } from './routes.js';
import { statsQueryRoutes } from './query-routes.js';
import type { StatsDb } from './store.js';
import type { ColumnCopy } from './columnar/ingest-copy.js';

/** A field error of the statistics server on its own: the main server's body shape (`{ code, message, errors }`). */
class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A reporter token refused (401): `expired` (the web app fetches a new one and sends again) or `invalid`. */
class ReporterError extends Error {
  constructor(readonly problem: TokenProblem) {
    super(problem === 'expired' ? 'the reporter token has expired' : 'the reporter token is not valid');
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
 * `db`, errors in the main server's body shape.
 *
 * - **Who reports** (decision 0147): the main server's session does not reach another origin, so with
 *   `secret` (the `STATS_SECRET` both servers share) a batch's reporter token (body `reporter`, or
 *   `Authorization: Bearer`) names the user and organisation, or the main server itself forwarding its domain
 *   events (source `server`). A batch without one is a visitor's (anonymous); a token that does not verify is
 *   refused with 401 `REPORTER_TOKEN_EXPIRED` or `REPORTER_TOKEN_INVALID` (field `reporter`) and nothing is
 *   stored. Without `secret`, every batch is anonymous.
 * - **CORS**: the web app's pages at `allowedOrigins` (the main server's PUBLIC_URL) may read the answers of
 *   their `fetch` (cookies allowed, preflights answered for POST); beacons need none.
 */
export async function buildStatsServer(options: {
  db: StatsDb;
  now?: () => number;
  logger?: boolean;
  secret?: string;
  allowedOrigins?: readonly string[];
  /** Opt-in live copy of the stored events into a column store (STATS_COLUMN_STORE; decision 0148). */
  columnStore?: ColumnCopy;
  /** Days PostgreSQL keeps events by default (STATS_RETENTION_DAYS, default 730): older days are read from the column store. */
  retentionDays?: number;
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ReporterError) {
      const code = error.problem === 'expired' ? 'REPORTER_TOKEN_EXPIRED' : 'REPORTER_TOKEN_INVALID';
      return reply.status(401).send({ code, message: error.message, errors: { reporter: [error.message] } });
    }
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
  await app.register(cors, { origin: [...(options.allowedOrigins ?? [])], credentials: true, methods: ['POST'], maxAge: 3600 });
  app.get('/api/health', async () => ({ status: 'ok' }));
  const { secret } = options;
  await app.register(statsRoutes, {
    db: options.db,
    columnStore: options.columnStore,
    now: options.now ?? Date.now,
    invalid: (field, message) => new FieldError(field, message),
    identify: async (_request, token) => {
      if (!secret || token === undefined) return { userId: null, orgId: null };
      const verified = await verifyReporterToken(secret, token, (options.now ?? Date.now)());
      if ('problem' in verified) throw new ReporterError(verified.problem);
      return verified;
    },
  });
  if (secret) {
    await app.register(statsQueryRoutes, {
      db: options.db,
      secret,
      columnStore: options.columnStore?.store,
      retentionDays: options.retentionDays ?? 730,
      now: options.now ?? Date.now,
    });
  }
  return app;
}
