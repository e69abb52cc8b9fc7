/**
 * Moodle's "Embedded answers (Cloze)" syntax (qtype_multianswer), read so that a cloze question
 * can become a fill-in-blank subject: each `{weight:TYPE:answers}` of a question text is one
 * part. Answers are separated by `~`; `=` marks a right one, `%50%` a fraction of the points;
 * `#text` is its feedback; `\` escapes `~ } # \`. NUMERICAL answers are `value:tolerance`.
 * See question/type/multianswer/questiontype.php (qtype_multianswer_extract_question).
 */

export type ClozeKind = 'shortanswer' | 'numerical' | 'multichoice' | 'multiresponse';

export interface ClozeAnswer {
  /** As written (escapes undone; HTML entities kept). */
  text: string;
  /** 0..1 of the part's points. */
  fraction: number;
  /** NUMERICAL: absolute tolerance (0 otherwise). */
  tolerance: number;
}

export interface ClozePart {
  /** 1-based position in the text. */
  index: number;
  /** The type as written (`MULTICHOICE_V`, `SAC` …). */
  type: string;
  kind: ClozeKind;
  caseSensitive: boolean;
  /** The part's weight (Moodle's default 1). */
  weight: number;
  answers: ClozeAnswer[];
}

const KINDS: Record<string, { kind: ClozeKind; caseSensitive?: boolean }> = {};
for (const name of ['SHORTANSWER', 'SA', 'MW']) KINDS[name] = { kind: 'shortanswer' };
for (const name of ['SHORTANSWER_C', 'SAC', 'MWC']) KINDS[name] = { kind: 'shortanswer', caseSensitive: true };
for (const name of ['NUMERICAL', 'NM']) KINDS[name] = { kind: 'numerical' };
for (const name of [
  'MULTICHOICE',
  'MC',
  'MULTICHOICE_V',
  'MCV',
  'MULTICHOICE_H',
  'MCH',
  'MULTICHOICE_S',
  'MCS',
  'MULTICHOICE_VS',
  'MCVS',
  'MULTICHOICE_HS',
  'MCHS',
])
  KINDS[name] = { kind: 'multichoice' };
for (const name of ['MULTIRESPONSE', 'MR', 'MULTIRESPONSE_H', 'MRH', 'MULTIRESPONSE_S', 'MRS', 'MULTIRESPONSE_HS', 'MRHS'])
  KINDS[name] = { kind: 'multiresponse' };

/** `{weight:TYPE:body}`, body up to the first `}` that is not escaped. */
const PART = /\{(\d*):([A-Z_]+):((?:\\.|[^\\}])*)\}/g;

/** Splits `s` at each `sep` that is not escaped by `\` (and, for `#`, not the `&#` of a character reference). */
function splitUnescaped(s: string, sep: string, max = Infinity): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length) {
      current += c + s[i + 1]!;
      i += 1;
    } else if (c === sep && out.length < max - 1 && !(sep === '#' && current.endsWith('&'))) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

const unescape = (s: string) => s.replace(/\\(.)/g, '$1');

function parseAnswer(raw: string, numerical: boolean): ClozeAnswer {
  const [body = ''] = splitUnescaped(raw, '#', 2);
  let fraction = 0;
  let rest = body;
  const m = /^\s*(=|%(-?\d+(?:[.,]\d*)?)%)/.exec(body);
  if (m) {
    fraction = m[1] === '=' ? 1 : Number(m[2]!.replace(',', '.')) / 100;
    rest = body.slice(m[0].length);
  }
  if (!numerical) return { text: unescape(rest).trim(), fraction, tolerance: 0 };
  const [value = '', tolerance = ''] = splitUnescaped(rest, ':', 2);
  const t = Number(tolerance.trim());
  return { text: unescape(value).trim(), fraction, tolerance: Number.isFinite(t) ? Math.abs(t) : 0 };
}

/**
 * The cloze parts of `text`, and the text with each part replaced by `{#n}` (n its 1-based
 * position, as Moodle writes a cloze question into a backup). Braces that are not a known
 * part (`{A}`, `{1:FOO:x}`) stay as written.
 */
export function parseCloze(text: string): { text: string; parts: ClozePart[] } {
  const parts: ClozePart[] = [];
  const template = text.replace(PART, (whole, weight: string, type: string, body: string) => {
    const known = KINDS[type];
    if (!known) return whole;
    const index = parts.length + 1;
    parts.push({
      index,
      type,
      kind: known.kind,
      caseSensitive: known.caseSensitive === true,
      weight: weight === '' ? 1 : Number(weight),
      answers: splitUnescaped(body, '~').map((a) => parseAnswer(a, known.kind === 'numerical')),
    });
    return `{#${index}}`;
  });
  return { text: template, parts };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of an HTML fragment: tags dropped, entities decoded, spaces collapsed (what a learner would type). */
export function plainText(html: string): string {
  return (
    html
      // Block-level tags and line breaks separate words; inline ones (<b>, <span> …) do not.
      .replace(/<\/?(?:p|div|br|li|ul|ol|tr|td|th|table|h[1-6]|pre|blockquote|hr)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
        if (name[0] === '#') {
          const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
          return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
        }
        return ENTITIES[name.toLowerCase()] ?? whole;
      })
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** A number written for text comparison: as in the backup, without trailing zeros ("3.50" → "3.5"). */
function numberText(s: string): string {
  const n = Number(s.replace(',', '.'));
  return s.trim() !== '' && Number.isFinite(n) ? String(n) : s;
}

/** What one blank of a fill-in-blank subject accepts, or why the part cannot be a blank. */
export type ClozeBlank = { accepted: string[]; choices: string[] | null; caseSensitive: boolean; notes: string[] } | { why: string };

/**
 * One cloze part as a blank: the answers earning full marks are accepted (partial-credit ones
 * are dropped, and said so); a multiple-choice part keeps its choices for a select UI; a
 * multiple-response part cannot be one blank. `label` names the part in notes ("blank 2").
 */
export function clozeBlank(part: Pick<ClozePart, 'kind' | 'caseSensitive' | 'answers' | 'type'>, label: string): ClozeBlank {
  if (part.kind === 'multiresponse') return { why: `${label} (${part.type}) takes several answers, which one blank cannot` };
  const positive = part.answers.filter((a) => a.fraction > 0 && a.text !== '');
  if (positive.length === 0) return { why: `${label} has no right answer` };
  const best = Math.max(...positive.map((a) => a.fraction));
  const full = positive.filter((a) => a.fraction >= Math.min(1, best) - 1e-7);
  const notes: string[] = [];
  if (full.length < positive.length) notes.push(`${label}: answers worth part of the points were dropped (only fully right ones are accepted)`);
  if (part.kind === 'numerical') {
    const tolerance = Math.max(...full.map((a) => a.tolerance));
    if (tolerance > 0) notes.push(`${label}: the number is compared as text, its tolerance ±${tolerance} was not kept`);
    return { accepted: [...new Set(full.map((a) => numberText(a.text)))], choices: null, caseSensitive: false, notes };
  }
  const accepted = [...new Set(full.map((a) => plainText(a.text)))].filter(Boolean);
  if (accepted.length === 0) return { why: `${label} has no right answer` };
  if (part.kind === 'multichoice') return { accepted, choices: part.answers.map((a) => plainText(a.text)).filter(Boolean), caseSensitive: false, notes };
  return { accepted, choices: null, caseSensitive: part.caseSensitive, notes };
}
