// The statistics server on its own (issue 25 item 1): `npm start -w apps/stats`, or `node --import tsx apps/stats/src/main.ts`.
// STATS_DATABASE_URL (PostgreSQL; else PGlite in STATS_DATA_DIR, default ./data-stats), STATS_PORT (3100), STATS_HOST (0.0.0.0).
// STATS_SECRET (≥ 32 characters, the same as the main server's): reporter tokens name who reports; without it every
// event is anonymous. STATS_ALLOWED_ORIGINS: the web app's origins (comma-separated; the main server's PUBLIC_URL).
// The main server then names it in STATS_URL, and the web app's beacon goes there.
// STATS_COLUMN_STORE=duckdb:/path/file.duckdb: every stored event is also appended to that DuckDB file (decision 0148),
// and each closed month is copied into it before retention drops it. STATS_RETENTION_DAYS (≥ 31, default 730): how
// long PostgreSQL keeps events when an organisation sets no days of its own; the maintenance runs a minute after
// start and then daily.
import { buildStatsServer, openStatsDatabase } from './server.js';
import { openColumnStore } from './columnar/column-store.js';
import { runStatsMaintenance } from './columnar/maintenance.js';
import { STATS_MIN_RETENTION_DAYS } from './store.js';

const retentionDays = Number(process.env.STATS_RETENTION_DAYS ?? 730);
if (!Number.isInteger(retentionDays) || retentionDays < STATS_MIN_RETENTION_DAYS)
  throw new Error(`STATS_RETENTION_DAYS: a whole number of days, at least ${STATS_MIN_RETENTION_DAYS} (got "${process.env.STATS_RETENTION_DAYS}")`);

const database = await openStatsDatabase({ databaseUrl: process.env.STATS_DATABASE_URL, dataDir: process.env.STATS_DATA_DIR ?? './data-stats' });
const columnStore = process.env.STATS_COLUMN_STORE ? await openColumnStore(process.env.STATS_COLUMN_STORE) : undefined;
const app = await buildStatsServer({
  db: database.db,
  columnStore: columnStore && { store: columnStore, onError: (err) => app.log.error({ err }, 'column store append failed') },
  logger: true,
  retentionDays,
  secret: process.env.STATS_SECRET || undefined,
  allowedOrigins: (process.env.STATS_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean),
});
await app.listen({ port: Number(process.env.STATS_PORT ?? 3100), host: process.env.STATS_HOST ?? '0.0.0.0' });

let maintaining = false;
async function maintain(): Promise<void> {
  if (maintaining) return;
  maintaining = true;
  try {
    const done = await runStatsMaintenance(database.db, { store: columnStore, defaultDays: retentionDays, now: new Date() });
    app.log.info(done, 'statistics maintenance done');
  } catch (err) {
    app.log.error({ err }, 'statistics maintenance failed: nothing was dropped; the next run tries again');
  } finally {
    maintaining = false;
  }
}
setTimeout(() => void maintain(), 60_000).unref();
setInterval(() => void maintain(), 24 * 3600_000).unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => columnStore?.close())
      .then(() => database.close());
  });
}
