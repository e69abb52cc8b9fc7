import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import type { DomainEventType } from '@atrium/contracts';
import { defineHandler, eventBusOf, type DomainEvent } from '../events/events.service.js';
import { submitOverdueAttempts } from './exams.service.js';
import { examSubjects } from './exams.table.js';
import { countStatements } from '../../../test/helpers/count-statements.js';

/**
 * Issue 15, the API the checks use: the team builds an exam's subjects, a learner starts
 * (or resumes) an attempt that carries no answer key, saves answers as they are given,
 * submits and gets points; the server keeps the deadline; the team reads the score list,
 * grades the essay and publishes.
 */

let t: TestApp;
let world: Awaited<ReturnType<typeof makeWorld>>;

type Json = Record<string, unknown>;

async function makeWorld() {
  const w = await t.factories.courseWorld();
  const cookies = {
    instructor: await t.factories.login(w.instructor.userName),
    assistant: await t.factories.login(w.assistant.userName),
    student: await t.factories.login(w.student.userName),
    outsider: await t.factories.login(w.outsider.userName),
  };
  const call = async (who: keyof typeof cookies, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
  const module = await call('instructor', 'POST', `/api/courses/${w.course.id}/modules`, { title: 'Week 1' });
  expect(module.statusCode, module.body).toBe(200);
  const moduleId = (module.json() as { id: number }).id;
  expect((await call('instructor', 'PUT', `/api/modules/${moduleId}/publish`, { published: true })).statusCode).toBe(200);
  /** A published exam activity with `data` as its settings. */
  const exam = async (data: Json = {}, extra: Json = {}) => {
    const res = await call('instructor', 'POST', `/api/courses/${w.course.id}/activities`, {
      module_id: moduleId,
      type: 'exam',
      title: 'Quiz',
      data,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { id: number }).id;
    const published = await call('instructor', 'PUT', `/api/activities/${id}/publish`, { published: true });
    expect(published.statusCode, published.body).toBe(200);
    return id;
  };
  const subject = async (examId: number, body: Json) => {
    const res = await call('instructor', 'POST', `/api/exams/${examId}/subjects`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json & { id: number; options?: { id: string; content: string; is_answer: boolean }[]; pairs?: { id: string; answer: string }[] };
  };
  return { ...w, cookies, call, exam, subject, moduleId };
}

/** Events of these types as an in-process handler receives them, until `stop()`. */
function recordEvents(app: TestApp, types: DomainEventType[]): DomainEvent[] & { stop: () => void } {
  const seen = [] as unknown as DomainEvent[] & { stop: () => void };
  seen.stop = eventBusOf(app.app.deps).on(defineHandler({ name: `test.${types.join('+')}`, types, handle: async (event) => void seen.push(event) }));
  return seen;
}

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}
/** No answer key in a learner's answer: no is_answer, accepted answers, numbers, pairs or right answers. */
function expectNoKey(body: unknown) {
  const leaked = keysOf(body).filter((k) =>
    ['is_answer', 'answers_key', 'numerical_answers', 'pairs', 'correct', 'fraction', 'case_sensitive', 'explanation'].includes(k),
  );
  expect(leaked).toEqual([]);
}

beforeAll(async () => {
  t = await buildTestApp();
  world = await makeWorld();
}, 120_000);
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

/** An exam of five objective types and an essay; answers keyed by subject for a full score. */
async function fiveTypeExam(data: Json = {}) {
  const w = world;
  const examId = await w.exam({ max_attempts: 2, ...data });
  const single = await w.subject(examId, {
    type: 'single_selection',
    description: '<p>2 + 2 = ?</p>',
    score: 2,
    options: [
      { content: '3', is_answer: false },
      { content: '4', is_answer: true },
      { content: '5', is_answer: false },
    ],
  });
  const multiple = await w.subject(examId, {
    type: 'multiple_selection',
    description: 'Primes',
    score: 4,
    options: [
      { content: '2', is_answer: true },
      { content: '3', is_answer: true },
      { content: '4', is_answer: false },
    ],
  });
  const tf = await w.subject(examId, { type: 'true_or_false', description: 'The earth is round', score: 1, answer: true });
  const blanks = await w.subject(examId, {
    type: 'fill_in_blank',
    description: 'Paris is in [[1]], Rome in [[2]]',
    score: 2,
    answers: [['France'], ['Italy', 'Italia']],
  });
  const essay = await w.subject(examId, { type: 'essay', description: 'Explain', score: 5 });
  const right = {
    [single.id]: single.options!.find((o) => o.is_answer)!.id,
    [multiple.id]: multiple.options!.filter((o) => o.is_answer).map((o) => o.id),
    [tf.id]: true,
    [blanks.id]: ['france', ' italia '],
    [essay.id]: '<p>Because</p><script>alert(1)</script>',
  };
  return { examId, single, multiple, tf, blanks, essay, right };
}

describe('subjects', () => {
  it('the team adds and lists subjects with their keys; a body that does not fit its type is refused naming the field and stores nothing', async () => {
    const w = world;
    const examId = await w.exam();
    const bad = await w.call('instructor', 'POST', `/api/exams/${examId}/subjects`, {
      type: 'single_selection',
      description: 'x',
      score: 1,
      options: [
        { content: 'a', is_answer: false },
        { content: 'b', is_answer: false },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: Json }).errors).toHaveProperty('options');
    const tf = await w.call('instructor', 'POST', `/api/exams/${examId}/subjects`, { type: 'true_or_false', description: 'x', score: 1 });
    expect((tf.json() as { errors: Json }).errors).toHaveProperty('answer');
    await w.subject(examId, { type: 'true_or_false', description: 'Sky is blue', score: 1, answer: true, unknown_field: 1 });
    const list = await w.call('assistant', 'GET', `/api/exams/${examId}/subjects`);
    expect(list.statusCode).toBe(200);
    const body = list.json() as { subjects: Json[]; total_score: number };
    expect(body.subjects.map((s) => [s.type, s.answer])).toEqual([['true_or_false', true]]);
    expect(body.total_score).toBe(1);
    for (const who of ['student', 'outsider'] as const) expect([403, 404]).toContain((await w.call(who, 'GET', `/api/exams/${examId}/subjects`)).statusCode);
    const asStudent = await w.call('student', 'POST', `/api/exams/${examId}/subjects`, { type: 'essay', description: 'x', score: 1 });
    expect(asStudent.statusCode).toBe(403);
    expect(((await w.call('instructor', 'GET', `/api/exams/${examId}/subjects`)).json() as { subjects: unknown[] }).subjects).toHaveLength(1);
  });

  it('a subject of an activity that is not an exam is refused with NOT_AN_EXAM', async () => {
    const w = world;
    const page = await w.call('instructor', 'POST', `/api/courses/${w.course.id}/activities`, { module_id: w.moduleId, type: 'page', title: 'Page' });
    const res = await w.call('instructor', 'POST', `/api/exams/${(page.json() as { id: number }).id}/subjects`, { type: 'essay', description: 'x', score: 1 });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { code: string }).code).toBe('NOT_AN_EXAM');
  });
});

describe('taking an exam', () => {
  it('start → no answer key → save (resumable) → submit: objective types graded, the essay waits; the team grades it and publishes', async () => {
    const w = world;
    const x = await fiveTypeExam();
    const events = recordEvents(t, ['exam.attempt_submitted', 'exam.attempt_graded', 'exam.scores_published']);
    const started = await w.call('student', 'POST', `/api/exams/${x.examId}/attempts`);
    expect(started.statusCode, started.body).toBe(201);
    const attempt = started.json() as { id: number; deadline: string | null; subjects: Json[] };
    expectNoKey(attempt);
    expect(attempt.subjects.map((s) => s.type)).toEqual(['single_selection', 'multiple_selection', 'true_or_false', 'fill_in_blank', 'essay']);
    expect(attempt.subjects.find((s) => s.id === x.blanks.id)?.blank_count).toBe(2);
    expect(attempt.deadline).toBeNull();

    const answers = Object.entries(x.right).map(([id, answer]) => ({ subject_id: Number(id), answer }));
    const saved = await w.call('student', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, { answers: answers.slice(0, 3) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { saved: number }).saved).toBe(3);
    // Resuming (another device) answers the same attempt with what was saved.
    const resumed = await w.call('student', 'POST', `/api/exams/${x.examId}/attempts`);
    expect(resumed.statusCode).toBe(200);
    expect((resumed.json() as { id: number }).id).toBe(attempt.id);
    expect((resumed.json() as { answers: unknown[] }).answers).toHaveLength(3);
    expectNoKey(resumed.json());
    expect((await w.call('student', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, { answers: answers.slice(3) })).statusCode).toBe(200);
    // Nobody else reaches the attempt.
    for (const who of ['assistant', 'outsider'] as const)
      expect((await w.call(who, 'PUT', `/api/exam-attempts/${attempt.id}/answers`, { answers })).statusCode).toBe(404);

    const submitted = await w.call('student', 'POST', `/api/exam-attempts/${attempt.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = submitted.json() as { score: number | null; objective_score: number; max_score: number; status: string };
    expect(result).toMatchObject({ score: null, objective_score: 9, max_score: 14, status: 'submitted' });
    expect((await w.call('student', 'POST', `/api/exam-attempts/${attempt.id}/submit`)).json()).toMatchObject({ code: 'ATTEMPT_SUBMITTED' });
    expect((await w.call('student', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, { answers })).statusCode).toBe(409);

    const list = await w.call('instructor', 'GET', `/api/exams/${x.examId}/score-list`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = (list.json() as { attempts: Json[] }).attempts;
    expect(rows).toEqual([expect.objectContaining({ id: attempt.id, status: 'submitted', objective_score: 9, score: null, ungraded: 1 })]);
    expect([403, 404]).toContain((await w.call('student', 'GET', `/api/exams/${x.examId}/score-list`)).statusCode);

    const review = await w.call('assistant', 'GET', `/api/exam-attempts/${attempt.id}/review`);
    const essayAnswer = (review.json() as { answers: { subject_id: number; answer: unknown }[] }).answers.find((a) => a.subject_id === x.essay.id);
    expect(essayAnswer?.answer).toBe('<p>Because</p>');
    const tooMuch = await w.call('instructor', 'PUT', `/api/exam-attempts/${attempt.id}/grades`, { grades: [{ subject_id: x.essay.id, score: 6 }] });
    expect(tooMuch.statusCode).toBe(400);
    const graded = await w.call('instructor', 'PUT', `/api/exam-attempts/${attempt.id}/grades`, {
      grades: [{ subject_id: x.essay.id, score: 4.5, feedback: 'Good' }],
    });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json()).toMatchObject({ status: 'graded', score: 13.5 });
    expect((await w.call('student', 'GET', `/api/exam-attempts/${attempt.id}/review`)).statusCode).toBe(404);

    const published = await w.call('instructor', 'POST', `/api/exams/${x.examId}/scores/publish`);
    expect(published.statusCode).toBe(200);
    const mine = (await w.call('student', 'GET', `/api/exam-attempts/${attempt.id}`)).json() as {
      score: number;
      results: { subject_id: number; feedback: string | null }[];
    };
    expect(mine.score).toBe(13.5);
    expect(mine.results.find((r) => r.subject_id === x.essay.id)?.feedback).toBe('Good');
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(['exam.attempt_submitted', 'exam.attempt_graded', 'exam.scores_published']));
    expect(events[2]!.payload).toMatchObject({ activity_id: x.examId, user_ids: [w.student.id] });
    events.stop();
  });

  it('blanks imported with choices (Moodle gap-select, drag-and-drop, cloze choices) offer them sorted, never the key; a chosen one is graded', async () => {
    const w = world;
    const examId = await w.exam({ max_attempts: 1 });
    const gaps = await w.subject(examId, {
      type: 'fill_in_blank',
      description: '<p>[[1]] is in France, [[2]] in Italy; its river: [[3]].</p>',
      score: 3,
      answers: [['Paris'], ['Rome'], ['Tiber']],
    });
    // What the Moodle importer stores: per blank its group's choices in authoring order, null for a typed part.
    const [row] = await t.app.deps.db.select({ data: examSubjects.data }).from(examSubjects).where(eq(examSubjects.id, gaps.id));
    const stored = [['Paris', 'Rome', 'Lyon'], ['Paris', 'Rome', 'Lyon', 'Rome'], null];
    await t.app.deps.db
      .update(examSubjects)
      .set({ data: { ...row!.data, choices_per_blank: stored } })
      .where(eq(examSubjects.id, gaps.id));

    const started = await w.call('student', 'POST', `/api/exams/${examId}/attempts`);
    expect(started.statusCode, started.body).toBe(201);
    const attempt = started.json() as { id: number; subjects: Json[] };
    expectNoKey(attempt);
    const presented = attempt.subjects.find((s) => s.id === gaps.id)!;
    expect(presented).toMatchObject({ blank_count: 3, blank_choices: [['Lyon', 'Paris', 'Rome'], ['Lyon', 'Paris', 'Rome'], null] });
    expect(keysOf(presented).filter((k) => ['answers', 'choices_per_blank', 'data'].includes(k))).toEqual([]);
    // The team's own list still has the key.
    const team = (await w.call('instructor', 'GET', `/api/exams/${examId}/subjects`)).json() as { subjects: Json[] };
    expect(team.subjects.find((s) => s.id === gaps.id)).toMatchObject({ answers: [['Paris'], ['Rome'], ['Tiber']] });

    const answers = [{ subject_id: gaps.id, answer: ['Paris', 'Lyon', 'tiber'] }];
    expect((await w.call('student', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, { answers })).statusCode).toBe(200);
    const submitted = await w.call('student', 'POST', `/api/exam-attempts/${attempt.id}/submit`);
    expect(submitted.json()).toMatchObject({ objective_score: 2, max_score: 3 });
  });

  it('a wrong answer shape is refused naming the field, and nothing of the request is stored', async () => {
    const w = world;
    const x = await fiveTypeExam();
    const attempt = (await w.call('student', 'POST', `/api/exams/${x.examId}/attempts`)).json() as { id: number };
    const res = await w.call('student', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, {
      answers: [
        { subject_id: x.tf.id, answer: true },
        { subject_id: x.single.id, answer: 'not-an-option' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Json }).errors).toHaveProperty(['answers[1].answer']);
    expect(((await w.call('student', 'GET', `/api/exam-attempts/${attempt.id}`)).json() as { answers: unknown[] }).answers).toEqual([]);
  });

  it('attempts allowed are enforced: the third start is refused with EXAM_NO_ATTEMPTS_LEFT', async () => {
    const w = world;
    const x = await fiveTypeExam({ max_attempts: 2 });
    for (let i = 0; i < 2; i++) {
      const a = (await w.call('student', 'POST', `/api/exams/${x.examId}/attempts`)).json() as { id: number; number: number };
      expect(a.number).toBe(i + 1);
      expect((await w.call('student', 'POST', `/api/exam-attempts/${a.id}/submit`)).statusCode).toBe(200);
    }
    const third = await w.call('student', 'POST', `/api/exams/${x.examId}/attempts`);
    expect(third.statusCode).toBe(409);
    expect((third.json() as { code: string }).code).toBe('EXAM_NO_ATTEMPTS_LEFT');
    const mine = await w.call('student', 'GET', `/api/exams/${x.examId}/my-attempts`);
    expect(mine.statusCode, mine.body).toBe(200);
    // The essays wait for the team: no attempt has a score yet.
    expect(mine.json()).toMatchObject({ attempts_allowed: 2, attempts_used: 2, in_progress_id: null, exam_score: null });
    expect((mine.json() as { attempts: { number: number; status: string }[] }).attempts.map((a) => [a.number, a.status])).toEqual([
      [1, 'submitted'],
      [2, 'submitted'],
    ]);
  });

  it('the deadline is the server’s: after the time limit a save and a submit are refused and the attempt was submitted with what was saved', async () => {
    const w = world;
    const x = await fiveTypeExam({ time_limit_seconds: 600 });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const start = Date.now();
    const attempt = (await w.call('student', 'POST', `/api/exams/${x.examId}/attempts`)).json() as { id: number; deadline: string };
    expect(Date.parse(attempt.deadline) - start).toBe(600_000);
    await w.call('student', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, { answers: [{ subject_id: x.tf.id, answer: true }] });
    vi.setSystemTime(start + 601_000);
    const late = await w.call('student', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, {
      answers: [{ subject_id: x.single.id, answer: x.right[x.single.id] }],
    });
    expect(late.statusCode).toBe(409);
    expect((late.json() as { code: string }).code).toBe('EXAM_DEADLINE_PASSED');
    const submit = await w.call('student', 'POST', `/api/exam-attempts/${attempt.id}/submit`);
    expect(submit.statusCode).toBe(409);
    const seen = (await w.call('student', 'GET', `/api/exam-attempts/${attempt.id}`)).json() as {
      status: string;
      objective_score: number;
      submitted_at: string;
    };
    expect(seen).toMatchObject({ status: 'submitted', objective_score: 1, submitted_at: attempt.deadline });
  });

  it('the deadline job submits an attempt nobody came back to; the window end caps the time limit', async () => {
    const w = world;
    const end = new Date(Date.now() + 120_000);
    const x = await fiveTypeExam({ time_limit_seconds: 3600 });
    expect((await w.call('instructor', 'PUT', `/api/activities/${x.examId}`, { end_time: end.toISOString() })).statusCode).toBe(200);
    const attempt = (await w.call('student', 'POST', `/api/exams/${x.examId}/attempts`)).json() as { id: number; deadline: string };
    expect(attempt.deadline).toBe(end.toISOString());
    await w.call('student', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, { answers: [{ subject_id: x.tf.id, answer: false }] });
    expect(await submitOverdueAttempts(t.app.deps, new Date(end.getTime() - 1000))).toBe(0);
    expect(await submitOverdueAttempts(t.app.deps, new Date(end.getTime() + 1000))).toBe(1);
    const list = (await w.call('instructor', 'GET', `/api/exams/${x.examId}/score-list`)).json() as { attempts: Json[] };
    expect(list.attempts[0]).toMatchObject({ id: attempt.id, status: 'submitted', objective_score: 0 });
  });

  it('answers saved survive a restart of the server (a second app on the same database resumes them)', async () => {
    const w = world;
    const x = await fiveTypeExam();
    const attempt = (await w.call('student', 'POST', `/api/exams/${x.examId}/attempts`)).json() as { id: number };
    await w.call('student', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, { answers: [{ subject_id: x.blanks.id, answer: ['France', 'Italy'] }] });
    const { buildApp } = await import('../../app.js');
    const { createObjectStore } = await import('../../storage/create-store.js');
    const { PassThrough } = await import('node:stream');
    const second = await buildApp({ config: t.config, database: t.database, storage: await createObjectStore(t.config), logStream: new PassThrough() });
    await second.ready();
    try {
      const res = await second.inject({ method: 'POST', url: `/api/exams/${x.examId}/attempts`, headers: { cookie: w.cookies.student } });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { answers: unknown[] }).answers).toEqual([{ subject_id: x.blanks.id, answer: ['France', 'Italy'] }]);
    } finally {
      await second.close();
    }
  });

  it('a key change regrades submitted attempts', async () => {
    const w = world;
    const examId = await w.exam();
    const s = await w.subject(examId, { type: 'true_or_false', description: 'x', score: 3, answer: true });
    const attempt = (await w.call('student', 'POST', `/api/exams/${examId}/attempts`)).json() as { id: number };
    await w.call('student', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, { answers: [{ subject_id: s.id, answer: false }] });
    expect((await w.call('student', 'POST', `/api/exam-attempts/${attempt.id}/submit`)).json()).toMatchObject({ score: 0 });
    const changed = await w.call('instructor', 'PUT', `/api/exam-subjects/${s.id}`, { type: 'true_or_false', description: 'x', score: 3, answer: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await w.call('student', 'GET', `/api/exam-attempts/${attempt.id}`)).json()).toMatchObject({ score: 3 });
  });

  it('a learner cannot start an unpublished exam; the team’s attempts are previews left out of the score list', async () => {
    const w = world;
    const res = await w.call('instructor', 'POST', `/api/courses/${w.course.id}/activities`, { module_id: w.moduleId, type: 'exam', title: 'Draft' });
    const draft = (res.json() as { id: number }).id;
    expect((await w.call('student', 'POST', `/api/exams/${draft}/attempts`)).statusCode).toBe(403);
    const preview = await w.call('instructor', 'POST', `/api/exams/${draft}/attempts`);
    expect(preview.statusCode).toBe(201);
    expect(((await w.call('instructor', 'GET', `/api/exams/${draft}/score-list`)).json() as { total: number }).total).toBe(0);
  });
});

describe('statistics and export', () => {
  it('item analysis over three learners gives each subject its facility and discrimination; the export holds one row per attempt and a column per subject', async () => {
    const w = world;
    const examId = await w.exam();
    const tf = await w.subject(examId, { type: 'true_or_false', description: '<p>Water boils at 100 °C at sea level</p>', score: 1, answer: true });
    const single = await w.subject(examId, {
      type: 'single_selection',
      description: 'Pick B',
      score: 2,
      options: [
        { content: 'A', is_answer: false },
        { content: 'B', is_answer: true },
      ],
    });
    const right = single.options!.find((o) => o.is_answer)!.id;
    const wrong = single.options!.find((o) => !o.is_answer)!.id;
    const learners: [string, boolean, string][] = [
      ['Ada', true, right],
      ['Ben', true, wrong],
      ['Cy', false, wrong],
    ];
    for (const [name, tfAnswer, option] of learners) {
      const user = await t.factories.user({ orgId: w.org.id, name });
      await t.factories.enrol(w.course.id, user.id, 'student');
      const cookie = await t.factories.login(user.userName);
      const as = (method: 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      const attempt = (await as('POST', `/api/exams/${examId}/attempts`)).json() as { id: number };
      await as('PUT', `/api/exam-attempts/${attempt.id}/answers`, {
        answers: [
          { subject_id: tf.id, answer: tfAnswer },
          { subject_id: single.id, answer: option },
        ],
      });
      expect((await as('POST', `/api/exam-attempts/${attempt.id}/submit`)).statusCode).toBe(200);
    }
    const stats = await w.call('instructor', 'GET', `/api/exams/${examId}/statistics`);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toMatchObject({
      attempts: 3,
      learners: 3,
      mean_score: 1.33,
      median_score: 1,
      max_score: 3,
      subjects: [
        { subject_id: tf.id, excerpt: 'Water boils at 100 °C at sea level', facility: 0.667, discrimination: 0.5, graded: 3 },
        { subject_id: single.id, facility: 0.333, discrimination: 0.5, mean_score: 0.67 },
      ],
    });
    expect([403, 404]).toContain((await w.call('student', 'GET', `/api/exams/${examId}/statistics`)).statusCode);

    const xlsx = await w.call('instructor', 'GET', `/api/exams/${examId}/score-list/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/attachment; filename=.*\.xlsx/);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(4);
    expect(rows[0]!.slice(1, 2).concat(rows[0]!.slice(-2))).toEqual(['Learner', 'Q1 (1)', 'Q2 (2)']);
    expect(rows.slice(1).map((r) => [r[1], r[7], r.at(-2), r.at(-1)])).toEqual([
      ['Ada', 3, 1, 2],
      ['Ben', 1, 1, 0],
      ['Cy', 0, 0, 0],
    ]);
    const csv = await w.call('instructor', 'GET', `/api/exams/${examId}/score-list/export?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n').filter((l) => l.trim())).toHaveLength(4);
  });
});

describe('completion', () => {
  it('a `submitted` exam completes at submission; a `scored` one only when the score reaches the pass score', async () => {
    const w = world;
    const completed = async (activityId: number) => {
      const res = await w.call('student', 'GET', `/api/activities/${activityId}`);
      return (res.json() as { is_completed: boolean }).is_completed;
    };
    const submittedExam = await w.exam({}, { completion_criterion: 'submitted' });
    const s1 = await w.subject(submittedExam, { type: 'true_or_false', description: 'x', score: 1, answer: true });
    const a1 = (await w.call('student', 'POST', `/api/exams/${submittedExam}/attempts`)).json() as { id: number };
    expect(await completed(submittedExam)).toBe(false);
    await w.call('student', 'PUT', `/api/exam-attempts/${a1.id}/answers`, { answers: [{ subject_id: s1.id, answer: false }] });
    await w.call('student', 'POST', `/api/exam-attempts/${a1.id}/submit`);
    await vi.waitFor(async () => expect(await completed(submittedExam)).toBe(true));

    const scoredExam = await w.exam({ pass_score: 1, max_attempts: 2 }, { completion_criterion: 'scored' });
    const s2 = await w.subject(scoredExam, { type: 'true_or_false', description: 'x', score: 1, answer: true });
    for (const answer of [false, true]) {
      const a = (await w.call('student', 'POST', `/api/exams/${scoredExam}/attempts`)).json() as { id: number };
      await w.call('student', 'PUT', `/api/exam-attempts/${a.id}/answers`, { answers: [{ subject_id: s2.id, answer }] });
      await w.call('student', 'POST', `/api/exam-attempts/${a.id}/submit`);
      if (!answer) {
        // Handlers run after the answer: give them the time the passing attempt gets below.
        await vi.waitFor(async () => expect((await w.call('instructor', 'GET', `/api/exams/${scoredExam}/score-list`)).json()).toMatchObject({ total: 1 }));
        expect(await completed(scoredExam)).toBe(false);
      }
    }
    await vi.waitFor(async () => expect(await completed(scoredExam)).toBe(true));
  });
});

describe('the subject bank and random subjects', () => {
  it('bank subjects are filed in categories, copied into an exam, and drawn at random per attempt without repeats, worth the random subject’s points', async () => {
    const w = world;
    const cat = await w.call('instructor', 'POST', `/api/courses/${w.course.id}/subject-categories`, { name: 'Capitals' });
    expect(cat.statusCode, cat.body).toBe(201);
    const categoryId = (cat.json() as { id: number }).id;
    const bank: { id: number }[] = [];
    for (const [country, capital] of [
      ['France', 'Paris'],
      ['Italy', 'Rome'],
      ['Spain', 'Madrid'],
      ['Japan', 'Tokyo'],
    ]) {
      const res = await w.call('instructor', 'POST', `/api/courses/${w.course.id}/subjects`, {
        type: 'fill_in_blank',
        description: `The capital of ${country} is [[1]]`,
        score: 1,
        answers: [[capital]],
        category_id: categoryId,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ activity_id: null, category_id: categoryId });
      bank.push(res.json() as { id: number });
    }
    const categories = (await w.call('instructor', 'GET', `/api/courses/${w.course.id}/subject-categories`)).json() as {
      categories: { subject_count: number }[];
    };
    expect(categories.categories[0]!.subject_count).toBe(4);
    const page = (await w.call('assistant', 'GET', `/api/courses/${w.course.id}/subjects?category_id=${categoryId}&keyword=Japan`)).json() as { total: number };
    expect(page.total).toBe(1);
    expect([403, 404]).toContain((await w.call('student', 'GET', `/api/courses/${w.course.id}/subjects`)).statusCode);

    const examId = await w.exam({ max_attempts: 0 });
    const copied = await w.call('instructor', 'POST', `/api/exams/${examId}/subjects/from-bank`, { subject_ids: [bank[0]!.id] });
    expect(copied.statusCode, copied.body).toBe(201);
    const noCategory = await w.call('instructor', 'POST', `/api/exams/${examId}/subjects`, { type: 'random', description: '', score: 2, count: 2 });
    expect((noCategory.json() as { errors: Json }).errors).toHaveProperty('category_id');
    const random = await w.subject(examId, { type: 'random', description: '', score: 2, count: 2, category_id: categoryId });
    const listed = (await w.call('instructor', 'GET', `/api/exams/${examId}/subjects`)).json() as { total_score: number };
    expect(listed.total_score).toBe(5);

    const drawnSets = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const attempt = (await w.call('student', 'POST', `/api/exams/${examId}/attempts`)).json() as {
        id: number;
        subjects: { id: number; score: number; description: string }[];
        max_score: number;
      };
      expect(attempt.max_score).toBe(5);
      expect(attempt.subjects.map((s) => s.id)).not.toContain(random.id);
      const drawn = attempt.subjects.slice(1);
      expect(drawn).toHaveLength(2);
      // The copy of France is in the exam: its source is never drawn; nothing twice; each worth 2.
      expect(drawn.map((s) => s.id)).not.toContain(bank[0]!.id);
      expect(new Set(drawn.map((s) => s.id)).size).toBe(2);
      expect(drawn.every((s) => s.score === 2 && bank.some((b) => b.id === s.id))).toBe(true);
      drawnSets.add(
        drawn
          .map((s) => s.id)
          .sort()
          .join(','),
      );
      const answers = attempt.subjects.map((s) => ({
        subject_id: s.id,
        answer: [
          s.description.match(/of (\w+)/)![1] === 'France'
            ? 'Paris'
            : s.description.includes('Italy')
              ? 'Rome'
              : s.description.includes('Spain')
                ? 'Madrid'
                : 'Tokyo',
        ],
      }));
      expect((await w.call('student', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, { answers })).statusCode).toBe(200);
      expect((await w.call('student', 'POST', `/api/exam-attempts/${attempt.id}/submit`)).json()).toMatchObject({ score: 5, max_score: 5 });
    }
    // Three bank subjects, two drawn: twelve attempts see more than one combination (about 1 in 180,000 to fail by chance).
    expect(drawnSets.size).toBeGreaterThan(1);
  });

  it('a media subject plays only video or audio files of the course', async () => {
    const w = world;
    const examId = await w.exam();
    const res = await w.call('instructor', 'POST', `/api/exams/${examId}/subjects`, {
      type: 'essay',
      description: 'Listen',
      score: 1,
      upload_ids: [999_999],
      play_limit: true,
      play_limit_times: 2,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Json }).errors).toHaveProperty('upload_ids');
  });
});

describe('query budget (decision 0083)', () => {
  it('start, save and submit stay within their statement budgets', async () => {
    const w = world;
    const x = await fiveTypeExam();
    const start = await countStatements(t, () => w.call('student', 'POST', `/api/exams/${x.examId}/attempts`));
    expect(start.res.statusCode).toBe(201);
    const attemptId = (start.res.json() as { id: number }).id;
    const save = await countStatements(t, () =>
      w.call('student', 'PUT', `/api/exam-attempts/${attemptId}/answers`, { answers: [{ subject_id: x.tf.id, answer: true }] }),
    );
    expect(save.res.statusCode).toBe(200);
    const submit = await countStatements(t, () => w.call('student', 'POST', `/api/exam-attempts/${attemptId}/submit`));
    expect(submit.res.statusCode).toBe(200);
    const shown = (c: { sql: string[] }) => c.sql.map((q) => q.replace(/\s+/g, ' ').slice(0, 100)).join('\n');
    // Start: session, the activity's access chain (activity, course, role, module), attempts, subjects, insert.
    expect(start.statements, shown(start)).toBeLessThanOrEqual(8);
    // Save: session, attempt, subjects, then begin, lock, upsert, commit.
    expect(save.statements, shown(save)).toBeLessThanOrEqual(7);
    // Submit: at most 11 of its own (its transaction), then the domain event's dispatch to its
    // handlers (completion, gradebook) before the answer, each a handful.
    const own = submit.sql.findIndex((q) => q.includes('domain_event_handlings'));
    expect(own, shown(submit)).toBeLessThanOrEqual(11);
    expect(submit.statements, shown(submit)).toBeLessThanOrEqual(40);
  });
});
