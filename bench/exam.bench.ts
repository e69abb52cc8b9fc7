// Exam under load (issue 15 benchmark): 500 students each start an attempt, save 10 answers
// one by one (as they are given) and submit, all within 60 s, against one exam of 10 subjects
// on PostgreSQL (a scratch database on BENCH_DATABASE_URL, else DATABASE_URL, else the local
// server postgres://postgres@127.0.0.1:5432/test; dropped afterwards). The students run in a
// worker thread (bench/lib/exam-students.mjs: its own event loop, like autocannon's child process in the other benches),
// each starting at a random moment of the first 45 s and pausing 0.5–1.5 s between answers.
// Prints p50/p99/max of start, save and submit and the errors; asserts nothing (the target is
// p99 < 200 ms and no errors). BENCH_STUDENTS and BENCH_WINDOW_S change the load; BENCH_PGLITE=1
// runs it on PGlite too. Run: `node --import tsx bench/exam.bench.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { LocalStore } from '../apps/server/src/storage/local-store.js';
import { apiCaller, createSessions, fillCourse } from './lib/course-fill.js';
import { reportFigure } from './lib/figures.js';
import { withScratchPostgres } from './lib/load.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 60);

interface Plan {
  port: number;
  examId: number;
  tokens: string[];
  /** One right answer per subject, in the exam's order. */
  answers: { subject_id: number; answer: unknown }[];
  windowS: number;
}
interface Timings {
  start: number[];
  save: number[];
  submit: number[];
  errors: string[];
  lastAt: number;
}

// ---------------------------------------------------------------- the server and the exam (main thread)

/** Org, teacher, STUDENTS students enrolled in one course, and a session for each. */
async function fill(database: Database): Promise<{ courseId: number; teacherToken: string; tokens: string[] }> {
  const course = await fillCourse(database, { orgCode: 'bench-exam', learners: STUDENTS, course: { name: 'Exam course', courseCode: 'EX' } });
  const [teacherToken, ...tokens] = await createSessions(database, [course.teacherId, ...course.learnerIds]);
  return { courseId: course.courseId, teacherToken: teacherToken!, tokens };
}

/** Builds the exam through the API as its teacher: 4 single choice, 2 multiple choice, 2 true/false, 2 fill in blank. */
async function buildExam(base: string, courseId: number, teacherToken: string): Promise<{ examId: number; answers: Plan['answers'] }> {
  const call = apiCaller(base, teacherToken);
  const module = await call('POST', `/api/courses/${courseId}/modules`, { title: 'Exams' });
  await call('PUT', `/api/modules/${module.id}/publish`, { published: true });
  const exam = await call('POST', `/api/courses/${courseId}/activities`, {
    module_id: module.id,
    type: 'exam',
    title: 'Midterm',
    data: { shuffle_options: true },
  });
  await call('PUT', `/api/activities/${exam.id}/publish`, { published: true });
  const answers: Plan['answers'] = [];
  for (let i = 0; i < 10; i++) {
    const kind = i < 4 ? 'single_selection' : i < 6 ? 'multiple_selection' : i < 8 ? 'true_or_false' : 'fill_in_blank';
    const body =
      kind === 'single_selection' || kind === 'multiple_selection'
        ? {
            type: kind,
            description: `<p>Subject ${i + 1}</p>`,
            score: 10,
            options: ['A', 'B', 'C', 'D'].map((c, k) => ({ content: c, is_answer: k === 1 || (kind === 'multiple_selection' && k === 2) })),
          }
        : kind === 'true_or_false'
          ? { type: kind, description: `<p>Statement ${i + 1}</p>`, score: 10, answer: true }
          : { type: kind, description: `<p>Capital of France: [[1]]</p>`, score: 10, answers: [['Paris']] };
    const s = (await call('POST', `/api/exams/${exam.id}/subjects`, body)) as { id: number; options?: { id: string; is_answer: boolean }[] };
    const right = s.options?.filter((o) => o.is_answer).map((o) => o.id) ?? [];
    answers.push({
      subject_id: s.id,
      answer: kind === 'single_selection' ? right[0] : kind === 'multiple_selection' ? right : kind === 'true_or_false' ? true : ['Paris'],
    });
  }
  return { examId: exam.id, answers };
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const row = (label: string, name: string, xs: number[]) =>
  `${label}: ${name.padEnd(8)} ${String(xs.length).padStart(5)} requests  p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms  p99 ${pct(xs, 99).toFixed(1).padStart(6)} ms  max ${Math.max(
    ...xs,
  )
    .toFixed(1)
    .padStart(7)} ms`;

async function run(label: string, database: Database, cleanup: () => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-exam-'));
  try {
    await runMigrations(database);
    const { courseId, teacherToken, tokens } = await fill(database);
    const config = loadConfig({ ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ATRIUM_SEED: 'false', ATRIUM_WORKERS: 'false' });
    const app = await buildApp({ config, database, storage: new LocalStore(path.join(dataDir, 'files')) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const { examId, answers } = await buildExam(`http://127.0.0.1:${port}`, courseId, teacherToken);
    const plan: Plan = { port, examId, tokens, answers, windowS: WINDOW_S };
    const timings = await new Promise<Timings>((resolve, reject) => {
      const worker = new Worker(new URL('./lib/exam-students.mjs', import.meta.url), { workerData: plan });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const list = await fetch(`http://127.0.0.1:${port}/api/exams/${examId}/score-list?page_size=500`, {
      headers: { cookie: `atrium_session=${teacherToken}` },
    });
    const scored = ((await list.json()) as { attempts: { score: number | null }[] }).attempts.filter((a) => a.score === 100).length;
    console.log(`${label}: ${STUDENTS} students done in ${timings.lastAt.toFixed(1)} s; ${scored} attempts scored 100/100 in the score list`);
    console.log(row(label, 'start', timings.start));
    console.log(row(label, 'save', timings.save));
    console.log(row(label, 'submit', timings.submit));
    console.log(`${label}: errors ${timings.errors.length}${timings.errors.length ? ` (first: ${timings.errors.slice(0, 3).join(' | ')})` : ''}`);
    // Issue 15: p99 < 200 ms for each call, and no errors.
    for (const [name, xs] of [
      ['start', timings.start],
      ['save', timings.save],
      ['submit', timings.submit],
    ] as const)
      reportFigure({ name: `${name} p99 (${label})`, value: pct(xs, 99), unit: 'ms', target: 200, better: 'lower' });
    reportFigure({ name: `errors (${label})`, value: timings.errors.length, unit: 'errors', target: 0, better: 'lower' });
    await app.close();
  } finally {
    await database.close();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

{
  console.log(`exam: ${STUDENTS} students × (start, 10 saves, submit) within ${WINDOW_S} s, one exam of 10 subjects`);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  await withScratchPostgres(pgUrl, 'atrium_bench_exam', (url, drop) => run('PostgreSQL', openPostgres(url), drop));
  if (process.env.BENCH_PGLITE === '1') await run('PGlite', await openPglite(), async () => undefined);
}
