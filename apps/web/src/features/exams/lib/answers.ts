import type { AnswerValue, AttemptSubject } from '@atrium/contracts';

/**
 * A learner's answers in an attempt (issue 15, `AnswerValueSchema`): an option id (single),
 * option ids (multiple), a boolean (true/false), one string per blank (fill-in-blank), a string
 * (short answer, numerical, essay HTML) or `{ promptId: choiceId }` (matching). null clears one.
 */

/** True for subjects that take an answer (all but `description`). */
export function isAnswerable(subject: Pick<AttemptSubject, 'type'>): boolean {
  return subject.type !== 'description';
}

const hasText = (value: unknown) => typeof value === 'string' && value.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '';

/**
 * Whether a subject counts as answered (the answered/unanswered map, the submit confirmation):
 * every blank filled, every prompt matched, at least one option chosen, any text written.
 */
export function isAnswered(subject: Pick<AttemptSubject, 'type' | 'blank_count' | 'prompts'>, answer: AnswerValue | undefined): boolean {
  if (answer === undefined || answer === null) return false;
  switch (subject.type) {
    case 'description':
      return false;
    case 'true_or_false':
      return typeof answer === 'boolean';
    case 'multiple_selection':
      return Array.isArray(answer) && answer.length > 0;
    case 'fill_in_blank': {
      if (!Array.isArray(answer)) return false;
      const count = Math.max(1, subject.blank_count ?? answer.length);
      return Array.from({ length: count }, (_, i) => answer[i]).every(hasText);
    }
    case 'matching': {
      if (typeof answer !== 'object' || Array.isArray(answer)) return false;
      const prompts = subject.prompts ?? [];
      return prompts.length > 0 && prompts.every((p) => typeof answer[p.id] === 'string' && answer[p.id] !== '');
    }
    case 'numerical':
      return typeof answer === 'number' || hasText(answer);
    default:
      return hasText(answer);
  }
}

/** The question numbers of an attempt's subjects (1, 2, …), descriptions left unnumbered. */
export function questionNumbersOf(subjects: readonly Pick<AttemptSubject, 'id' | 'type'>[]): Map<number, number> {
  const numbers = new Map<number, number>();
  for (const subject of subjects) if (isAnswerable(subject)) numbers.set(subject.id, numbers.size + 1);
  return numbers;
}

/** The answers of an attempt as a map by subject id. */
export function answersById(answers: readonly { subject_id: number; answer: AnswerValue }[]): Map<number, AnswerValue> {
  return new Map(answers.map((a) => [a.subject_id, a.answer]));
}

/** Rich text as plain text (an accessible name, an excerpt). */
export function plainText(html: string): string {
  if (typeof DOMParser === 'undefined')
    return html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
