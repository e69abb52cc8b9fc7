import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { createObjectStore } from '../src/storage/create-store.js';
import { databaseUrl } from './global-setup.js';
import { createFactories, type Factories } from './factories/index.js';

/** A running app on a fresh database and a fresh files folder, with factories and captured logs. */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  factories: Factories;
  filesDir: string;
  /** Every JSON log line the app wrote. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const dump = readFileSync(inject('pgliteTemplateDump'));
    const database = await openPglite({ loadDataDir: new Blob([dump]) });
    return { database, drop: async () => undefined };
  }
  const name = `${inject('pgRunPrefix')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${inject('pgTemplateDatabase')}"`);
      break;
    } catch (error) {
      // Two files copying the template at the same instant: wait and try again.
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const database = openPostgres(databaseUrl(baseUrl, name));
  const drop = async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  };
  return { database, drop };
}

/**
 * Builds the real app (STYLE.md "Route test") on a fresh database: PGlite from
 * the migrated template, or a new PostgreSQL database when DATABASE_URL is set.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
  const config = loadConfig({
    ATRIUM_DATA_DIR: dataDir,
    ATRIUM_WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'info',
    ATRIUM_SEED: 'false',
    ATRIUM_JOB_POLL_SECONDS: '0.5',
    SESSION_CACHE_MS: '0',
    CALENDAR_CACHE_MS: '0',
    PATH: process.env.PATH ?? '',
    ...env,
  });
  const { database, drop } = await freshDatabase();
  const filesDir = path.join(dataDir, 'files');
  const logs: Record<string, unknown>[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
  });
  const app = await buildApp({ config, database, storage: await createObjectStore(config), logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    factories: createFactories(app),
    filesDir,
    logs,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Absolute path of a shared fixture (real files nobody here wrote); ATRIUM_FIXTURES overrides the folder (src/lib/fixtures.ts). */
export { fixturePath } from '../src/lib/fixtures.js';
