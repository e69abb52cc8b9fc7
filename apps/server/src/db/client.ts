import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;

/** A Drizzle handle on either driver; transactions (`tx`) have the same type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** An open database: the Drizzle handle, which driver serves it, and how to close it. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Round-trips `select 1`; false when the database does not answer. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The PGlite instance when embedded (tests dump and load it), else undefined. */
  pglite?: PGlite;
  /** The node-postgres pool when on PostgreSQL, else undefined. */
  pool?: pg.Pool;
}

/**
 * Opens PostgreSQL at `databaseUrl` (node-postgres pool). Its sessions run with JIT compilation off
 * (`-c jit=off`): Atrium's statements are short OLTP reads and writes, and a plan whose estimated
 * cost crosses `jit_above_cost` (a search over a 100,000-item library) spent seconds compiling
 * for a query that runs in milliseconds (PostgreSQL manual §32.2: JIT pays off for long-running
 * analytical queries).
 */
export function openPostgres(databaseUrl: string): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off' });
  // An idle connection the server ends (restart, failover, dropped database) is discarded by
  // the pool; without a listener node-postgres would crash the process on it.
  pool.on('error', (error) => console.warn(`[postgres] idle connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    pool,
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

/**
 * PGlite's shared_buffers in MiB when none is given (decision 0143): the buffer pool lives in PGlite's
 * WebAssembly memory and is touched whole at start, so each MiB is a MiB of resident memory for the
 * process's whole life (PostgreSQL's 128 MB default made 130 of a restarted server's 407 MB). The demo
 * database is 14 MB; pages that miss come from the operating system's file cache through NODEFS.
 */
export const PGLITE_SHARED_BUFFERS_MB = 16;

/**
 * PostgreSQL start parameters of embedded PGlite: PGlite's own defaults (single-user mode, no parallel
 * workers) plus `shared_buffers` of `sharedBuffersMb` MiB (at least 1).
 */
export function pgliteStartParams(sharedBuffersMb: number = PGLITE_SHARED_BUFFERS_MB): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${Math.max(1, Math.floor(sharedBuffersMb))}MB`];
}

/**
 * Opens embedded PGlite. `dataDir` undefined keeps it in memory; `loadDataDir`
 * starts from a dump made by `PGlite.dumpDataDir()` (tests use a migrated template);
 * `sharedBuffersMb` sizes its buffer pool in MiB (default PGLITE_SHARED_BUFFERS_MB).
 * A new `dataDir` is initialised in a worker thread first (initPgliteDataDir).
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File; sharedBuffersMb?: number } = {}): Promise<Database> {
  if (options.dataDir && !options.loadDataDir && !existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    mkdirSync(options.dataDir, { recursive: true });
    await initPgliteDataDir(options.dataDir);
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    startParams: pgliteStartParams(options.sharedBuffersMb),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/**
 * Creates the PostgreSQL cluster of a new PGlite data folder (initdb) in a worker
 * thread. initdb's WebAssembly memory (about 500 MB) is returned when the worker
 * exits instead of staying with the server for its whole life: a first start
 * measured 898 MB RSS in-process against 422 MB for a restart (decision 0001).
 */
async function initPgliteDataDir(dataDir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const code =
    "const { workerData } = require('node:worker_threads'); const { PGlite } = require(workerData.entry); PGlite.create({ dataDir: workerData.dataDir }).then((db) => db.close());";
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { entry, dataDir } });
    worker.once('error', reject);
    worker.once('exit', (exitCode) => (exitCode === 0 ? resolve() : reject(new Error(`PGlite could not create ${dataDir} (worker exit code ${exitCode})`))));
  });
}

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in `<dataDir>/pg`
 * with `pgliteSharedBuffersMb` MiB of shared_buffers (PGLITE_SHARED_BUFFERS_MB; default 16).
 */
export async function openDatabase(config: { databaseUrl: string | undefined; dataDir: string; pgliteSharedBuffersMb?: number }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite({ dataDir: path.join(config.dataDir, 'pg'), sharedBuffersMb: config.pgliteSharedBuffersMb });
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
