// Moodle backup import (issue 8): import time and peak RSS for each fixture in
// ../shared/fixtures/mbz, then for a generated course of 20 sections, 500
// activities and 200 MB of files written in the real Moodle layout (tar.gz with
// moodle_backup.xml, sections/, activities/<mod>_<id>/, files.xml and
// files/<hash[0:2]>/<hash>). Each import runs in its own child process (fresh
// PGlite, local file store), so its peak RSS is its own. The job queue of the
// child only records the processing it would queue: transcoding and document
// conversion run afterwards in the upload pipeline and are excluded, as the
// issue says. Targets: fixtures together < 10 s; the large one < 60 s and RSS
// < 300 MB. Prints figures; asserts nothing.
// Run: `npm run bench` or `node --import tsx bench/import.bench.ts`.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import pino from 'pino';
import tar from 'tar-stream';
import { USER_ROLE } from '@atrium/contracts';
import { loadConfig } from '../apps/server/src/config.js';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import type { JobQueue } from '../apps/server/src/jobs/queue.js';
import type { AppDeps } from '../apps/server/src/lib/deps.js';
import { courses } from '../apps/server/src/modules/courses/courses.table.js';
import { importPackageFile } from '../apps/server/src/modules/imports/mbz-importer.js';
import { orgs } from '../apps/server/src/modules/orgs/orgs.table.js';
import { users } from '../apps/server/src/modules/users/users.table.js';
import { fixturePath } from '../apps/server/src/lib/fixtures.js';
import { LocalStore } from '../apps/server/src/storage/local-store.js';
import { reportFigure } from './lib/figures.js';
import { withScratchPostgres } from './lib/load.js';

const SELF = fileURLToPath(import.meta.url);
const FIXTURES = fixturePath('mbz');

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

/**
 * Child mode: import one file into a fresh course, print `{ ms, rssMb, … }` as
 * JSON. On PostgreSQL when BENCH_DATABASE_URL / DATABASE_URL is set (then the
 * peak RSS is the importer's own); otherwise on PGlite, whose WebAssembly
 * database lives in the same process (its memory is in `rssBeforeMb`).
 */
async function importOne(file: string): Promise<void> {
  if (PG_URL) {
    await withScratchPostgres(PG_URL, 'atrium_bench_import', async (url, drop) => {
      try {
        await importInto(file, openPostgres(url));
      } finally {
        await drop();
      }
    });
  } else {
    // A data folder like a restarted server's: created and migrated by another process, so the peak
    // measured here is the running database's and the importer's, not initdb's.
    const pgDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-pg-'));
    try {
      const init = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--init-pg', pgDir], { encoding: 'utf8' });
      if (init.status !== 0) throw new Error(`could not create the PGlite folder: ${init.stderr}`);
      await importInto(file, await openPglite({ dataDir: pgDir }));
    } finally {
      rmSync(pgDir, { recursive: true, force: true });
    }
  }
}

async function importInto(file: string, database: Database): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-import-'));
  try {
    const config = loadConfig({ ATRIUM_DATA_DIR: dir, ATRIUM_SEED: 'false', ATRIUM_IMPORT_TMP_DIR: path.join(dir, 'tmp'), PATH: process.env.PATH ?? '' });
    await runMigrations(database);
    const [org] = await database.db.insert(orgs).values({ code: 'bench', name: 'Bench' }).returning();
    const [user] = await database.db
      .insert(users)
      .values({ orgId: org!.id, userName: 'bench', userNo: 'B', name: 'Bench', role: USER_ROLE.instructor, passwordHash: 'x' })
      .returning();
    const [course] = await database.db.insert(courses).values({ orgId: org!.id, name: 'Bench', courseCode: 'B1' }).returning();
    let queued = 0;
    const jobs: JobQueue = {
      send: async () => `job-${++queued}`,
      work: async () => undefined,
      schedule: async () => undefined,
      stateOf: async () => undefined,
      cancel: async () => undefined,
      stop: async () => undefined,
    };
    const deps: AppDeps = {
      config,
      database,
      db: database.db,
      storage: new LocalStore(path.join(dir, 'files')),
      jobs,
      log: pino({ level: 'silent' }),
      version: 'bench',
    };
    const rssBefore = process.resourceUsage().maxRSS / 1024;
    const started = performance.now();
    let result: { ok: boolean; reason?: string; activities?: number; files?: number } = { ok: true };
    try {
      const outcome = await importPackageFile(deps, file, { courseId: course!.id, orgId: org!.id, ownerId: user!.id, importId: null });
      result = { ok: true, activities: outcome.activityIds.length, files: outcome.uploadIds.length };
    } catch (error) {
      result = { ok: false, reason: (error as Error).message };
    }
    const ms = performance.now() - started;
    console.log(JSON.stringify({ ...result, ms, rssMb: process.resourceUsage().maxRSS / 1024, rssBeforeMb: rssBefore, queued }));
    await database.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Writes a Moodle 4.1-style course backup: 20 sections, 500 activities (250
 * resources with one ~800 KB incompressible file each = 200 MB, 150 pages,
 * 50 urls, 50 forums), as Moodle lays it out, gzip level 1.
 */
async function generateLargeBackup(file: string): Promise<void> {
  const SECTIONS = 20;
  const ACTIVITIES = 500;
  const FILE_BYTES = 800 * 1024 + 512;
  const pack = tar.pack();
  const writing = pipeline(pack, zlib.createGzip({ level: 1 }), createWriteStream(file));
  const add = (name: string, data: string | Buffer) =>
    new Promise<void>((resolve, reject) => {
      pack.entry({ name }, typeof data === 'string' ? Buffer.from(data) : data, (error) => (error ? reject(error) : resolve()));
    });
  const kinds = (i: number) => (i < 250 ? 'resource' : i < 400 ? 'page' : i < 450 ? 'url' : 'forum');
  const sectionOf = (i: number) => 1 + (i % SECTIONS);
  const acts: string[] = [];
  const filesXml: string[] = [];
  await add('.ARCHIVE_INDEX', 'index\n');
  for (let i = 0; i < ACTIVITIES; i++) {
    const mod = kinds(i);
    const id = i + 1;
    const dir = `activities/${mod}_${id}`;
    const ctx = 1000 + id;
    acts.push(
      `<activity><moduleid>${id}</moduleid><sectionid>${sectionOf(i)}</sectionid><modulename>${mod}</modulename><title>${mod} ${id}</title><directory>${dir}</directory></activity>`,
    );
    await add(
      `${dir}/module.xml`,
      `<?xml version="1.0" encoding="UTF-8"?>\n<module id="${id}" version="2022112800"><modulename>${mod}</modulename><sectionid>${sectionOf(i)}</sectionid><added>1700000000</added><visible>1</visible><availability>$@NULL@$</availability></module>`,
    );
    let body = `<name>${mod} ${id}</name><intro>${xmlEscape(`<p>Activity ${id} of the generated course.</p>`)}</intro><introformat>1</introformat>`;
    if (mod === 'page')
      body += `<content>${xmlEscape(`<h2>Page ${id}</h2>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. </p>'.repeat(40)}`)}</content>`;
    if (mod === 'url') body += `<externalurl>https://example.org/resource/${id}</externalurl><parameters>a:0:{}</parameters>`;
    if (mod === 'forum') body += `<type>general</type><discussions></discussions>`;
    await add(
      `${dir}/${mod}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?>\n<activity id="${id}" moduleid="${id}" modulename="${mod}" contextid="${ctx}"><${mod} id="${id}">${body}</${mod}></activity>`,
    );
    if (mod === 'resource') {
      const bytes = randomBytes(FILE_BYTES);
      const hash = createHash('sha1').update(bytes).digest('hex');
      filesXml.push(
        `<file id="${id}"><contenthash>${hash}</contenthash><contextid>${ctx}</contextid><component>mod_resource</component><filearea>content</filearea><itemid>0</itemid><filepath>/</filepath><filename>handout-${id}.dat</filename><userid>2</userid><filesize>${FILE_BYTES}</filesize><mimetype>application/octet-stream</mimetype><status>0</status><sortorder>1</sortorder><repositorytype>$@NULL@$</repositorytype></file>`,
        `<file id="${id + 100000}"><contenthash>da39a3ee5e6b4b0d3255bfef95601890afd80709</contenthash><contextid>${ctx}</contextid><component>mod_resource</component><filearea>content</filearea><itemid>0</itemid><filepath>/</filepath><filename>.</filename><filesize>0</filesize><mimetype>$@NULL@$</mimetype><sortorder>0</sortorder></file>`,
      );
      await add(`${dir}/inforef.xml`, `<?xml version="1.0" encoding="UTF-8"?>\n<inforef><fileref><file><id>${id}</id></file></fileref></inforef>`);
      await add(`files/${hash.slice(0, 2)}/${hash}`, bytes);
    }
  }
  const sections: string[] = [];
  for (let s = 1; s <= SECTIONS; s++) {
    const sequence = Array.from({ length: ACTIVITIES }, (_, i) => i)
      .filter((i) => sectionOf(i) === s)
      .map((i) => i + 1);
    sections.push(`<section><sectionid>${s}</sectionid><title>Week ${s}</title><directory>sections/section_${s}</directory></section>`);
    await add(
      `sections/section_${s}/section.xml`,
      `<?xml version="1.0" encoding="UTF-8"?>\n<section id="${s}"><number>${s - 1}</number><name>Week ${s}</name><summary>${xmlEscape(`<p>Week ${s}</p>`)}</summary><summaryformat>1</summaryformat><sequence>${sequence.join(',')}</sequence><visible>1</visible></section>`,
    );
  }
  await add('files.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<files>${filesXml.join('\n')}</files>`);
  await add(
    'course/course.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<course id="2" contextid="25"><shortname>BIG</shortname><fullname>Generated large course</fullname><summary></summary><format>topics</format><startdate>1700000000</startdate><category id="1"><name>Bench</name></category></course>`,
  );
  await add(
    'moodle_backup.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<moodle_backup><information><name>large.mbz</name><moodle_release>4.1 (Build: 20221128)</moodle_release><backup_release>4.1</backup_release><original_site_identifier_hash>bench</original_site_identifier_hash><original_course_id>2</original_course_id><original_course_fullname>Generated large course</original_course_fullname><original_course_shortname>BIG</original_course_shortname><details><detail backup_id="bench"><type>course</type><format>moodle2</format></detail></details><contents><activities>${acts.join('')}</activities><sections>${sections.join('')}</sections><course><courseid>2</courseid><title>BIG</title><directory>course</directory></course></contents><settings></settings></information></moodle_backup>`,
  );
  pack.finalize();
  await writing;
}

function runChild(file: string): { ok: boolean; ms: number; rssMb: number; rssBeforeMb: number; reason?: string; activities?: number; files?: number } {
  const child = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--one', file], { encoding: 'utf8', maxBuffer: 10 * 1024 * 1024 });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line) as ReturnType<typeof runChild>;
  } catch {
    throw new Error(`import child failed: ${child.stderr.slice(-2000)}`);
  }
}

async function main(): Promise<void> {
  const fixtures = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.mbz'))
    .sort();
  console.log(
    `database: ${PG_URL ? 'PostgreSQL (scratch database)' : 'PGlite in the importing process, opened on a folder another process created and migrated (peak RSS includes the database; "before" is the process before the import)'}`,
  );
  console.log('fixture | result | activities | files | time ms | peak RSS MB (before import)');
  let total = 0;
  for (const f of fixtures) {
    const r = runChild(path.join(FIXTURES, f));
    total += r.ms;
    console.log(
      `${f} | ${r.ok ? 'imported' : `refused: ${r.reason}`} | ${r.activities ?? '-'} | ${r.files ?? '-'} | ${r.ms.toFixed(0)} | ${r.rssMb.toFixed(0)} (${r.rssBeforeMb.toFixed(0)})`,
    );
  }
  console.log(`fixtures together: ${total.toFixed(0)} ms (target < 10000 ms)`);
  const db = PG_URL ? 'PostgreSQL' : 'PGlite';
  reportFigure({ name: `fixtures together (${db})`, value: total / 1000, unit: 's', target: 10, better: 'lower' });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-large-'));
  try {
    const file = path.join(dir, 'large.mbz');
    const genStart = performance.now();
    await generateLargeBackup(file);
    console.log(`generated large backup: ${(statSync(file).size / 1024 / 1024).toFixed(0)} MB in ${(performance.now() - genStart).toFixed(0)} ms`);
    const r = runChild(file);
    console.log(
      `large course (20 sections, 500 activities, 200 MB) | ${r.ok ? 'imported' : `refused: ${r.reason}`} | ${r.activities ?? '-'} | ${r.files ?? '-'} | ${r.ms.toFixed(0)} ms (target < 60000) | peak RSS ${r.rssMb.toFixed(0)} MB, ${r.rssBeforeMb.toFixed(0)} MB before the import (target < 300)`,
    );
    reportFigure({
      name: `large course import (${db})`,
      value: r.ok ? r.ms / 1000 : NaN,
      unit: 's',
      target: 60,
      better: 'lower',
      note: r.ok ? undefined : 'refused',
    });
    reportFigure({ name: `large course peak RSS (${db})`, value: r.rssMb, unit: 'MB', target: 300, better: 'lower' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const oneIndex = process.argv.indexOf('--one');
const initIndex = process.argv.indexOf('--init-pg');
if (initIndex >= 0) {
  const database = await openPglite({ dataDir: process.argv[initIndex + 1]! });
  await runMigrations(database);
  await database.close();
} else if (oneIndex >= 0) await importOne(process.argv[oneIndex + 1]!);
else await main();
