// Real-time notifications (issue 17 benchmark: "2,000 SSE clients on one instance, 100 notifications
// per second for 30 s: p50/p99 from creation to receipt (target p99 < 1 s), server RSS growth (target
// < 200 MB), 0 lost"). On PostgreSQL (a scratch database on BENCH_DATABASE_URL, else DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/test; dropped afterwards) an organisation with BENCH_CLIENTS
// (2,000) students in one course; the server (this process, workers off) listens; the clients — one
// `GET /api/notifications/stream` per student, node:http in a child process of their own
// (bench/lib/sse-clients.mjs), so neither their event loop nor their memory is the server's —
// connect, and each is counted once its `event: unread` arrived. Then for BENCH_SECONDS (30) s,
// BENCH_RATE (100) times a second, one notification is made for a random student the real way: an
// `enrolment.created` domain event emitted on the server, whose handler (notifications.make) inserts
// the row and pg_notifies in its transaction; the server's LISTEN loads the burst and writes it to the
// student's stream. Creation → receipt is the row's created_at (its transaction's start, on the
// database's clock, the same machine's) to the moment the client parsed the frame. Lost = rows made
// but not received (after up to 10 s of grace); also counted: repeats and frames reaching another
// student. RSS: the server process before the clients connected, after, its peak during the run and
// at the end. Prints the figures beside the targets; asserts nothing.
// Run: `node --import tsx bench/notifications.bench.ts`.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { emit } from '../apps/server/src/modules/events/events.service.js';
import { hubOf } from '../apps/server/src/modules/notifications/notifications.stream.js';
import { LocalStore } from '../apps/server/src/storage/local-store.js';
import { createSessions, fillCourse } from './lib/course-fill.js';
import { reportFigure } from './lib/figures.js';
import { withScratchPostgres } from './lib/load.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const TARGET_P99 = 1000;
const TARGET_RSS_MB = 200;

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const loadavg = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`;

type Report = { receipts: [number, number, number][]; heartbeats: number; ended: number; errors: string[] };

async function run(databaseUrl: string, drop: () => Promise<void>): Promise<void> {
  const database = openPostgres(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-notifications-'));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const child = fork(path.resolve('bench/lib/sse-clients.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    await runMigrations(database);
    const filled = await fillCourse(database, { orgCode: 'bench-notify', learners: CLIENTS, course: { name: 'Bench course', courseCode: 'BN1' } });
    const tokens = await createSessions(database, filled.learnerIds);
    const config = loadConfig({ ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent', ATRIUM_SEED: 'false', ATRIUM_WORKERS: 'false' });
    app = await buildApp({ config, database, storage: new LocalStore(path.join(dataDir, 'files')) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const deps = app.deps;
    // Warm the path (first statements prepare, the LISTEN is up) before the baseline.
    for (let i = 0; i < 20; i++)
      await emit(deps, deps.db, { type: 'enrolment.created', payload: { course_id: filled.courseId, user_id: filled.learnerIds[i]!, role: 'student' } });
    await sleep(500);
    const rssBefore = process.memoryUsage().rss;

    const message = <T>(type: string) =>
      new Promise<T>((resolve) => {
        const on = (m: { type: string }) => {
          if (m.type !== type) return;
          child.off('message', on);
          resolve(m as T);
        };
        child.on('message', on);
      });
    const connectedAt = performance.now();
    const connected = message<{ connected: number; errors: string[] }>('connected');
    child.send({ type: 'start', port, tokens });
    const c = await connected;
    const connectS = (performance.now() - connectedAt) / 1000;
    console.log(
      `${c.connected} of ${CLIENTS} clients connected in ${connectS.toFixed(1)} s (server holds ${hubOf(deps).size} streams)${c.errors.length ? `; errors: ${c.errors.slice(0, 3).join('; ')}` : ''}`,
    );
    const rssConnected = process.memoryUsage().rss;

    // The run: RATE notifications a second for SECONDS, each for a random student.
    const startedAt = new Date();
    let launched = 0;
    let made = 0;
    let failed = 0;
    let rssPeak = rssConnected;
    const inflight = new Set<Promise<void>>();
    const t0 = performance.now();
    const total = RATE * SECONDS;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 250);
    while (launched < total) {
      const due = Math.floor(((performance.now() - t0) / 1000) * RATE);
      while (launched < Math.min(due, total)) {
        launched++;
        const userId = filled.learnerIds[Math.floor(Math.random() * CLIENTS)]!;
        const p: Promise<void> = emit(deps, deps.db, { type: 'enrolment.created', payload: { course_id: filled.courseId, user_id: userId, role: 'student' } })
          .then(() => void made++)
          .catch(() => void failed++)
          .finally(() => inflight.delete(p));
        inflight.add(p);
        if (inflight.size > 500) await Promise.race(inflight);
      }
      await sleep(5);
    }
    await Promise.all(inflight);
    const driveS = (performance.now() - t0) / 1000;

    // The rows made in the run, with their creation instant (epoch ms on the database's clock).
    const rows = (
      await database.pool!.query<{ id: string; user_id: number; at: string }>(
        `select id::text, user_id, extract(epoch from created_at) * 1000 as at from notifications where created_at >= $1 and kind = 'enrolment.created'`,
        [startedAt],
      )
    ).rows.map((r) => ({ id: Number(r.id), userId: r.user_id, at: Number(r.at) }));
    const indexOf = new Map(filled.learnerIds.map((id, i) => [id, i]));
    const expected = new Map(rows.map((r) => [r.id, r]));

    // Grace: wait until the clients hold as many frames as rows were made (or 10 s), then take their report.
    const graceEnds = performance.now() + 10_000;
    for (;;) {
      const counted = message<{ count: number }>('count');
      child.send({ type: 'count' });
      if ((await counted).count >= rows.length || performance.now() > graceEnds) break;
      await sleep(50);
    }
    const reported = message<Report>('report');
    child.send({ type: 'report' });
    const report = await reported;
    clearInterval(sampler);
    const rssEnd = process.memoryUsage().rss;

    const latencies: number[] = [];
    const seen = new Map<number, number>();
    let wrongUser = 0;
    let repeats = 0;
    for (const [id, client, at] of report.receipts) {
      const row = expected.get(id);
      if (!row) continue; // a warm-up notification
      if (indexOf.get(row.userId) !== client) wrongUser++;
      if (seen.has(id)) {
        repeats++;
        continue;
      }
      seen.set(id, at);
      latencies.push(at - row.at);
    }
    const lost = rows.length - seen.size;
    const p50 = pct(latencies, 50);
    const p99 = pct(latencies, 99);
    const growth = rssEnd - rssBefore;
    console.log(`${made} notifications made in ${driveS.toFixed(1)} s (${(made / driveS).toFixed(0)}/s; ${failed} failed), ${rows.length} rows; ${loadavg()}`);
    console.log(
      `creation → receipt: p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${Math.max(...latencies).toFixed(1)} ms (n=${latencies.length}) — ${p99 < TARGET_P99 ? `meets p99 < ${TARGET_P99} ms` : `MISSES p99 < ${TARGET_P99} ms`}`,
    );
    console.log(
      `lost ${lost}, repeats ${repeats}, to another client ${wrongUser}, heartbeats ${report.heartbeats}, streams ended by the server ${report.ended} — ${lost === 0 ? 'meets 0 lost' : 'MISSES 0 lost'}`,
    );
    console.log(
      `server RSS: ${mb(rssBefore)} before the clients, ${mb(rssConnected)} with ${c.connected} connected, peak ${mb(rssPeak)}, ${mb(rssEnd)} at the end — growth ${mb(growth)} (${growth < TARGET_RSS_MB * 1024 * 1024 ? `meets < ${TARGET_RSS_MB} MB` : `MISSES < ${TARGET_RSS_MB} MB`}; peak − before ${mb(rssPeak - rssBefore)})`,
    );
    const clients = `${CLIENTS} clients, ${RATE}/s`;
    reportFigure({ name: `creation → receipt p50 (${clients})`, value: p50, unit: 'ms', better: 'lower' });
    reportFigure({ name: `creation → receipt p99 (${clients})`, value: p99, unit: 'ms', target: TARGET_P99, better: 'lower' });
    reportFigure({ name: 'lost notifications', value: lost, unit: 'lost', target: 0, better: 'lower' });
    reportFigure({ name: 'server RSS growth', value: growth / 1024 / 1024, unit: 'MB', target: TARGET_RSS_MB, better: 'lower' });
  } finally {
    if (child.connected) child.kill();
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
await withScratchPostgres(base, 'atrium_bench_notifications', run);
