import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { createObjectStore } from './storage/create-store.js';

/**
 * A worker process (`npm run worker`, ARCHITECTURE.md "jobs at scale"): the same
 * app with its job workers and no HTTP listener, for machines that only
 * transcode and convert. Needs PostgreSQL (`DATABASE_URL`): PGlite serves one
 * process, whose server already runs the workers in-process.
 */
async function worker(): Promise<void> {
  const config = loadConfig({ ...process.env, ATRIUM_WORKERS: 'true' });
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL (PostgreSQL): with the embedded PGlite, the server runs the workers itself.');
    process.exit(2);
  }
  const database = await openDatabase(config);
  await runMigrations(database);
  const app = await buildApp({ config, database, storage: await createObjectStore(config) });
  await app.ready();
  app.log.info({ driver: database.driver }, 'Atrium worker is processing uploads');
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'worker shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

worker().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
