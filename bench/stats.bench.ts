// The statistics server (issue 25 benchmark: "sustained ingestion ≥ 5,000 events/s; storage per million events;
// a course dashboard over 10 million events for 1,000 students < 500 ms"). On PostgreSQL (a scratch database
// `atrium_bench_stats_*` on BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
// dropped afterwards; the main server's migrations, which include the statistics schema):
//   a. Ingestion: apps/stats on its own (src/main.ts, a child process, with STATS_SECRET and its request log) on
//      that database; BENCH_STATS_CONNECTIONS (20) clients in this process post for BENCH_STATS_INGEST_S (20) s
//      (after 2 s of warm-up) batches of 100–200 events of one student each — unique UUIDs, `sent_at`, a reporter
//      token (Authorization: Bearer), the four streams, realistic actions, course, activity, url and `data` — one
//      request after another per client. Figures: events stored per second and p99 per batch request. With
//      BENCH_STATS_DUCKDB unset or 1, the same again with STATS_COLUMN_STORE=duckdb:… (the live column-store copy,
//      decision 0148), and the DuckDB file's row count checked against the events accepted.
//   b. Storage: pg_total_relation_size of the events partitions, stats.event_ids and the rollups (daily_counts,
//      daily_users) after a., per event, scaled to MB per million events; the same after c.
//   c. Dashboard: a course of 1,000 students (main-server tables, bench/lib/course-fill.ts) and BENCH_STATS_EVENTS
//      (10,000,000) events of it over the 366 days ending now, written straight with SQL (generate_series into
//      each monthly partition built as a table, indexed as the parent, then attached; event_ids for the last 31
//      days — what the retention job leaves; daily_counts and daily_users grouped from the events as insertEvents
//      grows them), then VACUUM ANALYZE. Each day 400 students are active (40 %), 5 % of events are the
//      teacher's, 2 % visitors'. Timed, BENCH_RUNS (30) times each from this process: the dashboard's event query
//      as the store answers it (store.ts courseDays: events per day from daily_counts, active students per day
//      from daily_users, among the course's students) over 30 and 366 days, one student's days (courseUserDays)
//      over 366 days, and for comparison active students counted from the raw events; when
//      apps/server/src/modules/stats/learning.routes.ts exists, GET /api/stat/courses/{id}/learning end to end as
//      the teacher. With DuckDB on: exportMonth of every month into a DuckDB file (rows/s) and the column store's
//      days query over 30 and 366 days from the raw events (no rollup).
// Prints the figures beside the targets; asserts nothing. Run: `npm run bench -- stats`, or
// `node --import tsx bench/stats.bench.ts`; BENCH_STATS_EVENTS=200000 BENCH_STATS_INGEST_S=3 for a quick run.
// BENCH_KEEP_DB=1 keeps the scratch database; BENCH_STATS_SERVER_LOG=<file> keeps the statistics server's request log.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { STAT_STREAM_PATHS, type StatStream } from '@atrium/contracts';
import { openPostgres } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { signReporterToken } from '../apps/stats/src/reporter-token.js';
import { DuckDbColumnStore } from '../apps/stats/src/columnar/duckdb.js';
import { exportMonth } from '../apps/stats/src/columnar/export-month.js';
import { courseDays, courseUserDays, partitionOf, type StatsDb } from '../apps/stats/src/store.js';
import { createSessions, fillCourse } from './lib/course-fill.js';
import { reportFigure } from './lib/figures.js';
import { withScratchPostgres } from './lib/load.js';

const EVENTS = Number(process.env.BENCH_STATS_EVENTS ?? 10_000_000);
const INGEST_S = Number(process.env.BENCH_STATS_INGEST_S ?? 20);
const CONNECTIONS = Number(process.env.BENCH_STATS_CONNECTIONS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WITH_DUCKDB = (process.env.BENCH_STATS_DUCKDB ?? '1') !== '0';
const STUDENTS = 1000;
const ACTIVE_PER_DAY = 400;
const DAYS = 366;
const WARMUP_S = 2;

const TARGET_EVENTS_PER_S = 5000;
const TARGET_DASHBOARD_MS = 500;

const DAY_MS = 24 * 3600_000;
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const ms = (n: number) => `${n.toFixed(n < 100 ? 1 : 0)} ms`;
const int = (n: number) => Math.round(n).toLocaleString('en-GB');
const loadavg = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`;
const verdict = (value: number, target: number, better: 'lower' | 'higher') =>
  (better === 'lower' ? value < target : value >= target)
    ? `meets ${better === 'lower' ? '<' : '≥'} ${int(target)} (${(value / target).toFixed(2)}×)`
    : `MISSES ${better === 'lower' ? '<' : '≥'} ${int(target)} (${(value / target).toFixed(2)}×)`;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------------------------
// a. Ingestion over HTTP

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** apps/stats/src/main.ts in a child process on `databaseUrl`; resolves once /api/health answers. */
async function startStatsServer(
  databaseUrl: string,
  secret: string,
  extraEnv: Record<string, string>,
): Promise<{ base: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/stats/src/main.ts'], {
    env: { ...process.env, STATS_DATABASE_URL: databaseUrl, STATS_SECRET: secret, STATS_PORT: String(port), STATS_HOST: '127.0.0.1', ...extraEnv },
    stdio: ['ignore', process.env.BENCH_STATS_SERVER_LOG ? openSync(process.env.BENCH_STATS_SERVER_LOG, 'a') : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the statistics server stopped: ${stderr.slice(0, 2000)}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the statistics server did not answer in 60 s: ${stderr.slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    });
  return { base, child, stop };
}

const LEARNING_ACTIONS = ['activity.read', 'activity.read', 'activity.open', 'scorm.progressed', 'video_quiz.answered', 'exam.submitted'];
const STREAM_WEIGHTS: [StatStream, number][] = [
  ['learning_activity', 0.55],
  ['user_action', 0.4],
  ['teaching_action', 0.03],
  ['research_activity', 0.02],
];

function pickStream(): StatStream {
  let r = Math.random();
  for (const [stream, weight] of STREAM_WEIGHTS) if ((r -= weight) < 0) return stream;
  return 'user_action';
}

/**
 * One browser's batch of `size` events of `stream` by student `k` (of 1,000, in 50 courses: their own course
 * 1 + k mod 50, one event in five in a second one), as the web app's beacon sends them: UUIDs, epoch-ms `ts` of
 * the last minute, `sent_at`.
 */
function batchOf(stream: StatStream, size: number, k: number): string {
  const now = Date.now();
  const events = Array.from({ length: size }, () => {
    const course = 1 + ((Math.random() < 0.8 ? k : k + 17) % 50);
    const activity = course * 100 + Math.floor(Math.random() * 40);
    const ts = now - Math.floor(Math.random() * 60_000);
    if (stream === 'user_action') return { id: randomUUID(), action: 'page.view', ts, course_id: course, url: `/course/${course}` };
    if (stream === 'teaching_action')
      return { id: randomUUID(), action: 'homework.graded', ts, course_id: course, activity_id: activity, data: { score: 7, max_score: 10 } };
    if (stream === 'research_activity') return { id: randomUUID(), action: 'research.survey_answered', ts, data: { question: 3, answer: 'b' } };
    const action = LEARNING_ACTIONS[Math.floor(Math.random() * LEARNING_ACTIONS.length)]!;
    const data =
      action === 'activity.read'
        ? { position: Math.floor(Math.random() * 600), duration: 600 }
        : action === 'exam.submitted'
          ? { score: Math.floor(Math.random() * 100), max_score: 100 }
          : undefined;
    return {
      id: randomUUID(),
      action,
      ts,
      course_id: course,
      activity_id: activity,
      url: `/course/${course}/learning-activity#/${activity}`,
      ...(data ? { data } : {}),
    };
  });
  return JSON.stringify({ events, sent_at: Date.now() });
}

interface Drive {
  accepted: number;
  duplicates: number;
  requests: number;
  failed: number;
  latencies: number[];
  seconds: number;
  /** Failed requests by status (`network` for no answer). */
  statuses: Record<string, number>;
}

/** `CONNECTIONS` clients posting batches back to back for `seconds` s; only requests started in that window count. */
async function drive(base: string, tokens: readonly string[], seconds: number): Promise<Drive> {
  const result: Drive = { accepted: 0, duplicates: 0, requests: 0, failed: 0, latencies: [], seconds, statuses: {} };
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const stream = pickStream();
      const k = Math.floor(Math.random() * tokens.length);
      const body = batchOf(stream, 100 + Math.floor(Math.random() * 101), k);
      const token = tokens[k]!;
      const start = performance.now();
      try {
        const res = await fetch(`${base}${STAT_STREAM_PATHS[stream]}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        });
        const answer = (await res.json()) as { accepted?: number; duplicates?: number };
        result.latencies.push(performance.now() - start);
        result.requests++;
        if (res.status !== 200) {
          result.failed++;
          result.statuses[res.status] = (result.statuses[res.status] ?? 0) + 1;
        } else {
          result.accepted += answer.accepted ?? 0;
          result.duplicates += answer.duplicates ?? 0;
        }
      } catch {
        result.failed++;
        result.statuses.network = (result.statuses.network ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  result.seconds = (performance.now() - t0) / 1000;
  return result;
}

async function measureIngestion(databaseUrl: string, label: string, figure: string, extraEnv: Record<string, string>, target?: number): Promise<Drive> {
  const secret = randomBytes(32).toString('hex');
  const tokens = await Promise.all(
    Array.from({ length: STUDENTS }, (_, k) => signReporterToken(secret, { userId: 1 + k, orgId: 1, source: 'client' }, Date.now() + 3600_000)),
  );
  const server = await startStatsServer(databaseUrl, secret, extraEnv);
  try {
    await drive(server.base, tokens, WARMUP_S);
    const run = await drive(server.base, tokens, INGEST_S);
    const rate = run.accepted / run.seconds;
    const p99 = pct(run.latencies, 99);
    console.log(
      `${label}: ${int(run.accepted)} events in ${int(run.requests)} batches over ${run.seconds.toFixed(1)} s at ${CONNECTIONS} connections — ${int(rate)} events/s, ` +
        `batch p50 ${ms(pct(run.latencies, 50))} p99 ${ms(p99)}, ${run.failed} failed${run.failed > 0 ? ` (${JSON.stringify(run.statuses)})` : ''}, ${run.duplicates} duplicates` +
        (target ? ` — ${verdict(rate, target, 'higher')}` : '') +
        `; ${loadavg()}`,
    );
    reportFigure({
      name: `ingestion${figure} (${CONNECTIONS} conn)`,
      value: rate,
      unit: 'events/s',
      target,
      better: 'higher',
      note: run.failed > 0 ? `${INGEST_S} s, ${run.failed} failed` : `${INGEST_S} s`,
    });
    reportFigure({ name: `ingestion${figure} batch p99 (${CONNECTIONS} conn)`, value: p99, unit: 'ms', better: 'lower', note: '100–200 events' });
    return run;
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// b. Storage

/** Bytes of the events partitions, event_ids and the rollups (with their indexes and TOAST), and the events held. */
async function storage(client: pg.Client): Promise<{ events: number; parts: Record<string, number>; total: number }> {
  const { rows: partitions } = await client.query<{ bytes: string }>(`
    select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes
    from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    join pg_namespace n on n.oid = p.relnamespace where n.nspname = 'stats' and p.relname = 'events'`);
  const parts: Record<string, number> = { events: Number(partitions[0]!.bytes) };
  for (const table of ['event_ids', 'daily_counts', 'daily_users']) {
    const { rows } = await client.query<{ bytes: string }>(`select pg_total_relation_size('stats.${table}')::bigint as bytes`);
    parts[table] = Number(rows[0]!.bytes);
  }
  const { rows: count } = await client.query<{ n: string }>('select count(*)::bigint as n from stats.events');
  return { events: Number(count[0]!.n), parts, total: Object.values(parts).reduce((a, b) => a + b, 0) };
}

async function reportStorage(client: pg.Client, label: string, figure: string): Promise<void> {
  await client.query('vacuum analyze stats.events, stats.event_ids, stats.daily_counts, stats.daily_users');
  const s = await storage(client);
  const perMillion = s.events > 0 ? ((s.total / s.events) * 1e6) / (1024 * 1024) : NaN;
  const breakdown = Object.entries(s.parts)
    .map(([table, bytes]) => `${table} ${(((bytes / Math.max(1, s.events)) * 1e6) / (1024 * 1024)).toFixed(1)}`)
    .join(', ');
  console.log(
    `${label}: ${int(s.events)} events hold ${(s.total / 1024 / 1024).toFixed(1)} MB — ${perMillion.toFixed(1)} MB per million events (${breakdown})`,
  );
  reportFigure({ name: `storage per million events${figure}`, value: perMillion, unit: 'MB', better: 'lower', note: `${int(s.events)} events` });
}

// ---------------------------------------------------------------------------------------------------------------
// c. The dashboard over BENCH_STATS_EVENTS events

/** The months (partitions) of [from, to) ms, each with its bounds. */
function monthsOf(from: number, to: number): { name: string; from: number; to: number; month: string }[] {
  const months = [];
  for (let at = Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth(), 1); at < to;) {
    const next = Date.UTC(new Date(at).getUTCFullYear(), new Date(at).getUTCMonth() + 1, 1);
    months.push({ name: partitionOf(at).name, from: at, to: next, month: new Date(at).toISOString().slice(0, 7) });
    at = next;
  }
  return months;
}

/**
 * Writes `EVENTS` events of the course over [start, end) ms straight into the monthly partitions: event g at
 * start + g × (end − start) / EVENTS; a hash of g picks who (5 % the teacher, 2 % a visitor, else one of the day's
 * 400 active students — a set moving by day), the stream, action, activity, url and data. Each month is a table
 * filled, indexed as the parent's indexes (so attaching reuses them) and attached, two months at a time.
 */
async function loadEvents(
  databaseUrl: string,
  course: { orgId: number; courseId: number; teacherId: number; learnerIds: number[] },
  start: number,
  end: number,
): Promise<void> {
  const stepUs = ((end - start) * 1000) / EVENTS;
  const months = monthsOf(start, end);
  const students = `'{${course.learnerIds.join(',')}}'::int[]`;
  const queue = [...months];
  const worker = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`set maintenance_work_mem = '512MB'; set synchronous_commit = off; set max_parallel_maintenance_workers = 0`);
    try {
      for (let m = queue.shift(); m; m = queue.shift()) {
        const g0 = Math.max(0, Math.floor(((m.from - start) * 1000) / stepUs) - 2);
        const g1 = Math.min(EVENTS - 1, Math.ceil(((m.to - start) * 1000) / stepUs) + 2);
        const table = `stats.${m.name}`;
        await client.query(`create table ${table} (like stats.events including defaults)`);
        await client.query(
          `insert into ${table} (ts, event_id, stream, action, source, org_id, user_id, course_id, activity_id, url, data, received_at)
           select t.ts, gen_random_uuid()::text, k.stream, k.action,
             case when k.action in ('exam.submitted', 'homework.graded') then 'server' else 'client' end,
             $1::int, k.user_id, $2::int, k.activity_id,
             case when k.activity_id is null then '/course/' || $2::int else '/course/' || $2::int || '/learning-activity#/' || k.activity_id end,
             case k.action when 'activity.read' then jsonb_build_object('position', t.h % 600, 'duration', 600)
                           when 'exam.submitted' then jsonb_build_object('score', t.h % 101, 'max_score', 100) end,
             t.ts + interval '2 seconds'
           from generate_series($3::bigint, $4::bigint) g,
             lateral (select timestamptz 'epoch' + ($5::bigint + (g * $6::double precision)::bigint) * interval '1 microsecond' as ts,
                             (g * 2654435761) % 1000003 as h, (g * ${DAYS} / ${EVENTS})::int as d) t,
             lateral (select case when t.h % 100 < 5 then 'teacher' when t.h % 100 < 7 then 'visitor' else 'student' end as who) w,
             lateral (select
               case w.who when 'teacher' then $7::int when 'visitor' then null
                 else (${students})[1 + ((t.h / 100) % ${ACTIVE_PER_DAY} + t.d * 397) % ${STUDENTS}] end as user_id,
               case when w.who = 'teacher' then 'teaching_action' when w.who = 'visitor' then 'user_action'
                    when t.h % 100 < 62 then 'learning_activity' when t.h % 100 < 98 then 'user_action' else 'research_activity' end as stream) u,
             lateral (select u.user_id, u.stream,
               case u.stream when 'learning_activity' then (array['activity.read', 'activity.read', 'activity.open', 'scorm.progressed', 'video_quiz.answered', 'exam.submitted'])[1 + (t.h / 7) % 6]
                             when 'teaching_action' then (array['homework.graded', 'page.view'])[1 + (t.h / 7) % 2]
                             when 'research_activity' then 'research.survey_answered' else 'page.view' end as action) a,
             lateral (select a.user_id, a.stream, a.action,
               case when a.action = 'page.view' or a.stream = 'research_activity' then null else 1 + (t.h / 13) % 40 end as activity_id) k
           where t.ts >= $8::timestamptz and t.ts < $9::timestamptz and t.ts < $10::timestamptz`,
          [
            course.orgId,
            course.courseId,
            g0,
            g1,
            BigInt(start) * 1000n,
            stepUs,
            course.teacherId,
            new Date(m.from).toISOString(),
            new Date(m.to).toISOString(),
            new Date(end).toISOString(),
          ].map((v) => (typeof v === 'bigint' ? v.toString() : v)),
        );
        // The parent's indexes (migrations/0000_stats.sql), so ATTACH takes them instead of building its own under its lock.
        await client.query(`alter table ${table} add primary key (event_id, ts)`);
        await client.query(`create index on ${table} using brin (ts)`);
        await client.query(`create index on ${table} (course_id, ts) where course_id is not null`);
        await client.query(`create index on ${table} (user_id, ts) where user_id is not null`);
        await client.query(
          `alter table stats.events attach partition ${table} for values from ('${new Date(m.from).toISOString()}') to ('${new Date(m.to).toISOString()}')`,
        );
      }
    } finally {
      await client.end();
    }
  };
  await Promise.all([worker(), worker()]);
}

/**
 * The rollups from the events, as insertEvents grows them (store.ts): event_ids of the last 31 days (what the
 * retention job leaves), daily_counts per day, organisation, course, stream and action, and daily_users per course,
 * day and user (events with a user and a course; events, the latest instant, the organisation).
 */
async function loadRollups(client: pg.Client, end: number): Promise<void> {
  await client.query(`set synchronous_commit = off; set work_mem = '256MB'`);
  await client.query(`insert into stats.event_ids (event_id, ts) select event_id, ts from stats.events where ts >= $1::timestamptz`, [
    new Date(end - 31 * DAY_MS).toISOString(),
  ]);
  await client.query(`
    insert into stats.daily_counts (day, org_id, course_id, stream, action, events)
    select (ts at time zone 'UTC')::date, coalesce(org_id, 0), coalesce(course_id, 0), stream, action, count(*)
    from stats.events group by 1, 2, 3, 4, 5`);
  await client.query(`
    insert into stats.daily_users (day, course_id, user_id, org_id, events, last_at)
    select (ts at time zone 'UTC')::date, course_id, user_id, coalesce(max(org_id), 0), count(*), max(ts)
    from stats.events where user_id is not null and course_id is not null group by 1, 2, 3`);
}

/** `runs` timings of `once` (ms), after one untimed run. */
async function timed(runs: number, once: () => Promise<unknown>): Promise<number[]> {
  await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  return times;
}

function reportTimes(label: string, figure: string, times: number[], target: number | undefined, note: string): void {
  const p50 = pct(times, 50);
  const p99 = pct(times, 99);
  console.log(`${label}: p50 ${ms(p50)} p99 ${ms(p99)} (${times.length} runs)${target ? ` — ${verdict(p99, target, 'lower')}` : ''}; ${loadavg()}`);
  reportFigure({ name: `${figure} p50`, value: p50, unit: 'ms', target, better: 'lower', note });
  reportFigure({ name: `${figure} p99`, value: p99, unit: 'ms', target, better: 'lower', note });
}

/**
 * The dashboard's event queries as the statistics store answers them (store.ts): `courseDays` — events per day
 * (daily_counts) and active students per day (daily_users, the course's 1,000 students) — over 30 and 366 days,
 * and `courseUserDays`, one student's days over 366 days; for comparison, active students counted from the raw
 * events instead of daily_users.
 */
async function measureDashboard(db: StatsDb, client: pg.Client, course: { courseId: number; learnerIds: number[] }, end: number): Promise<void> {
  const to = day(end);
  for (const days of [30, DAYS]) {
    const from = day(end - (days - 1) * DAY_MS);
    const once = () => courseDays(db, course.courseId, from, to, course.learnerIds);
    const check = await once();
    reportTimes(
      `dashboard events query (courseDays), ${days} days: ${check.length} days, ${int(check.reduce((n, d) => n + d.events, 0))} events, ${check.at(-1)?.active_students ?? 0} students active on the last`,
      `dashboard events query, ${days} days`,
      await timed(RUNS, once),
      TARGET_DASHBOARD_MS,
      'rollups',
    );
  }
  const from = day(end - (DAYS - 1) * DAY_MS);
  const student = () => courseUserDays(db, course.courseId, course.learnerIds[0]!, from, to);
  reportTimes(
    `a student's days (courseUserDays), ${DAYS} days: ${(await student()).length} days with events`,
    `student's days, ${DAYS} days`,
    await timed(RUNS, student),
    TARGET_DASHBOARD_MS,
    'daily_users',
  );
  // What daily_users saves: the same active students per day counted from the raw events.
  const fromEvents = () =>
    client.query(
      `select (ts at time zone 'UTC')::date as day, count(distinct user_id)::int as students from stats.events
       where course_id = $1 and ts >= $2::timestamp at time zone 'UTC' and ts < ($3::date + 1)::timestamp at time zone 'UTC' and user_id = any($4::int[])
       group by 1 order by 1`,
      [course.courseId, from, to, `{${course.learnerIds.join(',')}}`],
    );
  reportTimes(
    `active students per day from the raw events instead, ${DAYS} days (for comparison)`,
    `active students from raw events, ${DAYS} days`,
    await timed(3, fromEvents),
    undefined,
    'no rollup',
  );
}

/** GET /api/stat/courses/{id}/learning on the main server (embedded statistics), as the course's teacher. */
async function measureRoute(databaseUrl: string, course: { courseId: number; teacherId: number }, end: number): Promise<void> {
  const [{ buildApp }, { loadConfig }, { LocalStore }] = await Promise.all([
    import('../apps/server/src/app.js'),
    import('../apps/server/src/config.js'),
    import('../apps/server/src/storage/local-store.js'),
  ]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-stats-'));
  const database = openPostgres(databaseUrl);
  const config = loadConfig({ ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent', ATRIUM_SEED: 'false', ATRIUM_WORKERS: 'false' });
  const app = await buildApp({ config, database, storage: new LocalStore(path.join(dataDir, 'files')) });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    const [token] = await createSessions(database, [course.teacherId]);
    for (const days of [30, DAYS]) {
      const url = `${base}/api/stat/courses/${course.courseId}/learning?from=${day(end - (days - 1) * DAY_MS)}&to=${day(end)}`;
      const get = async () => {
        const res = await fetch(url, { headers: { cookie: `atrium_session=${token}` } });
        await res.arrayBuffer();
        return res.status;
      };
      const status = await get();
      if (status !== 200) {
        console.log(`GET /api/stat/courses/{id}/learning, ${days} days: answered ${status} — not measured`);
        reportFigure({
          name: `GET …/learning, ${days} days p99`,
          value: NaN,
          unit: 'ms',
          target: TARGET_DASHBOARD_MS,
          better: 'lower',
          note: `answered ${status}`,
        });
        continue;
      }
      reportTimes(
        `GET /api/stat/courses/{id}/learning, ${days} days, end to end`,
        `GET …/learning, ${days} days`,
        await timed(RUNS, get),
        TARGET_DASHBOARD_MS,
        'embedded',
      );
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** exportMonth of every month into a DuckDB file, then the column store's days query over the 366 days. */
async function measureDuckDb(databaseUrl: string, course: { courseId: number; learnerIds: number[] }, start: number, end: number): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-duckdb-'));
  const database = openPostgres(databaseUrl);
  const store = await DuckDbColumnStore.open(path.join(dir, 'history.duckdb'));
  try {
    const t0 = performance.now();
    let read = 0;
    for (const m of monthsOf(start, end)) read += (await exportMonth(database.db, store, m.month)).read;
    const seconds = (performance.now() - t0) / 1000;
    const held = await store.count();
    console.log(
      `exportMonth, every month into DuckDB: ${int(read)} rows in ${seconds.toFixed(1)} s — ${int(read / seconds)} rows/s (DuckDB holds ${int(held.rows)}, ${int(held.ids)} ids); ${loadavg()}`,
    );
    reportFigure({ name: 'exportMonth into DuckDB', value: read / seconds, unit: 'rows/s', better: 'higher', note: `${int(read)} rows` });
    for (const days of [30, DAYS]) {
      const query = { courseId: course.courseId, from: day(end - (days - 1) * DAY_MS), to: day(end), students: course.learnerIds };
      reportTimes(
        `DuckDB days query (raw events, no rollup), ${days} days`,
        `DuckDB days query, ${days} days`,
        await timed(RUNS, () => store.courseDays(query)),
        TARGET_DASHBOARD_MS,
        'raw events',
      );
    }
  } finally {
    await store.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function run(databaseUrl: string, drop: () => Promise<void>): Promise<void> {
  const database = openPostgres(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  const duckDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-stats-live-'));
  try {
    await runMigrations(database);
    await client.connect();

    // a. and b.
    await measureIngestion(databaseUrl, 'ingestion, apps/stats on its own', '', {}, TARGET_EVENTS_PER_S);
    await reportStorage(client, 'storage after ingestion over HTTP', ' (HTTP-ingested)');
    if (WITH_DUCKDB) {
      const file = path.join(duckDir, 'live.duckdb');
      const live = await measureIngestion(databaseUrl, 'ingestion with the live DuckDB copy (STATS_COLUMN_STORE)', ' + DuckDB copy', {
        STATS_COLUMN_STORE: `duckdb:${file}`,
      });
      const store = await DuckDbColumnStore.open(file);
      const held = await store.count();
      await store.close();
      console.log(`  the DuckDB file holds ${int(held.rows)} rows (${int(held.ids)} ids) for ${int(live.accepted)} accepted in the timed run, plus warm-up`);
    }

    // c.
    const filled = await fillCourse(database, { orgCode: 'bench-stats', learners: STUDENTS, course: { name: 'Statistics course', courseCode: 'ST1' } });
    const { rows: parts } = await client.query<{ name: string }>(`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      join pg_namespace n on n.oid = p.relnamespace where n.nspname = 'stats' and p.relname = 'events'`);
    for (const { name } of parts) await client.query(`drop table stats.${name}`);
    await client.query('truncate stats.event_ids, stats.daily_counts, stats.daily_users');

    const end = Date.now();
    const start = Date.UTC(new Date(end).getUTCFullYear(), new Date(end).getUTCMonth(), new Date(end).getUTCDate()) - (DAYS - 1) * DAY_MS;
    const t0 = performance.now();
    await loadEvents(databaseUrl, filled, start, end);
    const tEvents = performance.now();
    await loadRollups(client, end);
    const tRollups = performance.now();
    await client.query('vacuum analyze stats.events, stats.event_ids, stats.daily_counts, stats.daily_users');
    const tVacuum = performance.now();
    const { rows: loaded } = await client.query<{ n: string }>('select count(*)::bigint as n from stats.events');
    const loadS = (tRollups - t0) / 1000;
    console.log(
      `\nloaded ${int(Number(loaded[0]!.n))} events of one course (${STUDENTS} students) over ${DAYS} days in ${loadS.toFixed(1)} s ` +
        `(events and indexes ${((tEvents - t0) / 1000).toFixed(1)} s, rollups ${((tRollups - tEvents) / 1000).toFixed(1)} s; then VACUUM ANALYZE ${((tVacuum - tRollups) / 1000).toFixed(1)} s); ${loadavg()}`,
    );
    reportFigure({ name: `load ${int(EVENTS)} events (SQL)`, value: loadS, unit: 's', better: 'lower', note: 'events, indexes, rollups' });
    await reportStorage(client, `storage after loading a year (ids of the last 31 days)`, ' (a year loaded)');
    await measureDashboard(database.db, client, filled, end);
    if (existsSync('apps/server/src/modules/stats/learning.routes.ts')) await measureRoute(databaseUrl, filled, end);
    else console.log('GET /api/stat/courses/{id}/learning: not measured (apps/server/src/modules/stats/learning.routes.ts is not there yet)');
    if (WITH_DUCKDB) await measureDuckDb(databaseUrl, filled, start, end);
  } finally {
    await client.end().catch(() => undefined);
    await database.close();
    rmSync(duckDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB) console.log(`kept the database: ${databaseUrl}`);
    else await drop();
  }
}

console.log(
  `stats: ingestion over HTTP at ${CONNECTIONS} connections for ${INGEST_S} s, storage per million events, a course dashboard over ${int(EVENTS)} events for ${STUDENTS} students — on PostgreSQL`,
);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
await withScratchPostgres(pgUrl, 'atrium_bench_stats', run);
