import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAnswer, examScore, grade, matchingChoices, parseNumerical, textMatches, type SubjectKey } from './grading.js';
import { correctAnswerOf, inOrder, keyOf, presentAttemptSubject } from './subjects.js';
import type { ExamSubjectRow } from './exams.repository.js';

/** Issue 15 §4: grading of every type; property-based where it fits. */

const base: SubjectKey = {
  type: 'essay',
  score: 10,
  options: [],
  answer: null,
  answers: [],
  caseSensitive: false,
  numerical: [],
  units: [],
  pairs: [],
  distractors: [],
};
const key = (k: Partial<SubjectKey>): SubjectKey => ({ ...base, ...k });
const opts = (...rights: boolean[]) => rights.map((isAnswer, i) => ({ id: `o${i}`, content: `Option ${i}`, isAnswer }));
const runs = { numRuns: 200 };

describe('selections', () => {
  it('single: the right option earns all, another none, a missing answer none', () => {
    const k = key({ type: 'single_selection', options: opts(false, true, false) });
    expect(grade(k, 'o1')).toBe(10);
    expect(grade(k, 'o0')).toBe(0);
    expect(grade(k, null)).toBe(0);
    expect(grade(k, ['o1'])).toBe(0);
  });

  it('multiple: all right earns all; partial credit (right − wrong) / rights, never below 0', () => {
    const k = key({ type: 'multiple_selection', options: opts(true, true, false, false) });
    expect(grade(k, ['o0', 'o1'])).toBe(10);
    expect(grade(k, ['o0'])).toBe(5);
    expect(grade(k, ['o0', 'o2'])).toBe(0);
    expect(grade(k, ['o2', 'o3'])).toBe(0);
    expect(grade(k, [])).toBe(0);
  });

  it('imported fractions: summed over the chosen options, clamped to 0..1', () => {
    const k = key({
      type: 'multiple_selection',
      options: [
        { id: 'a', content: 'a', isAnswer: true, fraction: 0.5 },
        { id: 'b', content: 'b', isAnswer: true, fraction: 0.5 },
        { id: 'c', content: 'c', isAnswer: false, fraction: -1 },
      ],
    });
    expect(grade(k, ['a'])).toBe(5);
    expect(grade(k, ['a', 'b'])).toBe(10);
    expect(grade(k, ['a', 'b', 'c'])).toBe(0);
  });

  it('the right answer shown of a single choice is its full-marks option: with imported fractions the one worth most', () => {
    const own = key({ type: 'single_selection', options: opts(false, true, true) });
    expect(correctAnswerOf(own)).toBe('o1');
    const imported = key({
      type: 'single_selection',
      options: [
        { id: 'half', content: 'Close', isAnswer: true, fraction: 0.5 },
        { id: 'wrong', content: 'Wrong', isAnswer: false, fraction: -0.5 },
        { id: 'full', content: 'Right', isAnswer: true, fraction: 1 },
        { id: 'also', content: 'Also right', isAnswer: true, fraction: 1 },
      ],
    });
    expect(correctAnswerOf(imported)).toBe('full');
    expect(grade(imported, correctAnswerOf(imported))).toBe(10);
    expect(grade(imported, 'half')).toBe(5);
    // Whatever the fractions, the answer shown earns the most any option earns (property).
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -4, max: 4 }), { minLength: 2, maxLength: 8 }).filter((f) => f.some((x) => x > 0)),
        (quarters) => {
          const k = key({
            type: 'single_selection',
            options: quarters.map((q, i) => ({ id: `o${i}`, content: `${i}`, isAnswer: q > 0, fraction: q / 4 })),
          });
          const best = Math.max(...k.options.map((o) => grade(k, o.id)!));
          expect(grade(k, correctAnswerOf(k))).toBe(best);
        },
      ),
      runs,
    );
  });

  it('shuffled options map back: whatever order an attempt shows, choosing the right ids earns the same', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 2, maxLength: 8 }).filter((r) => r.some(Boolean)),
        fc.infiniteStream(fc.nat()),
        (rights, rand) => {
          const options = opts(...rights);
          const k = key({ type: 'multiple_selection', options });
          const order = [...options.map((o) => o.id)].sort(() => (rand.next().value % 3) - 1);
          const shown = inOrder(
            options.map((o) => ({ id: o.id, content: o.content })),
            order,
          );
          expect(shown.map((o) => o.id)).toEqual(order);
          const chosen = shown.filter((o) => options.find((x) => x.id === o.id)!.isAnswer).map((o) => o.id);
          expect(grade(k, chosen)).toBe(10);
        },
      ),
      runs,
    );
  });

  it('true or false: all or nothing', () => {
    expect(grade(key({ type: 'true_or_false', answer: false }), false)).toBe(10);
    expect(grade(key({ type: 'true_or_false', answer: false }), true)).toBe(0);
    expect(grade(key({ type: 'true_or_false', answer: false }), 'false')).toBe(0);
  });
});

describe('text', () => {
  it('fill in blank: each blank an equal share; spaces and case forgiven unless case-sensitive; * a wildcard', () => {
    const k = key({ type: 'fill_in_blank', score: 3, answers: [['Paris'], ['Rome', 'Roma'], ['colo*r']] });
    expect(grade(k, ['  paris ', 'roma', 'colour'])).toBe(3);
    expect(grade(k, ['Paris', 'Milan', 'color'])).toBe(2);
    expect(grade(k, ['Paris'])).toBe(1);
    expect(grade({ ...k, caseSensitive: true }, ['paris', 'Rome', 'color'])).toBe(2);
  });

  it('short answer: matched accepted answer earns all; without accepted answers it waits for the team', () => {
    expect(grade(key({ type: 'short_answer', answers: [['photosynthesis']] }), 'Photosynthesis')).toBe(10);
    expect(grade(key({ type: 'short_answer', answers: [['photosynthesis']] }), 'respiration')).toBe(0);
    expect(grade(key({ type: 'short_answer', answers: [] }), 'anything')).toBeNull();
    expect(grade(key({ type: 'essay' }), '<p>x</p>')).toBeNull();
  });

  it('text matching: any text matches itself with spaces around it and in another case', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !s.includes('*') && s.trim() !== ''),
        fc.nat(3),
        (s, pad) => {
          expect(textMatches(`${' '.repeat(pad)}${s.toUpperCase()}${' '.repeat(pad)}`, s.toLowerCase(), false)).toBe(
            textMatches(s.toUpperCase(), s.toLowerCase(), false),
          );
          expect(textMatches(s, s, true)).toBe(true);
        },
      ),
      runs,
    );
  });
});

describe('numerical', () => {
  it('right within the tolerance, wrong outside it (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (value, tolerance, share) => {
          const k = key({ type: 'numerical', numerical: [{ value, tolerance }] });
          expect(grade(k, value + tolerance * share)).toBe(10);
          expect(grade(k, value - tolerance * share)).toBe(10);
          const outside = value + tolerance + Math.max(1e-3, Math.abs(value) * 1e-6) + 1;
          expect(grade(k, outside)).toBe(0);
        },
      ),
      runs,
    );
  });

  it('units: the number is divided by its unit’s multiplier; an unknown unit is wrong; a decimal comma is read', () => {
    const units = [
      { unit: 'm', multiplier: 1 },
      { unit: 'cm', multiplier: 100 },
    ];
    const k = key({ type: 'numerical', numerical: [{ value: 1.5, tolerance: 0 }], units });
    expect(grade(k, '1.5 m')).toBe(10);
    expect(grade(k, '150cm')).toBe(10);
    expect(grade(k, '1,5')).toBe(10);
    expect(grade(k, '1.5 km')).toBe(0);
    expect(grade(k, 'one and a half')).toBe(0);
    expect(parseNumerical('2e3', [])).toBe(2000);
    expect(grade(key({ type: 'numerical', numerical: [{ value: 0.3, tolerance: 0 }] }), 0.1 + 0.2)).toBe(10);
  });
});

describe('matching', () => {
  const pairs = [
    { id: 'p1', prompt: 'France', answer: 'Paris' },
    { id: 'p2', prompt: 'Italy', answer: 'Rome' },
    { id: 'p3', prompt: 'Spain', answer: 'Madrid' },
  ];
  const k = key({ type: 'matching', score: 3, pairs, distractors: ['Berlin'] });
  const choice = (text: string) => matchingChoices(k).find((c) => c.content === text)!.id;

  it('each prompt an equal share; choice ids are hashes of their text, not of their prompt', () => {
    expect(grade(k, { p1: choice('Paris'), p2: choice('Rome'), p3: choice('Madrid') })).toBe(3);
    expect(grade(k, { p1: choice('Paris'), p2: choice('Berlin') })).toBe(1);
    expect(matchingChoices(k)).toHaveLength(4);
    expect(matchingChoices(k).map((c) => c.id)).not.toContain('c0');
    expect(checkAnswer(k, { p1: 'nope' }, '')).not.toBeNull();
    expect(checkAnswer(k, { p1: choice('Rome') }, '')).toBeNull();
  });
});

describe('answer shapes and exam scores', () => {
  it('refuses shapes that do not fit the type, accepts null to clear', () => {
    const single = key({ type: 'single_selection', options: opts(true, false) });
    expect(checkAnswer(single, 'o0', '')).toBeNull();
    expect(checkAnswer(single, 'zz', '')).not.toBeNull();
    expect(checkAnswer(single, null, '')).toBeNull();
    expect(checkAnswer(key({ type: 'multiple_selection', options: opts(true, false) }), ['o0', 'o0'], '')).not.toBeNull();
    expect(checkAnswer(key({ type: 'fill_in_blank', answers: [['a']] }), ['a', 'b', 'c'], 'x [[1]] y [[2]] z [[3]]')).toBeNull();
    expect(checkAnswer(key({ type: 'fill_in_blank', answers: [['a']] }), ['a', 'b', 'c'], 'x [[1]]')).not.toBeNull();
    expect(checkAnswer(key({ type: 'description' }), 'x', '')).not.toBeNull();
  });

  it('grade methods pick highest, first, last or the average of the scored attempts', () => {
    expect(examScore([3, null, 7, 5], 'highest')).toBe(7);
    expect(examScore([3, null, 7, 5], 'first')).toBe(3);
    expect(examScore([3, null, 7, 5], 'last')).toBe(5);
    expect(examScore([3, 7, 5], 'average')).toBe(5);
    expect(examScore([null], 'average')).toBeNull();
  });

  it('every score lies between 0 and the subject’s points whatever the answer (property)', () => {
    const types = ['single_selection', 'multiple_selection', 'true_or_false', 'fill_in_blank', 'short_answer', 'numerical', 'matching'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...types), fc.anything(), fc.double({ min: 0, max: 1000, noNaN: true }), (type, answer, score) => {
        const k = key({
          type,
          score,
          options: opts(true, false, true),
          answer: true,
          answers: [['a'], ['b']],
          numerical: [{ value: 1, tolerance: 0.1 }],
          pairs: [
            { id: 'p1', prompt: 'x', answer: 'y' },
            { id: 'p2', prompt: 'z', answer: 'w' },
          ],
        });
        const points = grade(k, answer);
        expect(points).not.toBeNull();
        expect(points!).toBeGreaterThanOrEqual(0);
        expect(points!).toBeLessThanOrEqual(Math.round(score * 100) / 100);
      }),
      runs,
    );
  });
});

describe('stored subjects', () => {
  const row = (type: string, data: Record<string, unknown>, score = 0): ExamSubjectRow => ({
    id: 1,
    activityId: 1,
    courseId: null,
    categoryId: null,
    sourceSubjectId: null,
    sort: 0,
    type,
    description: '',
    data,
    uploadIds: [],
    score,
    isPlayLimited: false,
    playLimitTimes: 0,
    createdAt: new Date(0),
  });

  it('reads subjects imported from Moodle before issue 15 (point, [{text, fraction}], numerical flag)', () => {
    const sa = keyOf(
      row('fill_in_blank', {
        point: 2,
        answers: [
          { text: 'cat', fraction: 1 },
          { text: 'dog', fraction: 0 },
        ],
      }),
    );
    expect(sa.score).toBe(2);
    expect(grade(sa, ['Cat'])).toBe(2);
    expect(grade(sa, ['dog'])).toBe(0);
    const n = keyOf(row('fill_in_blank', { numerical: true, answers: [{ text: '3.14', fraction: 1, tolerance: 0.01 }] }, 1));
    expect(n.type).toBe('numerical');
    expect(grade(n, '3.141')).toBe(1);
  });

  it('a learner’s subject carries no key, whatever the type', () => {
    const options = [
      { id: 'a', content: 'x', is_answer: true },
      { id: 'b', content: 'y', is_answer: false },
    ];
    for (const [type, data] of [
      ['single_selection', { options }],
      ['true_or_false', { answer: true }],
      ['fill_in_blank', { answers: [['secret']] }],
      ['numerical', { numerical_answers: [{ value: 42, tolerance: 0 }], units: [{ unit: 'm', multiplier: 1 }] }],
      ['matching', { pairs: [{ id: 'p', prompt: 'q', answer: 'secret' }], distractors: [] }],
    ] as const) {
      const shown = JSON.stringify(presentAttemptSubject(row(type, data as Record<string, unknown>, 1), undefined));
      expect(shown).not.toMatch(/is_answer|"answer"|numerical_answers|"42"|fraction/);
      if (type === 'fill_in_blank') expect(shown).not.toContain('secret');
    }
  });
});
