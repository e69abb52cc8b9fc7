import { createHash } from 'node:crypto';
import type { SubjectType } from '@atrium/contracts';

/**
 * Grading of exam subjects (issue 15 §4): pure functions from a subject's answer key
 * and a learner's answer to points. No I/O. Shapes of answers are those of
 * `AnswerValueSchema` (packages/contracts exams.schemas.ts); `checkAnswer` refuses
 * any other before it is stored, so `grade` may assume them.
 *
 * Rules (close to Moodle's and Canvas's defaults):
 * - single_selection: the chosen option's fraction (imported keys) or all for a right option.
 * - multiple_selection: with fractions, their sum over the chosen options clamped to 0..1;
 *   otherwise Canvas's partial credit, (right chosen − wrong chosen) / right options, at least 0.
 * - true_or_false: all or nothing.
 * - fill_in_blank: each blank an equal share; a blank is right when its text equals an accepted
 *   string after trimming and collapsing spaces (and case folding unless case_sensitive); `*`
 *   in an accepted string matches any text (Moodle's wildcard).
 * - short_answer: all when the text matches an accepted answer (same comparison), else 0;
 *   without accepted answers it waits for the team (null).
 * - numerical: all when |x − value| ≤ tolerance for an accepted value, x being the number
 *   written divided by its unit's multiplier (no unit: the first unit's, or 1).
 * - matching: each prompt an equal share.
 * - essay: waits for the team (null). description: no score.
 */

export interface KeyOption {
  id: string;
  content: string;
  isAnswer: boolean;
  /** Moodle's fraction of the subject's points for this option (-1..1); absent for Atrium's own. */
  fraction?: number;
}
export interface KeyPair {
  id: string;
  prompt: string;
  answer: string;
}
/** A subject's answer key, normalised from its stored data (see keyOf in exams.service). */
export interface SubjectKey {
  type: SubjectType;
  /** Points. */
  score: number;
  options: KeyOption[];
  answer: boolean | null;
  /** Accepted strings per blank (fill_in_blank) or `[accepted]` (short_answer). */
  answers: string[][];
  caseSensitive: boolean;
  numerical: { value: number; tolerance: number }[];
  units: { unit: string; multiplier: number }[];
  pairs: KeyPair[];
  distractors: string[];
}

/** How many blanks a fill-in-blank subject has: its accepted-answer lists, or its `[[n]]` markers when more. */
export function blankCount(key: Pick<SubjectKey, 'answers'>, description: string): number {
  const markers = [...description.matchAll(/\[\[(\d{1,2})\]\]/g)].map((m) => Number(m[1]));
  return Math.max(key.answers.length, ...markers, 0);
}

/**
 * The choices of a matching subject (pair answers then distractors, each text once). A
 * choice's id is a hash of its text, so it says nothing of which prompt it belongs to.
 */
export function matchingChoices(key: Pick<SubjectKey, 'pairs' | 'distractors'>): { id: string; content: string }[] {
  const texts = [...new Set([...key.pairs.map((p) => p.answer), ...key.distractors])];
  return texts.map((content) => ({ id: `c${createHash('sha256').update(content).digest('hex').slice(0, 12)}`, content }));
}

/** Points rounded to two decimals (how scores are stored and shown). */
export function roundPoints(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Text as compared with accepted answers: NFKC, trimmed, inner spaces collapsed, lower-cased unless `caseSensitive`. */
export function normaliseText(s: string, caseSensitive: boolean): string {
  const t = s.normalize('NFKC').trim().replace(/\s+/g, ' ');
  return caseSensitive ? t : t.toLocaleLowerCase();
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Does `given` match the accepted string (both normalised; `*` a wildcard)? */
export function textMatches(given: string, accepted: string, caseSensitive: boolean): boolean {
  const g = normaliseText(given, caseSensitive);
  const a = normaliseText(accepted, caseSensitive);
  if (!a.includes('*')) return g === a;
  return new RegExp(`^${a.split('*').map(escapeRegExp).join('.*')}$`, 's').test(g);
}

const NUMBER = /^\s*([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?)\s*(.*?)\s*$/s;

/** A written number and unit ("9.81 m/s", "1,5", "2e3") as a value in the key's base unit, or null when it is no number or its unit is unknown. */
export function parseNumerical(answer: string | number, units: SubjectKey['units']): number | null {
  if (typeof answer === 'number') return Number.isFinite(answer) ? answer : null;
  const m = NUMBER.exec(answer);
  if (!m) return null;
  const value = Number(m[1]!.replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  const unit = m[2] ?? '';
  if (unit === '') return value / (units[0]?.multiplier ?? 1);
  const found = units.find((u) => u.unit === unit) ?? units.find((u) => u.unit.toLowerCase() === unit.toLowerCase());
  return found ? value / found.multiplier : null;
}

/**
 * The points an answer earns, or null when the team grades it (essay; short answer without
 * accepted answers). A missing (null/undefined) answer earns 0 on every automatic type.
 */
export function grade(key: SubjectKey, answer: unknown): number | null {
  if (key.type === 'essay') return null;
  if (key.type === 'short_answer' && (key.answers[0]?.length ?? 0) === 0) return null;
  if (key.type === 'description') return 0;
  return roundPoints(key.score * Math.min(1, Math.max(0, fractionOf(key, answer))));
}

/** The share (0..1) of the points an answer of an automatically graded type earns. */
function fractionOf(key: SubjectKey, answer: unknown): number {
  switch (key.type) {
    case 'single_selection': {
      const chosen = key.options.find((o) => o.id === answer);
      if (!chosen) return 0;
      return chosen.fraction ?? (chosen.isAnswer ? 1 : 0);
    }
    case 'multiple_selection': {
      if (!Array.isArray(answer)) return 0;
      const chosen = new Set(answer);
      const picked = key.options.filter((o) => chosen.has(o.id));
      if (key.options.some((o) => o.fraction !== undefined)) return picked.reduce((sum, o) => sum + (o.fraction ?? 0), 0);
      const right = key.options.filter((o) => o.isAnswer).length;
      if (right === 0) return 0;
      const hits = picked.filter((o) => o.isAnswer).length;
      return (hits - (picked.length - hits)) / right;
    }
    case 'true_or_false':
      return typeof answer === 'boolean' && key.answer !== null && answer === key.answer ? 1 : 0;
    case 'fill_in_blank': {
      if (!Array.isArray(answer) || key.answers.length === 0) return 0;
      const right = key.answers.filter((accepted, i) => {
        const given = answer[i];
        return typeof given === 'string' && accepted.some((a) => textMatches(given, a, key.caseSensitive));
      }).length;
      return right / key.answers.length;
    }
    case 'short_answer':
      return typeof answer === 'string' && (key.answers[0] ?? []).some((a) => textMatches(answer, a, key.caseSensitive)) ? 1 : 0;
    case 'numerical': {
      if (typeof answer !== 'string' && typeof answer !== 'number') return 0;
      const x = parseNumerical(answer, key.units);
      if (x === null) return 0;
      // A relative epsilon keeps 0.1 + 0.2 within a tolerance of 0 of 0.3.
      return key.numerical.some((n) => Math.abs(x - n.value) <= n.tolerance + 1e-9 * Math.max(1, Math.abs(n.value))) ? 1 : 0;
    }
    case 'matching': {
      if (!answer || typeof answer !== 'object' || Array.isArray(answer) || key.pairs.length === 0) return 0;
      const byId = new Map(matchingChoices(key).map((c) => [c.id, c.content]));
      const given = answer as Record<string, unknown>;
      const right = key.pairs.filter((p) => {
        const choice = given[p.id];
        return typeof choice === 'string' && byId.get(choice) === p.answer;
      }).length;
      return right / key.pairs.length;
    }
    default:
      return 0;
  }
}

/**
 * Why an answer cannot be stored for this subject (a message for the field), or null
 * when it can. null always can (it clears the answer).
 */
export function checkAnswer(key: SubjectKey, answer: unknown, description: string): string | null {
  if (answer === null) return null;
  const optionIds = new Set(key.options.map((o) => o.id));
  switch (key.type) {
    case 'single_selection':
      return typeof answer === 'string' && optionIds.has(answer) ? null : 'Choose one of the options';
    case 'multiple_selection':
      return Array.isArray(answer) && answer.every((a) => typeof a === 'string' && optionIds.has(a)) && new Set(answer).size === answer.length
        ? null
        : 'Choose options of this subject, each once';
    case 'true_or_false':
      return typeof answer === 'boolean' ? null : 'Answer true or false';
    case 'fill_in_blank':
      return Array.isArray(answer) &&
        answer.length <= Math.max(1, blankCount(key, description)) &&
        answer.every((a) => typeof a === 'string' && a.length <= 500)
        ? null
        : 'Give one text per blank';
    case 'short_answer':
      return typeof answer === 'string' && answer.length <= 2000 ? null : 'Give a text of at most 2000 characters';
    case 'numerical':
      return (typeof answer === 'string' && answer.length <= 100) || typeof answer === 'number' ? null : 'Give a number';
    case 'matching': {
      if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return 'Match each prompt with a choice';
      const prompts = new Set(key.pairs.map((p) => p.id));
      const choices = new Set(matchingChoices(key).map((c) => c.id));
      return Object.entries(answer).every(([p, c]) => prompts.has(p) && typeof c === 'string' && choices.has(c))
        ? null
        : 'Match prompts of this subject with its choices';
    }
    case 'essay':
      return typeof answer === 'string' ? null : 'Write the answer as text';
    case 'description':
      return 'A description takes no answer';
    default:
      return 'Unknown subject type';
  }
}

/** Which attempt's score counts (exam `grade_method`); null when no attempt has a score. Points. */
export function examScore(scores: readonly (number | null)[], method: 'highest' | 'last' | 'first' | 'average'): number | null {
  const known = scores.filter((s): s is number => s !== null);
  if (known.length === 0) return null;
  switch (method) {
    case 'highest':
      return Math.max(...known);
    case 'first':
      return known[0]!;
    case 'last':
      return known[known.length - 1]!;
    case 'average':
      return roundPoints(known.reduce((a, b) => a + b, 0) / known.length);
  }
}
