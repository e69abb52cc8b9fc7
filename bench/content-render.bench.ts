// Course content page first render (issue 7): /course/{id}/content for a course of
// 40 modules and 600 activities (bench/lib/content-fill.ts, checkpoint mode, a
// student with progress), in headless Chromium (/usr/bin/chromium) against the
// built web app (run `npm run build` first) served by the real server on PGlite.
// Figure: ms from navigation start (the page's own performance.now()) until all
// 600 activity rows are in the DOM, for the student (read-only list with
// completion markers) and the teacher (drag-and-drop editor). Median of 3 after
// one warm-up load; asserts nothing. Run: `node --import tsx bench/content-render.bench.ts`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPglite } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { LocalStore } from '../apps/server/src/storage/local-store.js';
import { fillContentCourse, MODULES, PER_MODULE } from './lib/content-fill.js';
import { reportFigure } from './lib/figures.js';

const ACTIVITIES = MODULES * PER_MODULE;
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

async function signIn(port: number, userName: string): Promise<string> {
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: userName, password: 'bench-password' }),
  });
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Median first-render time (ms since navigation start) of the content page for one user, and the rows seen. */
async function renderTime(port: number, courseId: number, userName: string): Promise<{ medianMs: number; runsMs: number[]; rows: number; apiEndMs: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    const [name, value] = (await signIn(port, userName)).split('=') as [string, string];
    await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/' }]);
    const page = await context.newPage();
    const runs: number[] = [];
    const apiEnd: number[] = [];
    let rows = 0;
    for (let i = 0; i < 4; i++) {
      await page.goto(`http://127.0.0.1:${port}/course/${courseId}/content`);
      const handle = await page.waitForFunction(
        (n) => (document.querySelectorAll('[data-testid="content-activity"]').length >= n ? performance.now() : false),
        ACTIVITIES,
        { timeout: 120_000, polling: 'raf' },
      );
      const ms = (await handle.jsonValue()) as number;
      apiEnd.push(
        await page.evaluate(() => performance.getEntriesByType('resource').find((e) => /\/api\/courses\/\d+\/content$/.test(e.name))?.responseEnd ?? NaN),
      );
      rows = await page.locator('[data-testid="content-activity"]').count();
      if (i > 0) runs.push(ms); // the first load warms the browser cache
    }
    const sorted = [...runs].sort((a, b) => a - b);
    const apiSorted = apiEnd.slice(1).sort((a, b) => a - b);
    return { medianMs: sorted[1]!, runsMs: runs, rows, apiEndMs: apiSorted[1]! };
  } finally {
    await browser.close();
  }
}

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.log('content page render: skipped (no apps/web/dist; run `npm run build` first)');
} else {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-content-render-'));
  const database = await openPglite();
  try {
    await runMigrations(database);
    const { courseId } = await fillContentCourse(database);
    const config = loadConfig({
      ATRIUM_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ATRIUM_SEED: 'false',
      ATRIUM_WORKERS: 'false',
      ATRIUM_WEB_DIST: webDist,
    });
    const app = await buildApp({ config, database, storage: new LocalStore(path.join(dataDir, 'files')) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    console.log(`content page render: ${MODULES} modules × ${PER_MODULE} activities, headless Chromium, PGlite`);
    for (const [who, user] of [
      ['student (list with completion)', 'bench-student'],
      ['teacher (drag-and-drop editor)', 'bench-teacher'],
    ] as const) {
      const r = await renderTime(port, courseId, user);
      reportFigure({ name: `content page first render, ${who.split(' ')[0]}`, value: r.medianMs, unit: 'ms', better: 'lower', note: 'median of 3' });
      console.log(
        `  ${who.padEnd(32)} first render ${r.medianMs.toFixed(0).padStart(6)} ms median of 3 (runs ${r.runsMs.map((t) => t.toFixed(0)).join(', ')} ms; ${r.rows} rows; navigation start → all rows in the DOM; the content answer arrived at ${r.apiEndMs.toFixed(0)} ms)`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
