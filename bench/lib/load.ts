// Shared pieces of the HTTP benchmarks: an autocannon run in a child process, and a scratch
// PostgreSQL database created for one benchmark and dropped after it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

/** What one autocannon run measured: mean requests per second, p99 latency in ms, non-2xx answers, socket errors. */
export interface LoadResult {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
}

/** Runs the autocannon CLI in a child process (so it does not share the server's event loop) and reads its JSON. */
export function autocannon(url: string, options: LoadOptions): Promise<LoadResult> {
  const args = ['-c', String(options.connections), '-d', String(options.durationS), '-m', options.method ?? 'GET', '--json'];
  for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (options.body) args.push('-b', options.body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/autocannon'), args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        const r = JSON.parse(out) as { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
        resolve({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * Creates a scratch database `<prefix>_<time>` on the server of `baseUrl`, hands its URL and a
 * drop function to `use`, and answers what `use` answers. The caller drops it when done.
 */
export async function withScratchPostgres<T>(baseUrl: string, prefix: string, use: (url: string, drop: () => Promise<void>) => Promise<T>): Promise<T> {
  const scratch = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${scratch}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${scratch}`;
  return use(url.toString(), async () => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`drop database if exists "${scratch}" with (force)`);
    await c.end();
  });
}
