import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import type { TestApp } from '../build-test-app.js';
import { waitForProcessed } from '../uploads-client.js';

/** Uploads `bytes` as `name` into `courseId` through the normal upload path and waits for processing; answers the upload id. */
export async function uploadFile(t: TestApp, cookie: string, courseId: number, name: string, bytes: Buffer): Promise<number> {
  const created = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie }, payload: { name, size: bytes.length, parent_type: 'course', parent_id: courseId } });
  expect(created.statusCode, created.body).toBe(201);
  const sent = await t.app.inject({ method: 'PUT', url: created.json().upload_url as string, headers: { cookie, 'content-type': 'application/octet-stream' }, payload: bytes });
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
}

const TYPE_OF: Record<string, string> = { page: 'page', url: 'web_link', resource: 'material', folder: 'material', imscp: 'material', assign: 'homework', quiz: 'exam', forum: 'forum', scorm: 'scorm', book: 'page' };
const SUPPORTED_QTYPES = new Set(['multichoice', 'truefalse', 'shortanswer', 'numerical', 'essay', 'match']);

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
    for (const c of arr<Node>(xml('questions.xml').question_categories?.question_category)) {
      for (const q of arr<Node>(c.questions?.question)) questions.set(String(q['@_id']), { ...q, contextid: c.contextid });
    }
    for (const a of acts) {
      const mod = String(a.modulename);
      const inst = xml(`${a.directory}/${mod}.xml`).activity as Node;
      const ctx = String(inst['@_contextid']);
      const area = (component: string, filearea: string) => files.filter((f) => String(f.contextid) === ctx && f.component === component && f.filearea === filearea);
      const embedded = (html: string, component: string, filearea: string) => {
        for (const f of area(component, filearea)) if (html.includes(`@@PLUGINFILE@@${f.filepath}${encodeURIComponent(f.filename).replace(/%2F/g, '/')}`) || html.includes(`@@PLUGINFILE@@${f.filepath}${f.filename}`)) use(f);
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
        for (const qi of arr<Node>(body.question_instances?.question_instance)) {
          const q = questions.get(String(qi.questionid ?? qi.question));
          if (!q || !SUPPORTED_QTYPES.has(String(q.qtype))) continue;
          for (const f of files.filter((x) => x.component === 'question' && x.filearea === 'questiontext' && String(x.itemid) === String(q['@_id']))) {
            if (String(q.questiontext).includes(`@@PLUGINFILE@@${f.filepath}${f.filename}`)) use(f);
          }
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
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every file under `dir` (relative paths). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)).map((f) => path.join(d.name, f)) : [d.name]));
}
