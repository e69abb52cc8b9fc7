// The statistics server on its own (issue 25 item 1): `npm start -w apps/stats`, or `node --import tsx apps/stats/src/main.ts`.
// STATS_DATABASE_URL (PostgreSQL; else PGlite in STATS_DATA_DIR, default ./data-stats), STATS_PORT (3100), STATS_HOST (0.0.0.0).
// STATS_SECRET (≥ 32 characters, the same as the main server's): reporter tokens name who reports; without it every
// event is anonymous. STATS_ALLOWED_ORIGINS: the web app's origins (comma-separated; the main server's PUBLIC_URL).
// The main server then names it in STATS_URL, and the web app's beacon goes there.
// STATS_COLUMN_STORE=duckdb:/path/file.duckdb: every stored event is also appended to that DuckDB file (decision 0148).
import { buildStatsServer, openStatsDatabase } from './server.js';
import { openColumnStore } from './columnar/column-store.js';

const database = await openStatsDatabase({ databaseUrl: process.env.STATS_DATABASE_URL, dataDir: process.env.STATS_DATA_DIR ?? './data-stats' });
const columnStore = process.env.STATS_COLUMN_STORE ? await openColumnStore(process.env.STATS_COLUMN_STORE) : undefined;
const app = await buildStatsServer({
  db: database.db,
  columnStore: columnStore && { store: columnStore, onError: (err) => app.log.error({ err }, 'column store append failed') },
  logger: true,
  secret: process.env.STATS_SECRET || undefined,
  allowedOrigins: (process.env.STATS_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean),
});
await app.listen({ port: Number(process.env.STATS_PORT ?? 3100), host: process.env.STATS_HOST ?? '0.0.0.0' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => columnStore?.close())
      .then(() => database.close());
  });
}
