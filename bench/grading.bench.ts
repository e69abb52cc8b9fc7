// Homework grading (issue 16 benchmark: "a homework with 500 submissions — the submission list answers
// p99 < 100 ms on PostgreSQL at 20 connections; the PDF editor shows the first page of a 14-page
// submission in under 1 s in Chromium; saving 50 annotations takes under 500 ms"). On PostgreSQL (a
// scratch database on BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
// dropped afterwards) a course of BENCH_SUBMISSIONS (default 500) learners gets one published homework;
// every learner hands in through the API — most of them online text, the first BENCH_PDFS (default 5)
// the real 14-page PDF (pdfjs__tracemonkey.pdf, uploaded and processed like any learner file) — and the
// teacher scores every other submission. Then:
//   1. the team's list `GET /api/homework/{id}/submissions` (page_size 20, page_size 100, state=ungraded):
//      one request alone (median of 20 in a row), then autocannon at 20 connections for BENCH_LOAD_S (10) s;
//   2. saving 50 annotations (pen strokes of 40 points, text boxes and stamps over pages 1–14) on the
//      PDF submission, BENCH_SAVES (10) times; the flattening alone (pdf-lib, in process) beside it;
//   3. the PDF editor `/pdf/editor?submissionId=…&uploadId=…&fileType=pdf` in headless Chromium (Debian's,
//      through playwright-core) as the teacher: navigation start → the first frame after page 1's canvas
//      is drawn (the page's `data-rendered="true"`, checked painted by a pixel read), cold (a fresh browser
//      context) and warm (a reload), BENCH_RUNS (5) times each.
// Before measuring, the database is ANALYZEd (statistics as autovacuum soon leaves them). For what dominates,
// the list's lines also give the SQL statements of one request and the CPU per request under load of the
// server process and of the PostgreSQL backends (/proc, the database on this machine); BENCH_EXPLAIN=1 adds
// EXPLAIN ANALYZE of each statement, BENCH_PROFILE=1 a V8 CPU profile of the server during the first load.
// The editor's phases come from its own performance marks. Figures depend on the machine's load: the load
// average is printed beside them. Needs the built web app (`npm run build`, or a build in ATRIUM_WEB_DIST;
// without one the editor is skipped). Prints the figures beside the targets; asserts nothing.
// BENCH_PARTS=list,save,editor picks the parts (default all); BENCH_WATERFALL=1 prints every request of the first cold editor load;
// BENCH_WEB_DISTS=dirA,dirB compares web builds, the editor runs interleaved between them.
// Run: `node --import tsx bench/grading.bench.ts`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Annotation } from '@atrium/contracts';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres, type Database } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { fixturePath } from '../apps/server/src/lib/fixtures.js';
import { flattenAnnotations } from '../apps/server/src/modules/homework/flatten.js';
import { LocalStore } from '../apps/server/src/storage/local-store.js';
import { apiCaller, createSessions, fillCourse, type ApiCall } from './lib/course-fill.js';
import { reportFigure } from './lib/figures.js';
import { withScratchPostgres } from './lib/load.js';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 500);
const PDFS = Math.min(SUBMISSIONS, Math.max(1, Number(process.env.BENCH_PDFS ?? 5)));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SAVES = Number(process.env.BENCH_SAVES ?? 10);
const LOAD_S = Number(process.env.BENCH_LOAD_S ?? 10);
const CONNECTIONS = 20;
/** BENCH_PARTS: which parts to run, comma-separated among list, save, editor (default all three). */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'list,save,editor').split(',').map((p) => p.trim()));
/** Learners handing in at once while the submissions are made (not measured). */
const CONCURRENCY = 20;
const PDF_NAME = 'pdfjs__tracemonkey.pdf';

const TARGET_LIST_P99 = 100;
const TARGET_FIRST_PAGE = 1000;
const TARGET_SAVE = 500;

// ---------------------------------------------------------------- figures

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const ms = (n: number, width = 6) => `${n.toFixed(n < 100 ? 1 : 0).padStart(width)} ms`;
const spread = (xs: number[]) => `p50 ${ms(pct(xs, 50))}  p99 ${ms(pct(xs, 99))}  max ${ms(Math.max(...xs))}  (n=${xs.length})`;
const loadavg = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`;
const verdict = (value: number, target: number) =>
  value < target ? `meets < ${target} ms` : `MISSES < ${target} ms by ${(value - target).toFixed(0)} ms (${((value / target - 1) * 100).toFixed(0)}%)`;

/** What one autocannon run measured (latencies in ms). */
interface Load {
  p50: number;
  p99: number;
  max: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** The autocannon CLI in a child process (its own event loop, as bench/lib/load.ts runs it), with p50 and max besides p99. */
function autocannon(url: string, token: string): Promise<Load> {
  const args = ['-c', String(CONNECTIONS), '-d', String(LOAD_S), '--json', '-H', `cookie=atrium_session=${token}`, url];
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/autocannon'), args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        const r = JSON.parse(out) as {
          requests: { average: number; total: number };
          latency: { p50: number; p99: number; max: number };
          non2xx: number;
          errors: number;
        };
        resolve({
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          rps: r.requests.average,
          requests: r.requests.total,
          non2xx: r.non2xx,
          errors: r.errors,
        });
      } catch (error) {
        reject(error);
      }
    });
  });
}

// ---------------------------------------------------------------- the course, the homework, the submissions

/** Org, teacher, SUBMISSIONS students enrolled in one course, and a session for each. */
async function fill(database: Database): Promise<{ courseId: number; teacherToken: string; tokens: string[] }> {
  const course = await fillCourse(database, {
    orgCode: 'bench-grading',
    learners: SUBMISSIONS,
    course: { name: 'Grading course', courseCode: 'GR' },
    userNoOf: (k) => `S${String(k).padStart(4, '0')}`,
  });
  const [teacherToken, ...tokens] = await createSessions(database, [course.teacherId, ...course.learnerIds]);
  return { courseId: course.courseId, teacherToken: teacherToken!, tokens };
}

/** A published homework in a published module, made by the teacher through the API. */
async function buildHomework(call: ApiCall, courseId: number): Promise<number> {
  const module = await call('POST', `/api/courses/${courseId}/modules`, { title: 'Homework' });
  await call('PUT', `/api/modules/${module.id}/publish`, { published: true });
  const homework = await call('POST', `/api/courses/${courseId}/activities`, {
    module_id: module.id,
    type: 'homework',
    title: 'Essay on tracing JITs',
    data: {},
  });
  await call('PUT', `/api/activities/${homework.id}/publish`, { published: true });
  return homework.id;
}

/** A learner's own upload of `bytes` (parent `user`), sent and processed (polled until ready). */
async function personalUpload(base: string, token: string, name: string, bytes: Buffer): Promise<number> {
  const call = apiCaller(base, token);
  const created = await call<{ id: number; upload_url: string }>('POST', '/api/uploads', { name, size: bytes.length, parent_type: 'user' });
  const sent = await fetch(`${base}${created.upload_url}`, {
    method: 'PUT',
    headers: { cookie: `atrium_session=${token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  if (!sent.ok) throw new Error(`PUT ${created.upload_url}: ${sent.status} ${await sent.text()}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const upload = await call<{ status: string }>('GET', `/api/uploads/${created.id}`);
    if (upload.status === 'ready') return created.id;
    if (upload.status === 'failed') throw new Error(`upload ${created.id} failed processing: ${JSON.stringify(upload)}`);
    if (Date.now() > deadline) throw new Error(`upload ${created.id} still ${upload.status} after 120 s`);
    await sleep(100);
  }
}

/**
 * Every learner hands in: learners 0..PDFS-1 the 14-page PDF with a line of text, the others online
 * text only. Then the teacher scores every other submission (by list order), so `state=ungraded` has half.
 * Answers the submission ids of the PDF learners with their upload ids.
 */
async function handIn(base: string, homeworkId: number, tokens: string[], teacherToken: string): Promise<{ submissionId: number; uploadId: number }[]> {
  const pdf = readFileSync(fixturePath('pdf', PDF_NAME));
  const withPdf: { submissionId: number; uploadId: number }[] = [];
  let next = 0;
  const learner = async () => {
    while (next < tokens.length) {
      const k = next++;
      const call = apiCaller(base, tokens[k]!);
      if (k < PDFS) {
        const uploadId = await personalUpload(base, tokens[k]!, 'tracemonkey.pdf', pdf);
        const sub = await call('POST', `/api/homework/${homeworkId}/submissions`, { content: `<p>My paper, student ${k}.</p>`, upload_ids: [uploadId] });
        withPdf.push({ submissionId: sub.id, uploadId });
      } else {
        const content = `<p>Answer of student ${k}: ${'Trace-based compilation records hot loops and compiles them. '.repeat(1 + (k % 5))}</p>`;
        await call('POST', `/api/homework/${homeworkId}/submissions`, { content, upload_ids: [] });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, learner));

  const teacher = apiCaller(base, teacherToken);
  const all = await teacher<{ items: { id: number }[] }>('GET', `/api/homework/${homeworkId}/submissions?page=1&page_size=500`);
  const pdfIds = new Set(withPdf.map((p) => p.submissionId));
  const toGrade = all.items.filter((item, i) => i % 2 === 0 && !pdfIds.has(item.id));
  let g = 0;
  const grader = async () => {
    while (g < toGrade.length) {
      const i = g++;
      await teacher('PUT', `/api/homework-submissions/${toGrade[i]!.id}/score`, { score: 40 + ((i * 37) % 61), feedback: `Feedback ${i}: well argued.` });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, grader));
  return withPdf;
}

// ---------------------------------------------------------------- 1. the submission list

/**
 * Counts the SQL statements the pool runs (and their time, from send to answer) while `work` runs,
 * by wrapping the pool's query method (drizzle's node-postgres driver calls it for every statement
 * outside a transaction). For a profile of one request at a time, not under load.
 */
async function countStatements(
  database: Database,
  work: () => Promise<void>,
): Promise<{ statements: number; ms: number; texts: string[]; calls: { text: string; values: unknown[] }[] }> {
  const pool = (database as unknown as { pool: { query: (...args: unknown[]) => Promise<unknown> } }).pool;
  const original = pool.query;
  let statements = 0;
  let spent = 0;
  const texts: string[] = [];
  const calls: { text: string; values: unknown[] }[] = [];
  pool.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string } | undefined)?.text ?? '');
    texts.push(text.replace(/\s+/g, ' '));
    calls.push({ text, values: Array.isArray(args[1]) ? (args[1] as unknown[]) : [] });
    const started = performance.now();
    const answer = original.apply(this, args);
    void Promise.resolve(answer).then(
      () => (spent += performance.now() - started),
      () => undefined,
    );
    return answer;
  } as typeof original;
  try {
    await work();
  } finally {
    pool.query = original;
  }
  return { statements, ms: spent, texts, calls };
}

/** CPU time (ms) of the PostgreSQL backends serving the scratch database, by pid, from /proc (the server runs on this machine). */
async function backendCpu(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    const out = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
      } catch {
        // Not readable (PostgreSQL elsewhere) or gone: left out.
      }
    }
    return out;
  } finally {
    await client.end();
  }
}

/** Starts the V8 CPU profiler of this process; answers a function that stops it and prints self time by package (and the top functions). */
async function startProfile(): Promise<() => Promise<void>> {
  const session = new inspector.Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => session.post(method, params ?? {}, (error, answer) => (error ? reject(error) : resolve(answer as T))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return async () => {
    const { profile } = await post<{
      profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] };
    }>('Profiler.stop');
    session.disconnect();
    const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    const byPackage = new Map<string, number>();
    const byFunction = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const frame = byId.get(id)!;
      const dt = profile.timeDeltas[i] ?? 0;
      if (frame.functionName === '(idle)') return;
      total += dt;
      const url = frame.url;
      const pkg = !url
        ? frame.functionName
        : url.includes('node_modules')
          ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
          : url.includes('/apps/server/')
            ? `server:${url.replace(/.*\/apps\/server\/src\//, '').replace(/\/[^/]+$/, '')}`
            : url.startsWith('node:')
              ? url
              : url.replace(/.*\//, '');
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
      const fn = `${frame.functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/.*\/apps\//, '')}:${frame.lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
    });
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
    console.log(`  server CPU profile under load (${(total / 1000).toFixed(0)} ms busy), self time by package:`);
    for (const line of top(byPackage, 14)) console.log(`    ${line}`);
    console.log('  … and by function:');
    for (const line of top(byFunction, 14)) console.log(`    ${line}`);
  };
}

async function measureList(base: string, homeworkId: number, teacherToken: string, database: Database, databaseUrl: string): Promise<string[]> {
  const summary: string[] = [];
  console.log(loadavg());
  const queries = ['page=1&page_size=20', 'page=1&page_size=100', 'page=1&page_size=20&state=ungraded'];
  for (const query of queries) {
    const url = `${base}/api/homework/${homeworkId}/submissions?${query}`;
    const alone: number[] = [];
    let items = 0;
    let total = 0;
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers: { cookie: `atrium_session=${teacherToken}` } });
      const body = (await res.json()) as { items: unknown[]; total: number };
      alone.push(performance.now() - started);
      items = body.items.length;
      total = body.total;
    }
    const profiled: number[] = [];
    const counted = await countStatements(database, async () => {
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        await (await fetch(url, { headers: { cookie: `atrium_session=${teacherToken}` } })).arrayBuffer();
        profiled.push(performance.now() - started);
      }
    });
    if (query === queries[0]) {
      const one = await countStatements(database, async () => {
        await (await fetch(url, { headers: { cookie: `atrium_session=${teacherToken}` } })).arrayBuffer();
      });
      console.log(`the statements of one list request (session cached):`);
      for (const text of one.texts) console.log(`    ${text.slice(0, 150)}${text.length > 150 ? ' …' : ''}`);
      // BENCH_EXPLAIN=1: PostgreSQL's own timing of each (EXPLAIN ANALYZE, the same values).
      if (process.env.BENCH_EXPLAIN === '1') {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        for (const call of one.calls) {
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${call.text}`, call.values);
          const plan = rows.map((r) => r['QUERY PLAN']);
          console.log(`    ${plan.filter((l) => /Planning Time|Execution Time/.test(l)).join(', ')} — ${call.text.replace(/\s+/g, ' ').slice(0, 60)}`);
          if (call.text.includes('"homework_submissions"."id", "homework_submissions"."activity_id"')) for (const l of plan) console.log(`      ${l}`);
        }
        await client.end();
      }
    }
    const pgBefore = await backendCpu(databaseUrl);
    const nodeBefore = process.cpuUsage();
    // BENCH_PROFILE=1: a CPU profile of the server process during the first query's load, summed by package.
    const profiling = process.env.BENCH_PROFILE === '1' && query === queries[0] ? await startProfile() : undefined;
    const load = await autocannon(url, teacherToken);
    const nodeCpu = process.cpuUsage(nodeBefore);
    if (profiling) await profiling();
    const pgAfter = await backendCpu(databaseUrl);
    const pgMs = [...pgAfter].reduce((sum, [pid, cpu]) => sum + cpu - (pgBefore.get(pid) ?? 0), 0);
    console.log(`list ?${query} (${items} rows of ${total}):`);
    console.log(`  alone (20 in a row):  first ${ms(alone[0]!)}  median ${ms(pct(alone.slice(1), 50))}  max ${ms(Math.max(...alone.slice(1)))}`);
    console.log(
      `  per request alone: ${(counted.statements / 10).toFixed(1)} SQL statements, ${(counted.ms / 10).toFixed(1)} ms summed in them (they may overlap), of ${(profiled.reduce((a, b) => a + b, 0) / 10).toFixed(1)} ms in all`,
    );
    console.log(
      `  CPU per request under load: server process ${((nodeCpu.user + nodeCpu.system) / 1000 / load.requests).toFixed(2)} ms, PostgreSQL backends ${
        pgAfter.size ? (pgMs / load.requests).toFixed(2) : '?'
      } ms (${pgAfter.size} backends)`,
    );
    console.log(
      `  ${CONNECTIONS} connections, ${LOAD_S} s: p50 ${ms(load.p50)}  p99 ${ms(load.p99)}  max ${ms(load.max)}  ${load.rps.toFixed(0)} req/s  (${load.requests} requests, non-2xx ${load.non2xx}, errors ${load.errors})  → p99 ${verdict(load.p99, TARGET_LIST_P99)}`,
    );
    summary.push(`list ${query}: p50 ${load.p50} ms / p99 ${load.p99} ms at ${CONNECTIONS} conn (${load.rps.toFixed(0)} req/s)`);
    reportFigure({
      name: `submission list p99, ${query.replace('page=1&', '').replace(/&/g, ', ')} (${CONNECTIONS} conn)`,
      value: load.p99,
      unit: 'ms',
      target: TARGET_LIST_P99,
      better: 'lower',
    });
  }
  return summary;
}

// ---------------------------------------------------------------- 2. saving annotations

/** 50 annotations over pages 1–14 of a US Letter page (612 × 792 pt): 30 pen strokes of 40 points, 10 text boxes, 10 stamps. */
function fiftyAnnotations(): Annotation[] {
  const out: Annotation[] = [];
  for (let i = 0; i < 50; i++) {
    const page = 1 + (i % 14);
    const x0 = 60 + ((i * 53) % 420);
    const y0 = 80 + ((i * 97) % 620);
    if (i % 5 < 3) {
      const points = Array.from(
        { length: 40 },
        (_, k) => [Math.round((x0 + k * 3) * 100) / 100, Math.round((y0 + 12 * Math.sin(k / 4)) * 100) / 100] as [number, number],
      );
      out.push({ id: `s${i}`, type: i % 15 === 0 ? 'highlighter' : 'pen', page, color: '#e53935', width: i % 15 === 0 ? 12 : 2, points });
    } else if (i % 5 === 3) {
      out.push({ id: `t${i}`, type: 'text', page, x: x0, y: y0, text: `Good point (${i}).\nBut cite the source.`, color: '#1e88e5', size: 12 });
    } else {
      out.push({
        id: `m${i}`,
        type: 'stamp',
        page,
        x: x0,
        y: y0,
        stamp: (['check', 'cross', 'question', 'star'] as const)[i % 4]!,
        color: '#43a047',
        size: 24,
      });
    }
  }
  return out;
}

async function waitReady(base: string, token: string, uploadId: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const upload = await apiCaller(base, token)<{ status: string }>('GET', `/api/uploads/${uploadId}`);
    if (upload.status !== 'processing') return;
    await sleep(50);
  }
}

async function measureSaves(base: string, teacherToken: string, target: { submissionId: number; uploadId: number }): Promise<string> {
  console.log(loadavg());
  const annotations = fiftyAnnotations();
  const body = JSON.stringify({ upload_id: target.uploadId, annotations, rotations: {} });
  const times: number[] = [];
  let annotatedId = 0;
  for (let i = 0; i < SAVES; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/homework-submissions/${target.submissionId}/annotations`, {
      method: 'PUT',
      headers: { cookie: `atrium_session=${teacherToken}`, 'content-type': 'application/json' },
      body,
    });
    const answer = (await res.json()) as { annotated_upload_id: number };
    times.push(performance.now() - started);
    if (!res.ok) throw new Error(`annotations: ${res.status} ${JSON.stringify(answer)}`);
    annotatedId = answer.annotated_upload_id;
    // The flattened copy is queued for processing (pdfinfo): let it finish before the next save, as between a grader's saves.
    await waitReady(base, teacherToken, annotatedId);
  }
  const flat = await fetch(`${base}/api/uploads/${annotatedId}/blob`, { headers: { cookie: `atrium_session=${teacherToken}` } });
  const flatBytes = (await flat.arrayBuffer()).byteLength;

  // What dominates: pdf-lib's flattening alone, in this process, on the same file and annotations.
  const source = new Uint8Array(readFileSync(fixturePath('pdf', PDF_NAME)));
  const flattening: number[] = [];
  for (let i = 0; i < SAVES; i++) {
    const started = performance.now();
    await flattenAnnotations({ source, kind: 'pdf', document: { annotations, rotations: {} } });
    flattening.push(performance.now() - started);
  }
  console.log(`save 50 annotations (${(body.length / 1024).toFixed(1)} KiB body; flattened PDF ${(flatBytes / 1e6).toFixed(2)} MB), ${SAVES} saves in a row:`);
  console.log(
    `  PUT …/annotations:          ${spread(times)}  first ${ms(times[0]!)}, max of the rest ${ms(Math.max(...times.slice(1)))}  → p99 ${verdict(pct(times, 99), TARGET_SAVE)}`,
  );
  console.log(`  of which flattening (pdf-lib, in process, same input): ${spread(flattening)}`);
  reportFigure({ name: 'save 50 annotations p99', value: pct(times, 99), unit: 'ms', target: TARGET_SAVE, better: 'lower', note: `${SAVES} saves` });
  return `annotation save (50): p50 ${pct(times, 50).toFixed(0)} ms / p99 ${pct(times, 99).toFixed(0)} ms (flatten alone p50 ${pct(flattening, 50).toFixed(0)} ms)`;
}

// ---------------------------------------------------------------- 3. the PDF editor in Chromium

/**
 * In the page from its first script: the time (ms since navigation start) of the first frame after
 * page 1 of the editor says it is drawn (`data-rendered="true"` on `editor-page-1`, set once pdf.js
 * has painted its canvas), as `window.__firstPageAt`. A string, so no transpiler helper lands in the page.
 */
const recordFirstPage = `(() => {
  const check = () => {
    if (window.__firstPageSeen) return;
    if (document.querySelector('[data-testid="editor-page-1"][data-rendered="true"] canvas')) {
      window.__firstPageSeen = true;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (window.__firstPageAt = performance.now()), 0));
    }
  };
  const observer = new MutationObserver(check);
  document.addEventListener('DOMContentLoaded', () => {
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-rendered'] });
    check();
  });
})();`;

interface FirstPage {
  at: number;
  /**
   * Phases (ms from navigation start): DOMContentLoaded, and the editor's own marks when the build sets
   * them — 'pdf-editor:source-requested' (the file asked of pdf.js), 'pdf-editor:document-open' (pdf.js
   * has the document), 'pdf-editor:first-page' (page 1's canvas drawn).
   */
  phases: { dom: number; requested: number | null; open: number | null; drawn: number | null };
  /** Canvas size in device pixels and the share of its pixels that are not white. */
  canvas: { width: number; height: number; inked: number };
}

async function firstPageShown(page: Page): Promise<FirstPage> {
  await page.waitForFunction(() => (window as unknown as { __firstPageAt?: number }).__firstPageAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => {
    const at = (window as unknown as { __firstPageAt: number }).__firstPageAt;
    // No named functions in here: tsx would name them with a helper the page does not have.
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const phases = {
      dom: navigation?.domContentLoadedEventEnd ?? NaN,
      requested: performance.getEntriesByName('pdf-editor:source-requested')[0]?.startTime ?? null,
      open: performance.getEntriesByName('pdf-editor:document-open')[0]?.startTime ?? null,
      drawn: performance.getEntriesByName('pdf-editor:first-page')[0]?.startTime ?? null,
    };
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="editor-page-1"] canvas')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200)) inked++;
    return { at, phases, canvas: { width: canvas.width, height: canvas.height, inked: inked / (data.length / 4) } };
  });
}

/** A web build served by its own app on the same database: the default build, or one of BENCH_WEB_DISTS under comparison. */
interface EditorTarget {
  label: string;
  base: string;
}

async function measureEditor(browser: Browser, targets: EditorTarget[], editorPath: string, teacherToken: string): Promise<string> {
  console.log(loadavg());
  const cold = targets.map((): FirstPage[] => []);
  const warm = targets.map((): FirstPage[] => []);
  // Runs interleaved between the builds under comparison, so a change of the machine's load touches them alike.
  for (let run = 0; run < RUNS; run++) {
    for (const [t, { base }] of targets.entries()) {
      const url = `${base}${editorPath}`;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: 'atrium_session', value: teacherToken, url: base }]);
      await context.addInitScript(recordFirstPage);
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'commit' });
      cold[t]!.push(await firstPageShown(page));
      if (run === 0 && process.env.BENCH_WATERFALL === '1') {
        // BENCH_WATERFALL=1: every request of the first cold load (ms from navigation start), for what waits on what.
        const entries = await page.evaluate(() =>
          performance.getEntriesByType('resource').map((e) => ({
            name: e.name.replace(location.origin, ''),
            start: e.startTime,
            end: (e as PerformanceResourceTiming).responseEnd,
            bytes: (e as PerformanceResourceTiming).encodedBodySize,
          })),
        );
        console.log(`  ${targets[t]!.label}: the first cold load's ${entries.length} requests:`);
        for (const e of entries)
          console.log(`    ${e.start.toFixed(0).padStart(5)} → ${e.end.toFixed(0).padStart(5)} ms  ${String(e.bytes).padStart(8)} B  ${e.name.slice(0, 90)}`);
      }
      await page.reload({ waitUntil: 'commit' });
      warm[t]!.push(await firstPageShown(page));
      if (run === 0) {
        // Where a warm load spends its time: the page's marks and its requests (ms from navigation start).
        const { marks, entries } = await page.evaluate(() => ({
          marks: performance.getEntriesByType('mark').map((m) => ({ name: m.name, at: m.startTime })),
          entries: performance.getEntriesByType('resource').map((e) => ({
            name: e.name.replace(location.origin, ''),
            start: e.startTime,
            end: (e as PerformanceResourceTiming).responseEnd,
            bytes: (e as PerformanceResourceTiming).transferSize,
          })),
        }));
        const assets = entries.filter((e) => e.name.startsWith('/assets/'));
        console.log(
          `  ${targets[t]!.label}: one warm load: ${assets.length} asset files, the last in at ${Math.max(...assets.map((e) => e.end)).toFixed(0)} ms; marks: ${marks
            .map((m) => `${m.name} ${m.at.toFixed(0)}`)
            .join(', ')}`,
        );
        for (const e of entries.filter((x) => x.name.startsWith('/api/') || x.name.includes('pdf.worker')))
          console.log(`    ${e.start.toFixed(0).padStart(5)} → ${e.end.toFixed(0).padStart(5)} ms  ${e.name.slice(0, 100)}`);
        const c = warm[t]![0]!.canvas;
        console.log(`  page 1 canvas ${c.width}×${c.height} device px, ${(c.inked * 100).toFixed(1)}% of its pixels inked`);
      }
      await context.close();
    }
  }
  const lines: string[] = [];
  for (const [t, { label }] of targets.entries()) {
    const name = targets.length > 1 ? ` [${label}]` : '';
    const blank = [...cold[t]!, ...warm[t]!].filter((r) => r.canvas.width === 0 || r.canvas.inked === 0).length;
    const line = (kind: string, xs: FirstPage[]) => {
      const at = xs.map((r) => r.at);
      console.log(
        `editor${name}, navigation → page 1 of 14 on screen, ${kind}: median ${ms(pct(at, 50))}  min ${ms(Math.min(...at))}  max ${ms(Math.max(...at))}  → median ${verdict(
          pct(at, 50),
          TARGET_FIRST_PAGE,
        )}, max ${verdict(Math.max(...at), TARGET_FIRST_PAGE)}`,
      );
      const phase = (pick: (p: FirstPage['phases']) => number | null) => {
        const xs2 = xs.map((r) => pick(r.phases)).filter((m): m is number => m !== null && Number.isFinite(m));
        return xs2.length ? pct(xs2, 50).toFixed(0) : '—';
      };
      console.log(
        `  ${kind} phases (medians, ms from navigation start): DOMContentLoaded ${phase((p) => p.dom)} → file asked of pdf.js ${phase((p) => p.requested)} → document open ${phase(
          (p) => p.open,
        )} → page 1 drawn ${phase((p) => p.drawn)} → next frame ${pct(at, 50).toFixed(0)}`,
      );
    };
    line('cold', cold[t]!);
    line('warm', warm[t]!);
    if (blank > 0) console.log(`  WARNING: ${blank} loads showed a blank page 1 canvas`);
    const atOf = (xs: FirstPage[]) => xs.map((r) => r.at);
    for (const [kind, xs] of [
      ['cold', cold[t]!],
      ['warm', warm[t]!],
    ] as const) {
      const median = pct(atOf(xs), 50);
      reportFigure({
        name: `editor first page${name}, ${kind}`,
        value: median,
        unit: 'ms',
        target: TARGET_FIRST_PAGE,
        better: 'lower',
        note: `median of ${RUNS}`,
      });
    }
    lines.push(
      `editor first page${name}: cold median ${pct(atOf(cold[t]!), 50).toFixed(0)} ms (max ${Math.max(...atOf(cold[t]!)).toFixed(0)}), warm median ${pct(
        atOf(warm[t]!),
        50,
      ).toFixed(0)} ms (max ${Math.max(...atOf(warm[t]!)).toFixed(0)})`,
    );
  }
  return lines.join('\n  ');
}

// ---------------------------------------------------------------- the run

async function run(databaseUrl: string, cleanup: () => Promise<void>): Promise<void> {
  const database = openPostgres(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-grading-'));
  let browser: Browser | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const extras: Awaited<ReturnType<typeof buildApp>>[] = [];
  try {
    await runMigrations(database);
    const { courseId, teacherToken, tokens } = await fill(database);
    // ATRIUM_WEB_DIST: a web build elsewhere than apps/web/dist (e.g. one per branch under comparison).
    const webDist = process.env.ATRIUM_WEB_DIST ? { ATRIUM_WEB_DIST: process.env.ATRIUM_WEB_DIST } : {};
    // Workers on: the learners' PDFs are processed (inspected) as in production before they can be handed in.
    const config = loadConfig({
      ATRIUM_DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      ATRIUM_SEED: 'false',
      ATRIUM_WORKERS: 'true',

      ATRIUM_TOOLS_PATH: process.env.PATH ?? '',
      ...webDist,
    });
    app = await buildApp({ config, database, storage: new LocalStore(path.join(dataDir, 'files')) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const started = performance.now();
    const homeworkId = await buildHomework(apiCaller(base, teacherToken), courseId);
    const withPdf = await handIn(base, homeworkId, tokens, teacherToken);
    const list = await apiCaller(base, teacherToken)<{ total: number; summary: Record<string, number> }>(
      'GET',
      `/api/homework/${homeworkId}/submissions?page_size=10`,
    );
    console.log(
      `${list.total} submissions (${PDFS} with the 14-page PDF), summary ${JSON.stringify(list.summary)} — made through the API in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );

    // The planner's statistics as autovacuum leaves them once it has seen the new rows (it would analyze within a minute or so).
    {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query('analyze');
      await client.end();
    }
    const summary = PARTS.has('list') ? await measureList(base, homeworkId, teacherToken, database, databaseUrl) : [];
    console.log('');
    const target = withPdf[0]!;
    if (PARTS.has('save')) summary.push(await measureSaves(base, teacherToken, target));
    console.log('');

    const distDir = process.env.ATRIUM_WEB_DIST ?? path.resolve('apps/web/dist');
    if (!PARTS.has('editor')) {
      console.log(`\nsummary:`);
      for (const s of summary) console.log(`  ${s}`);
      return;
    }
    if (!existsSync(path.join(distDir, 'index.html'))) {
      console.log(`PDF editor: skipped, no web build in ${distDir} (run \`npm run build\`, or set ATRIUM_WEB_DIST)`);
      console.log(`\nsummary:`);
      for (const s of summary) console.log(`  ${s}`);
      return;
    }
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    // A PDF submission not annotated above, so the editor opens the learner's file as a grader first sees it.
    const shown = withPdf[1] ?? target;
    const editorPath = `/pdf/editor?submissionId=${shown.submissionId}&uploadId=${shown.uploadId}&fileType=pdf&fileName=tracemonkey.pdf`;
    // BENCH_WEB_DISTS=a,b: web builds to compare, each served by its own app on this database (no workers), measured in turn.
    const targets: EditorTarget[] = [];
    for (const dist of (process.env.BENCH_WEB_DISTS ?? '').split(',').filter(Boolean)) {
      const extra = await buildApp({
        config: loadConfig({ ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ATRIUM_SEED: 'false', ATRIUM_WORKERS: 'false', ATRIUM_WEB_DIST: dist }),
        database,
        storage: new LocalStore(path.join(dataDir, 'files')),
      });
      await extra.listen({ port: 0, host: '127.0.0.1' });
      extras.push(extra);
      targets.push({ label: dist, base: `http://127.0.0.1:${(extra.server.address() as { port: number }).port}` });
    }
    if (targets.length === 0) targets.push({ label: distDir, base });
    console.log(`PDF editor: ${editorPath} (${RUNS} runs each${targets.length > 1 ? `, builds ${targets.map((t) => t.label).join(' / ')}` : ''})`);
    summary.push(await measureEditor(browser, targets, editorPath, teacherToken));

    console.log(
      `\nsummary (targets: list p99 < ${TARGET_LIST_P99} ms at ${CONNECTIONS} connections; save < ${TARGET_SAVE} ms; first page < ${TARGET_FIRST_PAGE} ms):`,
    );
    for (const s of summary) console.log(`  ${s}`);
  } finally {
    await browser?.close();
    for (const extra of extras) await extra.close();
    await app?.close();
    await database.close();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

{
  console.log(`grading: one homework, ${SUBMISSIONS} submissions on PostgreSQL; the list under load, saving 50 annotations, the PDF editor in Chromium`);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  await withScratchPostgres(pgUrl, 'atrium_bench_grading', (url, drop) => run(url, drop));
}
