import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE_BYTES } from '@atrium/contracts';
import { fixturePath } from './build-test-app.js';
import { freePort } from './helpers/free-port.js';

const root = path.resolve(import.meta.dirname, '../../..');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Collects a child's stdout lines and resolves when one matches. */
function watch(child: ChildProcess) {
  let text = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const w of [...waiters]) {
      const line = text.split('\n').find((l) => w.pattern.test(l));
      if (line) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  return {
    output: () => text,
    waitFor: (pattern: RegExp, timeoutMs = 60_000) =>
      new Promise<string>((resolve, reject) => {
        const found = text.split('\n').find((l) => pattern.test(l));
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no line ${pattern} in:\n${text.slice(-3000)}`)), timeoutMs);
        waiters.push({ pattern, resolve: (l) => (clearTimeout(timer), resolve(l)) });
      }),
  };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null || child.signalCode ? resolve(child.exitCode) : child.once('exit', resolve)));

/** A real Atrium server process (from source, with tsx) on one data folder that survives restarts. */
class ServerProcess {
  child: ChildProcess | undefined;
  log: ReturnType<typeof watch> | undefined;
  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ATRIUM_JOB_POLL_SECONDS: '0.5',
        ATRIUM_JOB_STALE_SECONDS: '3',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.log = watch(this.child);
    await this.log.waitFor(/Atrium is serving/, 150_000);
  }
  async kill() {
    if (!this.child) return;
    this.child.kill('SIGKILL');
    await exited(this.child);
    this.child = undefined;
  }
  async stop() {
    if (!this.child) return;
    this.child.kill('SIGTERM');
    await exited(this.child);
    this.child = undefined;
  }
}

describe('faults: killed clients, restarted servers, interrupted transcodes', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-faults-'));
  const toolsDir = path.join(dataDir, 'tools');
  let server: ServerProcess;
  let cookie: string;
  let dropDatabase = async () => undefined as void;

  beforeAll(async () => {
    // A slow ffmpeg: the real one, started 3 s late, so a kill lands mid-transcode.
    const { mkdirSync } = await import('node:fs');
    mkdirSync(toolsDir);
    writeFileSync(path.join(toolsDir, 'ffmpeg'), '#!/bin/sh\nsleep 3\nexec /usr/bin/ffmpeg "$@"\n');
    chmodSync(path.join(toolsDir, 'ffmpeg'), 0o755);
    for (const tool of ['ffprobe', 'sh', 'sleep', 'pdfinfo', 'soffice'])
      if (existsSync(`/usr/bin/${tool}`)) symlinkSync(`/usr/bin/${tool}`, path.join(toolsDir, tool));
    const env: Record<string, string> = { ATRIUM_DATA_DIR: dataDir, ATRIUM_SEED: 'true', ATRIUM_TOOLS_PATH: toolsDir };
    if (process.env.DATABASE_URL) {
      const name = `atrium_faults_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`);
        await c.end();
      };
    }
    server = new ServerProcess(await freePort(), env);
    await server.start();
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: 'instructor', password: 'atrium-demo' }),
    });
    expect(login.status).toBe(200);
    cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function createUpload(name: string, size: number) {
    const res = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name, size }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number; key: string; upload_url: string };
  }

  async function waitForStatus(id: number, timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const body = (await (await fetch(`${server.url}/api/uploads/${id}`, { headers: { cookie } })).json()) as {
        status: string;
        videos: unknown[];
        failure_reason: string | null;
      };
      if (body.status === 'ready' || body.status === 'failed') return body;
      if (Date.now() > deadline) throw new Error(`upload ${id} still ${body.status}`);
      await sleep(300);
    }
  }

  async function storedSha(id: number) {
    const res = await fetch(`${server.url}/api/uploads/${id}/blob`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return sha256(Buffer.from(await res.arrayBuffer()));
  }

  function client(uploadId: number, file: string, stateFile: string, pauseMs: number) {
    const child = spawn(
      process.execPath,
      [path.join(root, 'apps/server/test/block-client.mjs'), server.url, cookie, String(uploadId), file, stateFile, String(pauseMs)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    return { child, log: watch(child) };
  }

  function sourceFile(name: string, size: number) {
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i += 64) bytes.write(`${name} line ${i} of the resumable upload fault test.....\n`.slice(0, 64), i, 'latin1');
    const file = path.join(dataDir, name);
    writeFileSync(file, bytes);
    return { file, bytes };
  }

  it('resumes after the client is killed mid-file; the stored file has the source sha256', async () => {
    const { file, bytes } = sourceFile('killed-client.txt', 2 * UPLOAD_CHUNK_SIZE_BYTES + 777_777);
    const upload = await createUpload('killed-client.txt', bytes.length);
    const stateFile = path.join(dataDir, 'killed-client.state.json');
    const first = client(upload.id, file, stateFile, 200);
    await first.log.waitFor(/^CHUNK 1 2097152$/m);
    first.child.kill('SIGKILL');
    await exited(first.child);
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { blocks: Record<string, { offset: number }> };
    expect(saved.blocks['0']!.offset).toBe(UPLOAD_CHUNK_SIZE_BYTES);
    expect(saved.blocks['1']!.offset).toBeGreaterThan(0);
    expect(saved.blocks['2']).toBeUndefined();
    const second = client(upload.id, file, stateFile, 0);
    await second.log.waitFor(/^MKFILE /m);
    expect(await exited(second.child)).toBe(0);
    expect(second.log.output()).not.toMatch(/^CHUNK 0 /m); // block 0 was not sent again
    expect(await storedSha(upload.id)).toBe(sha256(bytes));
    expect(await waitForStatus(upload.id)).toMatchObject({ status: 'ready' });
  }, 180_000);

  it('resumes after the server is killed and restarted between blocks; the stored file has the source sha256', async () => {
    const { file, bytes } = sourceFile('restarted-server.txt', 2 * UPLOAD_CHUNK_SIZE_BYTES + 123_457);
    const upload = await createUpload('restarted-server.txt', bytes.length);
    const stateFile = path.join(dataDir, 'restarted-server.state.json');
    const running = client(upload.id, file, stateFile, 400);
    await running.log.waitFor(/^BLOCK_DONE 0$/m);
    await server.kill();
    await server.start();
    await running.log.waitFor(/^MKFILE /m, 120_000);
    expect(await exited(running.child)).toBe(0);
    expect(await storedSha(upload.id)).toBe(sha256(bytes));
    expect(await waitForStatus(upload.id)).toMatchObject({ status: 'ready' });
  }, 240_000);

  it('finishes a transcode after the server is killed during it', async () => {
    const mice = readFileSync(fixturePath('video/pythonpptx__just-two-mice.mp4'));
    const upload = await createUpload('mice.mp4', mice.length);
    const sent = await fetch(`${server.url}${upload.upload_url}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/octet-stream' },
      body: mice,
    });
    expect(sent.status).toBe(200);
    await server.log!.waitFor(new RegExp(`"uploadId":${upload.id},.*"msg":"processing upload"`));
    await sleep(500); // inside the (slow) ffmpeg run
    await server.kill();
    await server.start();
    const done = await waitForStatus(upload.id, 120_000);
    expect(done).toMatchObject({ status: 'ready', failure_reason: null, videos: [expect.objectContaining({ resolution: '360p', height: 360 })] });
    expect(server.log!.output()).toMatch(/requeueing interrupted processing/);
  }, 240_000);
});
