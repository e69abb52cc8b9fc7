import {
  defaultCompletionCriterion,
  ENTRY_KEYWORD_MAX,
  ENTRY_KEYWORDS_MAX,
  ENTRY_NAME_MAX,
  type ActivityType,
  type CompletionCriterion,
  type CreateQuestionnaireSubjectBody,
  type ImportReport,
  type ImportReportItem,
  type ImportReportLineKey,
  type LearningMode,
} from '@atrium/contracts';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { moodleUserLabel, planTopic, type MoodlePost, type PlannedTopic } from '../forum/forum-import.js';
import { filesOf, type BackupActivity, type BackupFile, type BackupModel } from './backup-reader.js';
import { parseOnlineVideoUrl } from '@atrium/contracts';
import {
  cmPlaceholder,
  COURSE_PLACEHOLDER,
  extractEmbeds,
  type FoundVideo,
  completionOutcome,
  earlierOf,
  laterOf,
  line,
  plainTextOf,
  restrictionOutcome,
  type KeyedLine,
  type RestrictionOutcome,
} from './mbz-fidelity.js';
import { quizSettings, quizSubjects, type BankPlan, type PlannedCategory, type PlannedSubject, type QuizCtx } from './mbz-quiz.js';
import { jumpsAway, lessonAnswers, lessonSubject, LESSON_QUESTION_TYPES, shownResponses, type LessonQuestionCtx } from './mbz-lesson.js';
import { attr, child, list, num, text, type XmlValue } from './safe-xml.js';
import { ltiActivityData } from './mbz-lti.js';

/**
 * Mapping of a Moodle backup onto Atrium's course content (issue 8 "mapping"):
 * sections → modules, page → page, label → text of its module, url → web_link,
 * resource / folder / imscp → material (imscp with its table of contents), book → one page per
 * chapter, lesson → one page of its content pages and an exam of its question pages (mbz-lesson.ts), wiki → one page per wiki page, glossary → a page of its terms and
 * vocabulary entries (decision 0145), choice / feedback
 * → questionnaire, assign → homework, quiz → exam with its subjects (mbz-quiz.ts), forum → forum,
 * scorm → scorm (issue 21 §4, decision 0040 "Fidelity"), lti → lti (mbz-lti.ts, decision 0153). Anything else is skipped
 * and named in the report. Pure: no I/O; files are
 * turned into upload ids by the `resolve` callback (see FileResolver).
 */

/** Answers the upload id of a backup file (null when its blob is missing); `scorm` uploads are SCORM packages. */
export type FileResolver = (file: BackupFile, options: { scorm?: boolean; usedBy: string }) => number | null;

/** Where an upload's bytes are served (uploads routes, spec §7). */
export function uploadUrl(uploadId: number): string {
  return `/api/uploads/${uploadId}/blob?preview=true`;
}

export type { PlannedCategory, PlannedSubject } from './mbz-quiz.js';

export interface PlannedActivity {
  sourceKey: string;
  type: ActivityType;
  title: string;
  description: string | null;
  isPublished: boolean;
  startTime: Date | null;
  endTime: Date | null;
  data: Record<string, unknown>;
  uploadIds: number[];
  subjects: PlannedSubject[];
  /** A forum's discussions as topics with their replies (forum_topics / forum_replies, issue 18 §6). */
  topics?: PlannedTopic[];
  /** From Moodle's completion settings (issue 21 §2); unset: the type's default. */
  completionCriterion?: CompletionCriterion;
  /** A questionnaire's subjects in order (choice and feedback, issue 21 §4), written through the questionnaires service. */
  questionnaire?: CreateQuestionnaireSubjectBody[];
  /** Vocabulary entries of the organisation a glossary's terms become (decision 0145): names new to it, each with its aliases as keywords. */
  entries?: PlannedEntry[];
}

/** A vocabulary entry to create (decision 0145): a glossary term and its aliases. */
export interface PlannedEntry {
  name: string;
  keywords: string[];
}

export interface PlannedModule {
  sourceKey: string;
  /** Set when an earlier import of this backup created the module: new activities go there. */
  existingModuleId: number | null;
  title: string;
  summary: string | null;
  isPublished: boolean;
  activities: PlannedActivity[];
}

export type LinkTarget = { sourceKey: string } | { activityId: number };

/** Online-video activities for the videos embedded in an item's texts, placed after it (source keys `<key>:video:<n>`). */
function videoActivities(
  videos: FoundVideo[],
  key: string,
  title: string,
  isPublished: boolean,
  startTime: Date | null,
  endTime: Date | null,
): PlannedActivity[] {
  return videos.map((v, i) => ({
    sourceKey: `${key}:video:${i}`,
    type: 'online_video',
    title: clip(v.title ?? (videos.length === 1 ? `${title} – video` : `${title} – video ${i + 1}`)),
    description: null,
    isPublished,
    startTime,
    endTime,
    data: { url: v.url },
    uploadIds: [],
    subjects: [],
    completionCriterion: 'viewed',
  }));
}

export interface ImportPlan {
  modules: PlannedModule[];
  /** New discussions of forums an earlier import made (a later backup of the same course): topics to add to that activity. */
  forumAdditions: { activityId: number; topics: PlannedTopic[] }[];
  /** The subject bank categories this import makes (the Moodle categories random slots draw from, once per backup). */
  bank: PlannedCategory[];
  /** The course summary as the course outline (plain text), null when it is not set (none, or the course has one). */
  outline: string | null;
  /** Moodle course-module id → what its links point at: a planned activity (by source key) or one an earlier import made. */
  linkTargets: Map<string, LinkTarget>;
  report: ImportReport;
}

const TITLE_MAX = 200;

/** Instance (`<modname>.xml`) completion settings read for completionOutcome. */
const COMPLETION_INSTANCE_KEYS = [
  'completionsubmit',
  'completionpass',
  'completionposts',
  'completiondiscussions',
  'completionreplies',
  'completionminattempts',
  'completionattemptsexhausted',
  'completionstatusrequired',
  'completionscorerequired',
  'completionstatusallscos',
  'completionentries',
];

function seconds(value: number | null): Date | null {
  return value && value > 0 ? new Date(value * 1000) : null;
}

function clip(title: string): string {
  const t = title.replace(/\s+/g, ' ').trim();
  return t.length > TITLE_MAX ? `${t.slice(0, TITLE_MAX - 1)}…` : t || 'Untitled';
}

/** Decodes the path after `@@PLUGINFILE@@` (Moodle url-encodes each segment). */
function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const UNSAFE_HTML = /<script\b|<iframe\b|<object\b|<embed\b|<form\b|<style\b|\son[a-z]+\s*=|javascript:/i;
const UNSAFE_NOTE = 'unsafe HTML (scripts, frames, event handlers) was removed';

interface Ctx {
  model: BackupModel;
  resolve: FileResolver;
  notes: string[];
  bank: BankPlan;
  /** Source refs of the course's topics (`…:discussion:<id>`) an earlier import wrote: not planned again. */
  knownTopics?: ReadonlySet<string>;
  /** The translatable key of each keyed note (by its English text), shared by the whole plan. */
  keys?: Map<string, ImportReportLineKey>;
  /** Links to course modules of the backup met in its texts, each with the notes of the item it is in (resolved at the end of the plan). */
  links?: { cm: string; notes: string[] }[];
  /** Videos of known providers embedded in its texts: online-video activities beside the item. */
  videos?: FoundVideo[];
  /** The plan's fidelity counts (links, embeds). */
  stats?: Fidelity;
  /** The organisation's vocabulary entries and the names this plan creates (lower case), shared by the whole plan. */
  vocabulary?: { enabled: boolean; existing: ReadonlySet<string>; planned: Set<string> };
}

/** The fidelity counts of the report (ImportReport `fidelity`). */
type Fidelity = NonNullable<ImportReport['fidelity']>;

/** Adds a keyed report line to `notes` (once) and remembers its key. */
function lose(ctx: Pick<Ctx, 'notes' | 'keys'>, l: KeyedLine): void {
  if (!ctx.notes.includes(l.text)) ctx.notes.push(l.text);
  ctx.keys?.set(l.text, { key: l.key, params: l.params });
}

/** Options of planImport. */
export interface PlanOptions {
  /** The target course's learning mode: in checkpoint mode "complete X first" of an earlier activity is already enforced. */
  learningMode?: LearningMode;
  /** The target course already has an outline: the Moodle summary does not replace it. */
  hasOutline?: boolean;
  /**
   * The organisation's vocabulary entries (decision 0145): whether its `vocabulary_entries` toggle
   * is on, and the names of its entries (lower case). Unset: off.
   */
  vocabulary?: { enabled: boolean; existing: ReadonlySet<string> };
}

/**
 * Rewrites `@@PLUGINFILE@@/<path>` links of `html` to the imported files of
 * `candidates` (the file area the text belongs to) and sanitises the result.
 * A link whose file is absent or has no blob is left pointing nowhere and noted.
 */
function richText(ctx: Ctx, html: string | null, candidates: BackupFile[], usedBy: string): string | null {
  if (html === null || html.trim() === '') return html === null ? null : '';
  const byPath = new Map(candidates.map((f) => [`${f.filePath}${f.fileName}`, f]));
  const stats = ctx.stats;
  const rewritten = html.replace(/@@PLUGINFILE@@(\/[^"'\s<>)?#]*)/g, (_whole, raw: string) => {
    const wanted = decodePath(raw);
    const file = byPath.get(wanted) ?? byPath.get(wanted.replace(/^\/+/, '/'));
    const id = file ? ctx.resolve(file, { usedBy }) : null;
    if (stats) stats.links.present += 1;
    if (id === null) {
      ctx.notes.push(`embedded file ${wanted} is missing from the backup`);
      return '#missing-file';
    }
    if (stats) stats.links.resolved += 1;
    return uploadUrl(id);
  });
  // Links to course modules of the backup (issue 21 §3): placeholders the importer's second pass points at their activities.
  const linkTo = (cm: string) => {
    if (stats) stats.links.present += 1;
    ctx.links?.push({ cm, notes: ctx.notes });
    return cmPlaceholder(cm);
  };
  const toCourse = () => {
    if (stats) {
      stats.links.present += 1;
      stats.links.resolved += 1;
    }
    return COURSE_PLACEHOLDER;
  };
  let withRefs = rewritten.replace(/\$@([A-Z]+)\*(\d+)(?:\*(\d+))?@\$/g, (_whole, name: string, id: string) => {
    if (/VIEWBYID(CH)?$/.test(name) && name !== 'COURSEVIEWBYID') return linkTo(id);
    if (/INDEX$/.test(name) || name === 'COURSEVIEWBYID' || name === 'COURSESECTIONBYID' || name === 'COURSESECTIONBYNUMBER') return toCourse();
    if (stats) stats.links.present += 1;
    lose(ctx, line('link_unknown', { ref: name }, `a Moodle link of the kind ${name} has no Atrium target and points nowhere`));
    return '#';
  });
  // Links written as addresses of the source site (or relative to it): /mod/<type>/view.php?id=N, /course/view.php?id=N.
  const root = (ctx.model.info.wwwroot ?? '').replace(/\/+$/, '');
  withRefs = withRefs.replace(/(\shref\s*=\s*)(["'])([^"']*)\2/gi, (whole, lead: string, quote: string, href: string) => {
    const decoded = href.replace(/&amp;/g, '&');
    const local = decoded.startsWith('/') ? decoded : root && decoded.toLowerCase().startsWith(root.toLowerCase() + '/') ? decoded.slice(root.length) : null;
    if (local === null) return whole;
    const mod = /^\/mod\/[a-z0-9_]+\/view\.php\?(?:[^#]*&)?id=(\d+)/i.exec(local);
    if (mod) return `${lead}${quote}${linkTo(mod[1]!)}${quote}`;
    if (/^\/course\/view\.php\?(?:[^#]*&)?id=\d+/i.test(local)) return `${lead}${quote}${toCourse()}${quote}`;
    return whole;
  });
  // Frames and objects (issue 21 §3): known video providers become online videos, others a link named in the report.
  const embeds = extractEmbeds(withRefs, parseOnlineVideoUrl);
  for (const v of embeds.videos) {
    ctx.videos?.push(v);
    if (stats) stats.embeds.videos += 1;
  }
  if (embeds.videos.length > 0)
    lose(ctx, line('embed_video', { count: embeds.videos.length }, `${embeds.videos.length} embedded video(s) became online-video activities beside it`));
  for (const url of embeds.others) {
    if (stats) stats.embeds.reported += 1;
    lose(ctx, line('embed_removed', { url }, `an embedded frame or object (${url}) cannot be shown safely: it became a link`));
  }
  // sanitizeRichText drops these constructs whenever they occur: say so in the report.
  if (UNSAFE_HTML.test(embeds.html) && !ctx.notes.includes(UNSAFE_NOTE)) ctx.notes.push(UNSAFE_NOTE);
  return sanitizeRichText(embeds.html);
}

function attachAll(ctx: Ctx, files: BackupFile[], usedBy: string, options: { scorm?: boolean } = {}): number[] {
  const ids: number[] = [];
  for (const file of files) {
    const id = ctx.resolve(file, { usedBy, ...options });
    if (id === null) ctx.notes.push(`file ${file.filePath}${file.fileName} is missing from the backup`);
    else if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The points of planned exam subjects: a random subject's per draw times its count. */
function pointsOf(subjects: PlannedSubject[]): number {
  const points = subjects.reduce((sum, s) => {
    const point = typeof s.data.point === 'number' ? s.data.point : 0;
    return sum + (s.type === 'random' ? point * (typeof s.data.count === 'number' ? s.data.count : 1) : point);
  }, 0);
  return Math.round(points * 100) / 100;
}

interface Mapped {
  activities: PlannedActivity[];
  /** A label's HTML, to append to its module's summary. */
  moduleText?: string;
  atriumType: string | null;
  /** Why it was skipped (a keyed line for the types of issue 21 §4). */
  skipped?: string | KeyedLine;
  questionItems?: ImportReportItem[];
}

function mapActivity(ctx: Ctx, a: BackupActivity, sourceKey: string, published: boolean): Mapped {
  const inst = a.instance;
  const mod = a.modName;
  if (!inst) return { activities: [], atriumType: null, skipped: `${mod}.xml is missing from the backup` };
  const usedBy = `${mod} "${a.title}"`;
  const component = `mod_${mod}`;
  const intro = () => richText(ctx, text(inst, 'intro'), filesOf(ctx.model, a.contextId, component, 'intro'), usedBy);
  const base = (type: ActivityType, extra: Partial<PlannedActivity> = {}): PlannedActivity => ({
    sourceKey,
    type,
    title: clip(text(inst, 'name') ?? a.title),
    description: intro(),
    isPublished: published,
    startTime: null,
    endTime: null,
    data: {},
    uploadIds: [],
    subjects: [],
    ...extra,
  });
  switch (mod) {
    case 'page': {
      const content = richText(ctx, text(inst, 'content'), filesOf(ctx.model, a.contextId, component, 'content'), usedBy) ?? '';
      return { activities: [base('page', { data: { content } })], atriumType: 'page' };
    }
    case 'label':
      return { activities: [], moduleText: intro() ?? '', atriumType: 'module_text' };
    case 'url': {
      const url = text(inst, 'externalurl') ?? '';
      if (!/^(https?|ftp):\/\//i.test(url)) return { activities: [], atriumType: null, skipped: `the link "${url.slice(0, 80)}" is not an http(s) address` };
      if (text(inst, 'parameters') && text(inst, 'parameters') !== 'a:0:{}') ctx.notes.push('URL parameters built from the Moodle user were not kept');
      return { activities: [base('web_link', { data: { url } })], atriumType: 'web_link' };
    }
    case 'resource':
    case 'folder': {
      const files = filesOf(ctx.model, a.contextId, component, 'content');
      if (mod === 'folder' && files.some((f) => f.filePath !== '/')) ctx.notes.push('sub-folders were flattened');
      const uploadIds = attachAll(ctx, files, usedBy);
      if (files.length === 0) ctx.notes.push('the backup holds no file for it');
      return { activities: [base('material', { uploadIds })], atriumType: 'material' };
    }
    case 'imscp': {
      const packageFiles = filesOf(ctx.model, a.contextId, component, 'backup');
      const files = packageFiles.length > 0 ? packageFiles : filesOf(ctx.model, a.contextId, component, 'content');
      // Its table of contents (issue 21 §4): imscp.xml `structure`, Moodle's serialised tree of the manifest's items, as a list in the description.
      const toc = imscpContents(text(inst, 'structure'));
      const description = [intro(), toc ? `<p>Contents</p>${toc.html}` : null].filter(Boolean).join('\n') || null;
      lose(
        ctx,
        toc
          ? line(
              'imscp_toc',
              { count: toc.count },
              `the IMS content package is offered as a file; its table of contents (${toc.count} item(s)) is listed in the description`,
            )
          : line('imscp_file', {}, 'the IMS content package is offered as a file; its table of contents could not be read'),
      );
      return { activities: [base('material', { description, uploadIds: attachAll(ctx, files, usedBy) })], atriumType: 'material' };
    }
    case 'book': {
      const chapters = list(child(inst, 'chapters'), 'chapter');
      const bookTitle = text(inst, 'name') ?? a.title;
      const activities = chapters.map((c) =>
        base('page', {
          sourceKey: `${sourceKey}:chapter:${attr(c, 'id') ?? ''}`,
          title: clip(`${bookTitle} – ${text(c, 'title') ?? ''}`),
          isPublished: published && (num(c, 'hidden') ?? 0) === 0,
          data: { content: richText(ctx, text(c, 'content'), filesOf(ctx.model, a.contextId, component, 'chapter', attr(c, 'id') ?? undefined), usedBy) ?? '' },
        }),
      );
      if (chapters.length > 0) ctx.notes.push('each chapter became its own page');
      return { activities, atriumType: 'page' };
    }
    case 'assign': {
      const grade = num(inst, 'grade') ?? 0;
      const attachments = attachAll(ctx, filesOf(ctx.model, a.contextId, component, 'introattachment'), usedBy);
      if (grade < 0) lose(ctx, line('assign_scale', {}, 'grading by scale was not kept'));
      const homework = assignSettings(inst, ctx.notes, ctx.keys);
      return {
        activities: [
          base('homework', {
            startTime: seconds(num(inst, 'allowsubmissionsfromdate')),
            // Moodle takes late work after the due date until the cut-off: the activity stays open until then.
            endTime: homework.cut_off_date ? new Date(homework.cut_off_date) : null,
            data: {
              ...(grade > 0 ? { max_grade: grade } : {}),
              ...homework,
              attachment_upload_ids: attachments,
            },
          }),
        ],
        atriumType: 'homework',
      };
    }
    case 'quiz': {
      const quizCtx: QuizCtx = {
        model: ctx.model,
        bank: ctx.bank,
        richText: (html, files, by, notes) => richText({ ...ctx, notes }, html, files, by) ?? '',
      };
      const { subjects, items: questionItems } = quizSubjects(quizCtx, inst, a.title);
      const skippedQuestions = questionItems.filter((i) => i.outcome === 'skipped' && i.section === clip(a.title)).length;
      if (skippedQuestions > 0) ctx.notes.push(`${skippedQuestions} question(s) skipped (see below)`);
      return {
        activities: [
          base('exam', {
            startTime: seconds(num(inst, 'timeopen')),
            endTime: seconds(num(inst, 'timeclose')),
            subjects,
            data: quizSettings(inst, ctx.notes, { gradeItem: a.gradeItem, points: pointsOf(subjects) }),
          }),
        ],
        atriumType: 'exam',
        questionItems,
      };
    }
    case 'forum': {
      const topics = forumTopics(ctx, a, inst, usedBy);
      return {
        activities: [base('forum', { data: { forum_type: text(inst, 'type') ?? 'general' }, topics })],
        atriumType: 'forum',
      };
    }
    case 'scorm': {
      const packages = filesOf(ctx.model, a.contextId, component, 'package');
      const uploadIds = attachAll(ctx, packages, usedBy, { scorm: true });
      if (uploadIds.length === 0) return { activities: [], atriumType: null, skipped: 'the SCORM package file is missing from the backup' };
      scormSettings(ctx, inst);
      return {
        activities: [base('scorm', { uploadIds, startTime: seconds(num(inst, 'timeopen')), endTime: seconds(num(inst, 'timeclose')) })],
        atriumType: 'scorm',
      };
    }
    case 'lesson':
      return lessonPages(ctx, a, inst, base, published, usedBy);
    case 'wiki':
      return wikiPages(ctx, a, inst, base, published, usedBy);
    case 'choice':
      return choiceQuestionnaire(ctx, inst, base);
    case 'feedback':
      return feedbackQuestionnaire(ctx, inst, base);
    case 'glossary':
      return glossaryPage(ctx, a, inst, base, published, usedBy);
    case 'lti': {
      const { data, note } = ltiActivityData(inst);
      lose(ctx, note);
      return { activities: [base('lti', { data })], atriumType: 'lti' };
    }
    default:
      return { activities: [], atriumType: null, skipped: `Moodle module "${mod}" has no Atrium equivalent` };
  }
}

/** Moodle lesson page types (mod/lesson/locallib.php): content pages, structure pages, everything else a question. */
const LESSON_BRANCH_TABLE = 20;
const LESSON_STRUCTURE = new Set([21, 30, 31]); // end of branch, cluster, end of cluster

type BaseActivity = (type: ActivityType, extra?: Partial<PlannedActivity>) => PlannedActivity;

/** The nodes of a linked list of pages (`prevpageid` / `nextpageid`) in reading order; pages the chain misses follow by id. */
function chainOrder(pages: XmlValue[]): XmlValue[] {
  const byId = new Map(pages.map((p) => [attr(p, 'id') ?? '', p]));
  const ordered: XmlValue[] = [];
  const seen = new Set<string>();
  let current = pages.find((p) => (num(p, 'prevpageid') ?? 0) === 0 && byId.has(attr(p, 'id') ?? ''));
  while (current && !seen.has(attr(current, 'id') ?? '')) {
    seen.add(attr(current, 'id') ?? '');
    ordered.push(current);
    current = byId.get(String(num(current, 'nextpageid') ?? 0));
  }
  const rest = pages.filter((p) => !seen.has(attr(p, 'id') ?? '')).sort((x, y) => Number(attr(x, 'id') ?? 0) - Number(attr(y, 'id') ?? 0));
  return [...ordered, ...rest];
}

/**
 * A lesson (issue 21 §4) → one page holding its content pages in the lesson's order (the
 * `prevpageid` / `nextpageid` chain), each under its title: what a learner reads going through it
 * with "Continue"; and its question pages, in the same order, as the subjects of an exam after that
 * page (mbz-lesson.ts; one report line per question page, as a quiz's). The exam keeps the lesson's
 * grade, time limit, retakes (one attempt, or any number) and how retakes count (highest or
 * average). Lost, each a keyed line: the question pages' places between the content pages, the
 * branch buttons and where answers jump, the responses shown after an answer, several tries per
 * question, the password, a practice lesson's being ungraded.
 */
function lessonPages(ctx: Ctx, a: BackupActivity, inst: XmlValue, base: BaseActivity, published: boolean, usedBy: string): Mapped {
  const pages = chainOrder(list(child(inst, 'pages'), 'page'));
  const parts: string[] = [];
  const questions: XmlValue[] = [];
  let branches = false;
  for (const p of pages) {
    const qtype = num(p, 'qtype') ?? 0;
    if (LESSON_STRUCTURE.has(qtype)) continue;
    if (qtype !== LESSON_BRANCH_TABLE) {
      questions.push(p);
      continue;
    }
    const pageId = attr(p, 'id') ?? '';
    const body = richText(ctx, text(p, 'contents'), filesOf(ctx.model, a.contextId, 'mod_lesson', 'page_contents', pageId), usedBy) ?? '';
    parts.push(`<h2>${escapeHtml(text(p, 'title') ?? '')}</h2>\n${body}`);
    if (list(child(p, 'answers'), 'answer').length > 1) branches = true;
  }
  // The question pages as exam subjects, one report line each (section: the lesson's title).
  const lessonTitle = clip(text(inst, 'name') ?? a.title);
  const order = pages.map((p) => attr(p, 'id') ?? '');
  const lessonCtx: LessonQuestionCtx = {
    custom: (num(inst, 'custom') ?? 0) === 1,
    later: (pageId) => new Set(order.slice(order.indexOf(pageId) + 1)),
  };
  const subjects: PlannedSubject[] = [];
  const questionItems: ImportReportItem[] = [];
  let responses = 0;
  let jumps = false;
  for (const p of questions) {
    const pageId = attr(p, 'id') ?? '';
    const notes: string[] = [];
    const qtype = num(p, 'qtype') ?? 0;
    const mappable = qtype in LESSON_QUESTION_TYPES;
    const description = mappable
      ? (richText(
          { ...ctx, notes },
          text(p, 'contents'),
          filesOf(ctx.model, a.contextId, 'mod_lesson', 'page_contents', pageId),
          `${usedBy}, page "${text(p, 'title') ?? ''}"`,
        ) ?? '')
      : '';
    const mapped = lessonSubject(lessonCtx, p, description, subjects.length, notes);
    if ('subject' in mapped) {
      subjects.push(mapped.subject);
      responses += shownResponses(p);
      if (lessonAnswers(p).some(jumpsAway)) jumps = true;
    }
    questionItems.push({
      kind: 'question',
      section: lessonTitle,
      source_type: `lesson_${LESSON_QUESTION_TYPES[qtype] ?? qtype}`,
      source_id: pageId,
      title: clip(text(p, 'title') ?? ''),
      outcome: 'why' in mapped ? 'skipped' : notes.length > 0 ? 'imported_with_losses' : 'imported',
      atrium_type: 'subject' in mapped ? mapped.subject.type : null,
      notes: 'why' in mapped ? [mapped.why] : notes,
    });
  }
  if (parts.length === 0 && subjects.length === 0)
    return {
      activities: [],
      atriumType: null,
      skipped:
        questions.length > 0
          ? line(
              'skipped_lesson_questions_only',
              { count: questions.length },
              `the lesson holds only question pages (${questions.length}), which were not imported`,
            )
          : line('skipped_lesson_empty', {}, 'the lesson has no pages'),
      questionItems,
    };
  const skippedQuestions = questions.length - subjects.length;
  if (skippedQuestions > 0)
    lose(
      ctx,
      line(
        'lesson_questions_skipped',
        { count: skippedQuestions },
        `${skippedQuestions} question page(s) of the lesson could not become exam subjects (see below)`,
      ),
    );
  if (parts.length > 0 && subjects.length > 0)
    lose(
      ctx,
      line(
        'lesson_questions_exam',
        { count: subjects.length },
        `its ${subjects.length} question page(s) became an exam after its content pages: they no longer come between them`,
      ),
    );
  if (branches) lose(ctx, line('lesson_branches', {}, "the lesson's branch buttons were not kept: its content pages follow one another in order"));
  if (jumps)
    lose(ctx, line('lesson_jumps', {}, 'where an answer led (another page, a branch, the end of the lesson) was not kept: the questions follow one another'));
  if (responses > 0) lose(ctx, line('lesson_responses', { count: responses }, `the responses shown after ${responses} answer(s) were not kept`));
  const grade = num(inst, 'grade') ?? 0;
  const timeLimit = num(inst, 'timelimit') ?? 0;
  const tries = num(inst, 'maxattempts') ?? 1;
  if (subjects.length > 0) {
    if (tries !== 1) lose(ctx, line('lesson_question_tries', {}, 'learners could try a question again: the exam takes one answer per question'));
    if ((num(inst, 'practice') ?? 0) === 1) lose(ctx, line('lesson_practice', {}, 'a practice lesson (ungraded in Moodle) became a graded exam'));
    if ((num(inst, 'usepassword') ?? 0) === 1) lose(ctx, line('lesson_password', {}, 'the lesson password was not kept'));
  } else {
    if (grade > 0 && questions.length > 0) lose(ctx, line('lesson_grade', {}, "the lesson's grade was not kept"));
    if (timeLimit > 0) lose(ctx, line('lesson_time_limit', {}, "the lesson's time limit was not kept"));
  }
  const activities: PlannedActivity[] = [];
  const startTime = seconds(num(inst, 'available'));
  const endTime = seconds(num(inst, 'deadline'));
  const page = base(parts.length > 0 ? 'page' : 'exam', { isPublished: published, startTime, endTime, data: { content: parts.join('\n') } });
  if (parts.length > 0) activities.push(page);
  if (subjects.length > 0)
    activities.push({
      ...page,
      sourceKey: parts.length > 0 ? `${page.sourceKey}:questions` : page.sourceKey,
      type: 'exam',
      description: parts.length > 0 ? null : page.description,
      subjects,
      data: {
        ...(timeLimit > 0 ? { time_limit_seconds: Math.min(Math.round(timeLimit), 7 * 24 * 3600) } : {}),
        max_attempts: (num(inst, 'retake') ?? 0) === 1 ? 0 : 1,
        max_grade: grade > 0 ? grade : null,
        grade_method: (num(inst, 'usemaxgrade') ?? 0) === 1 ? 'highest' : 'average',
        shuffle_subjects: false,
        shuffle_options: false,
      },
    });
  return { activities, atriumType: parts.length > 0 ? 'page' : 'exam', questionItems };
}

/**
 * A glossary (issue 21 §4, decision 0145) → a page of its approved entries by term (Moodle's
 * dictionary order), each term under an `<h3>`, its aliases, then its definition (files of filearea
 * `entry` imported); and, while the organisation's vocabulary entries are on, each term the
 * organisation has no entry of yet (case-insensitive) → a vocabulary entry with the aliases as
 * keywords, created by the importing user (PlannedActivity `entries`, written in the import's
 * transaction). Entries hold no definition: the page keeps them. Reported: the entries made (and
 * that they hold no definition), terms already entries (left as they are), entries off, terms too
 * long for an entry name, attachments, categories, entries awaiting approval, automatic linking.
 * Glossary entries are user data: a backup without users holds none (skipped with a keyed line).
 */
function glossaryPage(ctx: Ctx, a: BackupActivity, inst: XmlValue, base: BaseActivity, published: boolean, usedBy: string): Mapped {
  const all = list(child(inst, 'entries'), 'entry');
  const approved = all.filter((e) => (num(e, 'approved') ?? 1) !== 0);
  if (approved.length === 0)
    return {
      activities: [],
      atriumType: null,
      skipped: line(
        'skipped_glossary_empty',
        { count: all.length },
        `the backup holds no approved entry of this glossary (${all.length} awaiting approval; glossary entries are user data: back up with users to import them)`,
      ),
    };
  const termOf = (e: XmlValue) =>
    plainTextOf(text(e, 'concept') ?? '')
      .replace(/\s+/g, ' ')
      .trim();
  const sorted = [...approved].sort(
    (x, y) => termOf(x).localeCompare(termOf(y), undefined, { sensitivity: 'base' }) || Number(attr(x, 'id') ?? 0) - Number(attr(y, 'id') ?? 0),
  );
  const parts: string[] = [];
  const entries: PlannedEntry[] = [];
  let existing = 0;
  let tooLong = 0;
  let attachments = 0;
  let autolink = (num(inst, 'usedynalink') ?? 0) === 1;
  const vocabulary = ctx.vocabulary;
  for (const e of sorted) {
    const entryId = attr(e, 'id') ?? '';
    const term = termOf(e);
    const aliases = list(child(e, 'aliases'), 'alias')
      .map((x) => plainTextOf(text(x, 'alias_text') ?? '').trim())
      .filter(Boolean);
    const definition = richText(ctx, text(e, 'definition'), filesOf(ctx.model, a.contextId, 'mod_glossary', 'entry', entryId), usedBy) ?? '';
    parts.push(`<h3>${escapeHtml(term)}</h3>\n${aliases.length > 0 ? `<p><em>${escapeHtml(aliases.join(', '))}</em></p>\n` : ''}${definition}`);
    attachments += filesOf(ctx.model, a.contextId, 'mod_glossary', 'attachment', entryId).length;
    if ((num(e, 'usedynalink') ?? 0) === 1) autolink = true;
    if (!vocabulary?.enabled || term === '') continue;
    const name = term.toLowerCase();
    if (vocabulary.existing.has(name)) existing += 1;
    else if (term.length > ENTRY_NAME_MAX) tooLong += 1;
    else if (!vocabulary.planned.has(name)) {
      vocabulary.planned.add(name);
      const seen = new Set([name]);
      const keywords = aliases.filter((k) => k.length <= ENTRY_KEYWORD_MAX && !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()));
      entries.push({ name: term, keywords: keywords.slice(0, ENTRY_KEYWORDS_MAX) });
    }
  }
  const terms = new Set(sorted.map((e) => termOf(e).toLowerCase()).filter(Boolean)).size;
  if (!vocabulary?.enabled)
    lose(ctx, line('glossary_entries_off', { count: terms }, `vocabulary entries are off in the organisation: its ${terms} term(s) are only in the page`));
  if (entries.length > 0)
    lose(
      ctx,
      line(
        'glossary_entries',
        { count: entries.length },
        `its ${entries.length} term(s) became vocabulary entries of the organisation, aliases as keywords; entries hold no definition: the definitions are in the page`,
      ),
    );
  if (existing > 0)
    lose(
      ctx,
      line(
        'glossary_entries_existing',
        { count: existing },
        `${existing} term(s) were already vocabulary entries of the organisation: those were left as they are`,
      ),
    );
  if (tooLong > 0)
    lose(
      ctx,
      line('glossary_terms_long', { count: tooLong }, `${tooLong} term(s) are longer than ${ENTRY_NAME_MAX} characters and did not become vocabulary entries`),
    );
  if (attachments > 0) lose(ctx, line('glossary_attachments', { count: attachments }, `${attachments} file(s) attached to its entries were not imported`));
  const categories = list(child(inst, 'categories'), 'category').length;
  if (categories > 0) lose(ctx, line('glossary_categories', { count: categories }, `its ${categories} categor(ies) were not kept`));
  if (all.length > approved.length)
    lose(
      ctx,
      line('glossary_unapproved', { count: all.length - approved.length }, `${all.length - approved.length} entr(ies) awaiting approval were not imported`),
    );
  if (autolink) lose(ctx, line('glossary_autolink', {}, "its terms are no longer linked automatically in the course's texts"));
  return {
    activities: [base('page', { isPublished: published, data: { content: parts.join('\n') }, ...(entries.length > 0 ? { entries } : {}) })],
    atriumType: 'page',
  };
}

/**
 * A wiki (issue 21 §4) → one page per wiki page (its rendered `cachedcontent`, else its latest
 * version), the first page first, then by title, as book chapters are. Wiki pages are user data in
 * Moodle: a backup made without users holds none (skipped with a keyed line). Only the course-wide
 * wiki is taken; group and individual wikis (subwikis of a group or a user) are reported.
 */
function wikiPages(ctx: Ctx, a: BackupActivity, inst: XmlValue, base: BaseActivity, published: boolean, usedBy: string): Mapped {
  const subwikis = list(child(inst, 'subwikis'), 'subwiki');
  const shared = subwikis.find((w) => (num(w, 'groupid') ?? 0) === 0 && (num(w, 'userid') ?? 0) === 0) ?? subwikis[0];
  const pages = shared ? list(child(shared, 'pages'), 'page') : [];
  if (pages.length === 0)
    return {
      activities: [],
      atriumType: null,
      skipped: line('skipped_wiki_empty', {}, 'the backup holds no page of this wiki (wiki pages are user data: back up with users to import them)'),
    };
  if (subwikis.length > 1)
    lose(ctx, line('wiki_subwikis', { count: subwikis.length - 1 }, `${subwikis.length - 1} group or individual wiki(s) were not imported`));
  const first = (text(inst, 'firstpagetitle') ?? '').trim();
  const sorted = [...pages].sort((x, y) => {
    const tx = (text(x, 'title') ?? '').trim();
    const ty = (text(y, 'title') ?? '').trim();
    return Number(ty === first) - Number(tx === first) || tx.localeCompare(ty);
  });
  const wikiTitle = text(inst, 'name') ?? a.title;
  const files = filesOf(ctx.model, a.contextId, 'mod_wiki', 'attachments', attr(shared, 'id') ?? undefined);
  const activities = sorted.map((p, i) => {
    const versions = list(child(p, 'versions'), 'version');
    const latest = versions.sort((x, y) => (num(y, 'version') ?? 0) - (num(x, 'version') ?? 0))[0];
    const html = text(p, 'cachedcontent') ?? (latest ? text(latest, 'content') : null);
    return base('page', {
      sourceKey: i === 0 ? base('page').sourceKey : `${base('page').sourceKey}:wikipage:${attr(p, 'id') ?? ''}`,
      title: clip(sorted.length === 1 ? wikiTitle : `${wikiTitle} – ${text(p, 'title') ?? ''}`),
      description: i === 0 ? base('page').description : null,
      isPublished: published,
      data: { content: richText(ctx, html, files, usedBy) ?? '' },
    });
  });
  if (pages.some((p) => /\/mod\/wiki\/(view|create)\.php/.test(text(p, 'cachedcontent') ?? '')))
    lose(ctx, line('wiki_links', {}, 'links between wiki pages still point at the Moodle site'));
  if (activities.length > 1) lose(ctx, line('wiki_pages', { count: activities.length }, `each of its ${activities.length} pages became its own page`));
  return { activities, atriumType: 'page' };
}

/** SCORM grading methods (`grademethod`) and attempt grading (`whatgrade`) of mod/scorm/locallib.php. */
const SCORM_GRADE_METHODS = ['objects', 'highest', 'average', 'sum'] as const;
const SCORM_WHAT_GRADES = ['highest', 'average', 'first', 'last'] as const;

/**
 * SCORM settings (issue 21 §4) Atrium's SCORM activity has no field for (it keeps the package's own
 * tracking, every attempt, shown in the page), each a keyed line: attempts allowed, the grading
 * method, which attempt counts, a new window and its size, a hidden table of contents.
 */
function scormSettings(ctx: Ctx, inst: XmlValue): void {
  const maxAttempt = num(inst, 'maxattempt') ?? 0;
  if (maxAttempt > 0) lose(ctx, line('scorm_attempts', { count: maxAttempt }, `at most ${maxAttempt} attempt(s) were allowed: Atrium does not limit attempts`));
  const method = SCORM_GRADE_METHODS[num(inst, 'grademethod') ?? 1] ?? 'highest';
  lose(
    ctx,
    line(
      `scorm_grade_method_${method}`,
      {},
      `its grade was the ${method === 'objects' ? 'number of learning objects completed' : `${method} score of its learning objects`}: Atrium keeps the package's own score`,
    ),
  );
  if (maxAttempt !== 1) {
    const what = SCORM_WHAT_GRADES[num(inst, 'whatgrade') ?? 0] ?? 'highest';
    // The last attempt counting is what Atrium does (one stored state per learner).
    if (what !== 'last') lose(ctx, line(`scorm_attempt_grade_${what}`, {}, `the ${what} attempt's grade counted: Atrium keeps the latest`));
  }
  if ((num(inst, 'popup') ?? 0) === 1) lose(ctx, line('scorm_display_window', {}, 'it opened in a new window: it opens in the page'));
  if ((num(inst, 'hidetoc') ?? 0) > 0) lose(ctx, line('scorm_toc_hidden', {}, 'its table of contents was hidden: it is shown'));
}

/** A questionnaire option or row label: plain text, one line, at most 500 characters. */
function labelOf(html: string): string {
  const t = plainTextOf(html).replace(/\s+/g, ' ').trim();
  return t.length > 500 ? `${t.slice(0, 499)}…` : t;
}

/**
 * A choice (issue 21 §4) → a questionnaire of one subject: its name the question, its options the
 * options (single, or multiple when Moodle allowed several), opening and closing times kept; results
 * shown to learners when Moodle showed them at any time, named (not anonymous) as Moodle's choice
 * always knows who answered. Answer limits per option and changing an answer are reported.
 */
function choiceQuestionnaire(ctx: Ctx, inst: XmlValue, base: BaseActivity): Mapped {
  const options = list(child(inst, 'options'), 'option')
    .map((o) => labelOf(text(o, 'text') ?? ''))
    .filter(Boolean)
    .slice(0, 50);
  if (options.length < 2) return { activities: [], atriumType: null, skipped: line('skipped_choice_options', {}, 'the choice has fewer than two options') };
  const showResults = num(inst, 'showresults') ?? 0;
  if ((num(inst, 'limitanswers') ?? 0) === 1) lose(ctx, line('choice_limits', {}, 'the limits on how many may choose each option were not kept'));
  if ((num(inst, 'allowupdate') ?? 0) === 1) lose(ctx, line('choice_update', {}, 'learners cannot change their answer once submitted'));
  if (showResults === 2) lose(ctx, line('choice_results_after_close', {}, 'results are shown right after answering, not only once the choice closes'));
  const activity = base('questionnaire', {
    startTime: seconds(num(inst, 'timeopen')),
    endTime: seconds(num(inst, 'timeclose')),
    data: { anonymous: false, show_results: showResults > 0 },
    questionnaire: [
      {
        type: (num(inst, 'allowmultiple') ?? 0) === 1 ? 'multiple_selection' : 'single_selection',
        description: `<p>${escapeHtml(clip(text(inst, 'name') ?? ''))}</p>`,
        is_required: true,
        options,
      },
    ],
  });
  return { activities: [activity], atriumType: 'questionnaire' };
}

/** Moodle feedback multichoice separators (mod/feedback/item/multichoice/lib.php). */
const FEEDBACK_TYPE_SEP = '>>>>>';
const FEEDBACK_ADJUST_SEP = '<<<<<';
const FEEDBACK_VALUE_SEP = '####';

/**
 * A feedback (issue 21 §4) → a questionnaire, its items in order: multiple choice (radio, drop-down:
 * single; check boxes: multiple), rated multiple choice (single, the values reported), short text,
 * long text, numeric (short text, its range reported). Labels and information items, page breaks,
 * captchas and conditions on an earlier answer are reported. Anonymous as Moodle set it; results
 * shown when Moodle published its analysis. Opening and closing times kept.
 */
function feedbackQuestionnaire(ctx: Ctx, inst: XmlValue, base: BaseActivity): Mapped {
  const items = list(child(inst, 'items'), 'item').sort((x, y) => (num(x, 'position') ?? 0) - (num(y, 'position') ?? 0));
  const subjects: CreateQuestionnaireSubjectBody[] = [];
  const left: Record<string, number> = {};
  let rated = false;
  let numeric = false;
  let dependent = false;
  for (const item of items) {
    const typ = text(item, 'typ') ?? '';
    const presentation = text(item, 'presentation') ?? '';
    const description = `<p>${escapeHtml(clip(plainTextOf(text(item, 'name') ?? '')))}</p>`;
    const required = (num(item, 'required') ?? 0) === 1;
    if ((num(item, 'dependitem') ?? 0) > 0) dependent = true;
    if (typ === 'multichoice' || typ === 'multichoicerated') {
      const sep = presentation.indexOf(FEEDBACK_TYPE_SEP);
      const kind = sep > 0 ? presentation.slice(0, sep) : 'r';
      const body = (sep >= 0 ? presentation.slice(sep + FEEDBACK_TYPE_SEP.length) : presentation).split(FEEDBACK_ADJUST_SEP)[0]!;
      const options = body
        .split('|')
        .map((o) =>
          labelOf(typ === 'multichoicerated' && o.includes(FEEDBACK_VALUE_SEP) ? o.slice(o.indexOf(FEEDBACK_VALUE_SEP) + FEEDBACK_VALUE_SEP.length) : o),
        )
        .filter(Boolean)
        .slice(0, 50);
      if (options.length < 2) {
        left.choice = (left.choice ?? 0) + 1;
        continue;
      }
      if (typ === 'multichoicerated') rated = true;
      subjects.push({ type: kind === 'c' ? 'multiple_selection' : 'single_selection', description, is_required: required, options });
    } else if (typ === 'textfield' || typ === 'numeric') {
      if (typ === 'numeric') numeric = true;
      subjects.push({ type: 'text', description, is_required: required, multiline: false });
    } else if (typ === 'textarea') subjects.push({ type: 'text', description, is_required: required, multiline: true });
    else left[typ || 'unknown'] = (left[typ || 'unknown'] ?? 0) + 1;
  }
  if (subjects.length === 0)
    return { activities: [], atriumType: null, skipped: line('skipped_feedback_empty', {}, 'the feedback has no question Atrium can ask') };
  for (const [typ, count] of Object.entries(left))
    lose(ctx, line('feedback_item_dropped', { type: typ, count }, `${count} feedback item(s) of the kind "${typ}" were not imported`));
  if (rated) lose(ctx, line('feedback_rated', {}, 'the values of rated choices were not kept: they became plain options'));
  if (numeric) lose(ctx, line('feedback_numeric', {}, 'numeric answers became short text answers: their range is not checked'));
  if (dependent) lose(ctx, line('feedback_dependent', {}, 'questions shown only after a given answer are always shown'));
  if ((num(inst, 'multiple_submit') ?? 0) === 1) lose(ctx, line('feedback_multiple', {}, 'learners answer once: multiple submissions were not kept'));
  const activity = base('questionnaire', {
    startTime: seconds(num(inst, 'timeopen')),
    endTime: seconds(num(inst, 'timeclose')),
    data: { anonymous: (num(inst, 'anonymous') ?? 1) === 1, show_results: (num(inst, 'publish_stats') ?? 0) === 1 },
    questionnaire: subjects,
  });
  return { activities: [activity], atriumType: 'questionnaire' };
}

/**
 * PHP `serialize()` output as JSON-like values (arrays as objects by key, strings, numbers, booleans,
 * null); null when unreadable. Strings' lengths are UTF-8 bytes. Only what imscp.xml `structure` holds.
 */
export function phpUnserialize(serialized: string): unknown {
  const bytes = Buffer.from(serialized, 'utf8');
  let at = 0;
  const until = (ch: string) => {
    const end = bytes.indexOf(ch, at);
    if (end < 0) throw new Error('unterminated');
    const out = bytes.subarray(at, end).toString('utf8');
    at = end + 1;
    return out;
  };
  const value = (depth: number): unknown => {
    if (depth > 20) throw new Error('too deep');
    const type = String.fromCharCode(bytes[at]!);
    at += 2;
    if (type === 'N') return null;
    if (type === 'i' || type === 'd') return Number(until(';'));
    if (type === 'b') return until(';') === '1';
    if (type === 's') {
      const length = Number(until(':'));
      const out = bytes.subarray(at + 1, at + 1 + length).toString('utf8');
      at += length + 3;
      return out;
    }
    if (type === 'a') {
      const count = Number(until(':'));
      at += 1;
      const out: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) {
        const key = value(depth + 1);
        out[String(key)] = value(depth + 1);
      }
      at += 1;
      return out;
    }
    throw new Error(`unknown type ${type}`);
  };
  try {
    return value(0);
  } catch {
    return null;
  }
}

/** The table of contents of an IMS content package (imscp.xml `structure`) as nested lists of its items' titles; null when there is none. */
function imscpContents(structure: string | null): { html: string; count: number } | null {
  if (!structure) return null;
  const tree = phpUnserialize(structure);
  let count = 0;
  const items = (node: unknown, depth: number): string => {
    if (!node || typeof node !== 'object' || depth > 10) return '';
    const lis = Object.values(node as Record<string, unknown>).flatMap((item) => {
      if (!item || typeof item !== 'object') return [];
      const { title, subitems } = item as { title?: unknown; subitems?: unknown };
      if (typeof title !== 'string' || title.trim() === '') return [];
      count += 1;
      return [`<li>${escapeHtml(clip(title))}${items(subitems, depth + 1)}</li>`];
    });
    return lis.length > 0 ? `<ol>${lis.join('')}</ol>` : '';
  };
  const html = items(tree, 0);
  return html ? { html, count } : null;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A forum's discussions as topics (issue 18 §6): each discussion's first post is the topic, the
 * other posts its replies, folded to two levels (forum-import.ts); post HTML through `richText`
 * with the post's embedded files (filearea `post`), attachments (filearea `attachment`) as uploads
 * of the topic or reply; authors by their names in users.xml, else "Moodle user <id>" (noted).
 * Private replies (Moodle 3.8+ `privatereplyto`) and deleted posts (4.x `deleted`) are left out
 * (noted). Times are kept; a post without one is dated by the forum's last change.
 */
function forumTopics(ctx: Ctx, a: BackupActivity, inst: XmlValue, usedBy: string): PlannedTopic[] {
  const component = 'mod_forum';
  const src = ctx.model.info.sourceKey;
  const topics: PlannedTopic[] = [];
  let unnamed = false;
  let privateSkipped = 0;
  let grouped = false;
  const authorOf = (userId: string | null) => {
    const name = userId ? ctx.model.users.get(userId) : undefined;
    if (name) return name;
    unnamed = true;
    return moodleUserLabel(userId);
  };
  const now = seconds(num(inst, 'timemodified')) ?? seconds(a.added) ?? new Date(0);
  for (const d of list(child(inst, 'discussions'), 'discussion')) {
    const discussionId = attr(d, 'id') ?? '';
    if (ctx.knownTopics?.has(`${src}:discussion:${discussionId}`)) continue;
    if ((num(d, 'groupid') ?? -1) > 0) grouped = true;
    const posts: MoodlePost[] = [];
    for (const p of list(child(d, 'posts'), 'post')) {
      if ((num(p, 'privatereplyto') ?? 0) > 0 || (num(p, 'deleted') ?? 0) === 1) {
        privateSkipped += 1;
        continue;
      }
      const postId = attr(p, 'id') ?? '';
      posts.push({
        id: postId,
        parentId: text(p, 'parent'),
        subject: text(p, 'subject') ?? '',
        content: richText(ctx, text(p, 'message'), filesOf(ctx.model, a.contextId, component, 'post', postId), usedBy) ?? '',
        authorName: authorOf(text(p, 'userid')),
        createdAt: seconds(num(p, 'created')),
        modifiedAt: seconds(num(p, 'modified')),
        attachmentUploadIds: attachAll(ctx, filesOf(ctx.model, a.contextId, component, 'attachment', postId), usedBy),
      });
    }
    const topic = planTopic(
      {
        sourceRef: `${src}:discussion:${discussionId}`,
        postRefPrefix: `${src}:post:`,
        name: text(d, 'name') ?? '',
        firstPostId: text(d, 'firstpost'),
        pinned: (num(d, 'pinned') ?? 0) === 1,
        locked: (num(d, 'timelocked') ?? 0) > 0,
      },
      posts,
      now,
    );
    if (topic) topics.push(topic);
  }
  if (unnamed)
    ctx.notes.push(
      ctx.model.info.includesUsers || ctx.model.users.size > 0
        ? 'some post authors are not in the backup and are shown as "Moodle user <id>"'
        : 'the backup holds no users: post authors are shown as "Moodle user <id>"',
    );
  if (privateSkipped > 0) ctx.notes.push(`${privateSkipped} private or deleted post(s) were not imported`);
  if (grouped) ctx.notes.push('group discussions became topics of the whole course (Moodle groups are not imported)');
  return topics;
}

/**
 * Plans the import of `model`. `existing` maps source keys already imported into
 * this course to their module id (sections), activity id (activities; 0 for a label), bank
 * category id (question categories) or topic id (forum discussions, `…:discussion:<id>`): those
 * are not created again; a forum imported before gets the discussions it does not hold yet. Deterministic: called twice with resolvers that answer the same
 * nulls, it plans the same thing (the importer first collects the files, then
 * plans again with real upload ids).
 */
export function planImport(model: BackupModel, existing: Map<string, number>, resolve: FileResolver, options: PlanOptions = {}): ImportPlan {
  const src = model.info.sourceKey;
  const keys = new Map<string, ImportReportLineKey>();
  const keyed = (notes: string[]) => (notes.some((n) => keys.has(n)) ? { note_keys: notes.map((n) => keys.get(n) ?? null) } : {});
  const links: NonNullable<Ctx['links']> = [];
  const fidelity: Fidelity = {
    restrictions: { present: 0, carried: 0, unpublished: 0 },
    completion: { present: 0, carried: 0 },
    links: { present: 0, resolved: 0 },
    embeds: { videos: 0, reported: 0 },
  };
  const countRestriction = (r: RestrictionOutcome | null) => {
    if (!r) return;
    fidelity.restrictions.present += 1;
    if (r.blockers.length > 0) fidelity.restrictions.unpublished += 1;
    else fidelity.restrictions.carried += 1;
  };
  /** Activities of this import already planned, by Moodle course-module id (what checkpoint mode puts before later ones). */
  const plannedBefore = new Set<string>();
  const restrictionCtx = {
    titleOf: (cm: string) => model.activities.find((x) => x.moduleId === cm)?.title ?? null,
    enforcedByCheckpoint: (cm: string) => options.learningMode === 'checkpoint' && plannedBefore.has(cm),
  };
  /** Each section's restriction outcome (its dates apply to its activities; a blocker keeps them unpublished). */
  const sectionRestriction = new Map<string, RestrictionOutcome>();
  const items: ImportReportItem[] = [];
  const missing: ImportReport['missing_files'] = [];
  const missingSeen = new Set<string>();
  const trackingResolve: FileResolver = (file, options) => {
    const id = file.blobPath ? resolve(file, options) : null;
    if (id === null && !missingSeen.has(file.id)) {
      missingSeen.add(file.id);
      missing.push({ file_name: `${file.filePath}${file.fileName}`, content_hash: file.contentHash, used_by: options.usedBy });
    }
    return id;
  };
  const modules: PlannedModule[] = [];
  const moduleOf = new Map<string, PlannedModule>();
  // The course summary (issue 21 §2) → the course outline, which is plain text.
  let outline: string | null = null;
  const summaryHtml = model.course?.summary ?? '';
  const summaryText = plainTextOf(summaryHtml);
  if (summaryText !== '') {
    const notes: string[] = [];
    const ctx = { notes, keys };
    if (options.hasOutline) lose(ctx, line('course_summary_outline_kept', {}, 'the course already has an outline: the Moodle course summary was not imported'));
    else {
      outline = summaryText;
      if (/<img\b|<iframe\b|<object\b|<embed\b|<video\b|<audio\b/i.test(summaryHtml))
        lose(ctx, line('course_summary_media', {}, 'the course outline is plain text: images and media of the course summary were not kept'));
    }
    items.push({
      kind: 'course',
      source_type: 'course',
      source_id: model.info.sourceKey.split(':').pop() ?? '',
      title: clip(model.course?.fullname ?? model.info.originalCourseFullname ?? ''),
      outcome: options.hasOutline ? 'skipped' : notes.length > 0 ? 'imported_with_losses' : 'imported',
      atrium_type: options.hasOutline ? null : 'course_outline',
      notes,
      ...keyed(notes),
      section: null,
    });
  }
  const bank: BankPlan = {
    sourceKey: src,
    existing: new Set([...existing.keys()].filter((k) => k.startsWith(`${src}:question_category:`))),
    planned: new Map(),
  };
  for (const s of model.sections) {
    const key = `${src}:section:${s.id}`;
    const ctx: Ctx = { model, resolve: trackingResolve, notes: [], bank, keys, links, stats: fidelity, videos: [] };
    const title = clip(s.name ?? (s.number === 0 ? 'General' : `Section ${s.number}`));
    const summary = richText(
      ctx,
      s.summary,
      [...model.files.values()].filter((f) => f.fileName !== '.' && f.component === 'course' && f.fileArea === 'section' && f.itemId === s.id),
      `section "${title}"`,
    );
    const restriction = s.availability ? restrictionOutcome(s.availability, restrictionCtx) : null;
    if (restriction) {
      sectionRestriction.set(s.id, restriction);
      if (!existing.has(key)) countRestriction(restriction);
      for (const b of restriction.blockers) lose(ctx, b);
      if (restriction.start || restriction.end)
        lose(
          ctx,
          line(
            'restriction_section_dates',
            { from: restriction.start?.toISOString() ?? '', until: restriction.end?.toISOString() ?? '' },
            `its access dates (${restriction.start?.toISOString() ?? '…'} – ${restriction.end?.toISOString() ?? '…'}) apply to each of its activities`,
          ),
        );
    }
    const planned: PlannedModule = {
      sourceKey: key,
      existingModuleId: existing.get(key) ?? null,
      title,
      summary: summary || null,
      isPublished: s.visible && !(restriction && restriction.blockers.length > 0),
      activities: [],
    };
    if (planned.existingModuleId === null) planned.activities.push(...videoActivities(ctx.videos ?? [], key, title, planned.isPublished, null, null));
    modules.push(planned);
    moduleOf.set(s.id, planned);
    items.push({
      kind: 'section',
      source_type: 'section',
      source_id: s.id,
      title,
      outcome: planned.existingModuleId ? 'skipped' : ctx.notes.length ? 'imported_with_losses' : 'imported',
      atrium_type: 'module',
      notes: planned.existingModuleId ? ['already imported by an earlier import; new activities are added to it'] : ctx.notes,
      ...(planned.existingModuleId ? {} : keyed(ctx.notes)),
      section: null,
    });
  }
  // Activities in each section's sequence order, then any the sequences do not name.
  const ordered: BackupActivity[] = [];
  for (const s of model.sections)
    for (const id of s.sequence) {
      const a = model.activities.find((x) => x.moduleId === id && !ordered.includes(x));
      if (a) ordered.push(a);
    }
  for (const a of model.activities) if (!ordered.includes(a)) ordered.push(a);
  const knownTopics = new Set([...existing.keys()].filter((k) => k.startsWith(`${src}:discussion:`)));
  const vocabulary = { enabled: options.vocabulary?.enabled ?? false, existing: options.vocabulary?.existing ?? new Set<string>(), planned: new Set<string>() };
  const forumCtx = (): Ctx => ({ model, resolve: trackingResolve, notes: [], bank, knownTopics, keys, links, stats: fidelity, videos: [], vocabulary });
  const forumAdditions: ImportPlan['forumAdditions'] = [];

  for (const a of ordered) {
    let module = a.sectionId ? moduleOf.get(a.sectionId) : undefined;
    if (!module) {
      const key = `${src}:section:${model.info.type === 'activity' ? 'activity-backup' : 'unsorted'}`;
      module = modules.find((m) => m.sourceKey === key);
      if (!module) {
        const title = clip(model.info.type === 'activity' ? (model.activities.length === 1 ? a.title : 'Imported activities') : 'Other activities');
        module = { sourceKey: key, existingModuleId: existing.get(key) ?? null, title, summary: null, isPublished: true, activities: [] };
        modules.push(module);
      }
    }
    const key = `${src}:activity:${a.moduleId}`;
    const sectionTitle = module.title;
    const reportBase = { kind: 'activity' as const, source_type: a.modName, source_id: a.moduleId, title: clip(a.title), section: sectionTitle };
    if (existing.has(key)) {
      const activityId = existing.get(key) ?? 0;
      const added = forumCtx();
      const topics = a.modName === 'forum' && a.instance && activityId > 0 ? forumTopics(added, a, a.instance, `forum "${a.title}"`) : [];
      if (topics.length > 0) {
        forumAdditions.push({ activityId, topics });
        const notes = [`already imported by an earlier import: ${topics.length} new discussion(s) added to it`, ...added.notes];
        items.push({ ...reportBase, outcome: added.notes.length ? 'imported_with_losses' : 'imported', atrium_type: 'forum', notes });
      } else items.push({ ...reportBase, outcome: 'skipped', atrium_type: null, notes: ['already imported by an earlier import of this backup'] });
      continue;
    }
    const ctx = forumCtx();
    const sectionVisible = model.sections.find((s) => s.id === a.sectionId)?.visible ?? true;
    const mapped = mapActivity(ctx, a, key, a.visible && sectionVisible);
    if (mapped.skipped) {
      const why = mapped.skipped;
      if (typeof why !== 'string') keys.set(why.text, { key: why.key, params: why.params });
      items.push({ ...reportBase, outcome: 'skipped', atrium_type: null, notes: [typeof why === 'string' ? why : why.text] });
      if (mapped.questionItems) items.push(...mapped.questionItems);
      continue;
    }
    // Access restrictions (issue 21 §1): the activity's own and its section's; dates carried, anything else unpublished and reported.
    const own = a.availability ? restrictionOutcome(a.availability, restrictionCtx) : null;
    countRestriction(own);
    for (const b of own?.blockers ?? []) lose(ctx, b);
    const fromSection = a.sectionId ? sectionRestriction.get(a.sectionId) : undefined;
    if (fromSection && fromSection.blockers.length > 0)
      lose(ctx, line('restriction_section', {}, 'its section is restricted by a condition Atrium cannot express: imported unpublished'));
    const blocked = (own?.blockers.length ?? 0) > 0 || (fromSection?.blockers.length ?? 0) > 0;
    if (mapped.moduleText !== undefined && (own || fromSection?.start || fromSection?.end)) {
      // A restricted label cannot join its section's text (shown without restriction): it becomes a page that keeps the restriction.
      lose(ctx, line('restriction_label', {}, 'a restricted label became a page so that its restriction could be kept'));
      mapped.activities = [
        {
          sourceKey: key,
          type: 'page',
          title: clip(a.title),
          description: null,
          isPublished: a.visible && sectionVisible,
          startTime: null,
          endTime: null,
          data: { content: mapped.moduleText },
          uploadIds: [],
          subjects: [],
        },
      ];
      mapped.atriumType = 'page';
      delete mapped.moduleText;
    }
    for (const planned of mapped.activities) {
      planned.startTime = laterOf(laterOf(planned.startTime, own?.start ?? null), fromSection?.start ?? null);
      planned.endTime = earlierOf(earlierOf(planned.endTime, own?.end ?? null), fromSection?.end ?? null);
      if (blocked) planned.isPublished = false;
    }
    if (mapped.moduleText === undefined) plannedBefore.add(a.moduleId);
    // Completion settings (issue 21 §2) → the activity's completion criterion, or a report line.
    if (mapped.moduleText === undefined && mapped.activities.length > 0) {
      const inst = a.instance;
      const instance: Record<string, number | null> = {};
      for (const k of COMPLETION_INSTANCE_KEYS) instance[k] = num(inst, k);
      const first = mapped.activities[0]!;
      const outcome = completionOutcome({
        type: first.type,
        mode: a.completion.mode,
        view: a.completion.view,
        grade: a.completion.gradeItemNumber !== null,
        pass: a.completion.passGrade,
        instance,
        passScore: typeof first.data.pass_score === 'number' ? first.data.pass_score : null,
        expected: a.completion.expected,
      });
      for (const l of outcome.lines) lose(ctx, l);
      if (outcome.present) {
        fidelity.completion.present += 1;
        if (outcome.lines.length === 0) fidelity.completion.carried += 1;
      }
      for (const planned of mapped.activities) planned.completionCriterion = outcome.criterion ?? defaultCompletionCriterion(planned.type);
    }
    if (mapped.moduleText !== undefined) {
      module.summary = [module.summary, mapped.moduleText].filter(Boolean).join('\n');
      // A label has no activity of its own: remember it on the module's key so a re-import skips it.
      module.activities.push({
        sourceKey: key,
        type: 'page',
        title: '',
        description: null,
        isPublished: false,
        startTime: null,
        endTime: null,
        data: { __label: true },
        uploadIds: [],
        subjects: [],
      });
    } else {
      module.activities.push(...mapped.activities);
    }
    const host = mapped.activities[0];
    module.activities.push(
      ...videoActivities(ctx.videos ?? [], key, clip(a.title), host?.isPublished ?? module.isPublished, host?.startTime ?? null, host?.endTime ?? null),
    );
    items.push({
      ...reportBase,
      outcome: ctx.notes.length ? 'imported_with_losses' : 'imported',
      atrium_type: mapped.atriumType,
      notes: ctx.notes,
      ...keyed(ctx.notes),
    });
    if (mapped.questionItems) items.push(...mapped.questionItems);
  }
  // Links to course modules (issue 21 §3): to an activity of this import (its id comes in the importer's second pass), one an earlier import made, or nowhere (said so).
  const plannedKeys = modules.flatMap((m) => m.activities.filter((x) => x.data.__label !== true).map((x) => x.sourceKey));
  const linkTargets = new Map<string, LinkTarget>();
  const lateNotes = new Set<string[]>();
  for (const l of links) {
    const key = `${src}:activity:${l.cm}`;
    const planned = plannedKeys.find((k) => k === key) ?? plannedKeys.find((k) => k.startsWith(`${key}:chapter:`));
    const earlier = existing.get(key) ?? 0;
    const target: LinkTarget | null = planned ? { sourceKey: planned } : earlier > 0 ? { activityId: earlier } : null;
    if (target) {
      linkTargets.set(l.cm, target);
      fidelity.links.resolved += 1;
    } else {
      const title = model.activities.find((x) => x.moduleId === l.cm)?.title;
      lateNotes.add(l.notes);
      lose(
        { notes: l.notes, keys },
        title
          ? line('link_not_imported', { activity: clip(title) }, `a link to "${clip(title)}" points nowhere: that activity was not imported`)
          : line('link_outside', { id: l.cm }, `a link to Moodle activity ${l.cm}, which is not in the backup, points nowhere`),
      );
    }
  }
  // Notes added late (links) make an item lossy; every item's keyed notes get their keys.
  for (const item of items) {
    if (item.outcome === 'imported' && lateNotes.has(item.notes)) item.outcome = 'imported_with_losses';
    if (item.notes.some((n) => keys.has(n))) item.note_keys = item.notes.map((n) => keys.get(n) ?? null);
    else delete item.note_keys;
  }
  const count = (o: string) => items.filter((i) => i.kind !== 'question' && i.outcome === o).length;
  return {
    modules,
    linkTargets,
    forumAdditions,
    outline,
    bank: [...bank.planned.values()].filter((c): c is PlannedCategory => c !== null && c.used),
    report: {
      backup: {
        name: model.info.name,
        moodle_release: model.info.moodleRelease,
        type: model.info.type,
        course_name: model.course?.fullname ?? model.info.originalCourseFullname,
      },
      counts: {
        imported: count('imported'),
        imported_with_losses: count('imported_with_losses'),
        skipped: count('skipped'),
        files: 0,
        missing_files: missing.length,
      },
      fidelity,
      items,
      missing_files: missing,
    },
  };
}

/**
 * An assign's submission settings as homework data (issue 16 §5): due and cut-off dates (a cut-off
 * before the due date is dropped with a note), submission types from the enabled
 * `assignsubmission_file` / `assignsubmission_onlinetext` plugins, their file count and size limits
 * (0 = the site default: not set), and team submission as group homework. Moodle settings Atrium has
 * no place for are named in `notes`; the feedback plugins (comments, files, annotated PDFs) are
 * Atrium's own grading features and need none.
 */
export function assignSettings(
  inst: XmlValue,
  notes: string[],
  keys?: Map<string, ImportReportLineKey>,
): {
  due_date: string | null;
  cut_off_date: string | null;
  submission_type?: 'file' | 'text' | 'both';
  max_files?: number;
  max_file_size?: number;
  group_mode?: boolean;
} {
  const configs = list(child(inst, 'plugin_configs'), 'plugin_config').map((c) => ({
    plugin: text(c, 'plugin'),
    subtype: text(c, 'subtype'),
    name: text(c, 'name'),
    value: text(c, 'value'),
  }));
  const setting = (plugin: string, name: string) => configs.find((c) => c.subtype === 'assignsubmission' && c.plugin === plugin && c.name === name)?.value;
  const due = seconds(num(inst, 'duedate'));
  let cutOff = seconds(num(inst, 'cutoffdate'));
  if (due && cutOff && cutOff < due) {
    lose({ notes, keys }, line('assign_cutoff_dropped', {}, 'the cut-off date was before the due date and was not kept'));
    cutOff = null;
  }
  const files = setting('file', 'enabled') === '1';
  const online = setting('onlinetext', 'enabled') === '1';
  const maxFiles = Number(setting('file', 'maxfilesubmissions') ?? 0);
  const maxBytes = Number(setting('file', 'maxsubmissionsizebytes') ?? 0);
  const lost = (key: string, text: string, params: Record<string, string | number> = {}) => lose({ notes, keys }, line(key, params, text));
  if (configs.length > 0 && !files && !online) lost('assign_no_type', 'no submission type was enabled: files and online text are both accepted');
  if (Number(setting('onlinetext', 'wordlimitenabled') ?? 0) === 1) lost('assign_word_limit', 'the online text word limit was not kept');
  if (files && (setting('file', 'filetypeslist') ?? '').trim() !== '')
    lost('assign_file_types', `the accepted file types (${setting('file', 'filetypeslist')!.trim()}) were not kept`, {
      types: setting('file', 'filetypeslist')!.trim(),
    });
  if ((num(inst, 'requiresubmissionstatement') ?? 0) === 1) lost('assign_statement', 'the submission statement was not kept');
  if ((num(inst, 'blindmarking') ?? 0) === 1) lost('assign_blind', 'anonymous (blind) marking was not kept');
  // Feedback types: comments, feedback files and annotated PDFs are Atrium's own grading features; the offline grading worksheet is not.
  const feedback = (plugin: string) => configs.some((c) => c.subtype === 'assignfeedback' && c.plugin === plugin && c.name === 'enabled' && c.value === '1');
  if (feedback('offline')) lost('assign_feedback_offline', 'the offline grading worksheet was not kept: grade in Atrium');
  const team = (num(inst, 'teamsubmission') ?? 0) === 1;
  if (team && (num(inst, 'requireallteammemberssubmit') ?? 0) === 1)
    lost('assign_team_all', '"all team members must submit" was not kept: one member hands in for the group');
  return {
    due_date: due?.toISOString() ?? null,
    cut_off_date: cutOff?.toISOString() ?? null,
    ...(files || online ? { submission_type: files && online ? 'both' : files ? 'file' : 'text' } : {}),
    ...(files && maxFiles > 0 ? { max_files: Math.min(100, Math.max(1, Math.round(maxFiles))) } : {}),
    ...(files && maxBytes > 0 ? { max_file_size: Math.min(4 * 1024 ** 3, Math.max(1024, Math.round(maxBytes))) } : {}),
    ...(team ? { group_mode: true } : {}),
  };
}
