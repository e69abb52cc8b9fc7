// Forum (issue 18 benchmark: "10,000 topics and 200,000 replies in one course on PostgreSQL: the topic
// list p99 < 50 ms and search p99 < 200 ms at 20 connections; opening a topic with 500 replies renders in
// under 1 s in Chromium"). On PostgreSQL (a scratch database on BENCH_DATABASE_URL, else DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/test; dropped afterwards) a course of BENCH_LEARNERS (300)
// students gets one published forum activity through the API, and a course group of half of them. Then,
// straight into the tables (generate_series: writing 210,000 posts through HTTP would measure the fill,
// not the forum), BENCH_TOPICS (10,000) topics — four in five in the forum activity, the rest in the
// general category, one in twenty a group topic, a few pinned — and BENCH_REPLIES (200,000) replies
// spread over them, a third answering a first-level reply; one topic holds exactly 500 replies. Posts are
// 20–60 words drawn from an English and Chinese vocabulary (Chinese characters spaced in `search_text`
// as the server writes it). Counters (reply_count, last_activity_at, last_reply_id) are set from the
// replies, then the database is VACUUMed and ANALYZEd. Measured, as a student outside the group:
//   1. `GET /api/forum/{activityId}/topics?page=1&page_size=20` and the course-wide
//      `GET /api/courses/{courseId}/forum/topics?page=1&page_size=20`: one request alone (median of 20),
//      then autocannon at 20 connections for BENCH_LOAD_S (10) s;
//   2. search `…/topics?q=<word>` for a common English word, a rare one, a two-word phrase and a Chinese
//      word, the same way;
//   3. the topic with 500 replies in headless Chromium (Debian's, through playwright-core):
//      navigation start → every reply in the page (all 500 marker words in the DOM: the last first-level reply's and every answer's; off-screen replies may skip layout), cold (a fresh
//      context) and warm (a reload), BENCH_RUNS (5) times each. Needs the built web app (`npm run build`).
// Figures depend on the machine's load: the load average is printed beside them. Prints the figures
// beside the targets; asserts nothing. Run: `node --import tsx bench/forum.bench.ts`. BENCH_KEEP_DB=1 keeps the
// scratch database (dropped otherwise) to study plans; BENCH_LOAD_S=1 shortens the load runs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { LocalStore } from '../apps/server/src/storage/local-store.js';
import { apiCaller, createSessions, fillCourse } from './lib/course-fill.js';
import { reportFigure } from './lib/figures.js';
import { autocannon, withScratchPostgres } from './lib/load.js';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 300);
const TOPICS = Number(process.env.BENCH_TOPICS ?? 10_000);
const REPLIES = Number(process.env.BENCH_REPLIES ?? 200_000);
const LONG_TOPIC_REPLIES = 500;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LOAD_S = Number(process.env.BENCH_LOAD_S ?? 10);
const CONNECTIONS = 20;

const TARGET_LIST_P99 = 50;
const TARGET_SEARCH_P99 = 200;
const TARGET_OPEN = 1000;

const WORDS = (
  'gradient matrix vector integral derivative theorem proof lemma series limit function variable equation ' +
  'homework deadline lecture slides exam revision chapter section example exercise solution answer question ' +
  'physics energy momentum velocity force mass charge field wave photon electron circuit voltage current ' +
  'history essay source argument evidence empire revolution treaty century trade colony culture language ' +
  'biology cell protein enzyme gene evolution species ecosystem membrane nucleus tissue organ hormone ' +
  'chemistry atom molecule bond reaction acid base solvent catalyst oxidation equilibrium entropy enthalpy'
).split(' ');
/** Chinese words, spaced per character as the server's search text holds them. */
const CJK_WORDS = ['梯 度', '矩 阵', '向 量', '积 分', '导 数', '定 理', '作 业', '考 试', '复 习', '答 案', '问 题', '实 验'];
const RARE_WORD = 'zymurgy';

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const ms = (n: number) => `${n.toFixed(n < 100 ? 1 : 0)} ms`;
const loadavg = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`;
const verdict = (value: number, target: number) =>
  value < target ? `meets < ${target} ms (${(value / target).toFixed(2)}×)` : `MISSES < ${target} ms (${(value / target).toFixed(2)}×)`;

/**
 * The posts, straight into the tables in a few set-based statements: topics, then replies (first-level
 * ones, then a third of them answered at the second level), then the counters. Words are picked by a
 * cheap hash of the row number so every run fills the same text.
 */
async function fillForum(client: pg.Client, ids: { courseId: number; activityId: number; groupId: number; authorIds: number[]; teacherId: number }) {
  const words = `(array[${WORDS.map((w) => `'${w}'`).join(',')}])`;
  const cjk = `(array[${CJK_WORDS.map((w) => `'${w}'`).join(',')}])`;
  // A text of n words from row g and salt s: English words, one Chinese word in five; the rare word in one post of 5,000.
  const text = (g: string, s: number, n: string) => `(
    select string_agg(case when (${g} * 31 + k * ${s}) % 5 = 0 then ${cjk}[1 + ((${g} * 7 + k * 13) % ${CJK_WORDS.length})]
                           else ${words}[1 + ((${g} * 17 + k * ${s} * 11) % ${WORDS.length})] end, ' ')
      || case when ${g} % 5000 = 7 then ' ${RARE_WORD}' else '' end
    from generate_series(1, ${n}) k)`;
  const authors = `(array[${ids.authorIds.join(',')}])`;
  await client.query('begin');
  await client.query(
    `insert into forum_topics (course_id, space, activity_id, group_id, title, content, search_text, author_id, is_pinned, created_at, last_activity_at)
     select $1, 'course', case when g % 5 = 0 then null else $2::int end, case when g % 20 = 3 then $3::int end,
            t.title, '<p>' || t.body || '</p>', t.title || ' ' || t.body, ${authors}[1 + g % ${ids.authorIds.length}], g % 997 = 0,
            now() - make_interval(mins => ${TOPICS} - g), now() - make_interval(mins => ${TOPICS} - g)
     from generate_series(1, ${TOPICS}) g,
          lateral (select 'Topic ' || g || ': ' || ${text('g', 3, '4')} as title, ${text('g', 5, '(20 + g % 40)')} as body) t`,
    [ids.courseId, ids.activityId, ids.groupId],
  );
  const { rows: range } = await client.query<{ lo: number; hi: number }>('select min(id) as lo, max(id) as hi from forum_topics where course_id = $1', [
    ids.courseId,
  ]);
  const lo = range[0]!.lo;
  // The long topic: the newest topic of the forum activity (the top of its list after the pinned ones), not a group topic.
  const { rows: longRows } = await client.query<{ id: number }>(
    `select id from forum_topics where course_id = $1 and activity_id = $2 and group_id is null and not is_pinned order by id desc limit 1`,
    [ids.courseId, ids.activityId],
  );
  const longTopic = longRows[0]!.id;
  const firstLevel = Math.round(((REPLIES - LONG_TOPIC_REPLIES) * 2) / 3);
  // First-level replies of every other topic, spread evenly.
  await client.query(
    `insert into forum_replies (topic_id, course_id, content, search_text, author_id, created_at)
     select t, $1, '<p>' || b.body || '</p>', b.body, ${authors}[1 + (g * 7) % ${ids.authorIds.length}], now() - make_interval(secs => ${REPLIES} - g)
     from generate_series(1, ${firstLevel}) g,
          lateral (select ${lo} + (g * 7919) % ${TOPICS} as t) pick,
          lateral (select ${text('g', 7, '(20 + g % 40)')} as body) b
     where pick.t <> $2`,
    [ids.courseId, longTopic],
  );
  // Second-level replies: each answers a first-level reply of its topic.
  await client.query(
    `insert into forum_replies (topic_id, course_id, parent_id, content, search_text, author_id, created_at)
     select p.topic_id, $1, p.id, '<p>' || b.body || '</p>', b.body, ${authors}[1 + (p.g * 11) % ${ids.authorIds.length}], p.created_at + interval '1 minute'
     from (select id, topic_id, created_at, row_number() over (order by id) as g from forum_replies where course_id = $1 and parent_id is null) p,
          lateral (select ${text('p.g', 9, '(20 + p.g % 40)')} as body) b
     where p.g <= ${REPLIES - LONG_TOPIC_REPLIES} - ${firstLevel}`,
    [ids.courseId],
  );
  // The long topic: 500 replies, one in five answering the first-level reply before it; each carries a marker word.
  await client.query(
    `insert into forum_replies (topic_id, course_id, content, search_text, author_id, created_at)
     select $2, $1, '<p>' || b.body || ' marker-' || g || '</p>', b.body, ${authors}[1 + g % ${ids.authorIds.length}], now() - make_interval(secs => 1000 - g)
     from generate_series(1, 400) g, lateral (select ${text('g', 13, '(20 + g % 40)')} as body) b`,
    [ids.courseId, longTopic],
  );
  await client.query(
    `insert into forum_replies (topic_id, course_id, parent_id, content, search_text, author_id, created_at)
     select $2, $1, p.id, '<p>' || b.body || ' marker-' || (400 + p.g) || '</p>', b.body, ${authors}[1 + p.g % ${ids.authorIds.length}], p.created_at + interval '1 second'
     from (select id, created_at, row_number() over (order by id) as g from forum_replies where topic_id = $2) p,
          lateral (select ${text('p.g', 15, '(20 + p.g % 40)')} as body) b
     where p.g % 4 = 0`,
    [ids.courseId, longTopic],
  );
  await client.query(
    `update forum_topics t set reply_count = r.n, last_activity_at = greatest(t.created_at, r.last_at), last_reply_id = r.last_id
     from (select topic_id, count(*)::int as n, max(created_at) as last_at, max(id) as last_id from forum_replies where course_id = $1 group by topic_id) r
     where r.topic_id = t.id`,
    [ids.courseId],
  );
  await client.query('commit');
  const { rows: counts } = await client.query<{ topics: number; replies: number; long: number }>(
    `select (select count(*)::int from forum_topics where course_id = $1) as topics, (select count(*)::int from forum_replies where course_id = $1) as replies,
            (select reply_count from forum_topics where id = $2) as long`,
    [ids.courseId, longTopic],
  );
  // Steady state: autovacuum would have set the visibility map (index-only counts) and the statistics by now.
  await client.query('vacuum analyze');
  return { longTopic, ...counts[0]! };
}

/** One request alone, `n` times in a row: the median in ms (after 3 warm-up requests). */
async function alone(url: string, token: string, n = 20): Promise<{ median: number; status: number; bytes: number }> {
  let status = 0;
  let bytes = 0;
  const times: number[] = [];
  for (let i = 0; i < n + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie: `atrium_session=${token}` } });
    const body = await res.arrayBuffer();
    if (i >= 3) times.push(performance.now() - t0);
    status = res.status;
    bytes = body.byteLength;
  }
  return { median: pct(times, 50), status, bytes };
}

/** `figure`: the short name of its p99 in the figures table (bench/lib/figures.ts). */
async function measureLoad(label: string, url: string, token: string, target: number, figure: string): Promise<string> {
  const one = await alone(url, token);
  const name = `${figure} p99 (${CONNECTIONS} conn)`;
  if (one.status !== 200) {
    reportFigure({ name, value: NaN, unit: 'ms', target, better: 'lower', note: `answered ${one.status}` });
    const line = `${label}: answered ${one.status} — not measured`;
    console.log(line);
    return line;
  }
  const load = await autocannon(url, { connections: CONNECTIONS, durationS: LOAD_S, headers: { cookie: `atrium_session=${token}` } });
  const line = `${label}: alone median ${ms(one.median)} (${(one.bytes / 1024).toFixed(1)} KB); ${CONNECTIONS} connections p99 ${ms(load.p99)}, ${load.rps.toFixed(0)} req/s, non-2xx ${load.non2xx} — ${verdict(load.p99, target)}`;
  console.log(`${line}; ${loadavg()}`);
  reportFigure({ name, value: load.p99, unit: 'ms', target, better: 'lower' });
  return line;
}

/**
 * Navigation start → every reply of the long topic in the page, in ms: all its marker words in the DOM and the
 * frame after painted. (Markers are numbered 1–400 for first-level replies and 404…800 for answers, so
 * `marker-500` sits in the 100th thread: it is not the last reply drawn, and waiting for it alone measured a
 * page 60 % drawn.) A MutationObserver set before the page's scripts counts the markers after each batch of
 * DOM changes and stamps the time one frame after the count is complete; polling the page's text every frame
 * instead took ~150 ms of the main thread from the page it measured.
 */
async function measureOpen(browser: Browser, base: string, url: string, token: string): Promise<string> {
  const watch = (count: number) => {
    const stamp = window as unknown as { __allShownAt?: number };
    const observer = new MutationObserver(() => {
      if (new Set(document.body?.textContent?.match(/marker-\d+/g)).size < count) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (stamp.__allShownAt = performance.now())));
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  };
  const shown = async (page: Page) => {
    const handle = await page.waitForFunction(() => (window as unknown as { __allShownAt?: number }).__allShownAt, undefined, {
      timeout: 60_000,
      polling: 100,
    });
    return (await handle.jsonValue()) as number;
  };
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'atrium_session', value: token, url: base }]);
    const page = await context.newPage();
    await page.addInitScript(watch, LONG_TOPIC_REPLIES);
    await page.goto(url, { waitUntil: 'commit' });
    cold.push(await shown(page));
    await page.reload({ waitUntil: 'commit' });
    warm.push(await shown(page));
    await context.close();
  }
  const line = `topic with ${LONG_TOPIC_REPLIES} replies in Chromium: cold p50 ${ms(pct(cold, 50))} max ${ms(Math.max(...cold))}, warm p50 ${ms(pct(warm, 50))} — ${verdict(pct(cold, 50), TARGET_OPEN)}`;
  console.log(`${line}; ${loadavg()}`);
  reportFigure({
    name: `${LONG_TOPIC_REPLIES}-reply topic, cold`,
    value: pct(cold, 50),
    unit: 'ms',
    target: TARGET_OPEN,
    better: 'lower',
    note: `p50 of ${RUNS}`,
  });
  reportFigure({ name: `${LONG_TOPIC_REPLIES}-reply topic, warm`, value: pct(warm, 50), unit: 'ms', better: 'lower', note: `p50 of ${RUNS}` });
  return line;
}

/** The measuring student's session, printed with BENCH_KEEP_DB=1 (the scratch database is then kept for EXPLAIN). */
let keptToken = '';

async function run(databaseUrl: string, drop: () => Promise<void>): Promise<void> {
  const database = openPostgres(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-forum-'));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let browser: Browser | undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await runMigrations(database);
    const filled = await fillCourse(database, { orgCode: 'bench-forum', learners: LEARNERS, course: { name: 'Forum course', courseCode: 'FO1' } });
    const [teacherToken, ...tokens] = await createSessions(database, [filled.teacherId, ...filled.learnerIds]);
    const webDist = process.env.ATRIUM_WEB_DIST ?? path.resolve('apps/web/dist');
    const config = loadConfig({
      ATRIUM_DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      ATRIUM_SEED: 'false',
      ATRIUM_WORKERS: 'false',
      // ATRIUM_WEB_DIST: a web build elsewhere than apps/web/dist.
      ...(process.env.ATRIUM_WEB_DIST ? { ATRIUM_WEB_DIST: process.env.ATRIUM_WEB_DIST } : {}),
    });
    app = await buildApp({ config, database, storage: new LocalStore(path.join(dataDir, 'files')) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const teacher = apiCaller(base, teacherToken!);
    const module = await teacher('POST', `/api/courses/${filled.courseId}/modules`, { title: 'Discussion' });
    await teacher('PUT', `/api/modules/${module.id}/publish`, { published: true });
    const forum = await teacher('POST', `/api/courses/${filled.courseId}/activities`, { module_id: module.id, type: 'forum', title: 'Course forum', data: {} });
    await teacher('PUT', `/api/activities/${forum.id}/publish`, { published: true });
    // The first half of the learners form a group; the measuring student (the last) is outside it.
    await client.connect();
    const { rows: g } = await client.query<{ id: number }>(`insert into course_groups (course_id, name) values ($1, 'Group A') returning id`, [
      filled.courseId,
    ]);
    const half = filled.learnerIds.slice(0, Math.floor(LEARNERS / 2));
    await client.query(`insert into course_group_members (group_id, user_id) select $1, unnest($2::int[])`, [g[0]!.id, half]);
    const t0 = performance.now();
    const fill = await fillForum(client, {
      courseId: filled.courseId,
      activityId: forum.id,
      groupId: g[0]!.id,
      authorIds: [filled.teacherId, ...filled.learnerIds],
      teacherId: filled.teacherId,
    });
    console.log(
      `${fill.topics} topics and ${fill.replies} replies in one course (the long topic ${fill.long} replies) filled in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${loadavg()}\n`,
    );

    const student = tokens[tokens.length - 1]!;
    keptToken = student;
    const summary: string[] = [];
    summary.push(
      await measureLoad(
        'forum activity topic list, page 1 of 20',
        `${base}/api/forum/${forum.id}/topics?page=1&page_size=20`,
        student,
        TARGET_LIST_P99,
        'forum list, page 1',
      ),
    );
    summary.push(
      await measureLoad(
        'course-wide topic list, page 1 of 20',
        `${base}/api/courses/${filled.courseId}/forum/topics?page=1&page_size=20`,
        student,
        TARGET_LIST_P99,
        'course-wide list, page 1',
      ),
    );
    summary.push(
      await measureLoad(
        'forum activity topic list, page 50 of 20',
        `${base}/api/forum/${forum.id}/topics?page=50&page_size=20`,
        student,
        TARGET_LIST_P99,
        'forum list, page 50',
      ),
    );
    for (const [label, q] of [
      ['a common word', 'gradient'],
      ['a rare word', RARE_WORD],
      ['two words', 'energy momentum'],
      ['a Chinese word', '梯度'],
    ] as const) {
      summary.push(
        await measureLoad(
          `search ${label} (${q})`,
          `${base}/api/courses/${filled.courseId}/forum/topics?page=1&page_size=20&q=${encodeURIComponent(q)}`,
          student,
          TARGET_SEARCH_P99,
          `search ${label}`,
        ),
      );
    }
    if (!existsSync(path.join(webDist, 'index.html'))) {
      summary.push(`topic in Chromium: skipped, no web build in ${webDist} (run \`npm run build\`)`);
    } else {
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      summary.push(
        await measureOpen(browser, base, `${base}/course/${filled.courseId}/forum#/topics/${fill.longTopic}`, student).catch((error: Error) => {
          reportFigure({ name: `${LONG_TOPIC_REPLIES}-reply topic, cold`, value: NaN, unit: 'ms', target: TARGET_OPEN, better: 'lower', note: 'failed' });
          return `topic in Chromium: not measured (${error.message.split('\n')[0]})`;
        }),
      );
    }
    console.log(
      `\nsummary (targets at ${CONNECTIONS} connections: list p99 < ${TARGET_LIST_P99} ms, search p99 < ${TARGET_SEARCH_P99} ms; a ${LONG_TOPIC_REPLIES}-reply topic < ${TARGET_OPEN} ms):`,
    );
    for (const s of summary) console.log(`  ${s}`);
  } finally {
    await browser?.close();
    await client.end().catch(() => undefined);
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB) console.log(`kept the database: ${databaseUrl} (the student's session ${keptToken})`);
    else await drop();
  }
}

console.log(`forum: ${TOPICS} topics and ${REPLIES} replies in one course on PostgreSQL; lists and search under load, a long topic in Chromium`);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
await withScratchPostgres(pgUrl, 'atrium_bench_forum', run);
