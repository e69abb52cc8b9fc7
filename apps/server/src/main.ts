import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDemoData, signInLines } from './modules/seed/demo-seed.js';
import { startupProblem } from './startup-errors.js';
import { createObjectStore } from './storage/create-store.js';

/** Starts one Atrium server: config → database → migrations → seed → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await runMigrations(database, { stats: !config.statsUrl });
  const storage = await createObjectStore(config);
  const app = await buildApp({ config, database, storage });
  const seeded = config.seed ? await seedDemoData(app.deps) : undefined;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  await app.scormContent.listen(config.host, (app.server.address() as AddressInfo).port); // issue 20 §3: the SCORM content origin
  app.log.info({ driver: database.driver, dataDir: config.dataDir }, `Atrium is serving at http://localhost:${config.port}`);
  // Issue 20 §11: the start that created the demo accounts says, in plain lines, where to sign in and as whom.
  if (seeded?.createdAccounts.includes('admin')) for (const line of signInLines(config.publicUrl)) console.log(line);
}

main().catch((error: unknown) => {
  // Issue 20 §10: a configuration or database problem is one line naming it and what to check.
  const problem = startupProblem(error, process.env.DATABASE_URL);
  console.error(problem ?? error);
  process.exit(1);
});
