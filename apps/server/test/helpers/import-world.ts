import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import type { ImportReport } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { waitForProcessed } from '../uploads-client.js';
import { activities, activityUploads, courseModules } from '../../src/modules/activities/activities.table.js';
import { examSubjectCategories, examSubjects } from '../../src/modules/exams/exams.table.js';
import { uploads } from '../../src/modules/uploads/uploads.table.js';

/** Uploads `bytes` as `name` into `courseId` through the normal upload path and waits for processing; answers the upload id. */
export async function uploadFile(t: TestApp, cookie: string, courseId: number, name: string, bytes: Buffer): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { cookie },
    payload: { name, size: bytes.length, parent_type: 'course', parent_id: courseId },
  });
  expect(created.statusCode, created.body).toBe(201);
  const sent = await t.app.inject({
    method: 'PUT',
    url: created.json().upload_url as string,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const id = created.json().id as number;
  await waitForProcessed(t, cookie, id, 60_000);
  return id;
}

/** Polls sync-status until it is no longer 0; answers the last status body and the progress values seen. */
export async function waitForImport(t: TestApp, cookie: string, courseId: number, statusKey: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  const progress: number[] = [];
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/course/${courseId}/sync-status?status_key=${statusKey}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { status: number; progress: number; reason: string | null; import_id: number };
    progress.push(body.progress);
    if (body.status !== 0) return { ...body, progressSeen: progress };
    if (Date.now() > deadline) throw new Error(`import ${statusKey} still running after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** What a backup's own XML says the import must produce, read independently of the importer (system tar/unzip, plain fast-xml-parser). */
export interface BackupExpectation {
  type: string;
  sectionCount: number;
  /** Activities moodle_backup.xml lists (each is one activity line of the report). */
  moduleCount: number;
  /** [atrium type, title] of every activity the backup's modules become, sorted. */
  activities: [string, string][];
  /** Module names with no Atrium equivalent (skipped). */
  skippedModules: string[];
  /** Distinct files (hash + name) the imported activities carry or embed, blob present. */
  fileCount: number;
  missingBlobs: number;
  /**
   * The normalised titles of the quizzes (each becomes one exam), sorted. What their
   * subjects must be is checked against questions.xml in quiz-import.routes.test.ts.
   */
  quizzes: string[];
}

const TYPE_OF: Record<string, string> = {
  page: 'page',
  url: 'web_link',
  resource: 'material',
  folder: 'material',
  imscp: 'material',
  assign: 'homework',
  quiz: 'exam',
  forum: 'forum',
  scorm: 'scorm',
  book: 'page',
};
/**
 * The Moodle question types that become exam subjects (issue 15 §7, mbz-quiz.ts): the files
 * embedded in their text and general feedback are imported with them.
 */
const MAPPED_QTYPES = new Set([
  'multichoice',
  'truefalse',
  'shortanswer',
  'numerical',
  'calculated',
  'calculatedsimple',
  'calculatedmulti',
  'essay',
  'match',
  'ddwtos',
  'gapselect',
  'multianswer',
  'description',
]);

function arr<T>(value: T | T[] | undefined | ''): T[] {
  return value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];
}

type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function expectationOf(mbz: string): BackupExpectation {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-expect-'));
  try {
    const head = readFileSync(mbz).subarray(0, 2);
    if (head[0] === 0x1f && head[1] === 0x8b) execFileSync('tar', ['-xzf', mbz, '-C', dir]);
    else execFileSync('unzip', ['-qo', mbz, '-d', dir]);
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });
    const xml = (rel: string): Node => (existsSync(path.join(dir, rel)) ? (parser.parse(readFileSync(path.join(dir, rel), 'utf8')) as Node) : {});
    const info = xml('moodle_backup.xml').moodle_backup.information as Node;
    const type = String(arr(info.details.detail)[0].type);
    const sections = arr<Node>(info.contents.sections?.section);
    const acts = arr<Node>(info.contents.activities?.activity);
    const files = arr<Node>(xml('files.xml').files?.file).filter((f) => f.filename !== '.');
    const used = new Map<string, Node>();
    const use = (f: Node) => used.set(`${f.contenthash}|${f.filename}`, f);
    const activities: [string, string][] = [];
    const skippedModules: string[] = [];
    const questions = new Map<string, Node>();
    /** 4.x: question bank entry id → id of its latest version's question. */
    const latestOfEntry = new Map<string, string>();
    /** Per question category: its parent and the questions a random slot may draw from it (Moodle's rules, not tags). */
    const categories = new Map<string, { parent: string; drawable: Node[] }>();
    const drawable = (q: Node, hidden: boolean) =>
      !hidden &&
      ['0', '', String(q['@_id'])].includes(String(q.parent ?? '0')) &&
      !['random', 'description', 'randomsamatch', 'missingtype'].includes(String(q.qtype));
    for (const c of arr<Node>(xml('questions.xml').question_categories?.question_category)) {
      const category = { parent: String(c.parent ?? '0'), drawable: [] as Node[] };
      categories.set(String(c['@_id']), category);
      for (const q of arr<Node>(c.questions?.question)) {
        questions.set(String(q['@_id']), { ...q, contextid: c.contextid, categoryid: String(c['@_id']) });
        if (drawable(q, String(q.hidden ?? '0') !== '0')) category.drawable.push(q);
      }
      for (const entry of arr<Node>(c.question_bank_entries?.question_bank_entry)) {
        let latest: [number, Node, boolean] | undefined;
        for (const version of arr<Node>(entry.question_version?.question_versions)) {
          for (const q of arr<Node>(version.questions?.question)) {
            questions.set(String(q['@_id']), { ...q, contextid: c.contextid, categoryid: String(c['@_id']) });
            const hidden = version.status !== undefined && version.status !== 'ready';
            if (!latest || Number(version.version) >= latest[0]) latest = [Number(version.version), q, hidden];
          }
        }
        if (latest) latestOfEntry.set(String(entry['@_id']), String(latest[1]['@_id']));
        if (latest && drawable(latest[1], latest[2])) category.drawable.push(latest[1]);
      }
    }
    const quizzes: string[] = [];
    /** The files a mapped question embeds in its text or general feedback. */
    const questionFiles = (q: Node) => {
      for (const [area, html] of [
        ['questiontext', String(q.questiontext ?? '')],
        ['generalfeedback', String(q.generalfeedback ?? '')],
      ] as const)
        for (const f of files.filter((x) => x.component === 'question' && x.filearea === area && String(x.itemid) === String(q['@_id'])))
          if (
            html.includes(`@@PLUGINFILE@@${f.filepath}${f.filename}`) ||
            html.includes(`@@PLUGINFILE@@${f.filepath}${encodeURIComponent(f.filename).replace(/%2F/g, '/')}`)
          )
            use(f);
    };
    for (const a of acts) {
      const mod = String(a.modulename);
      const inst = xml(`${a.directory}/${mod}.xml`).activity as Node;
      const ctx = String(inst['@_contextid']);
      const area = (component: string, filearea: string) =>
        files.filter((f) => String(f.contextid) === ctx && f.component === component && f.filearea === filearea);
      const embedded = (html: string, component: string, filearea: string) => {
        for (const f of area(component, filearea))
          if (
            html.includes(`@@PLUGINFILE@@${f.filepath}${encodeURIComponent(f.filename).replace(/%2F/g, '/')}`) ||
            html.includes(`@@PLUGINFILE@@${f.filepath}${f.filename}`)
          )
            use(f);
      };
      const body = inst[mod] as Node;
      if (mod === 'label') continue;
      if (!TYPE_OF[mod]) {
        skippedModules.push(mod);
        continue;
      }
      if (mod === 'book') for (const ch of arr<Node>(body.chapters?.chapter)) activities.push(['page', `${body.name} – ${ch.title}`]);
      else activities.push([TYPE_OF[mod]!, String(body.name)]);
      embedded(String(body.intro ?? ''), `mod_${mod}`, 'intro');
      if (mod === 'page') embedded(String(body.content ?? ''), 'mod_page', 'content');
      if (mod === 'resource' || mod === 'folder') area(`mod_${mod}`, 'content').forEach(use);
      if (mod === 'scorm') area('mod_scorm', 'package').forEach(use);
      if (mod === 'imscp') (area('mod_imscp', 'backup').length ? area('mod_imscp', 'backup') : area('mod_imscp', 'content')).forEach(use);
      if (mod === 'assign') area('mod_assign', 'introattachment').forEach(use);
      if (mod === 'quiz') {
        quizzes.push(String(body.name).replace(/\s+/g, ' ').trim());
        // The questions of the quiz's own slots, and those its random slots draw (imported into the subject bank).
        for (const qi of arr<Node>(body.question_instances?.question_instance)) {
          const entry = qi.question_reference?.questionbankentryid;
          const id = qi.questionid ?? qi.question ?? (entry !== undefined ? latestOfEntry.get(String(entry)) : undefined);
          const q = id === undefined ? undefined : questions.get(String(id));
          let draw: { category: string; withSub: boolean } | undefined;
          if (q && String(q.qtype) === 'random') {
            const category = String(qi.questioncategoryid ?? '$@NULL@$');
            draw = {
              category: category === '$@NULL@$' ? String(q.categoryid) : category,
              withSub: String(q.questiontext).trim() === '1' || String(qi.includingsubcategories) === '1',
            };
          } else if (q) {
            if (MAPPED_QTYPES.has(String(q.qtype))) questionFiles(q);
          } else if (qi.question_set_reference?.filtercondition) {
            const f = JSON.parse(String(qi.question_set_reference.filtercondition)) as Node;
            const category = f.filter?.category?.values?.[0] ?? f.questioncategoryid;
            const withSub = f.filter?.category?.filteroptions?.includesubcategories ?? f.includingsubcategories;
            if (category !== undefined) draw = { category: String(category), withSub: [true, 1, '1', 'true'].includes(withSub) };
          }
          if (!draw) continue;
          const pool = [draw.category];
          if (draw.withSub)
            for (let i = 0; i < pool.length; i++) for (const [cid, c] of categories) if (c.parent === pool[i] && !pool.includes(cid)) pool.push(cid);
          for (const cid of pool) for (const x of categories.get(cid)?.drawable ?? []) if (MAPPED_QTYPES.has(String(x.qtype))) questionFiles(x);
        }
      }
    }
    const present = [...used.values()].filter((f) => existsSync(path.join(dir, 'files', String(f.contenthash).slice(0, 2), String(f.contenthash))));
    return {
      type,
      sectionCount: type === 'activity' ? 1 : sections.length,
      moduleCount: acts.length,
      activities: activities.sort((a, b) => (a[0] + a[1]).localeCompare(b[0] + b[1])),
      skippedModules,
      fileCount: present.length,
      missingBlobs: used.size - present.length,
      quizzes: quizzes.sort(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every file under `dir` (relative paths). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(path.join(dir, d.name)).map((f) => path.join(d.name, f)) : [d.name],
  );
}

/**
 * The columns an import writes on a file. The processing pipeline goes on working on imported
 * files in the background (status, failure reason, heartbeat, meta), which is not the import's
 * doing, so before/after comparisons leave those out.
 */
const importedFileColumns = {
  id: uploads.id,
  key: uploads.key,
  name: uploads.name,
  type: uploads.type,
  size: uploads.size,
  parentId: uploads.parentId,
  ownerId: uploads.ownerId,
  source: uploads.source,
  deletedAt: uploads.deletedAt,
};

/**
 * The import route tests' world: the real app on a fresh database with its own
 * import temporary folder (ATRIUM_IMPORT_TMP_DIR) and media tools off (imported
 * files' processing is the upload pipeline's, tested there: here it fails fast
 * instead of loading the CPUs); a course world with instructor, student and admin
 * logged in. `close()` removes everything it made.
 */
export async function createImportWorld(env: Record<string, string> = {}) {
  const importTmp = mkdtempSync(path.join(os.tmpdir(), 'atrium-import-tests-'));
  const noToolsDir = path.join(importTmp, '..', `${path.basename(importTmp)}-no-tools`);
  mkdirSync(noToolsDir, { recursive: true });
  const t = await buildTestApp({ ATRIUM_TOOLS_PATH: noToolsDir, ATRIUM_IMPORT_MAX_BYTES: String(60 * 1024 * 1024), ATRIUM_IMPORT_TMP_DIR: importTmp, ...env });
  const w = await t.factories.courseWorld();
  const cookies: Record<'instructor' | 'student' | 'admin', string> = { instructor: '', student: '', admin: '' };
  for (const who of ['instructor', 'student', 'admin'] as const) cookies[who] = await t.factories.login(w[who].userName);
  const as = (who: 'instructor' | 'student' | 'admin') => ({ cookie: cookies[who] });

  /** The job removes its temporary folder right after the transaction that sets status 1 or 2: wait for that, bounded. */
  async function expectTempEmpty() {
    const deadline = Date.now() + 10_000;
    while (filesUnder(importTmp).length > 0 && Date.now() < deadline) await sleep(50);
    expect(filesUnder(importTmp)).toEqual([]);
  }

  /**
   * No archive entry named in `entryNames` was written where it points: each
   * name (also read with `\` as a separator) is resolved against an extraction
   * folder inside the import temporary folder, as the job's is, and against the
   * process's working directory; an absolute name is checked as it is. What
   * stays inside the job's folder is covered by expectTempEmpty.
   */
  function expectNothingEscaped(entryNames: string[]) {
    const jobRoot = path.join(importTmp, 'JOB-FOLDER', 'backup');
    const candidates = new Set<string>();
    for (const name of entryNames) {
      for (const variant of [name, name.replace(/\\/g, '/')]) {
        if (path.isAbsolute(variant)) candidates.add(variant);
        for (const base of [jobRoot, process.cwd(), os.tmpdir()]) {
          const target = path.resolve(base, variant);
          if (!target.includes('JOB-FOLDER')) candidates.add(target);
        }
        candidates.add(path.join(os.tmpdir(), path.basename(variant)));
      }
    }
    expect([...candidates].filter((c) => existsSync(c))).toEqual([]);
  }

  async function newCourse() {
    return t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id });
  }

  async function startImport(courseId: number, uploadId: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/course/${courseId}/moodle/import`,
      headers: as('instructor'),
      payload: { upload_id: uploadId },
    });
    expect(res.statusCode, res.body).toBe(202);
    return res.json() as { status_key: string; import_id: number };
  }

  async function report(courseId: number, importId: number): Promise<ImportReport> {
    const res = await t.app.inject({ method: 'GET', url: `/api/course/${courseId}/imports/${importId}`, headers: as('instructor') });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().report as ImportReport;
  }

  /** The course's modules, activities and imported files (rows as stored). */
  async function contentOf(courseId: number) {
    const db = t.database.db;
    const modules = await db.select().from(courseModules).where(eq(courseModules.courseId, courseId)).orderBy(asc(courseModules.sort));
    const acts = await db.select().from(activities).where(eq(activities.courseId, courseId)).orderBy(asc(activities.id));
    const files = await db
      .select(importedFileColumns)
      .from(uploads)
      .where(and(eq(uploads.parentType, 'course'), eq(uploads.parentId, courseId), eq(uploads.source, 'moodle_import')));
    return { modules, acts, files };
  }

  /** contentOf plus every upload of the course, its activities' upload links and exam subjects, and its subject bank: the whole course, to compare before and after. */
  async function wholeCourse(courseId: number) {
    const db = t.database.db;
    const content = await contentOf(courseId);
    const ids = content.acts.map((a) => a.id);
    const links = ids.length
      ? await db
          .select()
          .from(activityUploads)
          .where(inArray(activityUploads.activityId, ids))
          .orderBy(asc(activityUploads.activityId), asc(activityUploads.sort))
      : [];
    const subjects = ids.length ? await db.select().from(examSubjects).where(inArray(examSubjects.activityId, ids)).orderBy(asc(examSubjects.id)) : [];
    const allUploads = await db
      .select(importedFileColumns)
      .from(uploads)
      .where(and(eq(uploads.parentType, 'course'), eq(uploads.parentId, courseId)))
      .orderBy(asc(uploads.id));
    const bankCategories = await db
      .select()
      .from(examSubjectCategories)
      .where(eq(examSubjectCategories.courseId, courseId))
      .orderBy(asc(examSubjectCategories.id));
    const bankSubjects = await db
      .select()
      .from(examSubjects)
      .where(and(eq(examSubjects.courseId, courseId), isNull(examSubjects.activityId)))
      .orderBy(asc(examSubjects.id));
    return { ...content, links, subjects, uploads: allUploads, bankCategories, bankSubjects };
  }

  async function close() {
    await t.close();
    rmSync(importTmp, { recursive: true, force: true });
    rmSync(noToolsDir, { recursive: true, force: true });
  }

  return { t, w, cookies, as, importTmp, expectTempEmpty, expectNothingEscaped, newCourse, startImport, report, contentOf, wholeCourse, close };
}

export type ImportWorld = Awaited<ReturnType<typeof createImportWorld>>;
