import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { plainText } from './moodle-cloze.js';
import { keyId, type PlannedSubject } from './mbz-quiz.js';
import { attr, child, list, num, text, type XmlValue } from './safe-xml.js';

/**
 * The question pages of a Moodle lesson (mod/lesson/pagetypes) as exam subjects (issue 21 §4), in
 * the shapes mbz-quiz.ts gives quiz questions (apps/server/src/modules/exams/subjects.ts reads them):
 *
 * - multichoice (3) → single_selection, multiple_selection when `qoption` allows several answers
 * - truefalse (2) → single_selection of its two answers as written (their labels are the teacher's text)
 * - shortanswer (1) → short_answer, the right answers accepted (`qoption`: case-sensitive)
 * - numerical (8) → numerical, a right answer `n` or a range `min:max` (its middle ± half its width)
 * - matching (5) → matching: the answers after the first two (Moodle's right / wrong responses) are
 *   the pairs, `answer_text` the prompt and `response` its match
 * - essay (10) → essay
 *
 * Which answers are right is Moodle's own rule: with custom scoring (`custom`) a positive score,
 * otherwise the jump (lesson::jumpto_is_correct: "this page" and "previous page" are wrong, the next
 * page, the end of the lesson, unseen / random pages and any page later in the lesson are right).
 * Points: a subject's best score with custom scoring (an essay's only answer), else 1 each (Moodle
 * grades the share of right answers). Pure: no I/O.
 */

/** Lesson page types that are questions (mod/lesson/locallib.php LESSON_PAGE_*). */
export const LESSON_QUESTION_TYPES: Record<number, string> = {
  1: 'shortanswer',
  2: 'truefalse',
  3: 'multichoice',
  5: 'matching',
  8: 'numerical',
  10: 'essay',
};

/** Jumps (mod/lesson/locallib.php): this page, next page, previous page, end of lesson. */
const THIS_PAGE = 0;
const NEXT_PAGE = -1;
const PREVIOUS_PAGE = -40;

export interface LessonAnswer {
  id: string;
  jumpto: number;
  score: number;
  text: string;
  response: string;
}

export function lessonAnswers(page: XmlValue): LessonAnswer[] {
  return list(child(page, 'answers'), 'answer').map((a) => ({
    id: attr(a, 'id') ?? '',
    jumpto: num(a, 'jumpto') ?? 0,
    score: num(a, 'score') ?? 0,
    text: text(a, 'answer_text') ?? '',
    response: text(a, 'response') ?? '',
  }));
}

/** What a lesson's question pages need: its scoring and the page ids after each page (for jumps forward). */
export interface LessonQuestionCtx {
  custom: boolean;
  /** The ids of the pages after `pageId` in the lesson's reading order. */
  later(pageId: string): ReadonlySet<string>;
}

/** lesson::jumpto_is_correct, or a positive score with custom scoring. */
export function isRight(ctx: LessonQuestionCtx, pageId: string, a: LessonAnswer): boolean {
  if (ctx.custom) return a.score > 0;
  if (a.jumpto === THIS_PAGE || a.jumpto === PREVIOUS_PAGE) return false;
  if (a.jumpto < 0) return true;
  return ctx.later(pageId).has(String(a.jumpto));
}

/** Whether an answer's jump goes anywhere but "this page" (try again) or the next page: a branch the exam cannot follow. */
export function jumpsAway(a: LessonAnswer): boolean {
  return a.jumpto !== THIS_PAGE && a.jumpto !== NEXT_PAGE;
}

/** Answers of a question page whose response (shown after answering) says something: a matching page's pairs hold their matches there, only its first two are responses. */
export function shownResponses(page: XmlValue): number {
  const answers = lessonAnswers(page);
  const responses = (num(page, 'qtype') ?? 0) === 5 ? answers.slice(0, 2) : answers;
  return responses.filter((a) => plainText(a.response).trim() !== '').length;
}

type Mapped = { subject: PlannedSubject } | { why: string };

/**
 * One question page as a subject with `sort`, its text `description` (rich text already resolved
 * and sanitised by the caller), or why it cannot be one. Per-question losses go to `notes`.
 */
export function lessonSubject(ctx: LessonQuestionCtx, page: XmlValue, description: string, sort: number, notes: string[]): Mapped {
  const pageId = attr(page, 'id') ?? '';
  const qtype = num(page, 'qtype') ?? 0;
  const type = LESSON_QUESTION_TYPES[qtype];
  if (!type) return { why: `lesson page type ${qtype} has no Atrium equivalent` };
  const title = text(page, 'title') ?? '';
  const answers = lessonAnswers(page);
  const qoption = (num(page, 'qoption') ?? 0) === 1;
  // Matching: the first two answers are the responses to a right and a wrong matching, not pairs.
  const scored = type === 'matching' ? answers.slice(0, 2) : answers;
  const best = Math.max(0, ...scored.map((a) => a.score));
  const point = ctx.custom ? best : 1;
  if (ctx.custom && best === 0) notes.push('no answer scores points: the subject is worth 0 points');
  const subject = (subjectType: string, data: Record<string, unknown>): Mapped => ({
    subject: {
      type: subjectType,
      description,
      sort,
      data: { point, source: { qtype: `lesson_${type}`, question_id: `lesson_page:${pageId}`, name: title }, ...data },
    },
  });
  const right = answers.filter((a) => isRight(ctx, pageId, a));
  switch (type) {
    case 'multichoice':
    case 'truefalse': {
      if (answers.length < 2) return { why: 'the question has fewer than two answers' };
      if (right.length === 0) return { why: 'no answer of the question is right' };
      const multiple = type === 'multichoice' && qoption;
      if (!multiple && right.length > 1) notes.push('several answers are right: any one of them earns the points');
      return subject(multiple ? 'multiple_selection' : 'single_selection', {
        options: answers.map((a) => {
          const ok = right.includes(a);
          return {
            id: keyId(`lesson_page:${pageId}`, a.id),
            content: sanitizeRichText(a.text),
            is_answer: ok,
            fraction: ok ? (multiple ? 1 / right.length : 1) : 0,
          };
        }),
        shuffle: false,
      });
    }
    case 'shortanswer': {
      const accepted = [...new Set(right.map((a) => plainText(a.text).trim()))].filter(Boolean);
      if (accepted.length === 0) return { why: 'the question has no right answer' };
      if (accepted.some((a) => /[*/]/.test(a))) notes.push('answers are compared as written: wildcards and regular expressions are not read');
      return subject('short_answer', { answers: [accepted], case_sensitive: qoption });
    }
    case 'numerical': {
      const values = right.flatMap((a) => {
        const [lo, hi] = a.text.split(':').map((x) => Number(x.trim().replace(',', '.')));
        if (lo === undefined || !Number.isFinite(lo)) return [];
        if (hi === undefined || !Number.isFinite(hi)) return [{ value: lo, tolerance: 0 }];
        return [{ value: (lo + hi) / 2, tolerance: Math.abs(hi - lo) / 2 }];
      });
      if (values.length === 0) return { why: 'the question has no right number' };
      return subject('numerical', { numerical_answers: values, units: [] });
    }
    case 'matching': {
      const pairs = answers.slice(2).flatMap((a, i) => {
        const prompt = a.text;
        const answer = plainText(a.response);
        if (plainText(prompt) === '' || answer === '') return [];
        return [{ id: keyId(`lesson_page:${pageId}`, a.id || String(i)), prompt: sanitizeRichText(prompt), answer }];
      });
      if (pairs.length === 0) return { why: 'the question has nothing to match' };
      return subject('matching', { pairs, distractors: [] });
    }
    case 'essay':
      return subject('essay', { response_template: '' });
    default:
      return { why: `lesson page type ${qtype} has no Atrium equivalent` };
  }
}
