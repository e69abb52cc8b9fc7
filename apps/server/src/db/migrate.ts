import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { runStatsMigrations } from '@atrium/stats';
import type { Database } from './client.js';

/** Arbitrary key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_205_114;

/**
 * The committed migrations folder: `src/db/migrations` when running from source,
 * `dist/migrations` beside the bundled server.
 */
export function migrationsFolder(): string {
  for (const candidate of ['./migrations', '../migrations', './db/migrations']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${dir}/meta/_journal.json`)) return dir;
  }
  throw new Error('migrations folder not found beside the server code');
}

/**
 * Applies every pending migration. On PostgreSQL it holds an advisory lock, so
 * several instances starting at once migrate one after another. Then, unless `stats` is false (the statistics
 * server runs apart: STATS_URL), the embedded statistics server's own schema (`stats`, apps/stats).
 */
export async function runMigrations(database: Database, options: { stats?: boolean } = {}): Promise<void> {
  await runMainMigrations(database);
  if (options.stats ?? true) await runStatsMigrations(database);
}

async function runMainMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: folder });
    return;
  }
  if (!database.pool) throw new Error('database has neither PGlite nor a pool');
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
