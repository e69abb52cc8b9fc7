import type { Availability, AvailabilityCondition } from './backup-reader.js';

/**
 * What the import keeps of a Moodle activity beyond its content (issue 21, decision 0040
 * "Fidelity"): access restrictions. Pure: no I/O, no clock.
 */

/** A report line the web translates: `key` under the imports namespace's `line.*`, its `params`, and the English `text` stored in `notes`. */
export interface KeyedLine {
  key: string;
  params: Record<string, string | number>;
  text: string;
}

export const line = (key: string, params: Record<string, string | number>, text: string): KeyedLine => ({ key, params, text });

/** What became of one Moodle restriction: the dates it carries and the conditions it could not (the item is then imported unpublished). */
export interface RestrictionOutcome {
  /** From a `>=` / `>` date condition (the latest of them). */
  start: Date | null;
  /** From a `<` / `<=` date condition (the earliest of them). */
  end: Date | null;
  /** Conditions Atrium has no equivalent for: each a report line; any one keeps the item unpublished. */
  blockers: KeyedLine[];
}

export interface RestrictionContext {
  /** The title of the activity with Moodle course-module id `cm` in this backup (null when it is not in it). */
  titleOf: (cm: string) => string | null;
  /**
   * Whether "complete activity `cm` first" is already enforced: the course is in checkpoint mode
   * (every earlier activity must be finished first) and `cm` is imported before this one.
   */
  enforcedByCheckpoint: (cm: string) => boolean;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
const isSet = (c: AvailabilityCondition): c is Availability => Array.isArray((c as Availability).c);
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

const COMPLETION_STATE: Record<number, string> = { 0: 'not completed', 1: 'completed', 2: 'completed with a pass grade', 3: 'completed with a fail grade' };

/**
 * The outcome of Moodle restriction `tree`: date conditions of an all-of set (`&`, or a one-condition
 * `|`) become the start / end; "complete another activity first" is carried when checkpoint mode
 * already enforces it; every other condition (grade, group, grouping, profile, role, a plugin's)
 * and every construct that cannot be read safely (negated `!&` / `!|` sets, nested sets, any-of
 * sets of several conditions, unreadable JSON) is a blocker: never opened silently.
 */
export function restrictionOutcome(tree: Availability, ctx: RestrictionContext): RestrictionOutcome {
  const out: RestrictionOutcome = { start: null, end: null, blockers: [] };
  if (tree.invalid) {
    out.blockers.push(line('restriction_unreadable', {}, 'its access restriction could not be read: imported unpublished'));
    return out;
  }
  if (tree.op === '!&' || tree.op === '!|') {
    out.blockers.push(line('restriction_negated', {}, 'its access restriction is negated ("must not"), which Atrium cannot express: imported unpublished'));
    return out;
  }
  if (tree.op !== '&' && !(tree.op === '|' && tree.c.length === 1)) {
    out.blockers.push(
      line(
        'restriction_any_of',
        { count: tree.c.length },
        `its access restriction needs any one of ${tree.c.length} conditions, which Atrium cannot express: imported unpublished`,
      ),
    );
    return out;
  }
  for (const c of tree.c) {
    if (isSet(c)) {
      out.blockers.push(
        line('restriction_nested', {}, 'its access restriction holds a nested condition set, which Atrium cannot express: imported unpublished'),
      );
      continue;
    }
    const type = str(c.type);
    if (type === 'date') {
      const t = Number(c.t);
      const d = str(c.d);
      if (!Number.isFinite(t) || t <= 0 || !['>=', '>', '<', '<='].includes(d)) {
        out.blockers.push(line('restriction_unreadable', {}, 'its access restriction could not be read: imported unpublished'));
        continue;
      }
      const at = new Date(t * 1000);
      if (d === '>=' || d === '>') out.start = out.start && out.start > at ? out.start : at;
      else out.end = out.end && out.end < at ? out.end : at;
      continue;
    }
    if (type === 'completion') {
      const cm = str(c.cm);
      const e = Number(c.e ?? 1);
      if (e === 1 && ctx.enforcedByCheckpoint(cm)) continue;
      const title = ctx.titleOf(cm) ?? `#${cm}`;
      const state = COMPLETION_STATE[e] ?? 'completed';
      out.blockers.push(
        line(
          `restriction_completion_${e in COMPLETION_STATE ? e : 1}`,
          { activity: title },
          `restricted until "${title}" is ${state}; Atrium has no per-activity prerequisite: imported unpublished`,
        ),
      );
      continue;
    }
    if (type === 'grade') {
      const min = c.min === undefined || c.min === null ? '' : str(c.min);
      const max = c.max === undefined || c.max === null ? '' : str(c.max);
      const range = [min && `at least ${min}%`, max && `below ${max}%`].filter(Boolean).join(' and ') || 'any grade';
      out.blockers.push(
        line('restriction_grade', { item: str(c.id), min, max }, `restricted by a grade (${range} in grade item ${str(c.id)}): imported unpublished`),
      );
      continue;
    }
    if (type === 'group' || type === 'grouping') {
      out.blockers.push(
        line(
          `restriction_${type}`,
          { id: str(c.id) || '—' },
          `restricted to a ${type} (Moodle ${type} ${str(c.id) || 'any'}; groups are not imported): imported unpublished`,
        ),
      );
      continue;
    }
    if (type === 'profile') {
      const field = str(c.sf) || str(c.cf) || '?';
      const op = str(c.op);
      const value = str(c.v);
      out.blockers.push(line('restriction_profile', { field, op, value }, `restricted by the user profile (${field} ${op} "${value}"): imported unpublished`));
      continue;
    }
    out.blockers.push(line('restriction_unknown', { type: type || '?' }, `restricted by a "${type || '?'}" condition: imported unpublished`));
  }
  return out;
}

/** The later of two start times (null: none). */
export function laterOf(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/** The earlier of two end times (null: none). */
export function earlierOf(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a < b ? a : b;
}

export { iso as isoSeconds };

/** The Moodle completion conditions kept in the instance (`<modname>.xml`) that Atrium has no criterion for, with their English names. */
const OTHER_COMPLETION: Record<string, string> = {
  completionposts: 'posts',
  completiondiscussions: 'discussions started',
  completionreplies: 'replies',
  completionminattempts: 'a minimum number of attempts',
  completionattemptsexhausted: 'all attempts used',
  completionstatusrequired: 'a SCORM status',
  completionscorerequired: 'a SCORM score',
  completionstatusallscos: 'every SCO',
  completionentries: 'entries',
};

export interface CompletionInput {
  /** The Atrium type the activity became. */
  type: string;
  /** module.xml: 0 none, 1 manual, 2 automatic; view, grade (completiongradeitemnumber set), pass grade (4.0+). */
  mode: number;
  view: boolean;
  grade: boolean;
  pass: boolean;
  /** Instance settings: completionsubmit, completionpass (quiz before 4.0) and the ones Atrium lacks (OTHER_COMPLETION), as numbers. */
  instance: Record<string, number | null>;
  /** The exam's pass score when it has one. */
  passScore: number | null;
  /** The expected completion date (Unix seconds), null when none. */
  expected: number | null;
}

export interface CompletionOutcome<C extends string = string> {
  /** null: the type's default (Moodle did not track completion). */
  criterion: C | null;
  /** Whether Moodle tracked completion at all. */
  present: boolean;
  lines: KeyedLine[];
}

/**
 * Moodle's completion settings as an Atrium completion criterion (issue 21 §2): manual → viewed
 * (reported: Atrium has no "mark as done"); automatic: a passing grade → scored (an exam with its
 * pass score; homework any grade, reported), a grade → scored (an exam with a pass score:
 * submitted, reported), a submission → submitted (exams, homework), viewing → viewed. Conditions
 * Atrium has no criterion for (posts, attempts, SCORM status …) and the expected completion date are
 * reported by name. No tracking: the type's default.
 */
export function completionOutcome(input: CompletionInput): CompletionOutcome<'viewed' | 'submitted' | 'scored'> {
  const lines: KeyedLine[] = [];
  if (input.mode === 0) return { criterion: null, present: false, lines };
  const graded = input.type === 'exam' || input.type === 'homework';
  if (input.expected)
    lines.push(
      line(
        'completion_expected',
        { date: new Date(input.expected * 1000).toISOString() },
        `the expected completion date (${new Date(input.expected * 1000).toISOString()}) was not kept`,
      ),
    );
  if (input.mode === 1) {
    lines.push(line('completion_manual', {}, 'manual completion (the learner marks it done) became completion on viewing'));
    return { criterion: 'viewed', present: true, lines };
  }
  for (const [key, name] of Object.entries(OTHER_COMPLETION))
    if ((input.instance[key] ?? 0) > 0) lines.push(line('completion_condition_dropped', { condition: key }, `the completion condition "${name}" was not kept`));
  const pass = input.pass || (input.instance.completionpass ?? 0) === 1;
  const submit = (input.instance.completionsubmit ?? 0) === 1;
  let criterion: 'viewed' | 'submitted' | 'scored' | null = null;
  if (pass) {
    if (input.type === 'exam') {
      criterion = 'scored';
      if (input.passScore === null)
        lines.push(line('completion_pass_any_score', {}, 'completion on a passing grade: the exam has no pass score, so any score completes it'));
    } else if (input.type === 'homework') {
      criterion = 'scored';
      lines.push(line('completion_pass_any_score', {}, 'completion on a passing grade: homework has no pass score, so any grade completes it'));
    } else lines.push(line('completion_condition_dropped', { condition: 'completionpassgrade' }, 'the completion condition "a passing grade" was not kept'));
  }
  if (criterion === null && input.grade) {
    if (input.type === 'exam' && input.passScore !== null) {
      criterion = 'submitted';
      lines.push(line('completion_grade_as_submitted', {}, 'completion on receiving a grade became completion on submission (the exam has a pass score)'));
    } else if (graded) criterion = 'scored';
    else lines.push(line('completion_condition_dropped', { condition: 'completionusegrade' }, 'the completion condition "a grade" was not kept'));
  }
  if (criterion === null && submit) {
    if (graded) criterion = 'submitted';
    else lines.push(line('completion_condition_dropped', { condition: 'completionsubmit' }, 'the completion condition "a submission" was not kept'));
  }
  if (criterion === null && input.view) criterion = 'viewed';
  if (criterion === null) {
    // Automatic completion whose every condition was dropped: the type's own criterion, said so.
    lines.push(line('completion_default', {}, 'none of its completion conditions has an Atrium equivalent: the usual criterion of its type applies'));
  }
  return { criterion, present: true, lines };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * Rich text as plain text (the course outline is plain text, spec §3 course_outline): block ends
 * and line breaks become new lines, tags go, the common entities are decoded, blank runs collapse.
 */
export function plainTextOf(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
    .replace(/&#(\d{1,6});/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An embedded video of a known provider found in rich text: its canonical page address (parseOnlineVideoUrl accepts it) and title. */
export interface FoundVideo {
  url: string;
  title: string | null;
}

const ATTR = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');
const attrOf = (tag: string, name: string): string | null => {
  const m = ATTR(name).exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? null) : null;
};
const decodeAttr = (v: string) =>
  v
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
const escapeHtml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An embed's address as an absolute URL (protocol-relative → https), null when it is none. */
function absolute(raw: string | null): string | null {
  if (!raw) return null;
  const v = decodeAttr(raw);
  const withScheme = v.startsWith('//') ? `https:${v}` : v;
  try {
    const u = new URL(withScheme);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A provider's player address as the page address Atrium's online video accepts (parseOnlineVideoUrl
 * of packages/contracts): YouTube, Vimeo, Bilibili (player.bilibili.com ?bvid / ?aid), Youku,
 * Tencent Video; null for anything else.
 */
export function videoPageOf(url: string, parse: (u: string) => { provider: string; video_id: string } | null): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.hostname === 'player.bilibili.com') {
    const bvid = u.searchParams.get('bvid');
    const aid = u.searchParams.get('aid');
    const page = bvid ? `https://www.bilibili.com/video/${bvid}` : aid ? `https://www.bilibili.com/video/av${aid}` : null;
    return page && parse(page) ? page : null;
  }
  const video = parse(url);
  if (!video) return null;
  switch (video.provider) {
    case 'youtube':
      return `https://www.youtube.com/watch?v=${video.video_id}`;
    case 'vimeo':
      return `https://vimeo.com/${video.video_id}`;
    case 'bilibili':
      return `https://www.bilibili.com/video/${video.video_id}`;
    case 'youku':
      return `https://v.youku.com/v_show/id_${video.video_id}.html`;
    case 'tencent':
      return `https://v.qq.com/x/page/${video.video_id}.html`;
    default:
      return null;
  }
}

/**
 * Takes the `<iframe>`, `<object>` and `<embed>` elements out of `html` (issue 21 §3): a known
 * provider's video becomes a found video (an online-video activity beside the text) and a link to
 * it in the text; any other frame or object is kept as a plain link to its address (http(s) only)
 * and named in `others` for the report. Sanitising would drop them silently otherwise.
 */
export function extractEmbeds(
  html: string,
  parse: (u: string) => { provider: string; video_id: string } | null,
): { html: string; videos: FoundVideo[]; others: string[] } {
  const videos: FoundVideo[] = [];
  const others: string[] = [];
  const replace = (whole: string, open: string) => {
    const params = [...whole.matchAll(/<param\b[^>]*>/gi)].map((p) => p[0]);
    const paramValue = params
      .filter((p) => /\sname\s*=\s*["']?(movie|src|url)\b/i.test(p))
      .map((p) => attrOf(p, 'value'))
      .find((v) => v);
    const innerEmbed = /<embed\b[^>]*>/i.exec(whole.slice(open.length))?.[0];
    const candidates = [attrOf(open, 'src'), attrOf(open, 'data'), paramValue ?? null, innerEmbed ? attrOf(innerEmbed, 'src') : null]
      .map(absolute)
      .filter((u): u is string => u !== null);
    const title = (attrOf(open, 'title') && decodeAttr(attrOf(open, 'title')!)) || null;
    for (const c of candidates) {
      const page = videoPageOf(c, parse);
      if (page) {
        videos.push({ url: page, title });
        return `<p><a href="${escapeHtml(page)}">${escapeHtml(title ?? page)}</a></p>`;
      }
    }
    const first = candidates[0];
    if (!first) {
      others.push('(no address)');
      return '';
    }
    others.push(first);
    return `<p><a href="${escapeHtml(first)}">${escapeHtml(title ?? first)}</a></p>`;
  };
  let out = html.replace(/(<object\b[^>]*>)[\s\S]*?<\/object\s*>/gi, (whole, open: string) => replace(whole, open));
  out = out.replace(/(<iframe\b[^>]*>)(?:[\s\S]*?<\/iframe\s*>)?/gi, (whole, open: string) => replace(whole, open));
  out = out.replace(/(<embed\b[^>]*>)(?:\s*<\/embed\s*>)?/gi, (whole, open: string) => replace(whole, open));
  return { html: out, videos, others };
}

/** Where a link to a Moodle course module of the backup points until the second pass knows its activity (an address the sanitiser keeps). */
export const LINK_PREFIX = '/moodle-import-link/';
export const cmPlaceholder = (cm: string) => `${LINK_PREFIX}cm/${cm}`;
export const COURSE_PLACEHOLDER = `${LINK_PREFIX}course`;

/** Replaces the placeholders in every string of `value` (deep; objects and arrays copied only where something changed). */
export function resolvePlaceholders<T>(value: T, route: (ref: string) => string): T {
  if (typeof value === 'string') {
    if (!value.includes(LINK_PREFIX)) return value;
    return value.replace(/\/moodle-import-link\/(cm\/\d+|course)/g, (_m, ref: string) => route(ref)) as T;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const r = resolvePlaceholders(v, route);
      if (r !== v) changed = true;
      return r;
    });
    return (changed ? out : value) as T;
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = resolvePlaceholders(v, route);
      if (r !== v) changed = true;
      out[k] = r;
    }
    return (changed ? out : value) as T;
  }
  return value;
}
