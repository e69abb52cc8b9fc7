import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE_BYTES } from '@atrium/contracts';
import { fixturePath } from './build-test-app.js';
import { freePort } from './helpers/free-port.js';
import { startS3Server } from './s3-server.js';

// Issue 20 §12: two real server processes (main.ts) on one PostgreSQL database and one S3 bucket
// (s3rver), set up as README's "Running several instances on PostgreSQL" says, step by step:
//   README 1 `createdb atrium`            → a scratch database, CREATE DATABASE here, dropped after;
//   README 2 `export DATABASE_URL=…`      → the same DATABASE_URL for both;
//   README 3 `npm ci && npm run build`    → the suite runs from source: main.ts through tsx, as the
//                                           other process tests do (same entry as dist/main.js);
//   README 4 `PORT=… ATRIUM_DATA_DIR=…`   → PORT differs; each its own ATRIUM_DATA_DIR (two machines:
//                                           with PostgreSQL and S3 nothing in it is shared);
//   README 5 "instances may start together" → both are started at once;
//   README 6 "Seed once (ATRIUM_SEED=true on one instance)" → A seeds, B has ATRIUM_SEED=false;
//   README 7 "set S3_* so every instance uses one bucket" → the same S3_* for both;
//   README 8 "the same ATRIUM_MEDIA_URL_SECRET" → the same secret for both.
// Then: a session made on A is valid on B; an upload begun on A is finished on B; a calendar
// change on A is seen on B at once; a job queued by A is run by B when A is killed (kill -9).
// Runs only in the server suite on PostgreSQL (vitest.config.ts includes it when DATABASE_URL is set).
const root = path.resolve(import.meta.dirname, '../../..');
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Polls `check` every 100 ms until it answers a value (not undefined); fails after `timeoutMs` with `what`. */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
}

/** One real Atrium server process (apps/server/src/main.ts through tsx); its stdout (pino JSON lines) is kept. */
class Instance {
  child: ChildProcess | undefined;
  output = '';
  constructor(
    readonly name: string,
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    await until(
      `${this.name} serving`,
      () => {
        if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode}:\n${this.output.slice(-3000)}`);
        return /Atrium is serving/.test(this.output) ? true : undefined;
      },
      90_000,
    );
  }
  /** `kill -9`, then waits for the exit. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
  }
  fetch(url: string, init: RequestInit & { cookie?: string } = {}) {
    const { cookie, ...rest } = init;
    return fetch(`${this.url}${url}`, { ...rest, headers: { ...(cookie ? { cookie } : {}), ...(rest.headers as Record<string, string>) } });
  }
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'atrium-two-'));
const database = `atrium_two_${randomBytes(4).toString('hex')}`;
let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
let a: Instance;
let b: Instance;
let sql: pg.Client;
let cookie: string;

/** pg-boss and the sweeper quick enough for a test (README "Uploads and processing": ATRIUM_JOB_STALE_SECONDS). */
const JOB_ENV = { ATRIUM_JOB_POLL_SECONDS: '0.5', ATRIUM_JOB_STALE_SECONDS: '3' };
/** pdfinfo that starts 3 s late, so `kill -9` lands while A processes a PDF (the same tools on both instances). */
const SLOW_PDFINFO_SECONDS = 3;

beforeAll(async () => {
  // README 1: a database of its own.
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  s3 = await startS3Server();

  const tools = path.join(tmp, 'tools');
  mkdirSync(tools);
  writeFileSync(path.join(tools, 'pdfinfo'), `#!/bin/sh\nsleep ${SLOW_PDFINFO_SECONDS}\nexec /usr/bin/pdfinfo "$@"\n`);
  chmodSync(path.join(tools, 'pdfinfo'), 0o755);
  for (const tool of ['sh', 'sleep', 'ffmpeg', 'ffprobe', 'soffice', 'pdftoppm'])
    if (existsSync(`/usr/bin/${tool}`)) symlinkSync(`/usr/bin/${tool}`, path.join(tools, tool));

  const shared = {
    DATABASE_URL: databaseUrl, // README 2
    ...s3.env, // README 7
    ATRIUM_MEDIA_URL_SECRET: randomBytes(24).toString('base64url'), // README 8
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ATRIUM_TOOLS_PATH: tools,
    ...JOB_ENV,
  };
  const [portA, portB] = [await freePort(), await freePort()];
  // README 4, 6: its own port and data folder; A seeds, B does not.
  a = new Instance('A', portA, { ...shared, ATRIUM_DATA_DIR: path.join(tmp, 'a'), ATRIUM_SEED: 'true' });
  b = new Instance('B', portB, { ...shared, ATRIUM_DATA_DIR: path.join(tmp, 'b'), ATRIUM_SEED: 'false' });
  // README 5: started together (migrations under the advisory lock).
  await Promise.all([a.start(), b.start()]);
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sql?.end().catch(() => undefined);
  await s3?.close();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.end();
  rmSync(tmp, { recursive: true, force: true });
}, 60_000);

describe('two instances on one PostgreSQL and one S3 bucket (README "Running several instances")', () => {
  it('a session made on A is valid on B', async () => {
    const login = await a.fetch('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: 'instructor', password: 'atrium-demo' }),
    });
    expect(login.status).toBe(200);
    cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    expect((await b.fetch('/api/user')).status).toBe(401);
    const onB = await b.fetch('/api/user', { cookie });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ user_name: 'instructor' });
  });

  it('an upload begun on A (first block) is finished on B (second block, mkfile); its file reads the same on both', async () => {
    const size = UPLOAD_CHUNK_SIZE_BYTES + 654_321; // two blocks
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i += 64) bytes.write(`two instances, line ${i} of a resumable upload..................\n`.slice(0, 64), i, 'latin1');
    const created = await a.fetch('/api/uploads', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'two-instances.txt', size }),
    });
    expect(created.status).toBe(201);
    const upload = (await created.json()) as { id: number; key: string };
    const tokenRes = await a.fetch(`/api/uptoken?id=${upload.id}`, { cookie });
    expect(tokenRes.status).toBe(200);
    const { uptoken } = (await tokenRes.json()) as { uptoken: string };
    const post = (on: Instance, url: string, body: Buffer | string) =>
      on.fetch(url, {
        method: 'POST',
        headers: { authorization: `UpToken ${uptoken}`, 'content-type': typeof body === 'string' ? 'text/plain' : 'application/octet-stream' },
        body,
      });
    // Block 0 on A; block 1 begun on A (mkblk of its first half) and continued on B (bput).
    const block0 = await post(a, `/mkblk/${UPLOAD_CHUNK_SIZE_BYTES}`, bytes.subarray(0, UPLOAD_CHUNK_SIZE_BYTES));
    expect(block0.status).toBe(200);
    const rest = bytes.subarray(UPLOAD_CHUNK_SIZE_BYTES);
    const half = 300_000;
    const begun = await post(a, `/mkblk/${rest.length}`, rest.subarray(0, half));
    expect(begun.status).toBe(200);
    const { ctx: begunCtx } = (await begun.json()) as { ctx: string };
    const continued = await post(b, `/bput/${begunCtx}/${half}`, rest.subarray(half));
    expect(continued.status).toBe(200);
    const { ctx: lastCtx, offset } = (await continued.json()) as { ctx: string; offset: number };
    expect(offset).toBe(rest.length);
    const { ctx: firstCtx } = (await block0.json()) as { ctx: string };
    const made = await post(b, `/mkfile/${size}/key/${Buffer.from(upload.key).toString('base64url')}`, `${firstCtx},${lastCtx}`);
    expect(made.status, await made.clone().text()).toBe(200);
    for (const on of [b, a]) {
      const blob = await on.fetch(`/api/uploads/${upload.id}/blob`, { cookie });
      expect(blob.status).toBe(200);
      expect(sha256(Buffer.from(await blob.arrayBuffer()))).toBe(sha256(bytes));
    }
    const ready = await until(`upload ${upload.id} processed`, async () => {
      const body = (await (await b.fetch(`/api/uploads/${upload.id}`, { cookie })).json()) as { status: string };
      return body.status === 'processing' ? undefined : body;
    });
    expect(ready).toMatchObject({ status: 'ready', size, storage_type: 'S3' });
  });

  it('a calendar change on A is seen on B at once (B had the window cached)', async () => {
    const window = '/api/calendar-events?start=2027-05-03T00:00:00Z&end=2027-05-10T00:00:00Z';
    const titlesOnB = async () => {
      const res = await b.fetch(window, { cookie });
      expect(res.status).toBe(200);
      return ((await res.json()) as { calendar_events: { title: string }[] }).calendar_events.map((e) => e.title);
    };
    const before = await titlesOnB();
    expect(before).not.toContain('Seen on B');
    expect(await titlesOnB()).toEqual(before); // a cache hit on B now
    const created = await a.fetch('/api/calendar-events', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Seen on B', start_time: '2027-05-05T09:00:00Z', end_time: '2027-05-05T10:00:00Z' }),
    });
    expect(created.status).toBe(200);
    expect(await titlesOnB()).toContain('Seen on B');
  });

  it('a job queued by A is run by B once A is killed (kill -9) mid-job', async () => {
    // The seed's own PDF is processed first, so A's worker is free to take the new job at once.
    await until('no upload in processing', async () => {
      const { rows } = await sql.query<{ n: number }>("select count(*)::int as n from uploads where status = 'processing'");
      return rows[0]!.n === 0 ? true : undefined;
    });
    const pdf = readFileSync(fixturePath('pdf/pdfjs__tracemonkey.pdf'));
    const created = await a.fetch('/api/uploads', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'queued-by-a.pdf', size: pdf.length }),
    });
    expect(created.status).toBe(201);
    const upload = (await created.json()) as { id: number; upload_url: string };
    const sent = await a.fetch(upload.upload_url, { method: 'PUT', cookie, headers: { 'content-type': 'application/octet-stream' }, body: pdf });
    expect(sent.status).toBe(200); // A queued the processing job
    const started = new RegExp(`"uploadId":${upload.id},[^\\n]*"msg":"processing upload"`);
    const taker = await until(`a worker taking upload ${upload.id}`, () => (started.test(a.output) ? a : started.test(b.output) ? b : undefined));
    await a.kill();
    const done = new RegExp(`"uploadId":${upload.id},[^\\n]*"msg":"upload processed"`);
    expect(done.test(a.output)).toBe(false); // A did not finish it
    const ready = await until(
      `upload ${upload.id} finished by B`,
      async () => {
        const body = (await (await b.fetch(`/api/uploads/${upload.id}`, { cookie })).json()) as { status: string };
        return body.status === 'processing' ? undefined : body;
      },
      45_000,
    );
    expect(ready).toMatchObject({ status: 'ready', num_pages: 14, failure_reason: null });
    // B logs "upload processed" after its transaction commits, so the line may reach this process a moment
    // after the row reads ready (CI once read B's output in between): wait for it rather than read it once.
    await until(`B's log line for upload ${upload.id} processed`, () => (done.test(b.output) ? true : undefined), 10_000);
    // Usually A had taken the job (its worker is woken by its own send): B requeued it once A's heartbeat went stale.
    if (taker === a) expect(b.output).toMatch(new RegExp(`"uploadId":${upload.id},[^\\n]*"msg":"requeueing interrupted processing"`));
  }, 60_000);
});
