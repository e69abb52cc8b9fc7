import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

/** Issue 15 §5: questionnaires, named and anonymous; results for the team; one response each. */

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
type Json = Record<string, unknown>;

async function makeWorld() {
  const base = await t.factories.courseWorld();
  const cookies = {
    instructor: await t.factories.login(base.instructor.userName),
    student: await t.factories.login(base.student.userName),
    outsider: await t.factories.login(base.outsider.userName),
  };
  const call = (who: keyof typeof cookies | string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who in cookies ? cookies[who as keyof typeof cookies] : who }, ...(payload ? { payload } : {}) });
  const module = await call('instructor', 'POST', `/api/courses/${base.course.id}/modules`, { title: 'Week 1' });
  const moduleId = (module.json() as { id: number }).id;
  await call('instructor', 'PUT', `/api/modules/${moduleId}/publish`, { published: true });
  const questionnaire = async (data: Json) => {
    const res = await call('instructor', 'POST', `/api/courses/${base.course.id}/activities`, {
      module_id: moduleId,
      type: 'questionnaire',
      title: 'Feedback',
      data,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { id: number }).id;
    expect((await call('instructor', 'PUT', `/api/activities/${id}/publish`, { published: true })).statusCode).toBe(200);
    const add = async (body: Json) => {
      const r = await call('instructor', 'POST', `/api/questionnaires/${id}/subjects`, body);
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as { id: number; options?: { id: string; content: string }[]; rows?: { id: string }[]; columns?: { id: string }[] };
    };
    const choice = await add({ type: 'single_selection', description: 'Pace?', options: ['Too slow', 'Right', 'Too fast'], is_required: true });
    const rating = await add({ type: 'rating', description: 'Overall', min: 1, max: 5, min_label: 'Poor', max_label: 'Great' });
    const matrix = await add({ type: 'matrix', description: 'Parts', rows: ['Lectures', 'Labs'], columns: ['Bad', 'Good'] });
    const text = await add({ type: 'text', description: 'Anything else?' });
    return { id, choice, rating, matrix, text };
  };
  /** Signs in a new student of the course. */
  const learner = async (name: string) => {
    const user = await t.factories.user({ orgId: base.org.id, name });
    await t.factories.enrol(base.course.id, user.id, 'student');
    return { user, cookie: await t.factories.login(user.userName) };
  };
  return { ...base, cookies, call, questionnaire, learner, moduleId };
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await makeWorld();
}, 120_000);
afterAll(() => t?.close());

describe('questionnaires', () => {
  it('named: learners answer once; results count options, ratings, matrix cells and list texts with names; the export has a row each', async () => {
    const q = await w.questionnaire({ anonymous: false });
    const answers = (o: number, r: number, m: number, text?: string) => ({
      answers: [
        { subject_id: q.choice.id, answer: q.choice.options![o]!.id },
        { subject_id: q.rating.id, answer: r },
        { subject_id: q.matrix.id, answer: { [q.matrix.rows![0]!.id]: q.matrix.columns![m]!.id } },
        ...(text ? [{ subject_id: q.text.id, answer: text }] : []),
      ],
    });
    const ada = await w.learner('Ada');
    const ben = await w.learner('Ben');
    expect((await w.call(ada.cookie, 'POST', `/api/questionnaires/${q.id}/responses`, answers(1, 5, 1, 'More labs'))).statusCode).toBe(201);
    expect((await w.call(ben.cookie, 'POST', `/api/questionnaires/${q.id}/responses`, answers(2, 3, 0))).statusCode).toBe(201);
    const again = await w.call(ben.cookie, 'POST', `/api/questionnaires/${q.id}/responses`, answers(0, 1, 0));
    expect(again.statusCode).toBe(409);
    expect((again.json() as { code: string }).code).toBe('QUESTIONNAIRE_ANSWERED');

    const mine = (await w.call(ada.cookie, 'GET', `/api/questionnaires/${q.id}`)).json() as { my_response: { answers: { subject_id: number }[] } };
    expect(mine.my_response.answers.map((a) => a.subject_id).sort()).toEqual([q.choice.id, q.rating.id, q.matrix.id, q.text.id].sort());

    const res = await w.call('instructor', 'GET', `/api/questionnaires/${q.id}/results`);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json() as { response_count: number; learner_count: number; subjects: Json[] };
    expect(results.response_count).toBe(2);
    expect(results.learner_count).toBe(3);
    const [choice, rating, matrix, text] = results.subjects as [
      { options: { count: number }[] },
      { rating: { distribution: { value: number; count: number }[]; mean: number } },
      { matrix: { counts: number[][] } },
      { texts: { text: string; user: { name: string } | null }[] },
    ];
    expect(choice.options.map((o) => o.count)).toEqual([0, 1, 1]);
    expect(rating.rating.mean).toBe(4);
    expect(rating.rating.distribution.filter((d) => d.count > 0)).toEqual([
      { value: 3, count: 1 },
      { value: 5, count: 1 },
    ]);
    expect(matrix.matrix.counts).toEqual([
      [1, 1],
      [0, 0],
    ]);
    expect(text.texts).toEqual([{ text: 'More labs', user: expect.objectContaining({ name: 'Ada' }) }]);
    // Learners do not see results unless the questionnaire shows them.
    expect((await w.call(ada.cookie, 'GET', `/api/questionnaires/${q.id}/results`)).statusCode).toBe(403);

    const csv = await w.call('instructor', 'GET', `/api/questionnaires/${q.id}/results/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\n').filter((l) => l.trim());
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain('Ada');
    expect(csv.body).toContain('Right');
  });

  it('anonymous: nothing in results or export links a response to a learner, and my own answers are not shown back to me', async () => {
    const q = await w.questionnaire({ anonymous: true, show_results: true });
    const cy = await w.learner('Cyrus Unique');
    const res = await w.call(cy.cookie, 'POST', `/api/questionnaires/${q.id}/responses`, {
      answers: [
        { subject_id: q.choice.id, answer: q.choice.options![0]!.id },
        { subject_id: q.text.id, answer: 'Secret opinion' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const mine = (await w.call(cy.cookie, 'GET', `/api/questionnaires/${q.id}`)).json() as { my_response: { answers: unknown } };
    expect(mine.my_response.answers).toBeNull();
    const results = await w.call('instructor', 'GET', `/api/questionnaires/${q.id}/results`);
    expect(results.body).toContain('Secret opinion');
    expect(results.body).not.toContain('Cyrus');
    expect(results.body).not.toMatch(/"user":\{|"user_id"/);
    const xlsx = await w.call('instructor', 'GET', `/api/questionnaires/${q.id}/results/export?format=csv`);
    expect(xlsx.body).not.toContain('Cyrus');
    // show_results: a learner who answered sees the results (without names).
    expect((await w.call(cy.cookie, 'GET', `/api/questionnaires/${q.id}/results`)).statusCode).toBe(200);
  });

  it('refuses a response missing a required subject or with a wrong shape, naming the field, and stores nothing', async () => {
    const q = await w.questionnaire({});
    const missing = await w.call('student', 'POST', `/api/questionnaires/${q.id}/responses`, { answers: [{ subject_id: q.rating.id, answer: 4 }] });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { errors: Json }).errors).toHaveProperty('answers');
    const wrong = await w.call('student', 'POST', `/api/questionnaires/${q.id}/responses`, {
      answers: [
        { subject_id: q.choice.id, answer: q.choice.options![0]!.id },
        { subject_id: q.rating.id, answer: 9 },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as { errors: Json }).errors).toHaveProperty(['answers[1].answer']);
    expect(((await w.call('student', 'GET', `/api/questionnaires/${q.id}`)).json() as { my_response: unknown }).my_response).toBeNull();
    expect(((await w.call('instructor', 'GET', `/api/questionnaires/${q.id}/results`)).json() as { response_count: number }).response_count).toBe(0);
  });

  it('subjects are the team’s to write; a bad subject names its field; outsiders and learners are refused', async () => {
    const q = await w.questionnaire({});
    const bad = await w.call('instructor', 'POST', `/api/questionnaires/${q.id}/subjects`, { type: 'matrix', rows: ['a'], columns: ['only one'] });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: Json }).errors).toHaveProperty('columns');
    expect((await w.call('student', 'POST', `/api/questionnaires/${q.id}/subjects`, { type: 'text' })).statusCode).toBe(403);
    expect([403, 404]).toContain((await w.call('outsider', 'GET', `/api/questionnaires/${q.id}`)).statusCode);
    // Renaming one option keeps the ids of the others, so earlier answers still count.
    const renamed = await w.call('instructor', 'PUT', `/api/questionnaire-subjects/${q.choice.id}`, {
      type: 'single_selection',
      description: 'Pace?',
      options: ['Too slow', 'Just right', 'Too fast'],
    });
    const ids = (renamed.json() as { options: { id: string }[] }).options.map((o) => o.id);
    expect(ids[0]).toBe(q.choice.options![0]!.id);
    expect(ids[2]).toBe(q.choice.options![2]!.id);
    expect(ids[1]).not.toBe(q.choice.options![1]!.id);
  });
});
