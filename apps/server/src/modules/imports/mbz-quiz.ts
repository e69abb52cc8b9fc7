import { createHash } from 'node:crypto';
import type { GradeMethod, ImportReportItem } from '@atrium/contracts';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { filesOf, type BackupFile, type BackupModel, type BackupQuestion } from './backup-reader.js';
import { clozeBlank, parseCloze, plainText, type ClozeAnswer, type ClozePart } from './moodle-cloze.js';
import { evaluateFormula, formatMoodleFloat, formatNumber, FormulaError, substituteFormulaText } from './moodle-formula.js';
import { attr, child, list, num, text, type XmlNode } from './safe-xml.js';

/**
 * A Moodle quiz as an exam (issue 15 §7): its settings as exam data, each slot as one subject
 * in the canonical shape of apps/server/src/modules/exams/subjects.ts (what `keyOf` reads and
 * `grade` grades), and one report line per slot. Moodle type → subject type:
 *
 * - multichoice → single_selection / multiple_selection (options keep Moodle's fractions)
 * - truefalse → true_or_false
 * - shortanswer → short_answer (the fully right answers; case rule)
 * - numerical → numerical (fully right values with their tolerance; units with multipliers)
 * - calculated, calculatedsimple → numerical at fixed values: the first dataset item
 * - calculatedmulti → single_selection / multiple_selection, its choices' `{=formula}` evaluated
 *   at the first dataset item (as Moodle writes them: its decimals or significant figures)
 * - essay → essay; description → description (no points)
 * - match → matching (sub-questions without a prompt are distractors)
 * - ddwtos, gapselect, multianswer (cloze) → fill_in_blank, blanks marked `[[1]]`, `[[2]]` …
 * - random → a `random` subject drawing from the course's subject bank: the Moodle category it
 *   draws from is imported once per backup into the bank with its eligible questions (see
 *   planBankCategory); adjacent random slots of one category and mark become one random subject
 *   drawing as many
 *
 * Any other type (randomsamatch, third-party types such as gapfill or stack) is
 * skipped and named in the report. Pure: no I/O; rich text goes through `QuizCtx.richText`.
 */

/** Question types this module maps (a random slot is not a question type of its own in 4.x). */
export const SUPPORTED_QTYPES = [
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
] as const;

/** Types Moodle never draws for a random slot (`is_usable_by_random()` false). */
const NOT_DRAWN = new Set(['random', 'description', 'randomsamatch', 'missingtype']);

export interface PlannedSubject {
  type: string;
  description: string;
  /** `point` is the subject's points (the repository stores it as the score); `source.question_id` the Moodle question's id. */
  data: Record<string, unknown>;
  sort: number;
  /** A random subject's bank category (its source key, PlannedCategory). */
  categoryKey?: string;
}

/** A category of the course's subject bank made from a Moodle question category that random slots draw from. */
export interface PlannedCategory {
  /** `<site>:<course>:question_category:<id>`, with `+sub` when it holds its sub-categories' questions too. */
  sourceKey: string;
  name: string;
  /** Its eligible questions as bank subjects, each worth its default mark. */
  subjects: PlannedSubject[];
  /** The report lines of its questions (section: "Question bank: <name>"). */
  items: ImportReportItem[];
  /** A random subject draws from it: only then is it made. */
  used: boolean;
}

/** The subject bank as one planning of a backup sees it: what earlier imports made, and what this one will. */
export interface BankPlan {
  /** `<site>:<course>` of the backup. */
  sourceKey: string;
  /** Category source keys an earlier import of this backup made into the course (still there): used as they are. */
  existing: ReadonlySet<string>;
  /** The categories planned so far, by source key (null: nothing of it could be a subject); those `used` are made. */
  planned: Map<string, PlannedCategory | null>;
}

export interface QuizCtx {
  model: BackupModel;
  bank: BankPlan;
  /** A question's rich text with its `@@PLUGINFILE@@` links resolved among `files`, sanitised; losses go to `notes`. */
  richText(html: string, files: BackupFile[], usedBy: string, notes: string[]): string;
}

/**
 * The id of an option or pair of an imported question: a hash of the Moodle ids, stable across
 * imports of one backup, and saying nothing of the authoring order (a learner sees these ids).
 */
export function keyId(questionId: string, answerId: string | null | undefined): string {
  return createHash('sha256')
    .update(`${questionId}:${answerId ?? ''}`)
    .digest('hex')
    .slice(0, 10);
}

interface Answer {
  id: string | null;
  text: string;
  fraction: number;
  feedback: string | null;
}

const pluginOf = (q: BackupQuestion) => child(q.node, `plugin_qtype_${q.qtype}_question`);

function answersOf(q: BackupQuestion): Answer[] {
  return list(child(pluginOf(q), 'answers'), 'answer').map((a) => ({
    id: attr(a, 'id'),
    text: text(a, 'answertext') ?? '',
    fraction: num(a, 'fraction') ?? 0,
    feedback: text(a, 'feedback'),
  }));
}

/** Answers worth full marks (or the best ones when none is); notes when partial-credit ones are dropped. */
function fullyRight<T extends { fraction: number }>(answers: T[], notes: string[], what: string): T[] {
  const positive = answers.filter((a) => a.fraction > 0);
  if (positive.length === 0) return [];
  const best = Math.min(1, Math.max(...positive.map((a) => a.fraction)));
  const full = positive.filter((a) => a.fraction >= best - 1e-7);
  if (full.length < positive.length) notes.push(`${what} worth part of the points were dropped (only fully right ones are accepted)`);
  return full;
}

/** Moodle's units of a numerical or calculated question, the base unit (multiplier 1) first. */
function unitsOf(q: BackupQuestion, notes: string[]): { unit: string; multiplier: number }[] {
  const plugin = pluginOf(q);
  const units = list(child(plugin, 'numerical_units'), 'numerical_unit')
    .map((u) => ({ unit: (text(u, 'unit') ?? '').trim(), multiplier: num(u, 'multiplier') ?? 1 }))
    .filter((u) => u.unit !== '' && u.multiplier > 0 && Number.isFinite(u.multiplier))
    .sort((a, b) => Number(b.multiplier === 1) - Number(a.multiplier === 1));
  const options = child(child(plugin, 'numerical_options'), 'numerical_option');
  if (units.length > 0 && (num(options, 'unitgradingtype') ?? 0) > 0 && (num(options, 'unitpenalty') ?? 0) > 0)
    notes.push("Moodle's partial credit for a wrong unit was not kept: an unknown unit earns nothing");
  if (units.length > 0 && (num(options, 'unitsleft') ?? 0) === 1) notes.push('units written before the number are not read');
  return units;
}

/** ddwtos / gapselect: the group of a choice, which Moodle keeps in the answer's feedback field. */
function choiceGroup(feedback: string | null): string {
  if (!feedback) return '1';
  const serialized = /"(?:draggroup|selectgroup)";(?:s:\d+:"(\d+)"|i:(\d+))/.exec(feedback);
  if (serialized) return serialized[1] ?? serialized[2]!;
  return /^\s*\d+\s*$/.test(feedback) ? feedback.trim() : '1';
}

type Mapped = { subject: PlannedSubject } | { why: string };

/** A cloze part of a multianswer question from its sub-question's own records (or its cloze text when those are missing). */
function partOf(sub: BackupQuestion, index: number): ClozePart | null {
  const written = parseCloze(sub.questionText).parts[0];
  const answers = answersOf(sub);
  if (answers.length === 0) return written ? { ...written, index } : null;
  const plugin = pluginOf(sub);
  const base = { index, weight: sub.defaultMark, type: written?.type ?? sub.qtype.toUpperCase() };
  const plain = (a: Answer): ClozeAnswer => ({ text: a.text, fraction: a.fraction, tolerance: 0 });
  switch (sub.qtype) {
    case 'multichoice': {
      const single = (num(child(plugin, 'multichoice'), 'single') ?? 1) === 1;
      return { ...base, kind: single ? 'multichoice' : 'multiresponse', caseSensitive: false, answers: answers.map(plain) };
    }
    case 'shortanswer':
      return { ...base, kind: 'shortanswer', caseSensitive: (num(child(plugin, 'shortanswer'), 'usecase') ?? 0) === 1, answers: answers.map(plain) };
    case 'numerical': {
      const tolerances = new Map(list(child(plugin, 'numerical_records'), 'numerical_record').map((r) => [text(r, 'answer'), num(r, 'tolerance') ?? 0]));
      return {
        ...base,
        kind: 'numerical',
        caseSensitive: false,
        answers: answers.map((a) => ({ text: a.text, fraction: a.fraction, tolerance: Math.abs(tolerances.get(a.id) ?? 0) })),
      };
    }
    default:
      return written ? { ...written, index } : null;
  }
}

/**
 * One Moodle question as an exam subject worth `point`, or why it cannot be one. Losses go to
 * `notes`. Type-specific checks come before the rich text is read, so a question that cannot be
 * mapped claims no file.
 */
export function mapQuestion(ctx: QuizCtx, q: BackupQuestion, point: number, sort: number, notes: string[]): Mapped {
  const usedBy = `question "${q.name}"`;
  const filesIn = (area: string, itemId: string = q.id) => filesOf(ctx.model, q.contextId, 'question', area, itemId);
  const describe = (html: string = q.questionText) => ctx.richText(html, filesIn('questiontext'), usedBy, notes);
  const plugin = pluginOf(q);
  const answers = answersOf(q);
  const feedback = text(q.node, 'generalfeedback');
  /** `generalFeedback`: the general feedback as shown (a calculated question's at its fixed values). */
  const base = (generalFeedback: string | null = feedback): Record<string, unknown> => {
    const explanation = generalFeedback ? ctx.richText(generalFeedback, filesIn('generalfeedback'), usedBy, notes) : '';
    return { point, source: { qtype: q.qtype, question_id: q.id, name: q.name }, ...(explanation ? { explanation } : {}) };
  };
  const subject = (type: string, data: Record<string, unknown>, description?: string, generalFeedback?: string | null): Mapped => ({
    subject: { type, description: description ?? describe(), sort, data: { ...base(generalFeedback), ...data } },
  });

  switch (q.qtype) {
    case 'multichoice': {
      const options = child(plugin, 'multichoice');
      const single = (num(options, 'single') ?? 1) === 1;
      if (answers.length < 2) return { why: 'the question has fewer than two options' };
      return subject(single ? 'single_selection' : 'multiple_selection', {
        options: answers.map((a) => ({ id: keyId(q.id, a.id), content: sanitizeRichText(a.text), is_answer: a.fraction > 0, fraction: a.fraction })),
        shuffle: (num(options, 'shuffleanswers') ?? 1) === 1,
      });
    }
    case 'truefalse': {
      const trueId = text(child(plugin, 'truefalse'), 'trueanswer');
      const trueAnswer = answers.find((a) => a.id === trueId) ?? answers.find((a) => /^true$/i.test(a.text));
      return subject('true_or_false', { answer: (trueAnswer?.fraction ?? 0) > 0 });
    }
    case 'shortanswer': {
      const caseSensitive = (num(child(plugin, 'shortanswer'), 'usecase') ?? 0) === 1;
      const accepted = [...new Set(fullyRight(answers, notes, 'answers').map((a) => a.text.trim()))].filter(Boolean);
      if (accepted.length === 0) notes.push('no answer earns full marks: the team grades it');
      return subject('short_answer', { answers: accepted.length > 0 ? [accepted] : [], case_sensitive: caseSensitive });
    }
    case 'numerical': {
      const tolerances = new Map(list(child(plugin, 'numerical_records'), 'numerical_record').map((r) => [text(r, 'answer'), num(r, 'tolerance') ?? 0]));
      const right = fullyRight(answers, notes, 'numbers');
      if (right.some((a) => a.text.trim() === '*')) notes.push('the "any other number" answer was not kept');
      const values = right
        .filter((a) => a.text.trim() !== '*' && Number.isFinite(Number(a.text.replace(',', '.'))))
        .map((a) => ({ value: Number(a.text.replace(',', '.')), tolerance: Math.abs(tolerances.get(a.id) ?? 0) }));
      if (values.length === 0) return { why: 'the question has no right number' };
      return subject('numerical', { numerical_answers: values, units: unitsOf(q, notes) });
    }
    case 'calculated':
    case 'calculatedsimple':
    case 'calculatedmulti':
      return mapCalculated(q, notes, answers, feedback, (type, data, description, shownFeedback) => subject(type, data, description, shownFeedback), describe);
    case 'essay': {
      const essay = child(plugin, 'essay');
      return subject('essay', {
        response_template: text(essay, 'responsetemplate') ?? '',
        ...((num(essay, 'attachments') ?? 0) !== 0 ? { attachments: num(essay, 'attachments') } : {}),
      });
    }
    case 'description':
      return { subject: { type: 'description', description: describe(), sort, data: { ...base(), point: 0 } } };
    case 'match': {
      const pairs: { id: string; prompt: string; answer: string }[] = [];
      const distractors: string[] = [];
      list(child(plugin, 'matches'), 'match').forEach((m, i) => {
        const prompt = text(m, 'questiontext') ?? '';
        const answer = plainText(text(m, 'answertext') ?? '');
        if (plainText(prompt) === '' && !/<img\b/i.test(prompt)) {
          if (answer) distractors.push(answer);
        } else pairs.push({ id: keyId(q.id, attr(m, 'id') ?? String(i)), prompt: sanitizeRichText(prompt), answer });
      });
      if (pairs.length === 0) return { why: 'the question has nothing to match' };
      return subject('matching', { pairs, distractors });
    }
    case 'ddwtos':
    case 'gapselect': {
      const groups = answers.map((a) => choiceGroup(a.feedback));
      const choices = answers.map((a) => plainText(a.text));
      const accepted: string[][] = [];
      const choicesPerBlank: string[][] = [];
      const description = q.questionText.replace(/\[\[(\d+)\]\]/g, (whole, n: string) => {
        const k = Number(n) - 1;
        if (!choices[k]) {
          notes.push(`the gap ${whole} names no choice and was left as written`);
          return whole;
        }
        accepted.push([choices[k]]);
        choicesPerBlank.push(choices.filter((c, j) => c !== '' && groups[j] === groups[k]));
        return `[[${accepted.length}]]`;
      });
      if (accepted.length === 0) return { why: 'the question has no gap' };
      notes.push(`each gap is typed in: its ${q.qtype === 'ddwtos' ? 'drag-and-drop' : 'drop-down'} choices are kept for a later select UI`);
      // choices_per_blank: the choices Moodle offered for each blank (same group), kept so that a later
      // taking UI can offer a select instead of a text field; grading only reads `answers`.
      return subject('fill_in_blank', { answers: accepted, case_sensitive: false, choices_per_blank: choicesPerBlank }, describe(description));
    }
    case 'multianswer':
      return mapCloze(ctx, q, notes, (data, description) => subject('fill_in_blank', data, description), describe);
    default:
      return { why: `question type "${q.qtype}" has no Atrium equivalent` };
  }
}

/** A cloze question as fill_in_blank: each part that can be a blank becomes `[[n]]`; the others are left out and noted. */
function mapCloze(
  ctx: QuizCtx,
  q: BackupQuestion,
  notes: string[],
  done: (data: Record<string, unknown>, description: string) => Mapped,
  describe: (html: string) => string,
): Mapped {
  const sequence = (text(child(pluginOf(q), 'multianswer'), 'sequence') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  let template = q.questionText;
  let parts: (ClozePart | null)[];
  if (/\{#\d+\}/.test(template)) {
    // A backup: the text holds {#n} and sub-question n is the n-th of the sequence.
    parts = sequence.map((id, i) => {
      const sub = ctx.model.questions.get(id);
      return sub ? partOf(sub, i + 1) : null;
    });
  } else {
    const parsed = parseCloze(template);
    template = parsed.text;
    parts = parsed.parts;
  }
  const answers: string[][] = [];
  const choicesPerBlank: (string[] | null)[] = [];
  const weights = new Set<number>();
  const caseRules = new Set<boolean>();
  const description = template.replace(/\{#(\d+)\}/g, (_whole, n: string) => {
    const part = parts[Number(n) - 1];
    const label = `part ${n}`;
    if (!part) {
      notes.push(`${label} of the cloze question is missing from the backup and was left out`);
      return '…';
    }
    const blank = clozeBlank(part, label);
    if ('why' in blank) {
      notes.push(`${blank.why}: it was left out`);
      return '…';
    }
    notes.push(...blank.notes);
    answers.push(blank.accepted);
    choicesPerBlank.push(blank.choices);
    weights.add(part.weight);
    if (part.kind === 'shortanswer') caseRules.add(blank.caseSensitive);
    return `[[${answers.length}]]`;
  });
  if (answers.length === 0) return { why: 'no part of the cloze question can be a blank' };
  if (weights.size > 1) notes.push('every blank weighs the same (in Moodle the parts had different weights)');
  if (caseRules.size > 1) notes.push('blanks are compared ignoring case (in Moodle some were case-sensitive)');
  if (choicesPerBlank.some((c) => c !== null)) notes.push('multiple-choice parts are typed in: their choices are kept for a later select UI');
  // choices_per_blank: a multiple-choice part's choices (null for a typed part), for a later select UI; grading reads `answers`.
  return done(
    {
      answers,
      case_sensitive: caseRules.size === 1 && caseRules.has(true),
      ...(choicesPerBlank.some((c) => c !== null) ? { choices_per_blank: choicesPerBlank } : {}),
    },
    describe(description),
  );
}

/** Moodle's tolerance of a calculated answer as an absolute one (1 relative, 2 nominal, 3 geometric). */
function absoluteTolerance(value: number, tolerance: number, type: number, notes: string[]): number {
  const t = Math.abs(tolerance);
  if (type === 2) return t;
  if (type === 3) {
    notes.push('the geometric tolerance became the narrower absolute one');
    return (Math.abs(value) * t) / (1 + t);
  }
  return Math.abs(value) * t;
}

/**
 * calculated / calculatedsimple as numerical, calculatedmulti as a single or multiple selection:
 * the variables fixed at the first dataset item, the formulas evaluated there (a numerical
 * answer's value; a choice's `{=formula}` parts, written with its decimals or significant
 * figures, and its `{variable}`s, as Moodle shows it), and the text and general feedback at
 * those values.
 */
function mapCalculated(
  q: BackupQuestion,
  notes: string[],
  answers: Answer[],
  feedback: string | null,
  done: (type: string, data: Record<string, unknown>, description: string, generalFeedback: string | null) => Mapped,
  describe: (html: string) => string,
): Mapped {
  const plugin = pluginOf(q);
  const values: Record<string, number> = {};
  const shown: Record<string, string> = {};
  for (const def of list(child(plugin, 'dataset_definitions'), 'dataset_definition')) {
    const name = (text(def, 'name') ?? '').trim();
    const items = list(child(def, 'dataset_items'), 'dataset_item').sort((a, b) => (num(a, 'number') ?? 0) - (num(b, 'number') ?? 0));
    const first = items.find((i) => num(i, 'value') !== null);
    if (!name) continue;
    if (!first) return { why: `the variable {${name}} has no value in the backup` };
    values[name] = num(first, 'value')!;
    shown[name] = text(first, 'value') ?? String(values[name]);
  }
  const records = new Map(list(child(plugin, 'calculated_records'), 'calculated_record').map((r) => [text(r, 'answer'), r]));
  let type = 'numerical';
  let data: Record<string, unknown>;
  if (q.qtype === 'calculatedmulti') {
    if (answers.length < 2) return { why: 'the question has fewer than two options' };
    const options = child(child(plugin, 'calculated_options'), 'calculated_option');
    const choices: Record<string, unknown>[] = [];
    for (const a of answers) {
      const record = records.get(a.id);
      const problems: string[] = [];
      const content = substituteFormulaText(a.text, values, shown, problems, (x) =>
        formatMoodleFloat(x, num(record, 'correctanswerlength'), num(record, 'correctanswerformat')),
      );
      if (problems.length > 0) return { why: `the formula of its choice "${a.text}" cannot be evaluated: ${problems[0]}` };
      choices.push({ id: keyId(q.id, a.id), content: sanitizeRichText(content), is_answer: a.fraction > 0, fraction: a.fraction });
    }
    type = (num(options, 'single') ?? 1) === 1 ? 'single_selection' : 'multiple_selection';
    data = { options: choices, shuffle: (num(options, 'shuffleanswers') ?? 1) === 1 };
  } else {
    const right = fullyRight(answers, notes, 'answers');
    const numerical: { value: number; tolerance: number }[] = [];
    for (const a of right) {
      try {
        const value = evaluateFormula(a.text, values);
        const record = records.get(a.id);
        const tolerance = absoluteTolerance(value, num(record, 'tolerance') ?? 0, num(record, 'tolerancetype') ?? 1, notes);
        numerical.push({ value: Number(formatNumber(value)), tolerance: Number(formatNumber(tolerance)) });
      } catch (error) {
        if (!(error instanceof FormulaError)) throw error;
        return { why: `its formula "${a.text}" cannot be evaluated: ${error.message}` };
      }
    }
    if (numerical.length === 0) return { why: 'the question has no right answer' };
    data = { numerical_answers: numerical, units: unitsOf(q, notes) };
  }
  const problems: string[] = [];
  const description = substituteFormulaText(q.questionText, values, shown, problems);
  const shownFeedback = feedback === null ? null : substituteFormulaText(feedback, values, shown, problems);
  for (const p of problems) notes.push(`an expression of the text was left as written: ${p}`);
  const names = Object.keys(shown);
  notes.push(
    names.length > 0
      ? `fixed values: ${names.map((n) => `{${n}} = ${shown[n]}`).join(', ')} (the first dataset item), the same for every learner`
      : 'fixed values: the same for every learner',
  );
  return done(type, { ...data, fixed_values: shown }, describe(description), shownFeedback);
}

// ---------------------------------------------------------------- slots and random draws

/** What a random slot draws from. */
export interface Draw {
  categoryId: string;
  includeSubcategories: boolean;
  /** 3.x slot tags by name; 4.x tag ids. A drawn question has every one. */
  tagNames: string[];
  tagIds: string[];
}

export type Slot =
  | { kind: 'question'; slot: number; mark: number; question: BackupQuestion }
  | { kind: 'random'; slot: number; mark: number; ref: string; draw: Draw | null }
  | { kind: 'missing'; slot: number; mark: number; ref: string };

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** A 4.x random slot's filter (`{"questioncategoryid":…}` up to 4.2, `{"filter":{"category":…}}` from 4.3). */
function drawOfFilter(json: string | null): Draw | null {
  if (!json) return null;
  let f: Record<string, unknown>;
  try {
    f = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!f || typeof f !== 'object') return null;
  const filter = (f.filter ?? {}) as Record<string, { values?: unknown[]; filteroptions?: Record<string, unknown> }>;
  const category = filter.category?.values?.[0] ?? f.questioncategoryid ?? (typeof f.cat === 'string' ? f.cat.split(',')[0] : undefined);
  if (category === undefined || category === null || category === '') return null;
  const tagIds = (filter.qtagids?.values ?? []).map(String);
  const legacyTags = Array.isArray(f.tags) ? f.tags.map((t) => String(t).split(',')[0]!) : [];
  return {
    categoryId: String(category),
    includeSubcategories: truthy(filter.category?.filteroptions?.includesubcategories ?? f.includingsubcategories),
    tagNames: [],
    tagIds: [...tagIds, ...legacyTags],
  };
}

/** The slots of a quiz in order: a question, a random draw, or a reference that cannot be followed. */
export function quizSlots(model: BackupModel, quiz: XmlNode): Slot[] {
  const instances = list(child(quiz, 'question_instances'), 'question_instance');
  const order = (text(quiz, 'questions') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== '0');
  const slots = instances.map((inst, index): Slot => {
    const entry = text(child(inst, 'question_reference'), 'questionbankentryid');
    const id = text(inst, 'questionid') ?? text(inst, 'question') ?? (entry ? (model.bankEntries.get(entry) ?? null) : null);
    const slot = num(inst, 'slot') ?? (id ? order.indexOf(id) + 1 || index + 1 : index + 1);
    const mark = num(inst, 'maxmark') ?? num(inst, 'grade') ?? 1;
    const setReference = child(inst, 'question_set_reference');
    if (setReference && !id) return { kind: 'random', slot, mark, ref: `slot ${slot}`, draw: drawOfFilter(text(setReference, 'filtercondition')) };
    const question = id ? model.questions.get(id) : undefined;
    if (!question) return { kind: 'missing', slot, mark, ref: id ?? `slot ${slot}` };
    if (question.qtype !== 'random') return { kind: 'question', slot, mark, question };
    // 2.x–3.x: a "random" question stands for the draw; its text says whether sub-categories count.
    const categoryId = text(inst, 'questioncategoryid') ?? question.categoryId;
    return {
      kind: 'random',
      slot,
      mark,
      ref: question.id,
      draw: categoryId
        ? {
            categoryId,
            includeSubcategories: question.questionText.trim() === '1' || text(inst, 'includingsubcategories') === '1',
            tagNames: list(child(inst, 'tags'), 'tag')
              .map((t) => text(t, 'tagname') ?? '')
              .filter(Boolean),
            tagIds: [],
          }
        : null,
    };
  });
  return slots.sort((a, b) => a.slot - b.slot);
}

/** The questions a random slot may draw (tags filtered), in backup order. */
export function drawable(model: BackupModel, draw: Draw): BackupQuestion[] {
  const categories = [draw.categoryId];
  if (draw.includeSubcategories)
    for (let i = 0; i < categories.length; i++)
      for (const c of model.categories.values()) if (c.parentId === categories[i] && !categories.includes(c.id)) categories.push(c.id);
  const names = draw.tagNames.map((n) => n.toLowerCase());
  return categories
    .flatMap((c) => model.categories.get(c)?.questionIds ?? [])
    .map((id) => model.questions.get(id))
    .filter((q): q is BackupQuestion => !!q && !q.hidden && q.parentId === null && !NOT_DRAWN.has(q.qtype))
    .filter((q) => names.every((n) => q.tags.some((t) => t.name.toLowerCase() === n)) && draw.tagIds.every((id) => q.tags.some((t) => t.id === id)));
}

const TITLE_MAX = 200;
function clip(title: string): string {
  const t = title.replace(/\s+/g, ' ').trim();
  return t.length > TITLE_MAX ? `${t.slice(0, TITLE_MAX - 1)}…` : t || 'Untitled';
}

/** What a random slot draws from in the course's bank: a category this import makes or an earlier one made. */
interface Pool {
  key: string;
  name: string;
  /** Made by an earlier import: its subjects are the team's now, unknown here. */
  existing: boolean;
  /** The Moodle questions it holds as subjects (empty when existing). */
  questionIds: Set<string>;
}

/**
 * The bank category a random slot draws from, planned the first time a slot of this backup asks
 * for it: every question of the Moodle category Moodle could draw (not hidden, not a random or
 * description question; the latest version in 4.x; with the sub-categories' when the slot
 * includes them) becomes a bank subject worth its default mark, with a report line each. A
 * category an earlier import of the backup made is drawn from as it is. `why` when there is
 * nothing to draw.
 */
export function planBankCategory(ctx: QuizCtx, draw: Draw): Pool | { why: string } {
  const category = ctx.model.categories.get(draw.categoryId)!;
  const untagged: Draw = { ...draw, tagNames: [], tagIds: [] };
  const own = drawable(ctx.model, { ...untagged, includeSubcategories: false });
  const all = draw.includeSubcategories ? drawable(ctx.model, untagged) : own;
  const withSub = all.length > own.length;
  const key = `${ctx.bank.sourceKey}:question_category:${category.id}${withSub ? '+sub' : ''}`;
  const name = clip(withSub ? `${category.name} (with sub-categories)` : category.name);
  if (ctx.bank.existing.has(key)) return { key, name, existing: true, questionIds: new Set() };
  if (!ctx.bank.planned.has(key)) {
    const subjects: PlannedSubject[] = [];
    const lines: ImportReportItem[] = [];
    for (const q of all) {
      const notes: string[] = [];
      const mapped = mapQuestion(ctx, q, q.defaultMark, subjects.length, notes);
      if ('subject' in mapped) subjects.push(mapped.subject);
      lines.push({
        kind: 'question',
        section: clip(`Question bank: ${name}`),
        source_type: q.qtype,
        source_id: q.id,
        title: clip(q.name),
        outcome: 'why' in mapped ? 'skipped' : notes.length > 0 ? 'imported_with_losses' : 'imported',
        atrium_type: 'subject' in mapped ? mapped.subject.type : null,
        notes: 'why' in mapped ? [mapped.why] : notes,
      });
    }
    ctx.bank.planned.set(key, subjects.length > 0 ? { sourceKey: key, name, subjects, items: lines, used: false } : null);
  }
  const planned = ctx.bank.planned.get(key);
  if (!planned) {
    const types = [...new Set(all.map((q) => q.qtype))].sort();
    return {
      why:
        all.length === 0
          ? `a random question drawn from category "${category.name}", which has no question it could draw`
          : `a random question drawn from category "${category.name}", whose questions have no Atrium equivalent (${types.join(', ')})`,
    };
  }
  return { key, name, existing: false, questionIds: new Set(planned.subjects.map((s) => String((s.data.source as { question_id: string }).question_id))) };
}

const listOf = (xs: (string | number)[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

/**
 * The subjects of a quiz, one report line per slot (`section`: the quiz's title) and then the
 * lines of the bank categories it is the first to draw from. A random
 * slot becomes a `random` subject drawing from its bank category (planBankCategory), worth the
 * slot's mark per question drawn; adjacent random slots of one category and mark become one
 * drawing as many. Atrium draws without repeats and never a question the exam holds itself (the
 * fixed subjects are linked to their bank copies by the importer), as Moodle does while the
 * category has enough questions; tag filters are not kept (noted).
 */
export function quizSubjects(ctx: QuizCtx, quiz: XmlNode, section: string): { subjects: PlannedSubject[]; items: ImportReportItem[] } {
  const slots = quizSlots(ctx.model, quiz);
  const subjects: PlannedSubject[] = [];
  const items: ImportReportItem[] = [];
  const fixed = new Set(slots.flatMap((s) => (s.kind === 'question' ? [s.question.id] : [])));
  const line = (item: Omit<ImportReportItem, 'kind' | 'section'>) => items.push({ kind: 'question', section: clip(section), ...item });
  /** The lines of the bank categories this quiz is the first to draw from, after its own. */
  const bankLines: ImportReportItem[] = [];
  /** Questions of each bank category the quiz's random subjects draw so far. */
  const claimed = new Map<string, number>();
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    if (s.kind === 'missing') {
      line({
        source_type: 'unknown',
        source_id: s.ref,
        title: clip(s.ref),
        outcome: 'skipped',
        atrium_type: null,
        notes: ['the question is not in the backup'],
      });
      continue;
    }
    if (s.kind === 'question') {
      const notes: string[] = [];
      const mapped = mapQuestion(ctx, s.question, s.mark, subjects.length, notes);
      if ('subject' in mapped) subjects.push(mapped.subject);
      line({
        source_type: s.question.qtype,
        source_id: s.question.id,
        title: clip(s.question.name),
        outcome: 'why' in mapped ? 'skipped' : notes.length > 0 ? 'imported_with_losses' : 'imported',
        atrium_type: 'subject' in mapped ? mapped.subject.type : null,
        notes: 'why' in mapped ? [mapped.why] : notes,
      });
      continue;
    }
    const category = s.draw ? ctx.model.categories.get(s.draw.categoryId) : undefined;
    if (!s.draw || !category) {
      line({
        source_type: 'random',
        source_id: s.ref,
        title: clip(`Random (${s.ref})`),
        outcome: 'skipped',
        atrium_type: null,
        notes: ['a random question drawn from a category that is not in the backup'],
      });
      continue;
    }
    const pool = planBankCategory(ctx, s.draw);
    if ('why' in pool) {
      line({ source_type: 'random', source_id: s.ref, title: clip(`Random (${category.name})`), outcome: 'skipped', atrium_type: null, notes: [pool.why] });
      continue;
    }
    // The adjacent random slots drawing from the same bank category for the same mark.
    const run: (Slot & { kind: 'random' })[] = [s];
    for (let next = slots[i + 1]; next?.kind === 'random' && next.mark === s.mark && next.draw; next = slots[i + 1]) {
      const nextPool = next.draw && ctx.model.categories.has(next.draw.categoryId) ? planBankCategory(ctx, next.draw) : null;
      if (!nextPool || 'why' in nextPool || nextPool.key !== pool.key) break;
      run.push(next);
      i++;
    }
    // What is left to draw: neither in the quiz itself nor drawn by its earlier random subjects (Atrium never repeats one).
    const available = [...pool.questionIds].filter((id) => !fixed.has(id)).length - (claimed.get(pool.key) ?? 0);
    if (!pool.existing && available <= 0) {
      for (const r of run)
        line({
          source_type: 'random',
          source_id: r.ref,
          title: clip(`Random (${category.name})`),
          outcome: 'skipped',
          atrium_type: null,
          notes: [`a random question drawn from category "${category.name}", every question of which the quiz already holds or draws`],
        });
      continue;
    }
    claimed.set(pool.key, (claimed.get(pool.key) ?? 0) + run.length);
    const planned = ctx.bank.planned.get(pool.key);
    if (planned && !planned.used) {
      planned.used = true;
      bankLines.push(...planned.items);
    }
    subjects.push({
      type: 'random',
      description: '',
      sort: subjects.length,
      categoryKey: pool.key,
      data: {
        point: s.mark,
        count: run.length,
        source: { qtype: 'random', category_id: category.id, category: category.name, slots: run.map((r) => r.slot) },
      },
    });
    run.forEach((r, k) => {
      const notes = [
        `drawn per attempt from the question bank category "${pool.name}" (${
          pool.existing ? 'made by an earlier import of this backup, used as it is' : `${pool.questionIds.size} question(s) imported there`
        })`,
      ];
      const losses: string[] = [];
      if (run.length > 1) notes.push(`slots ${listOf(run.map((x) => x.slot))} draw from it together: one random subject draws ${run.length}`);
      const tags = [...(r.draw?.tagNames ?? []), ...(r.draw?.tagIds ?? []).map((id) => `#${id}`)];
      if (tags.length > 0) losses.push(`Moodle drew only questions tagged ${listOf(tags.map((t) => `"${t}"`))}: the draw is from the whole category`);
      if (k === 0 && !pool.existing && available < run.length)
        losses.push(`the category has ${available} question(s) to draw for ${run.length} draws: an attempt gets ${available} (Moodle would repeat questions)`);
      line({
        source_type: 'random',
        source_id: r.ref,
        title: clip(`Random (${category.name})`),
        outcome: losses.length > 0 ? 'imported_with_losses' : 'imported',
        atrium_type: 'random',
        notes: [...notes, ...losses],
      });
    });
  }
  return { subjects, items: [...items, ...bankLines] };
}

// ---------------------------------------------------------------- settings

const GRADE_METHODS: Record<number, GradeMethod> = { 1: 'highest', 2: 'average', 3: 'first', 4: 'last' };
const MAX_TIME_LIMIT = 7 * 24 * 3600;

type Visibility = 'after_submit' | 'after_end' | 'after_publish' | 'never';

/**
 * Moodle's review options (mod_quiz display_options): each of `reviewmarks`, `reviewrightanswer` …
 * is a bit mask of the moments a learner may see that part of a finished attempt.
 */
const REVIEW = {
  /** During the attempt (interactive behaviours): Atrium shows nothing before submission; ignored. */
  during: 0x10000,
  /** Immediately after the attempt (Moodle: the first two minutes). */
  immediately: 0x01000,
  /** Later, while the quiz is still open (with no close date: for ever). */
  laterWhileOpen: 0x00100,
  /** After the quiz is closed (never reached without a close date). */
  afterClose: 0x00010,
} as const;

/**
 * When a learner sees a part of a finished attempt (show_score, show_answers), from one Moodle
 * review mask, the closest of Atrium's four moments:
 *
 * - shown immediately after the attempt or later while open → `after_submit` (Atrium keeps it
 *   visible from submission on: Moodle's two-minute "immediately" and a hiding at the close are
 *   not kept, noted);
 * - shown only after the quiz is closed → `after_end` when the quiz has a close date, `never`
 *   without one (Moodle never reaches "after close" then; Atrium's `after_end` would show it at once);
 * - shown at none of these moments → `never`.
 *
 * Atrium has no counterpart of Moodle's manual release (`after_publish` is never chosen) nor of
 * showing marks during an attempt. Undefined when the backup has no such field (Atrium's default holds).
 */
export function reviewVisibility(mask: number | null, hasClose: boolean, what: string, notes: string[]): Visibility | undefined {
  if (mask === null) return undefined;
  const open = (mask & (REVIEW.immediately | REVIEW.laterWhileOpen)) !== 0;
  if (open) {
    if ((mask & REVIEW.laterWhileOpen) === 0) notes.push(`${what} stay visible after submission (Moodle showed them only right after the attempt)`);
    else if (hasClose && (mask & REVIEW.afterClose) === 0) notes.push(`${what} stay visible after the close date (Moodle hid them then)`);
    return 'after_submit';
  }
  if ((mask & REVIEW.afterClose) !== 0) return hasClose ? 'after_end' : 'never';
  return 'never';
}

const EARLIEST: Visibility[] = ['after_submit', 'after_end', 'after_publish', 'never'];

/** What the mapping of a quiz's settings needs beyond quiz.xml. */
export interface QuizSettingsContext {
  /** The quiz's grade item (grades.xml): its maximum and pass grade. */
  gradeItem?: { gradeMax: number | null; gradePass: number | null } | null;
  /** The points of the exam's subjects as imported (a random subject's per draw times its count). */
  points?: number;
}

/**
 * A quiz's settings as exam data (ExamDataSchema of packages/contracts activities.schemas.ts);
 * what is not kept goes to `notes`. Review options → `show_score` (reviewmarks) and
 * `show_answers` (reviewrightanswer), see reviewVisibility; whether each answer was right
 * (reviewcorrectness) shows in Atrium as the per-subject scores, which follow `show_score`,
 * so it has no setting of its own. The pass grade (the grade item's gradepass, on the scale of
 * the quiz's grade) → `pass_score` in points: the same share of the points imported.
 */
export function quizSettings(quiz: XmlNode, notes: string[], extra: QuizSettingsContext = {}): Record<string, unknown> {
  const timeLimit = num(quiz, 'timelimit') ?? 0;
  if (timeLimit > MAX_TIME_LIMIT) notes.push(`the time limit (${Math.round(timeLimit / 3600)} h) was shortened to 7 days`);
  const gradeMethod = GRADE_METHODS[num(quiz, 'grademethod') ?? 1];
  const sections = list(child(quiz, 'sections'), 'section');
  const shuffleSubjects = (num(quiz, 'shufflequestions') ?? 0) === 1 || sections.some((s) => (num(s, 'shufflequestions') ?? 0) === 1);
  if (sections.length > 1 && shuffleSubjects && !sections.every((s) => (num(s, 'shufflequestions') ?? 0) === 1))
    notes.push('questions are shuffled across the whole exam (Moodle shuffled only some sections)');
  if ((text(quiz, 'password') ?? '') !== '') notes.push('the quiz password was not kept');
  if ((text(quiz, 'subnet') ?? '') !== '') notes.push('the network address restriction was not kept');
  const attempts = num(quiz, 'attempts_number') ?? num(quiz, 'attempts') ?? 0;
  const hasClose = (num(quiz, 'timeclose') ?? 0) > 0;
  const showScore = reviewVisibility(num(quiz, 'reviewmarks'), hasClose, 'marks', notes);
  const showAnswers = reviewVisibility(num(quiz, 'reviewrightanswer'), hasClose, 'right answers', notes);
  if (showAnswers && EARLIEST.indexOf(showAnswers) < EARLIEST.indexOf(showScore ?? 'after_submit'))
    notes.push('right answers are shown only along with the marks (Moodle showed them without)');
  return {
    ...(timeLimit > 0 ? { time_limit_seconds: Math.min(Math.round(timeLimit), MAX_TIME_LIMIT) } : {}),
    max_attempts: Math.min(Math.max(0, Math.round(attempts)), 1000),
    max_grade: num(quiz, 'grade') ?? null,
    ...(gradeMethod ? { grade_method: gradeMethod } : {}),
    shuffle_subjects: shuffleSubjects,
    shuffle_options: (num(quiz, 'shuffleanswers') ?? 1) === 1,
    ...(showScore ? { show_score: showScore } : {}),
    ...(showAnswers ? { show_answers: showAnswers } : {}),
    ...passScore(quiz, extra, notes),
  };
}

/** `pass_score` from the grade item's pass grade: the same share of the imported points as of the quiz's grade (none when no pass grade is set). */
function passScore(quiz: XmlNode, extra: QuizSettingsContext, notes: string[]): { pass_score?: number } {
  const pass = extra.gradeItem?.gradePass ?? 0;
  if (!(pass > 0)) return {};
  const max = extra.gradeItem?.gradeMax ?? num(quiz, 'grade') ?? 0;
  const points = extra.points ?? num(quiz, 'sumgrades') ?? 0;
  if (!(max > 0) || !(points > 0)) {
    notes.push(`the pass grade (${formatNumber(pass)}) was not kept: ${max > 0 ? 'no imported question is worth points' : 'the quiz has no maximum grade'}`);
    return {};
  }
  const score = Math.round(Math.min(1, pass / max) * points * 100) / 100;
  const sumGrades = num(quiz, 'sumgrades');
  if (sumGrades !== null && Math.abs(sumGrades - points) > 1e-6)
    notes.push(
      `the pass grade ${formatNumber(pass)} of ${formatNumber(max)} became ${formatNumber(score)} of the ${formatNumber(points)} points imported (the quiz's questions were worth ${formatNumber(sumGrades)})`,
    );
  return { pass_score: score };
}
