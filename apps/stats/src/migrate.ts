import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';

/** Advisory lock key of the statistics migrations (the main server's are 7_205_114). */
const STATS_MIGRATION_LOCK_KEY = 7_205_250;

/**
 * Where the statistics migrations are: `src/migrations` from source, `stats-migrations` beside a bundle (where
 * `./migrations` is the main server's: a folder counts only when its journal starts with `0000_stats`).
 */
export function statsMigrationsFolder(): string {
  for (const candidate of ['./stats-migrations', '../stats-migrations', './migrations']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    const journal = `${dir}/meta/_journal.json`;
    if (existsSync(journal) && (JSON.parse(readFileSync(journal, 'utf8')) as { entries: { tag: string }[] }).entries[0]?.tag === '0000_stats') return dir;
  }
  throw new Error('statistics migrations folder not found beside the code');
}

/**
 * Applies the statistics schema's pending migrations (schema `stats`, its own journal table
 * `stats.__migrations`, apart from the main server's). On PostgreSQL under an advisory lock, so instances
 * starting together migrate one after another.
 */
export async function runStatsMigrations(database: { pglite?: PGlite; pool?: pg.Pool }): Promise<void> {
  const config = { migrationsFolder: statsMigrationsFolder(), migrationsSchema: 'stats', migrationsTable: '__migrations' };
  if (database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), config);
    return;
  }
  if (!database.pool) throw new Error('database has neither PGlite nor a pool');
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STATS_MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), config);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STATS_MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
