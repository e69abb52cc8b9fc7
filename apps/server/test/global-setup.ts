import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of the migrated template database. */
    pgliteTemplateDump: string;
    /** PostgreSQL: name of the migrated template database; each test file copies it. */
    pgTemplateDatabase: string;
    /** PostgreSQL: prefix of this run's databases, dropped at teardown. */
    pgRunPrefix: string;
  }
}

/** URL of `database` on the server of `baseUrl`. */
export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Migrates one template database per run (PGlite takes seconds to create; the
 * brief says migrate once and load the dump per test file). On PostgreSQL
 * (DATABASE_URL set) the template is a real database that each file copies
 * with CREATE DATABASE … TEMPLATE, so every file runs on a fresh schema.
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openPglite();
    await runMigrations(database);
    const dump = await database.pglite!.dumpDataDir('none');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-tpl-'));
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplateDump', file);
    project.provide('pgTemplateDatabase', '');
    project.provide('pgRunPrefix', '');
    return;
  }
  const prefix = `atrium_t${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tpl`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const database = openPostgres(databaseUrl(baseUrl, template));
  await runMigrations(database);
  await database.close();
  await admin.end();
  project.provide('pgliteTemplateDump', '');
  project.provide('pgTemplateDatabase', template);
  project.provide('pgRunPrefix', prefix);

  return async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
    for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    await client.end();
  };
}
