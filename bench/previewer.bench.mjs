#!/usr/bin/env node
// Previewer speed in headless Chromium against the built app (issue 5 benchmark):
// click on a course file → first rendered PDF page of pdfjs__tracemonkey.pdf, and
// click → first video frame of pythonpptx__just-two-mice.mp4 (median of 5 each),
// then the gzip size of the previewer's JavaScript chunks (those the click loads,
// none of which the login page loads). Needs `npm run build` first; run through tsx (`node --import tsx bench/previewer.bench.mjs`, as npm run bench does) for the shared fixtures helper. Prints
// figures; asserts nothing.
/* global document -- the ready checks run in the page */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { fixturesDir } from '../apps/server/src/lib/fixtures.js';
import { reportFigure } from './lib/figures.js';

const port = 3197;
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const fixtures = fixturesDir();

async function waitFor(check, deadline, what) {
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen in time`);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-previewer-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ATRIUM_DATA_DIR: dataDir, ATRIUM_SEED_FILES_DIR: fixtures, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
let browser;
try {
  await waitFor(async () => (await fetch(`${base}/api/health`)).ok, Date.now() + 180_000, 'server start');
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: 'instructor', password: 'atrium-demo' }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const json = async (res) => {
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return res.json();
  };
  const course = await json(
    await fetch(`${base}/api/course`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Previewer bench', course_code: 'BENCH1' }),
    }),
  );
  const courseId = course.id ?? course.course?.id;
  for (const file of ['pdf/pdfjs__tracemonkey.pdf', 'video/pythonpptx__just-two-mice.mp4']) {
    const bytes = readFileSync(path.join(fixtures, file));
    const up = await json(
      await fetch(`${base}/api/uploads`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: path.basename(file), size: bytes.length, parent_type: 'course', parent_id: courseId }),
      }),
    );
    await json(await fetch(`${base}${up.upload_url}`, { method: 'PUT', headers: { cookie, 'content-type': 'application/octet-stream' }, body: bytes }));
    await waitFor(
      async () => (await json(await fetch(`${base}/api/uploads/${up.id}`, { headers: { cookie } }))).status === 'ready',
      Date.now() + 180_000,
      `${file} processing`,
    );
  }

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'],
  });
  const context = await browser.newContext();
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: base }]);

  const loginScripts = new Set();
  {
    const page = await context.newPage();
    page.on('response', (res) => res.request().resourceType() === 'script' && loginScripts.add(new URL(res.url()).pathname));
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.close();
  }

  const measure = async (fileName, ready) => {
    const times = [];
    const chunks = new Map();
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage();
      await page.goto(`${base}/course/${courseId}`, { waitUntil: 'networkidle' });
      const before = new Set();
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        const p = new URL(res.url()).pathname;
        if (!before.has(p)) chunks.set(p, await res.body().catch(() => Buffer.alloc(0)));
      });
      const link = page.getByTestId('course-file').filter({ hasText: fileName }).getByRole('button').first();
      await link.waitFor();
      const started = await page.evaluate(() => performance.now());
      await link.click();
      const ended = await page.waitForFunction(ready, null, { timeout: 60_000, polling: 'raf' }).then(() => page.evaluate(() => performance.now()));
      times.push(ended - started);
      await page.close();
    }
    return { times, chunks };
  };

  const pdf = await measure('pdfjs__tracemonkey.pdf', () => document.querySelector('[data-testid="pdf-page-1"][data-rendered="true"]') !== null);
  console.log(
    `click → first rendered PDF page (pdfjs__tracemonkey.pdf): median ${median(pdf.times).toFixed(0)} ms over ${runs} runs (${pdf.times.map((t) => t.toFixed(0)).join(', ')} ms)`,
  );
  reportFigure({ name: 'click → first PDF page', value: median(pdf.times), unit: 'ms', better: 'lower', note: `median of ${runs}` });
  const video = await measure('pythonpptx__just-two-mice.mp4', () => {
    const v = document.querySelector('[data-testid="video-player"] video');
    return !!v && v.readyState >= 2 && v.videoWidth > 0;
  });
  console.log(
    `click → first video frame (pythonpptx__just-two-mice.mp4): median ${median(video.times).toFixed(0)} ms over ${runs} runs (${video.times.map((t) => t.toFixed(0)).join(', ')} ms)`,
  );
  reportFigure({ name: 'click → first video frame', value: median(video.times), unit: 'ms', better: 'lower', note: `median of ${runs}` });

  const all = new Map([...pdf.chunks, ...video.chunks]);
  const previewer = [...all].filter(([p]) => p.includes('/assets/') && !p.includes('pdf.worker'));
  const total = previewer.reduce((n, [, body]) => n + gzipSync(body, { level: 9 }).length, 0);
  console.log(
    `previewer JavaScript chunks loaded on click: ${previewer.length} files, ${kb(total)} gzip (pdf.js worker not counted, it runs off the main thread)`,
  );
  reportFigure({ name: 'previewer chunks on click, gzip', value: total / 1024, unit: 'KB', better: 'lower', note: `${previewer.length} files` });
  for (const [p, body] of previewer.sort((a, b) => b[1].length - a[1].length))
    console.log(`  ${path.basename(p)}  ${kb(gzipSync(body, { level: 9 }).length)} gzip`);
  const leaked = previewer.filter(([p]) => loginScripts.has(p));
  console.log(
    leaked.length === 0
      ? 'first route (/login) loads none of the previewer chunks'
      : `WARNING: /login also loads ${leaked.map(([p]) => path.basename(p)).join(', ')}`,
  );
} finally {
  await browser?.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
