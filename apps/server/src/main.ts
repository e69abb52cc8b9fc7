import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDemoData } from './modules/seed/demo-seed.js';
import { createObjectStore } from './storage/create-store.js';

/** Starts one Atrium server: config → database → migrations → seed → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await runMigrations(database);
  const storage = createObjectStore(config);
  const app = await buildApp({ config, database, storage });
  if (config.seed) {
    await seedDemoData(app.deps);
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ driver: database.driver, dataDir: config.dataDir }, `Atrium is serving at http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
