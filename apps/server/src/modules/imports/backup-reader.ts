import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { FailureError } from '../../lib/failure.js';
import { attr, child, list, num, parseSafeXml, text, type XmlNode } from './safe-xml.js';

/**
 * Typed model of an unpacked Moodle 2.x–4.5 backup (the "moodle2" format of
 * backup/moodle2 in Moodle's source): what the importer maps, read from the
 * backup's own XML. Times are Unix seconds (0 and null: not set); HTML is as in
 * the backup (not yet sanitised, `@@PLUGINFILE@@` links unresolved).
 */
export interface BackupModel {
  /** Folder holding moodle_backup.xml (the archive may nest it). */
  root: string;
  info: {
    name: string | null;
    moodleRelease: string | null;
    backupRelease: string | null;
    type: 'course' | 'activity' | 'section';
    /** Stable identity of the source course: site hash + original course id. */
    sourceKey: string;
    originalCourseFullname: string | null;
    originalCourseShortname: string | null;
    originalCourseStartdate: number | null;
    includesUsers: boolean;
    /** The source site's address (`original_wwwroot`): absolute links to it are links inside the backup. */
    wwwroot: string | null;
  };
  course: {
    fullname: string | null;
    shortname: string | null;
    summary: string | null;
    startdate: number | null;
    enddate: number | null;
    category: string | null;
    idnumber: string | null;
  } | null;
  sections: BackupSection[];
  activities: BackupActivity[];
  /** files.xml records by id. */
  files: Map<string, BackupFile>;
  /** Questions by question id (every version for 4.x banks). */
  questions: Map<string, BackupQuestion>;
  /** 4.x: latest question id of each question bank entry. */
  bankEntries: Map<string, string>;
  /** Question categories by id, in the order of questions.xml. */
  categories: Map<string, BackupCategory>;
  /** users.xml (when the backup includes users): each Moodle user id's "firstname lastname" — nothing else of a user is read. */
  users: Map<string, string>;
}

/** A question category: what a random slot draws from. */
export interface BackupCategory {
  id: string;
  name: string;
  /** The parent category's id (null for a top one). */
  parentId: string | null;
  contextId: string | null;
  /** Its questions in backup order: 2.x–3.x every question; 4.x the latest version of each bank entry. */
  questionIds: string[];
}

export interface BackupSection {
  id: string;
  number: number;
  name: string | null;
  summary: string | null;
  visible: boolean;
  sequence: string[];
  /** Its access restriction (section.xml `availabilityjson`, or the 2.4–2.6 fields), null when none. */
  availability: Availability | null;
}

/**
 * A Moodle access restriction as Moodle 2.7+ stores it (the `availability` JSON: a condition
 * set `{op, c: [conditions or sets]}`); the 2.4–2.6 fields (`availablefrom`, `availableuntil`,
 * `availability_info`, `groupmembersonly`) are read into the same shape (op `&`). A JSON that does
 * not parse is `{ op: '?', c: [] , invalid: true }`.
 */
export interface Availability {
  op: string;
  c: AvailabilityCondition[];
  invalid?: boolean;
}
export type AvailabilityCondition = Availability | ({ type: string } & Record<string, unknown>);

/** An activity's completion settings (module.xml; the module-specific ones are in its instance). */
export interface BackupCompletion {
  /** 0 none, 1 manual, 2 automatic. */
  mode: number;
  view: boolean;
  /** Not null: "receive a grade" (the grade item number). */
  gradeItemNumber: number | null;
  /** 4.0+: "receive a passing grade". */
  passGrade: boolean;
  /** The expected completion date (Unix seconds), null when none. */
  expected: number | null;
}

export interface BackupActivity {
  moduleId: string;
  sectionId: string | null;
  modName: string;
  title: string;
  directory: string;
  /** module.xml (null when missing). */
  visible: boolean;
  added: number | null;
  contextId: string | null;
  /** The `<modname>` element of `<modname>.xml` (null when the file is missing). */
  instance: XmlNode | null;
  /** File ids listed by inforef.xml. */
  fileIds: string[];
  /** The activity's own grade item (grades.xml, item number 0): its maximum and pass grade (null when not set). */
  gradeItem: { gradeMax: number | null; gradePass: number | null } | null;
  /** Its access restriction (module.xml `availability`, or the 2.4–2.6 fields), null when none. */
  availability: Availability | null;
  completion: BackupCompletion;
}

export interface BackupFile {
  id: string;
  contentHash: string;
  contextId: string | null;
  component: string | null;
  fileArea: string | null;
  itemId: string | null;
  filePath: string;
  fileName: string;
  fileSize: number;
  mimeType: string | null;
  sortOrder: number;
  /** Absolute path of the blob `files/<hash[0:2]>/<hash>`, or null when the backup lacks it. */
  blobPath: string | null;
}

export interface BackupQuestion {
  id: string;
  name: string;
  qtype: string;
  questionText: string;
  defaultMark: number;
  contextId: string | null;
  categoryId: string | null;
  /** The question this one is part of (a cloze question's sub-questions), or null. */
  parentId: string | null;
  /** Hidden in the bank (3.x `hidden`; 4.x a version whose status is not `ready`): never drawn by a random slot. */
  hidden: boolean;
  /** Its tags (id and name), which random slots may filter on. */
  tags: { id: string; name: string }[];
  /** The question element itself, for the type-specific parts. */
  node: XmlNode;
}

/** Why a backup could not be read: BACKUP_NOT_MOODLE unless told otherwise; `message` is the English reason. */
export class BackupReadError extends FailureError {
  constructor(message: string, code: 'BACKUP_NOT_MOODLE' | 'BACKUP_UNSUPPORTED_VERSION' = 'BACKUP_NOT_MOODLE') {
    super(code, message);
    this.name = 'BackupReadError';
  }
}

async function readXml(file: string, what: string): Promise<XmlNode | null> {
  if (!existsSync(file)) return null;
  const content = await readFile(file, 'utf8');
  return parseSafeXml(content, what);
}

/** Folder of moodle_backup.xml among the extracted files: the shallowest one. */
export function findBackupRoot(root: string, files: string[]): string | null {
  const candidates = files
    .filter((f) => f === 'moodle_backup.xml' || f.endsWith('/moodle_backup.xml'))
    .sort((a, b) => a.split('/').length - b.split('/').length);
  const first = candidates[0];
  return first === undefined ? null : path.join(root, path.dirname(first));
}

/** Only `a-z0-9_/` directory names inside the backup: a directory named by the XML must not step outside. */
function safeDir(root: string, directory: string): string | null {
  if (!/^[A-Za-z0-9_./-]+$/.test(directory) || directory.split('/').includes('..')) return null;
  const target = path.resolve(root, directory);
  return target.startsWith(root + path.sep) ? target : null;
}

function readFiles(node: XmlNode | null, root: string): Map<string, BackupFile> {
  const files = new Map<string, BackupFile>();
  for (const f of list(child(node ?? {}, 'files'), 'file')) {
    const id = attr(f, 'id') ?? '';
    const hash = (text(f, 'contenthash') ?? '').toLowerCase();
    const blob = /^[0-9a-f]{40}$/.test(hash) ? path.join(root, 'files', hash.slice(0, 2), hash) : null;
    files.set(id, {
      id,
      contentHash: hash,
      contextId: text(f, 'contextid'),
      component: text(f, 'component'),
      fileArea: text(f, 'filearea'),
      itemId: text(f, 'itemid'),
      filePath: text(f, 'filepath') ?? '/',
      fileName: text(f, 'filename') ?? '',
      fileSize: num(f, 'filesize') ?? 0,
      mimeType: text(f, 'mimetype'),
      sortOrder: num(f, 'sortorder') ?? 0,
      blobPath: blob && existsSync(blob) ? blob : null,
    });
  }
  return files;
}

function readQuestions(node: XmlNode | null): Pick<BackupModel, 'questions' | 'bankEntries' | 'categories'> {
  const questions = new Map<string, BackupQuestion>();
  const bankEntries = new Map<string, string>();
  const categories = new Map<string, BackupCategory>();
  const add = (q: XmlNode, category: BackupCategory, hidden: boolean) => {
    const id = attr(q, 'id');
    if (!id) return;
    const parent = text(q, 'parent');
    questions.set(id, {
      id,
      name: text(q, 'name') ?? '',
      qtype: text(q, 'qtype') ?? 'unknown',
      questionText: text(q, 'questiontext') ?? '',
      defaultMark: num(q, 'defaultmark') ?? 1,
      contextId: category.contextId,
      categoryId: category.id,
      parentId: parent && parent !== '0' && parent !== id ? parent : null,
      hidden,
      tags: list(child(q, 'tags'), 'tag').map((t) => ({ id: attr(t, 'id') ?? '', name: text(t, 'rawname') ?? text(t, 'name') ?? '' })),
      node: q,
    });
  };
  for (const categoryNode of list(child(node ?? {}, 'question_categories'), 'question_category')) {
    const parent = text(categoryNode, 'parent');
    const category: BackupCategory = {
      id: attr(categoryNode, 'id') ?? '',
      name: text(categoryNode, 'name') ?? '',
      parentId: parent && parent !== '0' ? parent : null,
      contextId: text(categoryNode, 'contextid'),
      questionIds: [],
    };
    categories.set(category.id, category);
    // Moodle 2.x–3.x: questions straight under the category.
    for (const q of list(child(categoryNode, 'questions'), 'question')) {
      add(q, category, (num(q, 'hidden') ?? 0) !== 0);
      const id = attr(q, 'id');
      if (id) category.questionIds.push(id);
    }
    // Moodle 4.x: question_bank_entries → question_version → question_versions → questions.
    for (const entry of list(child(categoryNode, 'question_bank_entries'), 'question_bank_entry')) {
      const entryId = attr(entry, 'id');
      let latest: { version: number; id: string } | undefined;
      for (const version of list(child(entry, 'question_version'), 'question_versions')) {
        const v = num(version, 'version') ?? 0;
        const status = text(version, 'status');
        for (const q of list(child(version, 'questions'), 'question')) {
          add(q, category, status !== null && status !== 'ready');
          const id = attr(q, 'id');
          if (id && (!latest || v >= latest.version)) latest = { version: v, id };
        }
      }
      if (entryId && latest) bankEntries.set(entryId, latest.id);
      if (latest) category.questionIds.push(latest.id);
    }
  }
  return { questions, bankEntries, categories };
}

/** users.xml → Moodle user id → "firstname lastname" (trimmed; users without either are left out). */
function readUserNames(node: XmlNode | null): Map<string, string> {
  const names = new Map<string, string>();
  for (const u of list(child(node ?? {}, 'users'), 'user')) {
    const id = attr(u, 'id');
    const name = [text(u, 'firstname'), text(u, 'lastname')]
      .filter((x): x is string => !!x)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (id && name) names.set(id, name.slice(0, 200));
  }
  return names;
}

/**
 * The access restriction of a module.xml / section.xml node: the Moodle 2.7+ JSON in `jsonKey`
 * when set, else the 2.4–2.6 fields turned into the same shape; null when there is none.
 */
function availabilityOf(node: XmlNode | undefined, jsonKey: string): Availability | null {
  if (!node) return null;
  const json = text(node, jsonKey);
  if (json !== null && json.trim() !== '') {
    try {
      const parsed = JSON.parse(json) as unknown;
      if (parsed && typeof parsed === 'object' && Array.isArray((parsed as Availability).c)) {
        const tree = parsed as Availability;
        return tree.c.length > 0 ? tree : null;
      }
    } catch {
      // fall through: an unreadable restriction is still a restriction
    }
    return { op: '?', c: [], invalid: true };
  }
  const c: AvailabilityCondition[] = [];
  const from = num(node, 'availablefrom') ?? 0;
  const until = num(node, 'availableuntil') ?? 0;
  if (from > 0) c.push({ type: 'date', d: '>=', t: from });
  if (until > 0) c.push({ type: 'date', d: '<', t: until });
  const info = child(node, 'availability_info');
  for (const cond of list(info, 'availability_condition')) {
    const cm = num(cond, 'sourcecmid') ?? 0;
    const gradeItem = num(cond, 'gradeitemid') ?? 0;
    if (cm > 0) c.push({ type: 'completion', cm, e: num(cond, 'requiredcompletion') ?? 1 });
    else if (gradeItem > 0) c.push({ type: 'grade', id: gradeItem, min: num(cond, 'grademin'), max: num(cond, 'grademax') });
  }
  for (const field of list(info, 'availability_field'))
    c.push({ type: 'profile', sf: text(field, 'userfield'), cf: text(field, 'customfield'), op: text(field, 'operator'), v: text(field, 'value') });
  const grouping = num(node, 'groupingid') ?? 0;
  if (grouping > 0 && ((num(node, 'groupmembersonly') ?? 0) === 1 || jsonKey === 'availabilityjson')) c.push({ type: 'grouping', id: grouping });
  return c.length > 0 ? { op: '&', c } : null;
}

/**
 * Reads the backup whose moodle_backup.xml is in `root`. Throws BackupReadError
 * when moodle_backup.xml is missing, empty or not a Moodle backup;
 * XmlRefusedError for a DOCTYPE or malformed XML.
 */
export async function readBackup(root: string): Promise<BackupModel> {
  const mainFile = path.join(root, 'moodle_backup.xml');
  if (!existsSync(mainFile) || (await stat(mainFile)).size === 0)
    throw new BackupReadError('moodle_backup.xml is missing or empty: this is not a Moodle backup');
  const main = await readXml(mainFile, 'moodle_backup.xml');
  const information = child(child(main ?? {}, 'moodle_backup'), 'information');
  if (!information) throw new BackupReadError('moodle_backup.xml has no <information>: this is not a Moodle 2+ backup', 'BACKUP_UNSUPPORTED_VERSION');
  const detail = child(child(information, 'details'), 'detail');
  const type = text(detail, 'type');
  const settings = list(child(information, 'settings'), 'setting');
  const usersSetting = settings.find((s) => text(s, 'level') === 'root' && text(s, 'name') === 'users');
  const contents = child(information, 'contents');
  const siteHash = text(information, 'original_site_identifier_hash') ?? text(information, 'original_wwwroot') ?? 'unknown-site';
  const info: BackupModel['info'] = {
    name: text(information, 'name'),
    moodleRelease: text(information, 'moodle_release'),
    backupRelease: text(information, 'backup_release'),
    type: type === 'activity' ? 'activity' : type === 'section' ? 'section' : 'course',
    sourceKey: `${siteHash}:${text(information, 'original_course_id') ?? '0'}`,
    originalCourseFullname: text(information, 'original_course_fullname'),
    originalCourseShortname: text(information, 'original_course_shortname'),
    originalCourseStartdate: num(information, 'original_course_startdate'),
    includesUsers: text(usersSetting, 'value') === '1',
    wwwroot: text(information, 'original_wwwroot'),
  };

  const courseNode = child(await readXml(path.join(root, 'course', 'course.xml'), 'course/course.xml'), 'course');
  const course = courseNode
    ? {
        fullname: text(courseNode, 'fullname'),
        shortname: text(courseNode, 'shortname'),
        summary: text(courseNode, 'summary'),
        startdate: num(courseNode, 'startdate'),
        enddate: num(courseNode, 'enddate'),
        category: text(child(courseNode, 'category'), 'name'),
        idnumber: text(courseNode, 'idnumber'),
      }
    : null;

  const sections: BackupSection[] = [];
  for (const s of list(child(contents, 'sections'), 'section')) {
    const directory = text(s, 'directory') ?? '';
    const dir = safeDir(root, directory);
    const node = dir ? child(await readXml(path.join(dir, 'section.xml'), `${directory}/section.xml`), 'section') : undefined;
    sections.push({
      id: text(s, 'sectionid') ?? attr(node, 'id') ?? '',
      number: num(node, 'number') ?? sections.length,
      name: text(node, 'name') ?? null,
      summary: text(node, 'summary'),
      visible: (num(node, 'visible') ?? 1) !== 0,
      sequence: (text(node, 'sequence') ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
      availability: availabilityOf(node, 'availabilityjson'),
    });
  }
  sections.sort((a, b) => a.number - b.number);

  const activities: BackupActivity[] = [];
  for (const a of list(child(contents, 'activities'), 'activity')) {
    const modName = (text(a, 'modulename') ?? '').toLowerCase();
    const directory = text(a, 'directory') ?? '';
    const dir = safeDir(root, directory);
    const module = dir ? child(await readXml(path.join(dir, 'module.xml'), `${directory}/module.xml`), 'module') : undefined;
    const activityXml =
      dir && /^[a-z0-9_]+$/.test(modName) ? child(await readXml(path.join(dir, `${modName}.xml`), `${directory}/${modName}.xml`), 'activity') : undefined;
    const inforef = dir ? await readXml(path.join(dir, 'inforef.xml'), `${directory}/inforef.xml`) : null;
    const grades = dir ? await readXml(path.join(dir, 'grades.xml'), `${directory}/grades.xml`) : null;
    const gradeItem = list(child(child(grades ?? {}, 'activity_gradebook'), 'grade_items'), 'grade_item').find(
      (g) => text(g, 'itemtype') === 'mod' && (num(g, 'itemnumber') ?? 0) === 0,
    );
    activities.push({
      moduleId: text(a, 'moduleid') ?? '',
      sectionId: text(a, 'sectionid'),
      modName,
      title: text(a, 'title') ?? modName,
      directory,
      visible: (num(module, 'visible') ?? 1) !== 0,
      added: num(module, 'added'),
      contextId: attr(activityXml, 'contextid'),
      instance: child(activityXml, modName) ?? null,
      fileIds: list(child(child(inforef ?? {}, 'inforef'), 'fileref'), 'file')
        .map((f) => text(f, 'id') ?? '')
        .filter(Boolean),
      gradeItem: gradeItem ? { gradeMax: num(gradeItem, 'grademax'), gradePass: num(gradeItem, 'gradepass') } : null,
      availability: availabilityOf(module, 'availability'),
      completion: {
        mode: num(module, 'completion') ?? 0,
        view: (num(module, 'completionview') ?? 0) === 1,
        gradeItemNumber: num(module, 'completiongradeitemnumber'),
        passGrade: (num(module, 'completionpassgrade') ?? 0) === 1,
        expected: (num(module, 'completionexpected') ?? 0) > 0 ? num(module, 'completionexpected') : null,
      },
    });
  }

  const files = readFiles(await readXml(path.join(root, 'files.xml'), 'files.xml'), root);
  const { questions, bankEntries, categories } = readQuestions(await readXml(path.join(root, 'questions.xml'), 'questions.xml'));
  const users = readUserNames(await readXml(path.join(root, 'users.xml'), 'users.xml'));
  return { root, info, course, sections, activities, files, questions, bankEntries, categories, users };
}

/** The real files (not the `.` directory markers) of `component`/`fileArea` in `contextId`, in sort order then path. */
export function filesOf(model: BackupModel, contextId: string | null, component: string, fileArea: string, itemId?: string): BackupFile[] {
  return [...model.files.values()]
    .filter(
      (f) =>
        f.fileName !== '.' &&
        f.contextId === contextId &&
        f.component === component &&
        f.fileArea === fileArea &&
        (itemId === undefined || f.itemId === itemId),
    )
    .sort((a, b) => b.sortOrder - a.sortOrder || (a.filePath + a.fileName).localeCompare(b.filePath + b.fileName));
}
