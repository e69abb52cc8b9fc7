import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startupProblem } from '../src/startup-errors.js';

// Issue 20 §10: a wrong DATABASE_URL stops the real server (main.ts) with one line naming the
// problem and what to check — no stack trace, never the password. Uses the PostgreSQL server of
// this machine (DATABASE_URL when the suite runs on it, else 127.0.0.1:5432) for the missing
// database and the unknown role.
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-startup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const PASSWORD = 'S3cret-pass-word';

/** Starts main.ts with `databaseUrl`; answers its exit code and what it wrote to stderr. */
function start(databaseUrl: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        ATRIUM_DATA_DIR: dataDir,
        ATRIUM_SEED: 'false',
        ATRIUM_WORKERS: 'false',
        PORT: '0',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

function withUrl(change: (u: URL) => void): string {
  const u = new URL(base.toString());
  change(u);
  return u.toString();
}

/** What main.ts would print for the error of connecting to `url` and running a statement, with a real pg client. */
async function problemOf(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return 'connected';
  } catch (error) {
    return startupProblem(error, url);
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('a wrong DATABASE_URL', () => {
  const cases: [string, string, RegExp][] = [
    ['a refused port', `postgres://atrium:${PASSWORD}@127.0.0.1:1/atrium`, /refused the connection .*running/],
    [
      'a missing database',
      withUrl((u) => {
        u.pathname = '/atrium_no_such_database';
        u.password = PASSWORD;
      }),
      /database "atrium_no_such_database" .*does not exist — create it/,
    ],
    [
      'an unknown role',
      withUrl((u) => {
        u.username = 'atrium_no_such_role';
        u.password = PASSWORD;
      }),
      /role "atrium_no_such_role" was refused: the role does not exist/,
    ],
    [
      'a host that does not exist',
      `postgres://atrium:${PASSWORD}@no-such-host.invalid:5432/atrium`,
      /host of PostgreSQL at no-such-host\.invalid:5432.* cannot be found/,
    ],
  ];
  it.each(cases)('%s: one line naming it and what to check, without the password', async (_label, url, expected) => {
    const problem = await problemOf(url);
    expect(problem).toMatch(expected);
    expect(problem).not.toContain(PASSWORD);
    expect(problem).not.toContain('\n');
  });

  it('a malformed URL is named by its variable', () => {
    let problem: string | null = null;
    try {
      loadConfig({ DATABASE_URL: `postgres//atrium:${PASSWORD}@nowhere` });
    } catch (error) {
      problem = startupProblem(error, undefined);
    }
    expect(problem).toMatch(/configuration is invalid — DATABASE_URL: .*expected postgres:\/\/user:password@host:5432\/database/);
    expect(problem).not.toContain(PASSWORD);
  });

  it('the real server (main.ts) stops with exit 1 and that one line: no stack trace, no password', { timeout: 120_000 }, async () => {
    const { code, stderr } = await start(`postgres://atrium:${PASSWORD}@127.0.0.1:1/atrium`);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^Atrium cannot start: PostgreSQL at 127\.0\.0\.1:1, database "atrium" as role "atrium" refused the connection/);
    expect(stderr).not.toContain(PASSWORD);
  });
});
