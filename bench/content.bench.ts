// Course content tree (issue 7): a course of 40 modules and 600 activities (pages,
// PDF materials with 12 pages, videos of 10 minutes, web links, homework) in
// checkpoint mode, for a student with progress on half of them (visits, viewed
// pages, watched ranges). autocannon, 50 connections for 10 s, on
// `GET /api/courses/{id}/content` as that student, beside a bare Fastify route
// answering a body of the same size and the signed-in floor (`GET /api/user`).
// On PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) points at
// a server (a scratch database, dropped afterwards). Prints req/s, p99 and the
// ratios; asserts nothing. Run: `node --import tsx bench/content.bench.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { LocalStore } from '../apps/server/src/storage/local-store.js';
import { fillContentCourse, MODULES, OTHER_STUDENTS, PER_MODULE } from './lib/content-fill.js';
import { reportFigure } from './lib/figures.js';
import { autocannon as load, withScratchPostgres } from './lib/load.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const LOAD = { connections: CONNECTIONS, durationS: DURATION_S };

async function run(label: string, database: Database, cleanup: () => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-content-'));
  try {
    await runMigrations(database);
    const t0 = performance.now();
    const { courseId } = await fillContentCourse(database);
    console.log(
      `${label}: filled ${MODULES} modules, ${MODULES * PER_MODULE} activities, ${OTHER_STUDENTS + 1} learners with progress in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const config = loadConfig({
      ATRIUM_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ATRIUM_SEED: 'false',
      ATRIUM_WORKERS: 'false',
    });
    const app = await buildApp({ config, database, storage: new LocalStore(path.join(dataDir, 'files')) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: 'bench-student', password: 'bench-password' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const url = `http://127.0.0.1:${port}/api/courses/${courseId}/content`;
    const probe = await fetch(url, { headers: { cookie } });
    const text = await probe.text();
    const json = JSON.parse(text) as { modules: { activities: { is_completed: boolean; access: string }[] }[]; study: { study_completeness: number } };
    const all = json.modules.flatMap((m) => m.activities);
    console.log(
      `${label}: probe ${probe.status}, ${text.length} bytes, ${all.length} activities, ${all.filter((a) => a.is_completed).length} completed, ${all.filter((a) => a.access === 'locked').length} locked, completeness ${json.study.study_completeness}%`,
    );

    const bare = Fastify({ logger: false });
    bare.get('/bare', async (_req, reply) => reply.type('application/json').send(text));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as { port: number }).port;

    const bareResult = await load(`http://127.0.0.1:${barePort}/bare`, LOAD);
    const sessionResult = await load(`http://127.0.0.1:${port}/api/user`, { ...LOAD, headers: { cookie } });
    const contentResult = await load(url, { ...LOAD, headers: { cookie } });
    const row = (name: string, r: typeof bareResult) =>
      `${label}: ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(5)} ms  (p99 ×${(r.p99 / Math.max(1, bareResult.p99)).toFixed(1)} of bare; non-2xx ${r.non2xx}, errors ${r.errors})`;
    console.log(row('bare route (same body)', bareResult));
    console.log(row('GET /api/user (session floor)', sessionResult));
    console.log(row('GET /api/courses/{id}/content', contentResult));
    // Issue 22: req/s ≥ 0.5 of bare for the session floor, ≥ 0.2 for the course content; p99 < 50 ms.
    reportFigure({ name: `GET /api/user vs bare (${label})`, value: sessionResult.rps / bareResult.rps, unit: '×', target: 0.5, better: 'higher' });
    reportFigure({ name: `GET /api/user p99 (${label})`, value: sessionResult.p99, unit: 'ms', target: 50, better: 'lower' });
    reportFigure({ name: `course content vs bare (${label})`, value: contentResult.rps / bareResult.rps, unit: '×', target: 0.2, better: 'higher' });
    reportFigure({ name: `course content p99 (${label})`, value: contentResult.p99, unit: 'ms', target: 50, better: 'lower' });
    await bare.close();
    await app.close();
  } finally {
    await database.close();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`course content: ${MODULES} modules × ${PER_MODULE} activities, student with progress, ${CONNECTIONS} connections × ${DURATION_S} s`);
if (process.env.BENCH_SKIP_PGLITE !== '1') await run('PGlite', await openPglite(), async () => undefined);

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl) {
  await withScratchPostgres(pgUrl, 'atrium_bench_content', (url, drop) => run('PostgreSQL', openPostgres(url), drop));
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to run it on a scratch database)');
}
