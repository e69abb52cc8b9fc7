import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE, type DomainEventType, type VideoQuizResults } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { countStatements } from '../../../test/helpers/count-statements.js';
import { activityWith, uploadFile } from '../../../test/helpers/media-world.js';
import { defineHandler, eventBusOf, type DomainEvent } from '../events/events.service.js';

/**
 * Issue 15 §6, video quizzes: the team pins subjects to seconds of a course video; whoever may read
 * the video reads the quiz; a learner gets the subjects without any key, answers one at a time and
 * is graded at once; the team reads the results. Access follows the video (decision 0080): a
 * learner loses the quiz with the activity holding the video.
 */

type Json = Record<string, unknown>;
type Who = 'instructor' | 'assistant' | 'admin' | 'student' | 'outsider' | 'stranger';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;

async function makeWorld() {
  const base = await t.factories.courseWorld();
  const otherOrg = await t.factories.org();
  const stranger = await t.factories.user({ orgId: otherOrg.id, role: USER_ROLE.admin });
  const otherCourse = await t.factories.course({ orgId: base.org.id, instructorId: base.instructor.id });
  const cookies: Record<Who, string> = {
    instructor: await t.factories.login(base.instructor.userName),
    assistant: await t.factories.login(base.assistant.userName),
    admin: await t.factories.login(base.admin.userName),
    student: await t.factories.login(base.student.userName),
    outsider: await t.factories.login(base.outsider.userName),
    stranger: await t.factories.login(stranger.userName),
  };
  const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: cookies[who] } : {}, ...(payload ? { payload } : {}) });
  const video = await uploadFile(t, cookies.instructor, base.course.id, 'video/pythonpptx__just-two-mice.mp4');
  expect(video.status).toBe('ready');
  const text = await uploadFile(t, cookies.instructor, base.course.id, { name: 'notes.txt', bytes: Buffer.from('notes\n') });
  const otherVideo = await uploadFile(t, cookies.instructor, otherCourse.id, 'video/moodlecore__moodle-logo.webm');
  const activity = await activityWith(t, base.course.id, [video.id]);
  return { ...base, cookies, call, video, text, otherVideo, otherCourse, activity };
}

/** Events of these types as an in-process handler receives them, until `stop()`. */
function recordEvents(types: DomainEventType[]): DomainEvent[] & { stop: () => void } {
  const seen = [] as unknown as DomainEvent[] & { stop: () => void };
  seen.stop = eventBusOf(t.app.deps).on(defineHandler({ name: `test.${types.join('+')}`, types, handle: async (event) => void seen.push(event) }));
  return seen;
}

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}
/** Keys that carry (or are) an answer key: none may reach a learner. */
const KEY_FIELDS = ['is_answer', 'answers', 'numerical_answers', 'pairs', 'distractors', 'case_sensitive', 'explanation', 'fraction', 'accepted'];
function expectNoKey(body: unknown) {
  expect(keysOf(body).filter((k) => KEY_FIELDS.includes(k))).toEqual([]);
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await makeWorld();
}, 180_000);
afterAll(() => t?.close());

/** A quiz over the world's video with a single choice, a true/false and a fill-in-blank subject (added out of time order). */
async function quizWithSubjects() {
  const created = await w.call('instructor', 'POST', `/api/courses/${w.course.id}/video-quizzes`, { upload_id: w.video.id, title: 'Mice' });
  expect(created.statusCode, created.body).toBe(201);
  const quiz = created.json() as Json & { id: number };
  const add = async (body: Json) => {
    const res = await w.call('instructor', 'POST', `/api/video-quizzes/${quiz.id}/subjects`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json & { id: number; options?: { id: string; content: string; is_answer: boolean }[] };
  };
  const blanks = await add({ type: 'fill_in_blank', at_seconds: 6, description: 'Two [[1]] and one [[2]]', score: 2, answers: [['mice'], ['cat', 'kitten']] });
  const single = await add({
    type: 'single_selection',
    at_seconds: 1.5,
    description: '<p>How many mice?</p>',
    score: 3,
    options: [
      { content: 'One', is_answer: false },
      { content: 'Two', is_answer: true },
    ],
  });
  const tf = await add({ type: 'true_or_false', at_seconds: 4, description: 'The mice are grey', score: 1, answer: true });
  return { quiz, single, tf, blanks };
}

let made: Awaited<ReturnType<typeof quizWithSubjects>>;

describe('building a quiz (course team)', () => {
  it('refuses a file that is not a video of this course, naming upload_id, and creates nothing', async () => {
    for (const upload_id of [w.text.id, w.otherVideo.id, 999_999]) {
      const res = await w.call('instructor', 'POST', `/api/courses/${w.course.id}/video-quizzes`, { upload_id });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { errors: Json }).errors).toHaveProperty('upload_id');
    }
    const list = await w.call('instructor', 'GET', `/api/courses/${w.course.id}/video-quizzes`);
    expect(list.json()).toEqual({ video_quizzes: [], can_manage: true });
    expect((await w.call('student', 'POST', `/api/courses/${w.course.id}/video-quizzes`, { upload_id: w.video.id })).statusCode).toBe(403);
  });

  it('adds a quiz with subjects; one quiz per video; subjects are refused past the end of the video or when they do not fit their type, changing nothing', async () => {
    made = await quizWithSubjects();
    expect(made.quiz).toEqual({
      id: made.quiz.id,
      course_id: w.course.id,
      upload_id: w.video.id,
      title: 'Mice',
      subject_count: 0,
      upload: { id: w.video.id, name: 'pythonpptx__just-two-mice.mp4', type: 'video', status: 'ready', duration: expect.closeTo(7.16, 1) },
    });
    const again = await w.call('assistant', 'POST', `/api/courses/${w.course.id}/video-quizzes`, { upload_id: w.video.id });
    expect(again.statusCode).toBe(400);
    expect((again.json() as { errors: Json }).errors).toHaveProperty('upload_id');

    const late = await w.call('instructor', 'POST', `/api/video-quizzes/${made.quiz.id}/subjects`, { type: 'true_or_false', at_seconds: 60, answer: true });
    expect(late.statusCode).toBe(400);
    expect((late.json() as { errors: Json }).errors).toHaveProperty('at_seconds');
    const negative = await w.call('instructor', 'POST', `/api/video-quizzes/${made.quiz.id}/subjects`, { type: 'true_or_false', at_seconds: -1, answer: true });
    expect(negative.statusCode).toBe(400);
    expect(negative.body).toMatch(/at_seconds/);
    const unkeyed = await w.call('instructor', 'POST', `/api/video-quizzes/${made.quiz.id}/subjects`, {
      type: 'single_selection',
      at_seconds: 2,
      options: [
        { content: 'a', is_answer: false },
        { content: 'b', is_answer: false },
      ],
    });
    expect(unkeyed.statusCode).toBe(400);
    expect((unkeyed.json() as { errors: Json }).errors).toHaveProperty('options');
    const edit = await w.call('instructor', 'PUT', `/api/video-quiz-subjects/${made.tf.id}`, { type: 'true_or_false', at_seconds: 99, answer: false });
    expect(edit.statusCode).toBe(400);

    const team = await w.call('assistant', 'GET', `/api/video-quizzes/${made.quiz.id}/subjects`);
    expect(team.statusCode, team.body).toBe(200);
    const body = team.json() as { view: string; max_score: number; subjects: (Json & { at_seconds: number })[] };
    expect(body.view).toBe('team');
    expect(body.max_score).toBe(6);
    expect(body.subjects.map((s) => [s.type, s.at_seconds])).toEqual([
      ['single_selection', 1.5],
      ['true_or_false', 4],
      ['fill_in_blank', 6],
    ]);
    expect(body.subjects[1]).toMatchObject({ answer: true, video_quiz_id: made.quiz.id });
    expect(body.subjects[2]).toMatchObject({ answers: [['mice'], ['cat', 'kitten']] });
    expect((await w.call('instructor', 'GET', `/api/video-quizzes/${made.quiz.id}`)).json()).toMatchObject({ subject_count: 3 });
  });

  it('renames the quiz; learners and other organisations cannot change it', async () => {
    const renamed = await w.call('instructor', 'PUT', `/api/video-quizzes/${made.quiz.id}`, { title: 'Two mice' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Two mice' });
    expect((await w.call('student', 'PUT', `/api/video-quizzes/${made.quiz.id}`, { title: 'x' })).statusCode).toBe(403);
    expect((await w.call('student', 'DELETE', `/api/video-quiz-subjects/${made.single.id}`)).statusCode).toBe(403);
    expect((await w.call('stranger', 'PUT', `/api/video-quizzes/${made.quiz.id}`, { title: 'x' })).statusCode).toBe(403); // the course policy: another organisation's course
    expect((await w.call(null, 'PUT', `/api/video-quizzes/${made.quiz.id}`, { title: 'x' })).statusCode).toBe(401);
    expect((await w.call('instructor', 'GET', `/api/video-quizzes/${made.quiz.id}`)).json()).toMatchObject({ title: 'Two mice' });
  });
});

describe('who reads a quiz', () => {
  it('the team and the learner of an open activity read it; an outsider, another organisation and the anonymous caller do not', async () => {
    for (const who of ['instructor', 'assistant', 'admin', 'student'] as const) {
      for (const path of ['', '/subjects']) {
        const res = await w.call(who, 'GET', `/api/video-quizzes/${made.quiz.id}${path}`);
        expect(res.statusCode, `${who} ${path}: ${res.body}`).toBe(200);
      }
      const list = await w.call(who, 'GET', `/api/courses/${w.course.id}/video-quizzes?upload_id=${w.video.id}`);
      expect(
        (list.json() as { video_quizzes: { id: number }[] }).video_quizzes.map((q) => q.id),
        who,
      ).toEqual([made.quiz.id]);
    }
    for (const path of ['', '/subjects']) {
      expect((await w.call('outsider', 'GET', `/api/video-quizzes/${made.quiz.id}${path}`)).statusCode).toBe(403);
      const stranger = await w.call('stranger', 'GET', `/api/video-quizzes/${made.quiz.id}${path}`);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.body).not.toContain('mice');
      expect((await w.call(null, 'GET', `/api/video-quizzes/${made.quiz.id}${path}`)).statusCode).toBe(401);
    }
    expect((await w.call('outsider', 'GET', `/api/courses/${w.course.id}/video-quizzes`)).statusCode).toBe(403);
    expect((await w.call('student', 'GET', `/api/video-quizzes/${made.quiz.id}/results`)).statusCode).toBe(403);
    expect((await w.call('instructor', 'GET', '/api/video-quizzes/999999')).statusCode).toBe(404);
  });

  it('a learner loses the quiz while the activity holding the video is unpublished; the team keeps it', async () => {
    const unpublish = await w.call('instructor', 'PUT', `/api/activities/${w.activity.id}/publish`, { published: false });
    expect(unpublish.statusCode, unpublish.body).toBe(200);
    try {
      for (const path of ['', '/subjects']) {
        const res = await w.call('student', 'GET', `/api/video-quizzes/${made.quiz.id}${path}`);
        expect(res.statusCode, path).toBe(403);
        expect(res.body).not.toContain('mice');
      }
      const answer = await w.call('student', 'PUT', `/api/video-quiz-subjects/${made.tf.id}/answer`, { answer: true });
      expect(answer.statusCode).toBe(403);
      const list = await w.call('student', 'GET', `/api/courses/${w.course.id}/video-quizzes?upload_id=${w.video.id}`);
      expect(list.json()).toEqual({ video_quizzes: [], can_manage: false });
      expect((await w.call('assistant', 'GET', `/api/video-quizzes/${made.quiz.id}/subjects`)).statusCode).toBe(200);
    } finally {
      expect((await w.call('instructor', 'PUT', `/api/activities/${w.activity.id}/publish`, { published: true })).statusCode).toBe(200);
    }
    const subjects = await w.call('student', 'GET', `/api/video-quizzes/${made.quiz.id}/subjects`);
    expect(subjects.statusCode).toBe(200);
    expect((subjects.json() as { subjects: { my_answer: unknown }[] }).subjects.every((s) => s.my_answer === null)).toBe(true);
  });
});

describe('answering (a learner)', () => {
  it('gets the subjects by second without any key and within a budget of statements', async () => {
    const { res, statements, sql } = await countStatements(t, () => w.call('student', 'GET', `/api/video-quizzes/${made.quiz.id}/subjects`));
    expect(res.statusCode).toBe(200);
    expect(statements, sql.join('\n')).toBeLessThanOrEqual(8);
    const body = res.json() as { view: string; subjects: (Json & { at_seconds: number; options?: Json[] })[]; max_score: number; score: number };
    expectNoKey(body);
    expect(body).toMatchObject({ view: 'learner', max_score: 6, score: 0 });
    expect(body.subjects.map((s) => s.at_seconds)).toEqual([1.5, 4, 6]);
    expect(body.subjects[0]!.options).toEqual(made.single.options!.map((o) => ({ id: o.id, content: o.content })));
    expect(body.subjects[2]).toMatchObject({ type: 'fill_in_blank', blank_count: 2, my_answer: null });
  });

  it('is graded at once: single choice, true/false and fill in blank; the answer carries no key; an event follows', async () => {
    const events = recordEvents(['video_quiz.answered']);
    try {
      const put = async (subjectId: number, answer: unknown) => {
        const res = await w.call('student', 'PUT', `/api/video-quiz-subjects/${subjectId}/answer`, { answer });
        expect(res.statusCode, res.body).toBe(200);
        expectNoKey(res.json());
        return res.json() as Json;
      };
      const wrongOption = made.single.options!.find((o) => !o.is_answer)!.id;
      const rightOption = made.single.options!.find((o) => o.is_answer)!.id;
      expect(await put(made.single.id, wrongOption)).toMatchObject({ subject_id: made.single.id, score: 0, max_score: 3, correct: false });
      expect(await put(made.single.id, rightOption)).toMatchObject({ score: 3, max_score: 3, correct: true });
      expect(await put(made.tf.id, false)).toMatchObject({ score: 0, max_score: 1, correct: false });
      expect(await put(made.blanks.id, [' MICE ', 'dog'])).toMatchObject({ score: 1, max_score: 2, correct: false });
      expect(await put(made.blanks.id, ['mice', 'Kitten'])).toMatchObject({ score: 2, max_score: 2, correct: true });
      expect(events.map((e) => e.payload)).toEqual(
        [0, 3, 0, 1, 2].map((score, i) => ({
          course_id: w.course.id,
          video_quiz_id: made.quiz.id,
          subject_id: [made.single.id, made.single.id, made.tf.id, made.blanks.id, made.blanks.id][i],
          user_id: w.student.id,
          score,
        })),
      );
    } finally {
      events.stop();
    }
    const subjects = (await w.call('student', 'GET', `/api/video-quizzes/${made.quiz.id}/subjects`)).json() as {
      score: number;
      subjects: { id: number; my_answer: Json | null }[];
    };
    expectNoKey(subjects);
    expect(subjects.score).toBe(5);
    expect(subjects.subjects.map((s) => s.my_answer && [s.my_answer.answer, s.my_answer.score, s.my_answer.correct])).toEqual([
      [made.single.options!.find((o) => o.is_answer)!.id, 3, true],
      [false, 0, false],
      [['mice', 'Kitten'], 2, true],
    ]);
  });

  it('refuses an answer that does not fit the subject, naming answer, and keeps the one saved', async () => {
    const cases: [number, unknown][] = [
      [made.single.id, 'no-such-option'],
      [made.single.id, ['a']],
      [made.tf.id, 'yes'],
      [made.tf.id, null],
      [made.blanks.id, 'mice'],
      [made.blanks.id, ['a', 'b', 'c']],
    ];
    for (const [subjectId, answer] of cases) {
      const res = await w.call('student', 'PUT', `/api/video-quiz-subjects/${subjectId}/answer`, { answer });
      expect(res.statusCode, JSON.stringify(answer)).toBe(400);
      expect((res.json() as { errors: Json }).errors, JSON.stringify(answer)).toHaveProperty('answer');
    }
    const missing = await w.call('student', 'PUT', `/api/video-quiz-subjects/${made.tf.id}/answer`, {});
    expect(missing.statusCode).toBe(400);
    const subjects = (await w.call('student', 'GET', `/api/video-quizzes/${made.quiz.id}/subjects`)).json() as {
      score: number;
      subjects: { my_answer: Json | null }[];
    };
    expect(subjects.score).toBe(5);
    expect(subjects.subjects[1]!.my_answer).toMatchObject({ answer: false, score: 0 });
  });

  it('the team does not answer; an outsider cannot; an unknown subject is 404', async () => {
    expect((await w.call('instructor', 'PUT', `/api/video-quiz-subjects/${made.tf.id}/answer`, { answer: true })).statusCode).toBe(403);
    expect((await w.call('outsider', 'PUT', `/api/video-quiz-subjects/${made.tf.id}/answer`, { answer: true })).statusCode).toBe(403);
    expect((await w.call('stranger', 'PUT', `/api/video-quiz-subjects/${made.tf.id}/answer`, { answer: true })).statusCode).toBe(404);
    expect((await w.call('student', 'PUT', '/api/video-quiz-subjects/999999/answer', { answer: true })).statusCode).toBe(404);
  });
});

describe('results and changes (course team)', () => {
  it('counts answers and right answers per subject and per learner; a changed key grades the answers again', async () => {
    const before = await w.call('instructor', 'GET', `/api/video-quizzes/${made.quiz.id}/results`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      video_quiz_id: made.quiz.id,
      max_score: 6,
      subjects: [
        { subject_id: made.single.id, at_seconds: 1.5, type: 'single_selection', max_score: 3, answered: 1, right: 1, to_grade: 0 },
        { subject_id: made.tf.id, at_seconds: 4, type: 'true_or_false', max_score: 1, answered: 1, right: 0, to_grade: 0 },
        { subject_id: made.blanks.id, at_seconds: 6, type: 'fill_in_blank', max_score: 2, answered: 1, right: 1, to_grade: 0 },
      ],
      learners: [{ user: { id: w.student.id, name: w.student.name, user_no: expect.any(String) }, answered: 3, right: 2, score: 5, to_grade: 0 }],
    });
    const rekeyed = await w.call('instructor', 'PUT', `/api/video-quiz-subjects/${made.tf.id}`, {
      type: 'true_or_false',
      at_seconds: 3,
      description: 'The mice are grey',
      score: 2,
      answer: false,
    });
    expect(rekeyed.statusCode, rekeyed.body).toBe(200);
    expect(rekeyed.json()).toMatchObject({ at_seconds: 3, answer: false, score: 2 });
    const after = (await w.call('instructor', 'GET', `/api/video-quizzes/${made.quiz.id}/results`)).json() as { learners: Json[]; max_score: number };
    expect(after.max_score).toBe(7);
    expect(after.learners[0]).toMatchObject({ answered: 3, right: 3, score: 7 });
    const mine = (await w.call('student', 'GET', `/api/video-quizzes/${made.quiz.id}/subjects`)).json() as {
      score: number;
      subjects: { id: number; my_answer: Json }[];
    };
    expect(mine.score).toBe(7);
    expect(mine.subjects.find((s) => s.id === made.tf.id)!.my_answer).toMatchObject({ score: 2, correct: true });
  });

  it('deletes a subject and then the quiz with its answers', async () => {
    expect((await w.call('assistant', 'DELETE', `/api/video-quiz-subjects/${made.single.id}`)).statusCode).toBe(204);
    const results = (await w.call('instructor', 'GET', `/api/video-quizzes/${made.quiz.id}/results`)).json() as { subjects: unknown[]; learners: Json[] };
    expect(results.subjects).toHaveLength(2);
    expect(results.learners[0]).toMatchObject({ answered: 2, score: 4 });
    expect((await w.call('student', 'DELETE', `/api/video-quizzes/${made.quiz.id}`)).statusCode).toBe(403);
    expect((await w.call('instructor', 'DELETE', `/api/video-quizzes/${made.quiz.id}`)).statusCode).toBe(204);
    expect((await w.call('student', 'GET', `/api/video-quizzes/${made.quiz.id}`)).statusCode).toBe(404);
    expect((await w.call('student', 'PUT', `/api/video-quiz-subjects/${made.tf.id}/answer`, { answer: true })).statusCode).toBe(404);
    expect((await w.call('instructor', 'GET', `/api/courses/${w.course.id}/video-quizzes`)).json()).toEqual({ video_quizzes: [], can_manage: true });
  });
});

describe('grading by the team (essays)', () => {
  it('an essay waits for the team: sanitised, listed to grade, scored within its points, kept when the subject changes; an event follows', async () => {
    const created = await w.call('instructor', 'POST', `/api/courses/${w.course.id}/video-quizzes`, { upload_id: w.video.id, title: 'Essays' });
    expect(created.statusCode, created.body).toBe(201);
    const quizId = (created.json() as { id: number }).id;
    const added = await w.call('instructor', 'POST', `/api/video-quizzes/${quizId}/subjects`, {
      type: 'essay',
      at_seconds: 2,
      description: '<p>Why two mice?</p>',
      score: 4,
    });
    expect(added.statusCode, added.body).toBe(201);
    const essayId = (added.json() as { id: number }).id;

    const answered = await w.call('student', 'PUT', `/api/video-quiz-subjects/${essayId}/answer`, { answer: '<p>Company<script>alert(1)</script></p>' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ score: null, correct: null, max_score: 4 });
    const results = async () => (await w.call('instructor', 'GET', `/api/video-quizzes/${quizId}/results`)).json() as VideoQuizResults;
    const before = await results();
    expect(before.subjects[0]).toMatchObject({ answered: 1, right: 0, to_grade: 1 });
    expect(before.learners[0]).toMatchObject({ answered: 1, score: 0, to_grade: 1 });

    const list = await w.call('assistant', 'GET', `/api/video-quiz-subjects/${essayId}/answers`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      subject_id: essayId,
      type: 'essay',
      max_score: 4,
      answers: [
        {
          user: { id: w.student.id, name: w.student.name, user_no: expect.any(String) },
          answer: '<p>Company</p>',
          score: null,
          correct: null,
          answered_at: expect.any(String),
        },
      ],
    });
    // The course policy: a learner, a member of the organisation outside the course, another organisation's admin.
    for (const who of ['student', 'outsider', 'stranger'] as const)
      expect((await w.call(who, 'GET', `/api/video-quiz-subjects/${essayId}/answers`)).statusCode).toBe(403);
    expect((await w.call(null, 'GET', `/api/video-quiz-subjects/${essayId}/answers`)).statusCode).toBe(401);

    const score = (who: Who, userId: number, body: object) => w.call(who, 'PUT', `/api/video-quiz-subjects/${essayId}/answers/${userId}/score`, body);
    const events = recordEvents(['video_quiz.graded']);
    try {
      const tooMany = await score('instructor', w.student.id, { score: 4.5 });
      expect(tooMany.statusCode).toBe(400);
      expect((tooMany.json() as { errors: Json }).errors).toHaveProperty('score');
      expect((await score('instructor', w.student.id, { score: -1 })).statusCode).toBe(400);
      expect((await score('student', w.student.id, { score: 4 })).statusCode).toBe(403);
      expect((await score('instructor', w.outsider.id, { score: 1 })).statusCode).toBe(404);
      expect((await results()).learners[0]).toMatchObject({ score: 0, to_grade: 1 });
      expect(events).toHaveLength(0);

      const graded = await score('assistant', w.student.id, { score: 3.5 });
      expect(graded.statusCode, graded.body).toBe(200);
      expect(graded.json()).toMatchObject({ user: { id: w.student.id }, answer: '<p>Company</p>', score: 3.5, correct: null });
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]!.payload).toMatchObject({ subject_id: essayId, user_id: w.student.id, score: 3.5, graded_by: w.assistant.id });
    } finally {
      events.stop();
    }
    const after = await results();
    expect(after.subjects[0]).toMatchObject({ to_grade: 0 });
    expect(after.learners[0]).toMatchObject({ score: 3.5, to_grade: 0 });
    const mine = (await w.call('student', 'GET', `/api/video-quizzes/${quizId}/subjects`)).json() as { score: number; subjects: { my_answer: Json }[] };
    expect(mine.score).toBe(3.5);
    expect(mine.subjects[0]!.my_answer).toMatchObject({ score: 3.5 });

    // Fewer points for the subject: the team's grade stays, at most the new points.
    const edited = await w.call('instructor', 'PUT', `/api/video-quiz-subjects/${essayId}`, {
      type: 'essay',
      at_seconds: 2,
      description: '<p>Why two mice?</p>',
      score: 3,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await results()).learners[0]).toMatchObject({ score: 3, to_grade: 0 });
    expect((await w.call('instructor', 'DELETE', `/api/video-quizzes/${quizId}`)).statusCode).toBe(204);
  });
});
