import { SUBJECT_TYPES, type AttemptSubject, type CreateSubjectBody, type Subject, type SubjectType } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { randomString } from '../../lib/crypto.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import type { AttemptSlot, ExamSubjectRow } from './exams.repository.js';
import { blankCount, matchingChoices, type SubjectKey } from './grading.js';

/**
 * Exam subjects between their stored form (`exam_subjects.data`), the team's API shape
 * (`Subject`, answer key included) and the learner's (`AttemptSubject`, no key). Subjects
 * imported from Moodle before issue 15 keep Moodle's shapes (`point`, options without
 * ids, `[{ text, fraction }]` answers, `numerical: true`); `keyOf` reads both.
 */

/** The fields of a stored subject these helpers read (an exam's, a bank's, or another module's subject shaped like one). */
export type SubjectRow = Pick<
  ExamSubjectRow,
  'id' | 'activityId' | 'sort' | 'type' | 'description' | 'data' | 'uploadIds' | 'score' | 'isPlayLimited' | 'playLimitTimes'
> &
  Partial<Pick<ExamSubjectRow, 'courseId' | 'categoryId'>>;

const ID_ALPHABET = 'abcdefghijkmnopqrstuvwxyz23456789';
const newId = () => randomString(ID_ALPHABET, 8);

type Data = Record<string, unknown>;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The type a stored row grades as (an imported numerical was stored as fill_in_blank with `numerical: true`). */
function typeOf(row: Pick<ExamSubjectRow, 'type' | 'data'>): SubjectType {
  if (row.type === 'fill_in_blank' && row.data.numerical === true) return 'numerical';
  return (SUBJECT_TYPES as readonly string[]).includes(row.type) ? (row.type as SubjectType) : 'essay';
}

/** The answer key of a stored subject, whatever shape it was stored in. */
export function keyOf(row: Pick<ExamSubjectRow, 'type' | 'data' | 'score'>): SubjectKey {
  const d = row.data as Data;
  const type = typeOf(row);
  const score = row.score === 0 && num(d.point) !== undefined ? num(d.point)! : row.score;
  const options = arr(d.options).map((o, i) => {
    const x = (o ?? {}) as Data;
    return {
      id: str(x.id) || `o${i}`,
      content: str(x.content),
      isAnswer: x.is_answer === true,
      ...(num(x.fraction) !== undefined ? { fraction: num(x.fraction)! } : {}),
    };
  });
  const rawAnswers = arr(d.answers);
  let answers: string[][];
  let numerical: SubjectKey['numerical'] = [];
  if (type === 'numerical') {
    numerical = Array.isArray(d.numerical_answers)
      ? arr(d.numerical_answers).map((n) => ({ value: num((n as Data).value) ?? NaN, tolerance: num((n as Data).tolerance) ?? 0 }))
      : rawAnswers
          .filter((a) => (num((a as Data).fraction) ?? 0) > 0)
          .map((a) => ({ value: Number(str((a as Data).text)), tolerance: num((a as Data).tolerance) ?? 0 }));
    numerical = numerical.filter((n) => Number.isFinite(n.value));
    answers = [];
  } else if (rawAnswers.every((a) => Array.isArray(a))) {
    answers = rawAnswers.map((a) => arr(a).map(str));
  } else {
    // Moodle shortanswer: one blank, the answers with a positive fraction accepted.
    answers = [rawAnswers.filter((a) => (num((a as Data).fraction) ?? 0) > 0).map((a) => str((a as Data).text))];
  }
  return {
    type,
    score,
    options,
    answer: typeof d.answer === 'boolean' ? d.answer : null,
    answers,
    caseSensitive: d.case_sensitive === true,
    numerical,
    units: arr(d.units).map((u) => ({ unit: str((u as Data).unit), multiplier: num((u as Data).multiplier) ?? 1 })),
    pairs: arr(d.pairs).map((p, i) => ({
      id: str((p as Data).id) || `p${i}`,
      prompt: str((p as Data).prompt ?? (p as Data).question),
      answer: str((p as Data).answer),
    })),
    distractors: arr(d.distractors).map(str),
  };
}

/** The team's view of a stored subject (answer key included). */
export function presentSubject(row: SubjectRow): Subject {
  const key = keyOf(row);
  const d = row.data as Data;
  const base: Subject = {
    id: row.id,
    activity_id: row.activityId,
    category_id: row.categoryId ?? null,
    type: key.type,
    description: row.description,
    score: key.score,
    sort: row.sort,
    upload_ids: row.uploadIds,
    play_limit: row.isPlayLimited,
    play_limit_times: row.playLimitTimes,
    ...(typeof d.explanation === 'string' ? { explanation: d.explanation } : {}),
  };
  switch (key.type) {
    case 'single_selection':
    case 'multiple_selection':
      return { ...base, options: key.options.map((o) => ({ id: o.id, content: o.content, is_answer: o.isAnswer })) };
    case 'true_or_false':
      return { ...base, answer: key.answer ?? false };
    case 'fill_in_blank':
    case 'short_answer':
      return { ...base, answers: key.answers, case_sensitive: key.caseSensitive };
    case 'numerical':
      return { ...base, numerical_answers: key.numerical, units: key.units };
    case 'matching':
      return { ...base, pairs: key.pairs, distractors: key.distractors };
    case 'random':
      return { ...base, count: typeof d.count === 'number' ? d.count : 1 };
    default:
      return base;
  }
}

/** A subject as a learner meets it in an attempt: options and choices in the slot's order, no key. */
export function presentAttemptSubject(row: SubjectRow, slot: AttemptSlot | undefined): AttemptSubject {
  const key = keyOf(row);
  const base: AttemptSubject = {
    id: row.id,
    type: key.type,
    description: row.description,
    score: slot?.score ?? key.score,
    upload_ids: row.uploadIds,
    play_limit: row.isPlayLimited,
    play_limit_times: row.playLimitTimes,
  };
  switch (key.type) {
    case 'single_selection':
    case 'multiple_selection': {
      const options = key.options.map((o) => ({ id: o.id, content: o.content }));
      return { ...base, options: inOrder(options, slot?.optionIds) };
    }
    case 'fill_in_blank': {
      const count = blankCount(key, row.description);
      const choices = blankChoicesOf(row.data.choices_per_blank, count);
      return { ...base, blank_count: count, ...(choices ? { blank_choices: choices } : {}) };
    }
    case 'numerical':
      return key.units.length > 0 ? { ...base, units: key.units.map((u) => u.unit) } : base;
    case 'matching':
      return {
        ...base,
        prompts: key.pairs.map((p) => ({ id: p.id, prompt: p.prompt })),
        choices: inOrder(matchingChoices(key), slot?.choiceIds),
      };
    default:
      return base;
  }
}

/**
 * The learner's choices per blank of a fill_in_blank subject (decision 0090): the Moodle importer
 * stores `choices_per_blank` (per blank the choices of its group, or null for a typed part) in
 * authoring order, where the right one's place can be guessed; each list is answered sorted and
 * without repeats. `count` blanks (missing ones null); undefined when no blank has choices.
 */
export function blankChoicesOf(stored: unknown, count: number): (string[] | null)[] | undefined {
  if (!Array.isArray(stored)) return undefined;
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  const choices = Array.from({ length: count }, (_, i) => {
    const list: unknown = stored[i];
    if (!Array.isArray(list)) return null;
    const texts = [...new Set(list.filter((c): c is string => typeof c === 'string' && c.trim() !== ''))];
    return texts.length > 0 ? texts.sort(collator.compare) : null;
  });
  return choices.some((c) => c !== null) ? choices : undefined;
}

/** Items in the order of `ids` (items an order does not name keep theirs, after the named ones). */
export function inOrder<T extends { id: string }>(items: T[], ids: readonly string[] | undefined): T[] {
  if (!ids) return items;
  const at = new Map(ids.map((id, i) => [id, i]));
  return [...items].sort((a, b) => (at.get(a.id) ?? ids.length) - (at.get(b.id) ?? ids.length));
}

/** The right answer of a subject in the learner's answer shape (shown once answers are visible), or undefined for essays and descriptions. */
export function correctAnswerOf(key: SubjectKey): unknown {
  switch (key.type) {
    case 'single_selection': {
      // Imported options keep Moodle's fractions: the right answer is the one worth most (the first of equals).
      const best = key.options.reduce<(typeof key.options)[number] | undefined>(
        (top, o) => (o.fraction !== undefined && o.fraction > 0 && (top === undefined || o.fraction > top.fraction!) ? o : top),
        undefined,
      );
      return best?.id ?? key.options.find((o) => o.isAnswer)?.id ?? null;
    }
    case 'multiple_selection':
      return key.options.filter((o) => o.isAnswer).map((o) => o.id);
    case 'true_or_false':
      return key.answer;
    case 'fill_in_blank':
      return key.answers.map((a) => a[0] ?? '');
    case 'short_answer':
      return key.answers[0]?.[0];
    case 'numerical':
      return key.numerical[0] ? `${key.numerical[0].value}${key.units[0] ? ` ${key.units[0].unit}` : ''}` : undefined;
    case 'matching': {
      const choices = matchingChoices(key);
      return Object.fromEntries(key.pairs.map((p) => [p.id, choices.find((c) => c.content === p.answer)?.id ?? '']));
    }
    default:
      return undefined;
  }
}

/**
 * The stored row fields of a subject from the team's body: rich text sanitised, ids given to
 * new options and pairs (kept for options whose content did not change when `previous` is the
 * subject being replaced). 400 naming the field when the body does not fit the type.
 */
export function subjectValues(body: CreateSubjectBody, previous?: SubjectRow): { type: SubjectType; description: string; score: number; data: Data } {
  const description = sanitizeRichText(body.description);
  const score = body.type === 'description' ? 0 : Math.round(body.score * 100) / 100;
  // What an import kept that the team's form does not edit (Moodle source, fixed values, choice lists, template).
  const data: Data = Object.fromEntries(
    Object.entries(previous?.data ?? {}).filter(([k]) => ['source', 'fixed_values', 'choices_per_blank', 'response_template'].includes(k)),
  );
  if (body.explanation) data.explanation = sanitizeRichText(body.explanation);
  const old = previous ? keyOf(previous) : null;
  switch (body.type) {
    case 'single_selection':
    case 'multiple_selection': {
      const options = body.options ?? [];
      if (options.length < 2) throw AppError.field('options', 'Give at least two options');
      const right = options.filter((o) => o.is_answer).length;
      if (body.type === 'single_selection' && right !== 1) throw AppError.field('options', 'Mark exactly one option as the answer');
      if (body.type === 'multiple_selection' && right < 1) throw AppError.field('options', 'Mark at least one option as an answer');
      const taken = new Set<string>();
      data.options = options.map((o) => {
        const content = sanitizeRichText(o.content);
        const kept = old?.options.find((x) => x.content === content && !taken.has(x.id));
        const id = kept?.id ?? newId();
        taken.add(id);
        return { id, content, is_answer: o.is_answer };
      });
      break;
    }
    case 'true_or_false':
      if (body.answer === undefined) throw AppError.field('answer', 'Say whether the statement is true or false');
      data.answer = body.answer;
      break;
    case 'fill_in_blank': {
      const answers = body.answers ?? [];
      if (answers.length === 0) throw AppError.field('answers', 'Give the accepted answers of each blank');
      data.answers = answers;
      data.case_sensitive = body.case_sensitive;
      break;
    }
    case 'short_answer':
      if ((body.answers?.length ?? 0) > 1) throw AppError.field('answers', 'A short answer has one list of accepted answers');
      data.answers = body.answers ?? [];
      data.case_sensitive = body.case_sensitive;
      break;
    case 'numerical':
      if (!body.numerical_answers?.length) throw AppError.field('numerical_answers', 'Give at least one accepted number');
      data.numerical_answers = body.numerical_answers;
      data.units = body.units ?? [];
      break;
    case 'matching': {
      const pairs = body.pairs ?? [];
      if (pairs.length < 2) throw AppError.field('pairs', 'Give at least two pairs to match');
      const taken = new Set<string>();
      data.pairs = pairs.map((p) => {
        const prompt = sanitizeRichText(p.prompt);
        const kept = old?.pairs.find((x) => x.prompt === prompt && !taken.has(x.id));
        const id = kept?.id ?? newId();
        taken.add(id);
        return { id, prompt, answer: p.answer };
      });
      data.distractors = body.distractors ?? [];
      break;
    }
    case 'random':
      if (!body.category_id) throw AppError.field('category_id', 'Choose the bank category to draw from');
      data.count = body.count ?? 1;
      break;
    case 'essay':
    case 'description':
      break;
  }
  return { type: body.type, description, score, data };
}
