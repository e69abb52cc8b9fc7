#!/usr/bin/env node
// Issue 22 target 6: the idle memory of the built server (`node apps/server/dist/main.js`, as `npm start` runs
// it) on PGlite — a first start on an empty data folder (initdb, migrations, demo seed) and a restart on that
// folder — and on PostgreSQL (a scratch database on BENCH_DATABASE_URL, else DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test; dropped afterwards). Each start signs in as student2, lists its
// courses and opens CS101's content, then idles BENCH_IDLE_SECONDS (30) before VmRSS and VmHWM are read
// from /proc/<pid>/status, beside a breakdown from inside the process (bench/lib/memory-probe.mjs).
// Needs `npm run build` first and Linux (/proc). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportFigure } from './lib/figures.ts';
import { withScratchPostgres } from './lib/load.ts';
import { waitForUrl } from './lib/wait-for.mjs';

const PGLITE_TARGET_MB = 300;
const POSTGRES_TARGET_MB = 150;
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const port = 3290;
const base = `http://127.0.0.1:${port}`;
const MB = 1024 * 1024;
const serverMain = process.env.BENCH_SERVER_MAIN ?? 'apps/server/dist/main.js'; // another build to compare

if (!existsSync(serverMain)) {
  console.log('idle memory: skipped (run `npm run build` first)');
  process.exit(0);
}

/** VmRSS, VmHWM, RssAnon and RssFile of `pid` in MiB (/proc/<pid>/status). */
function procStatus(pid) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM'), anon: kb('RssAnon'), file: kb('RssFile') };
}

/** Asks the probe in the server for its process.memoryUsage() and heap statistics (bytes). */
async function probe(pid, file) {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 50 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The requests of a first visit: sign in as student2, the course list, CS101's content. */
async function visit() {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: 'student2', password: 'atrium-demo' }),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const courses = await fetch(`${base}/api/user/courses`, { headers: { cookie } });
  const { items } = await courses.json();
  const course = items.find((c) => String(c.course_code ?? c.name).includes('CS101')) ?? items[0];
  const content = await fetch(`${base}/api/courses/${course.id}/content`, { headers: { cookie } });
  await content.arrayBuffer();
  if (!content.ok) throw new Error(`course content answered ${content.status}`);
}

/** Starts the built server with `env`, visits, idles, and answers its memory figures. */
async function measure(label, env) {
  const probeFile = path.join(os.tmpdir(), `atrium-memory-probe-${process.pid}.json`);
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', path.resolve('bench/lib/memory-probe.mjs'), serverMain], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ATRIUM_MEMORY_PROBE_FILE: probeFile },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    await waitForUrl(`${base}/api/health`, Date.now() + 180_000);
    const readyS = (performance.now() - started) / 1000;
    const atReady = procStatus(server.pid);
    await visit();
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const idle = procStatus(server.pid);
    const inside = await probe(server.pid, probeFile);
    return { label, readyS, atReady, idle, inside };
  } finally {
    server.kill('SIGTERM');
    await exited;
    rmSync(probeFile, { force: true });
  }
}

function report(result, targetMb) {
  const { idle, inside } = result;
  const mb = (bytes) => (bytes / MB).toFixed(0);
  console.log(
    `${result.label}: idle RSS ${idle.rss.toFixed(0)} MB (target < ${targetMb} MB: ${(idle.rss / targetMb).toFixed(2)} of it, ${idle.rss < targetMb ? 'met' : 'NOT met'}); ` +
      `peak (VmHWM) ${idle.hwm.toFixed(0)} MB; ready in ${result.readyS.toFixed(1)} s at ${result.atReady.rss.toFixed(0)} MB`,
  );
  console.log(
    `  anonymous ${idle.anon.toFixed(0)} MB, file-backed ${idle.file.toFixed(0)} MB; V8 heap used ${mb(inside.heapUsed)} of ${mb(inside.heapTotal)} MB ` +
      `(code ${mb(inside.codeSpace)} MB), external ${mb(inside.external)} MB (array buffers ${mb(inside.arrayBuffers)} MB), malloced by V8 ${mb(inside.mallocedMemory)} MB`,
  );
  // Issue 22 target 6: idle RSS (MiB of /proc VmRSS) under the driver's target; the peak and the ready time without one.
  const short = result.label.split(' (')[0];
  reportFigure({ name: `idle RSS, ${short}`, value: idle.rss, unit: 'MB', target: targetMb, better: 'lower' });
  reportFigure({ name: `peak RSS (VmHWM), ${short}`, value: idle.hwm, unit: 'MB', better: 'lower' });
  reportFigure({ name: `ready, ${short}`, value: result.readyS, unit: 's', better: 'lower' });
}

const only = process.env.BENCH_MEMORY_ONLY; // 'pglite' or 'postgres': measure that driver alone
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-memory-'));
try {
  if (only === 'postgres') throw new Error('skipped');
  report(await measure('PGlite, first start (empty data folder, migrations, demo seed)', { ATRIUM_DATA_DIR: dataDir }), PGLITE_TARGET_MB);
  report(await measure('PGlite, restart on that folder', { ATRIUM_DATA_DIR: dataDir }), PGLITE_TARGET_MB);
} catch (error) {
  if (!(error instanceof Error && error.message === 'skipped')) throw error;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-memory-pg-'));
try {
  if (only === 'pglite') throw new Error('BENCH_MEMORY_ONLY=pglite');
  await withScratchPostgres(pgBase, 'atrium_bench_memory', async (url, drop) => {
    try {
      report(await measure('PostgreSQL, first start (migrations, demo seed)', { ATRIUM_DATA_DIR: pgDataDir, DATABASE_URL: url }), POSTGRES_TARGET_MB);
      report(await measure('PostgreSQL, restart', { ATRIUM_DATA_DIR: pgDataDir, DATABASE_URL: url }), POSTGRES_TARGET_MB);
    } finally {
      await drop();
    }
  });
} catch (error) {
  console.log(`PostgreSQL: skipped (${error instanceof Error ? error.message : String(error)}; set BENCH_DATABASE_URL=postgres://…)`);
} finally {
  rmSync(pgDataDir, { recursive: true, force: true });
}
