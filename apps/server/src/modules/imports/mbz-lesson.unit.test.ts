import { describe, expect, it } from 'vitest';
import { grade } from '../exams/grading.js';
import { correctAnswerOf, keyOf } from '../exams/subjects.js';
import { jumpsAway, lessonAnswers, lessonSubject, shownResponses, type LessonQuestionCtx } from './mbz-lesson.js';
import { parseSafeXml, type XmlNode } from './safe-xml.js';

/** A lesson page in the layout of backup_lesson_stepslib.php. */
function page(id: number, qtype: number, answers: { text: string; jumpto?: number; score?: number; response?: string }[], qoption = 0): XmlNode {
  const xml =
    `<page id="${id}"><qtype>${qtype}</qtype><qoption>${qoption}</qoption><title>Q${id}</title><contents>&lt;p&gt;?&lt;/p&gt;</contents><answers>` +
    answers
      .map(
        (a, i) =>
          `<answer id="${id * 10 + i}"><jumpto>${a.jumpto ?? 0}</jumpto><score>${a.score ?? 0}</score><answer_text>${a.text}</answer_text><response>${a.response ?? '$@NULL@$'}</response></answer>`,
      )
      .join('') +
    `</answers></page>`;
  return parseSafeXml(xml, 'lesson page').page as XmlNode;
}

// Reading order 1 → 2 → 3 → 4.
const order = ['1', '2', '3', '4'];
const ctx = (custom: boolean): LessonQuestionCtx => ({ custom, later: (id) => new Set(order.slice(order.indexOf(id) + 1)) });
const keyFor = (m: ReturnType<typeof lessonSubject>) => {
  if (!('subject' in m)) throw new Error(m.why);
  return keyOf({ type: m.subject.type, data: m.subject.data, score: m.subject.data.point as number } as Parameters<typeof keyOf>[0]);
};

describe('lesson question pages as exam subjects', () => {
  it('without custom scoring the jump says which answer is right (lesson::jumpto_is_correct), each worth 1 point', () => {
    // Page 2: "this page" and "previous page" are wrong; the next page, the end of the lesson, a later page are right.
    const p = page(2, 3, [
      { text: 'stay', jumpto: 0 },
      { text: 'back', jumpto: -40 },
      { text: 'next', jumpto: -1 },
      { text: 'end', jumpto: -9 },
      { text: 'later', jumpto: 4 },
      { text: 'earlier', jumpto: 1 },
    ]);
    const m = lessonSubject(ctx(false), p, '<p>?</p>', 0, []);
    if (!('subject' in m)) throw new Error(m.why);
    expect(m.subject.type).toBe('single_selection');
    expect((m.subject.data.options as { content: string; is_answer: boolean }[]).filter((o) => o.is_answer).map((o) => o.content)).toEqual([
      'next',
      'end',
      'later',
    ]);
    expect(m.subject.data.point).toBe(1);
    const key = keyFor(m);
    expect(grade(key, correctAnswerOf(key))).toBe(1);
    expect(
      lessonAnswers(p)
        .filter(jumpsAway)
        .map((a) => a.text),
    ).toEqual(['back', 'end', 'later', 'earlier']);
  });

  it('multiple answers (qoption) → multiple selection graded whole; custom scores give the points', () => {
    const m = lessonSubject(ctx(true), page(1, 3, [{ text: 'a', score: 2 }, { text: 'b', score: 2 }, { text: 'c' }], 1), '<p>?</p>', 0, []);
    const key = keyFor(m);
    expect(key.type).toBe('multiple_selection');
    expect(key.score).toBe(2);
    expect(grade(key, correctAnswerOf(key))).toBe(2);
  });

  it('short answer, numerical range, matching and essay in the grader shapes; no right answer → skipped with why', () => {
    const short = keyFor(lessonSubject(ctx(true), page(1, 1, [{ text: 'Paris', score: 1 }, { text: 'Rome' }], 1), '', 0, []));
    expect(short).toMatchObject({ type: 'short_answer', caseSensitive: true });
    expect(grade(short, correctAnswerOf(short))).toBe(1);
    const numerical = keyFor(lessonSubject(ctx(true), page(1, 8, [{ text: '1:3', score: 1 }]), '', 0, []));
    expect(grade(numerical, '2.9')).toBe(1);
    expect(grade(numerical, '3.5')).toBe(0);
    const matching = keyFor(
      lessonSubject(
        ctx(true),
        page(1, 5, [{ text: '', score: 1, response: 'Good' }, { text: '' }, { text: 'Cat', response: 'Meow' }, { text: 'Dog', response: 'Woof' }]),
        '',
        0,
        [],
      ),
    );
    expect(grade(matching, correctAnswerOf(matching))).toBe(1);
    expect(shownResponses(page(1, 5, [{ text: '', response: 'Good' }, { text: '' }, { text: 'Cat', response: 'Meow' }]))).toBe(1);
    const essay = lessonSubject(ctx(true), page(1, 10, [{ text: '', score: 4 }]), '', 0, []);
    expect('subject' in essay && essay.subject.data.point).toBe(4);
    expect(lessonSubject(ctx(true), page(1, 3, [{ text: 'a' }, { text: 'b' }]), '', 0, [])).toEqual({ why: 'no answer of the question is right' });
    expect(lessonSubject(ctx(false), page(1, 7, []), '', 0, [])).toEqual({ why: 'lesson page type 7 has no Atrium equivalent' });
  });
});
