#!/usr/bin/env node
// Cold start of the built server on an empty data folder (migrations + demo seed included)
// until the first page answers, and the gzip size of the JavaScript the login page loads
// in Chromium. Needs `npm run build` first. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { reportFigure } from './lib/figures.js';
import { waitForUrl } from './lib/wait-for.mjs';

const port = 3190;
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 3);

async function coldStart() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-'));
  const started = performance.now();
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await waitForUrl(`${base}/login`, Date.now() + 120_000, 50);
  const ms = performance.now() - started;
  return { ms, server, dataDir };
}

const times = [];
let last;
for (let i = 0; i < runs; i++) {
  const run = await coldStart();
  times.push(run.ms);
  if (i < runs - 1) {
    run.server.kill();
    rmSync(run.dataDir, { recursive: true, force: true });
  } else last = run;
}
times.sort((a, b) => a - b);
console.log(
  `cold start to first page (empty data dir, migrate + seed): median ${(times[Math.floor(times.length / 2)] / 1000).toFixed(2)} s over ${runs} runs (min ${(times[0] / 1000).toFixed(2)} s, max ${(times.at(-1) / 1000).toFixed(2)} s)`,
);
reportFigure({ name: 'cold start to first page', value: times[Math.floor(times.length / 2)] / 1000, unit: 's', better: 'lower', note: `median of ${runs}` });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage();
const scripts = [];
page.on('response', async (res) => {
  if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), body: await res.body().catch(() => Buffer.alloc(0)) });
});
await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
await browser.close();
const raw = scripts.reduce((n, s) => n + s.body.length, 0);
const gz = scripts.reduce((n, s) => n + gzipSync(s.body, { level: 9 }).length, 0);
console.log(`login page JavaScript: ${scripts.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip`);
reportFigure({ name: 'login page JavaScript, gzip', value: gz / 1024, unit: 'KB', better: 'lower', note: `${scripts.length} files` });
for (const s of scripts) console.log(`  ${path.basename(new URL(s.url).pathname)}  ${(gzipSync(s.body, { level: 9 }).length / 1024).toFixed(1)} KB gzip`);
last.server.kill();
rmSync(last.dataDir, { recursive: true, force: true });
