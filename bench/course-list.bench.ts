// Management course list (issue 3): 10,000 courses and 200,000 enrolments in one
// organisation; autocannon, 50 connections for 10 s, on
// `POST /api/courses?page=1&page_size=20` with a keyword filter as the org admin,
// beside a bare Fastify route in the same run. On PGlite, and on PostgreSQL when
// BENCH_DATABASE_URL (or DATABASE_URL) points at a server: a scratch database is
// created there and dropped afterwards. Prints req/s, p99 and the ratio to the
// bare route; asserts nothing. Run: `npm run bench` or `node --import tsx bench/course-list.bench.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { USER_ROLE } from '@atrium/contracts';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { courses } from '../apps/server/src/modules/courses/courses.table.js';
import { enrolments } from '../apps/server/src/modules/enrolments/enrolments.table.js';
import { departments, orgs } from '../apps/server/src/modules/orgs/orgs.table.js';
import { users } from '../apps/server/src/modules/users/users.table.js';
import { LocalStore } from '../apps/server/src/storage/local-store.js';
import { reportFigure } from './lib/figures.js';
import { autocannon as load, withScratchPostgres } from './lib/load.js';

const COURSES = 10_000;
const ENROLMENTS = 200_000;
const STUDENTS = 20_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const LOAD = { connections: CONNECTIONS, durationS: DURATION_S };
const BATCH = 2_000;
const WORDS = ['Algebra', 'Biology', 'Chemistry', 'Databases', 'Economics', 'Film', 'Geometry', 'History', 'Informatics', 'Journalism', 'Kinetics', 'Logic'];

async function fill(database: Database): Promise<void> {
  const db = database.db;
  const [org] = await db.insert(orgs).values({ code: 'bench', name: 'Bench University' }).returning();
  const [dept] = await db.insert(departments).values({ orgId: org!.id, code: 'b', name: 'Bench' }).returning();
  const passwordHash = await hashPassword('bench-password');
  await db
    .insert(users)
    .values({ orgId: org!.id, departmentId: dept!.id, userName: 'bench-admin', userNo: 'A0', name: 'Bench Admin', role: USER_ROLE.admin, passwordHash });
  for (let i = 0; i < STUDENTS; i += BATCH) {
    await db.insert(users).values(
      Array.from({ length: Math.min(BATCH, STUDENTS - i) }, (_, k) => ({
        orgId: org!.id,
        userName: `s${i + k}`,
        userNo: `S${i + k}`,
        name: `Student ${i + k}`,
        role: USER_ROLE.student,
        passwordHash,
      })),
    );
  }
  const teacherRows = await db
    .insert(users)
    .values(
      Array.from({ length: 200 }, (_, k) => ({
        orgId: org!.id,
        userName: `t${k}`,
        userNo: `T${k}`,
        name: `Teacher ${k}`,
        role: USER_ROLE.instructor,
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  for (let i = 0; i < COURSES; i += BATCH) {
    await db.insert(courses).values(
      Array.from({ length: Math.min(BATCH, COURSES - i) }, (_, k) => {
        const n = i + k;
        return {
          orgId: org!.id,
          departmentId: dept!.id,
          name: `${WORDS[n % WORDS.length]} ${Math.floor(n / WORDS.length)}`,
          courseCode: `B${n}`,
          academicYear: '2026-2027',
          semester: n % 2 ? 'Spring' : 'Autumn',
        };
      }),
    );
  }
  const [{ minId }] = (await db.select({ minId: sql<number>`min(id)::int` }).from(courses)) as [{ minId: number }];
  const [{ minUser }] = (await db
    .select({ minUser: sql<number>`min(id)::int` })
    .from(users)
    .where(sql`role = ${USER_ROLE.student}`)) as [{ minUser: number }];
  for (let i = 0; i < COURSES; i += BATCH) {
    await db.insert(enrolments).values(
      Array.from({ length: Math.min(BATCH, COURSES - i) }, (_, k) => ({
        courseId: minId + i + k,
        userId: teacherRows[(i + k) % teacherRows.length]!.id,
        role: 'instructor' as const,
      })),
    );
  }
  const perCourse = ENROLMENTS / COURSES;
  for (let i = 0; i < ENROLMENTS; i += BATCH) {
    await db.insert(enrolments).values(
      Array.from({ length: Math.min(BATCH, ENROLMENTS - i) }, (_, k) => {
        const n = i + k;
        return { courseId: minId + Math.floor(n / perCourse), userId: minUser + ((n * 7919) % STUDENTS), role: 'student' as const };
      }),
    );
  }
  await db.execute(sql`analyze`);
}

async function run(label: string, database: Database, cleanup: () => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-list-'));
  try {
    await runMigrations(database);
    const t0 = performance.now();
    await fill(database);
    console.log(`${label}: filled ${COURSES} courses, ${ENROLMENTS} enrolments in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
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
      body: JSON.stringify({ user_name: 'bench-admin', password: 'bench-password' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const body = JSON.stringify({ keyword: 'chem' });
    const probe = await fetch(`http://127.0.0.1:${port}/api/courses?page=1&page_size=20`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body,
    });
    const probeJson = (await probe.json()) as { total: number; items: unknown[] };
    console.log(`${label}: keyword 'chem' matches ${probeJson.total} courses; the page holds ${probeJson.items.length}`);

    const bare = Fastify({ logger: false });
    bare.post('/bare', async () => ({ items: [], page: 1, page_size: 20, pages: 1, total: 0 }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as { port: number }).port;

    const bareResult = await load(`http://127.0.0.1:${barePort}/bare`, { ...LOAD, method: 'POST', body, headers: { 'content-type': 'application/json' } });
    // The signed-in floor: GET /api/user does only the session lookup every API call pays.
    const sessionResult = await load(`http://127.0.0.1:${port}/api/user`, { ...LOAD, headers: { cookie } });
    const listResult = await load(`http://127.0.0.1:${port}/api/courses?page=1&page_size=20`, {
      ...LOAD,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', cookie },
    });
    const ratio = listResult.rps / bareResult.rps;
    console.log(`${label}: bare Fastify route      ${bareResult.rps.toFixed(0).padStart(7)} req/s  p99 ${String(bareResult.p99).padStart(4)} ms`);
    console.log(
      `${label}: GET /api/user (session) ${sessionResult.rps.toFixed(0).padStart(7)} req/s  p99 ${String(sessionResult.p99).padStart(4)} ms  (${((sessionResult.rps / bareResult.rps) * 100).toFixed(1)}% of bare)`,
    );
    console.log(
      `${label}: POST /api/courses (kw)  ${listResult.rps.toFixed(0).padStart(7)} req/s  p99 ${String(listResult.p99).padStart(4)} ms  (${(ratio * 100).toFixed(1)}% of bare; non-2xx ${listResult.non2xx}, errors ${listResult.errors})`,
    );
    // Issues 3 and 22: req/s ≥ 0.5 of bare for the session floor, ≥ 0.2 for the list; p99 < 50 ms.
    reportFigure({ name: `GET /api/user vs bare (${label})`, value: sessionResult.rps / bareResult.rps, unit: '×', target: 0.5, better: 'higher' });
    reportFigure({ name: `GET /api/user p99 (${label})`, value: sessionResult.p99, unit: 'ms', target: 50, better: 'lower' });
    reportFigure({ name: `course list vs bare (${label})`, value: ratio, unit: '×', target: 0.2, better: 'higher' });
    reportFigure({ name: `course list p99 (${label})`, value: listResult.p99, unit: 'ms', target: 50, better: 'lower' });
    await bare.close();
    await app.close();
  } finally {
    await database.close();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`management course list: ${COURSES} courses, ${ENROLMENTS} enrolments, ${CONNECTIONS} connections × ${DURATION_S} s, keyword filter`);
await run('PGlite', await openPglite(), async () => undefined);

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl) {
  await withScratchPostgres(pgUrl, 'atrium_bench', (url, drop) => run('PostgreSQL', openPostgres(url), drop));
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to run it on a scratch database)');
}
