import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { tarGz, type RawEntry } from './hostile-archives.js';

/**
 * What a Moodle backup's own XML says about restrictions, completion settings, links and embeds
 * (issue 21), read independently of the importer (system tar/unzip, plain fast-xml-parser, JSON.parse):
 * the import fidelity tests compare the imported course with it.
 */

type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function arr<T>(value: T | T[] | undefined | ''): T[] {
  return value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];
}

/** One restriction as the XML holds it: dates when it is only dates in an all-of set, otherwise `carried: false`. */
export interface ExpectedRestriction {
  carried: boolean;
  from: number | null;
  until: number | null;
}

export interface ExpectedActivity {
  cm: string;
  mod: string;
  title: string;
  sectionId: string;
  visible: boolean;
  restriction: ExpectedRestriction | null;
  /** module.xml completion: 0 none, 1 manual, 2 automatic, with the automatic conditions set. */
  completion: { mode: number; view: boolean; grade: boolean; pass: boolean; submit: boolean; other: string[]; expected: boolean };
  /** The rich texts of the activity (intro, page content …) as in the XML. */
  texts: string[];
  /**
   * What the XML says should arrive for it (issue 21 §4): the Atrium type and how many activities
   * of it (a book's chapters, a lesson's content pages as one page — followed by an exam of its
   * question pages, or that exam alone when it has no content page —, a wiki's pages, a choice or
   * feedback as a questionnaire, a glossary's approved entries as a page), `count` 0 for a type
   * reported and skipped (an empty wiki or glossary), an lti module as one lti activity,
   * null for a type not counted here (label, unknown modules).
   */
  expected: { type: string; count: number } | null;
  /** Questionnaire subjects the XML holds (choice: 1; feedback: its answerable items); a lesson's question pages (its exam's subjects). */
  questions: number;
  /** Settings as the XML holds them: an assign's plugin configs (`<subtype>:<plugin>:<name>`), a SCORM's attempt, grading and display fields. */
  settings: Record<string, string>;
  /** An IMS content package's table of contents (imscp.xml `structure`): its items' titles in order. */
  toc: string[];
  /** A glossary's approved entries' terms (concepts), as the XML lists them. */
  terms: string[];
}

/** A link in the backup's texts: to a course module (`cm`), the course, or an embedded file. */
export interface ExpectedLink {
  kind: 'cm' | 'course' | 'file';
  /** The course-module id (kind cm). */
  cm: string | null;
  /** The activity (cm) or section the text belongs to. */
  from: string;
}

export interface FidelityExpectation {
  sourceCourseId: string;
  wwwroot: string;
  sections: { id: string; visible: boolean; restriction: ExpectedRestriction | null; summary: string }[];
  activities: ExpectedActivity[];
  courseSummary: string;
  links: ExpectedLink[];
  /** Addresses of `<iframe>` / `<object>` / `<embed>` elements in the texts. */
  embeds: string[];
}

/** The links and embeds of one text as Moodle wrote them: `$@…VIEWBYID*N@$`, `$@…INDEX*N@$`, `/mod/x/view.php?id=N` on the site, `@@PLUGINFILE@@`. */
function linksOf(html: string, wwwroot: string, from: string): { links: ExpectedLink[]; embeds: string[] } {
  const links: ExpectedLink[] = [];
  for (const m of html.matchAll(/\$@([A-Z]+)\*(\d+)(?:\*\d+)?@\$/g)) {
    if (/VIEWBYID(CH)?$/.test(m[1]!) && m[1] !== 'COURSEVIEWBYID') links.push({ kind: 'cm', cm: m[2]!, from });
    else links.push({ kind: 'course', cm: null, from });
  }
  const root = wwwroot.replace(/\/+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const m of html.matchAll(new RegExp(`href=["'](?:${root})?/mod/[a-z0-9_]+/view\\.php\\?id=(\\d+)`, 'g'))) links.push({ kind: 'cm', cm: m[1]!, from });
  for (const _ of html.matchAll(/@@PLUGINFILE@@\//g)) links.push({ kind: 'file', cm: null, from });
  const embeds = [...html.matchAll(/<(iframe|object|embed)\b[^>]*?\s(?:src|data)=["']([^"']+)["']/gi)].map((m) => m[2]!.replace(/&amp;/g, '&'));
  return { links, embeds };
}

const NULL = '$@NULL@$';
const s = (v: unknown) => (v === undefined || v === null || String(v) === NULL ? '' : String(v));

/** Moodle's own reading: a date-only all-of set is carried as dates; anything else (or a negated / nested / any-of set) is not. */
function restrictionOf(json: string, legacy: Node, legacyKeyIsSection: boolean): ExpectedRestriction | null {
  if (json) {
    let tree: Node;
    try {
      tree = JSON.parse(json) as Node;
    } catch {
      return { carried: false, from: null, until: null };
    }
    const c = arr<Node>(tree.c);
    if (c.length === 0) return null;
    const simple = tree.op === '&' || (tree.op === '|' && c.length === 1);
    let from: number | null = null;
    let until: number | null = null;
    let carried = simple;
    for (const cond of c) {
      if (cond.type === 'date' && !cond.c) {
        if (cond.d === '>=' || cond.d === '>') from = Math.max(from ?? 0, Number(cond.t));
        else until = Math.min(until ?? Infinity, Number(cond.t));
      } else carried = false;
    }
    return { carried, from, until };
  }
  const from = Number(s(legacy.availablefrom) || 0);
  const until = Number(s(legacy.availableuntil) || 0);
  const info = legacy.availability_info as Node | undefined;
  const others =
    arr<Node>(info?.availability_condition).length +
    arr<Node>(info?.availability_field).length +
    (Number(s(legacy.groupingid) || 0) > 0 && (legacyKeyIsSection || s(legacy.groupmembersonly) === '1') ? 1 : 0);
  if (from === 0 && until === 0 && others === 0) return null;
  return { carried: others === 0, from: from || null, until: until || null };
}

/** Unpacks `mbz` into a fresh folder (removed by the caller). */
export function unpack(mbz: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-fidelity-'));
  const head = readFileSync(mbz).subarray(0, 2);
  if (head[0] === 0x1f && head[1] === 0x8b) execFileSync('tar', ['-xzf', mbz, '-C', dir]);
  else execFileSync('unzip', ['-qo', mbz, '-d', dir]);
  return dir;
}

export function fidelityOf(mbz: string): FidelityExpectation {
  const dir = unpack(mbz);
  try {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });
    const xml = (rel: string): Node => (existsSync(path.join(dir, rel)) ? (parser.parse(readFileSync(path.join(dir, rel), 'utf8')) as Node) : {});
    const info = xml('moodle_backup.xml').moodle_backup.information as Node;
    const sections = arr<Node>(info.contents.sections?.section).map((x) => {
      const node = (xml(`${x.directory}/section.xml`).section ?? {}) as Node;
      return {
        id: s(x.sectionid),
        visible: s(node.visible) !== '0',
        restriction: restrictionOf(s(node.availabilityjson), node, true),
        summary: s(node.summary),
      };
    });
    const activities = arr<Node>(info.contents.activities?.activity).map((a): ExpectedActivity => {
      const mod = String(a.modulename);
      const module = (xml(`${a.directory}/module.xml`).module ?? {}) as Node;
      const inst = ((xml(`${a.directory}/${mod}.xml`).activity ?? {}) as Node)[mod] as Node | undefined;
      const other: string[] = [];
      for (const key of [
        'completionposts',
        'completiondiscussions',
        'completionreplies',
        'completionminattempts',
        'completionattemptsexhausted',
        'completionstatusrequired',
        'completionscorerequired',
        'completionentries',
      ])
        if (Number(s(inst?.[key]) || 0) > 0) other.push(key);
      const lessonPages = arr<Node>(inst?.pages?.page);
      const contentPages = mod === 'lesson' ? lessonPages.filter((p) => s(p.qtype) === '20') : [];
      // Question pages: every page but content (20), end of branch (21), cluster (30) and end of cluster (31).
      const questionPages = mod === 'lesson' ? lessonPages.filter((p) => !['20', '21', '30', '31'].includes(s(p.qtype))) : [];
      const subwikis = mod === 'wiki' ? arr<Node>(inst?.subwikis?.subwiki) : [];
      const sharedWiki = subwikis.find((w) => s(w.groupid) === '0' && s(w.userid) === '0') ?? subwikis[0];
      const wikiPages = arr<Node>(sharedWiki?.pages?.page);
      const texts = [
        s(inst?.intro),
        s(inst?.content),
        ...arr<Node>(inst?.chapters?.chapter).map((c) => s(c.content)),
        ...contentPages.map((p) => s(p.contents)),
        ...questionPages.map((p) => s(p.contents)),
        ...wikiPages.map((p) => s(p.cachedcontent)),
        ...(mod === 'glossary' ? arr<Node>(inst?.entries?.entry).filter((e) => s(e.approved) !== '0') : []).map((e) => s(e.definition)),
      ].filter(Boolean);
      const ONE: Record<string, string> = {
        page: 'page',
        url: 'web_link',
        resource: 'material',
        folder: 'material',
        imscp: 'material',
        assign: 'homework',
        quiz: 'exam',
        forum: 'forum',
        scorm: 'scorm',
      };
      // A glossary's approved entries' terms (decision 0145): a page of them, and vocabulary entries while the organisation has them on.
      const glossaryTerms =
        mod === 'glossary'
          ? arr<Node>(inst?.entries?.entry)
              .filter((e) => s(e.approved) !== '0')
              .map((e) => s(e.concept).replace(/\s+/g, ' ').trim())
          : [];
      const feedbackItems = arr<Node>(inst?.items?.item).filter((i) => !['label', 'info', 'pagebreak', 'captcha'].includes(s(i.typ)));
      const expected: ExpectedActivity['expected'] =
        mod in ONE
          ? { type: ONE[mod]!, count: 1 }
          : mod === 'book'
            ? { type: 'page', count: arr<Node>(inst?.chapters?.chapter).length }
            : mod === 'lesson'
              ? contentPages.length === 0 && questionPages.length > 0
                ? { type: 'exam', count: 1 }
                : { type: 'page', count: contentPages.length > 0 ? 1 : 0 }
              : mod === 'wiki'
                ? { type: 'page', count: wikiPages.length }
                : mod === 'choice'
                  ? { type: 'questionnaire', count: arr<Node>(inst?.options?.option).filter((o) => s(o.text).trim() !== '').length >= 2 ? 1 : 0 }
                  : mod === 'feedback'
                    ? { type: 'questionnaire', count: feedbackItems.length > 0 ? 1 : 0 }
                    : mod === 'glossary'
                      ? { type: 'page', count: glossaryTerms.length > 0 ? 1 : 0 }
                      : mod === 'lti'
                        ? { type: 'lti', count: 1 }
                        : null;
      const questions = mod === 'choice' ? 1 : mod === 'feedback' ? feedbackItems.length : mod === 'lesson' ? questionPages.length : 0;
      const settings: Record<string, string> = {};
      if (mod === 'assign')
        for (const c of arr<Node>(inst?.plugin_configs?.plugin_config)) settings[`${s(c.subtype)}:${s(c.plugin)}:${s(c.name)}`] = s(c.value);
      if (mod === 'scorm') for (const k of ['maxattempt', 'grademethod', 'whatgrade', 'popup', 'hidetoc']) settings[k] = s(inst?.[k]);
      return {
        cm: s(a.moduleid),
        mod,
        title: s(a.title),
        sectionId: s(a.sectionid),
        visible: s(module.visible) !== '0',
        restriction: restrictionOf(s(module.availability), module, false),
        completion: {
          mode: Number(s(module.completion) || 0),
          view: s(module.completionview) === '1',
          grade: s(module.completiongradeitemnumber) !== '',
          pass: s(module.completionpassgrade) === '1' || s(inst?.completionpass) === '1',
          submit: s(inst?.completionsubmit) === '1',
          other,
          expected: Number(s(module.completionexpected) || 0) > 0,
        },
        texts,
        expected,
        questions,
        settings,
        terms: glossaryTerms,
        toc: mod === 'imscp' ? [...s(inst?.structure).matchAll(/s:5:"title";s:\d+:"(.*?)";s:5:"level"/g)].map((m) => m[1]!) : [],
      };
    });
    const course = (xml('course/course.xml').course ?? {}) as Node;
    const wwwroot = s(info.original_wwwroot);
    const links: ExpectedLink[] = [];
    const embeds: string[] = [];
    for (const a of activities)
      for (const t of a.texts) {
        const found = linksOf(t, wwwroot, a.cm);
        links.push(...found.links);
        embeds.push(...found.embeds);
      }
    for (const sec of sections) {
      const found = linksOf(sec.summary, wwwroot, `section:${sec.id}`);
      links.push(...found.links);
      embeds.push(...found.embeds);
    }
    return {
      links,
      embeds,
      sourceCourseId: s(info.original_course_id),
      wwwroot: s(info.original_wwwroot),
      sections,
      activities,
      courseSummary: s(course.summary),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every file under `dir` (relative paths). */
function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

/** The fixture `mbz` with some of its XML files edited (`edits`: path → new text from old) and files `added` (path → text), repacked as tar.gz. */
export async function editedBackup(mbz: string, edits: Record<string, (xml: string) => string>, added: Record<string, string> = {}): Promise<Buffer> {
  const dir = unpack(mbz);
  try {
    const entries: RawEntry[] = filesUnder(dir).map((name) => {
      const data = readFileSync(path.join(dir, name));
      const edit = edits[name];
      if (!edit) return { name, data };
      const edited = edit(data.toString('utf8'));
      if (edited === data.toString('utf8')) throw new Error(`the edit of ${name} changed nothing`);
      return { name, data: edited };
    });
    for (const name of Object.keys(edits)) if (!entries.some((e) => e.name === name)) throw new Error(`${name} is not in ${mbz}`);
    for (const [name, data] of Object.entries(added)) {
      if (entries.some((e) => e.name === name)) throw new Error(`${name} is already in ${mbz}`);
      entries.push({ name, data });
    }
    return await tarGz(entries);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
