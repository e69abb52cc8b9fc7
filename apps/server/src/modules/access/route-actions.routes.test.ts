import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createActivity, createExamSubject } from '../../../test/factories/activities.js';
import { zip as makeZip } from '../../../test/helpers/hostile-archives.js';
import { manifest12, uploadFile } from '../../../test/helpers/media-world.js';
import { ACTION_ROLES, MATRIX_ROLES, RESOURCE_KINDS, ROUTE_MATRIX, kindOf, type MatrixRole } from '../../../test/helpers/route-matrix.js';
import { requireRouteAction } from '../../plugins/auth.js';
import { DEFAULT_ORG_SETTINGS, orgs } from '../orgs/orgs.table.js';
import { ROUTE_ACTIONS, type RouteAction } from './actions.js';

/**
 * Issue 14 §1: every route declares its action, the OpenAPI document lists it,
 * and the role × action matrix (test/helpers/route-matrix.ts) covers every
 * route; the GET routes a small world can fill are called as each of the six
 * roles and answer as the matrix says.
 */

interface Operation {
  'x-action'?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const FILE_NAME = 'pdfjs__tracemonkey.pdf';
const TEXT_NAME = 'course-notes.txt';
const NAMES = [FILE_NAME, TEXT_NAME, 'filetype__fixture.png', 'howler__sound2.mp3', 'pythonpptx__just-two-mice.mp4', 'package.zip'];

/**
 * Calls an allowed role may get without the access check refusing it: the world's
 * PDF is no link (embed material) and no resource file (the external player), and
 * its bytes were already sent (the upload token). Everything else answers 2xx, or
 * 3xx where the route redirects to the file (SCORM launch, a visitor's image).
 */
const ALLOWED_NOT_2XX: Record<string, number> = {
  'GET /api/uploads/embed-material/{id}': 404,
  'GET /api/resource-file/{id}/player-url': 404,
  'GET /api/uptoken': 409,
  // The world's activity is a material, not a meeting (live attendance: 409 NOT_A_LIVE_ACTIVITY).
  'GET /api/activities/{id}/attendance': 409,
  // … nor a classroom (in-class mode: 409 NOT_A_CLASSROOM); the report needs a session, which the world's call does not name (400).
  'POST /api/activities/{id}/inclass-sessions': 409,
  'POST /api/course/{id}/inclass-report': 400,
  // Nor an LTI tool (400 LTI_INVALID_REQUEST); the tool's service calls need its own bearer token, which no role holds (401, decision 0153).
  'GET /api/activities/{id}/lti': 400,
  'GET /api/activities/{id}/lti/launch': 400,
  'GET /api/activities/{id}/lti/deep-link': 400,
  'GET /api/lti/activities/{activityId}/lineitems': 401,
  'GET /api/lti/activities/{activityId}/lineitem': 401,
  'GET /api/lti/activities/{activityId}/lineitem/results': 401,
  'GET /api/lti/activities/{activityId}/memberships': 401,
  // The chat group is on but the world's organisation configures no DingTalk (409 CONNECTOR_NOT_CONFIGURED).
  'GET /api/ding-talk/user-id': 409,
  'GET /api/ding-talk/chat': 409,
};

let t: TestApp;
let doc: OpenApi;
let operations: Map<string, Operation>;
let cookies: Record<Exclude<MatrixRole, 'anonymous'>, string>;
type FileKind = 'pdf' | 'text' | 'image' | 'audio' | 'video' | 'scorm';
interface Ids {
  course: number;
  activity: number;
  subject: number;
  exam: number;
  /** A questionnaire that shows results, answered by the student. */
  questionnaire: number;
  /** The student's attempt at the exam. */
  attempt: number;
  /** A homework, and the student's submission to it. */
  homework: number;
  submission: number;
  /** A video quiz over the world's video, and an essay subject of it. */
  videoQuiz: number;
  videoQuizSubject: number;
  /** A course bulletin of the world's course, posted by the instructor. */
  bulletin: number;
  /** A forum activity, the instructor's topic in it and the instructor's reply to it (issue 18). */
  forum: number;
  topic: number;
  reply: number;
  files: Record<FileKind, number>;
}
let ids: Ids;

beforeAll(async () => {
  t = await buildTestApp();
  doc = t.app.swagger() as unknown as OpenApi;
  operations = new Map(Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([m, op]) => [`${m.toUpperCase()} ${path}`, op] as const)));

  const orgA = await t.factories.org();
  const orgB = await t.factories.org();
  const instructor = await t.factories.user({ orgId: orgA.id, role: USER_ROLE.instructor });
  const assistant = await t.factories.user({ orgId: orgA.id, role: USER_ROLE.instructor });
  const student = await t.factories.user({ orgId: orgA.id, role: USER_ROLE.student });
  const orgAdmin = await t.factories.user({ orgId: orgA.id, role: USER_ROLE.admin });
  const outsider = await t.factories.user({ orgId: orgB.id, role: USER_ROLE.student });
  const course = await t.factories.course({ orgId: orgA.id, instructorId: instructor.id });
  await t.factories.enrol(course.id, assistant.id, 'instructor_assistant');
  await t.factories.enrol(course.id, student.id, 'student');
  cookies = {
    outsider: await t.factories.login(outsider.userName),
    student: await t.factories.login(student.userName),
    assistant: await t.factories.login(assistant.userName),
    instructor: await t.factories.login(instructor.userName),
    orgAdmin: await t.factories.login(orgAdmin.userName),
  };
  // Every office previewer on, so the preview routes answer by access alone; vocabulary entries and the chat group on (issue 19 §4, issue 24 item 4).
  await t.database.db
    .update(orgs)
    .set({
      settings: {
        ...DEFAULT_ORG_SETTINGS,
        wpsPreview: true,
        aliyunOfficePreview: true,
        yzOfficePreview: true,
        privateWpsPreview: true,
        vocabularyEntries: true,
        chatGroup: true,
      },
    })
    .where(eq(orgs.id, orgA.id));
  // The outsider's organisation has the chat group on too, so GET /api/ding-talk/user-id answers them as it does the others.
  await t.database.db
    .update(orgs)
    .set({ settings: { ...DEFAULT_ORG_SETTINGS, chatGroup: true } })
    .where(eq(orgs.id, orgB.id));
  const as = cookies.instructor;
  const files = {
    pdf: await uploadFile(t, as, course.id, `pdf/${FILE_NAME}`),
    text: await uploadFile(t, as, course.id, { name: TEXT_NAME, bytes: Buffer.from('only for the course\n') }),
    image: await uploadFile(t, as, course.id, 'images/filetype__fixture.png'),
    audio: await uploadFile(t, as, course.id, 'audio/howler__sound2.mp3'),
    video: await uploadFile(t, as, course.id, 'video/pythonpptx__just-two-mice.mp4'),
    scorm: await uploadFile(t, as, course.id, {
      name: 'package.zip',
      bytes: makeZip([
        { name: 'imsmanifest.xml', data: manifest12() },
        { name: 'index.html', data: '<html>lesson</html>' },
      ]),
    }),
  };
  for (const file of Object.values(files)) expect(file.status, file.name).toBe('ready');
  const uploads = Object.values(files).map((f) => f.id);
  const activity = await createActivity(t.database, { courseId: course.id, uploadIds: uploads, canGuestPreview: true });
  const exam = await createActivity(t.database, { courseId: course.id, type: 'exam' });
  const subject = await createExamSubject(t.database, { activityId: exam.id, uploadIds: [files.audio.id] });
  const quiz = await t.app.inject({
    method: 'POST',
    url: `/api/courses/${course.id}/video-quizzes`,
    headers: { cookie: as },
    payload: { upload_id: files.video.id },
  });
  expect(quiz.statusCode, quiz.body).toBe(201);
  const quizSubject = await t.app.inject({
    method: 'POST',
    url: `/api/video-quizzes/${(quiz.json() as { id: number }).id}/subjects`,
    headers: { cookie: as },
    payload: { type: 'essay', at_seconds: 1, description: '<p>Why?</p>', score: 2 },
  });
  expect(quizSubject.statusCode, quizSubject.body).toBe(201);
  const started = await t.app.inject({ method: 'POST', url: `/api/exams/${exam.id}/attempts`, headers: { cookie: cookies.student } });
  expect(started.statusCode, started.body).toBe(201);
  const questionnaire = await createActivity(t.database, { courseId: course.id, type: 'questionnaire', data: { show_results: true } });
  const answered = await t.app.inject({
    method: 'POST',
    url: `/api/questionnaires/${questionnaire.id}/responses`,
    headers: { cookie: cookies.student },
    payload: { answers: [] },
  });
  expect(answered.statusCode, answered.body).toBe(201);
  const homework = await createActivity(t.database, { courseId: course.id, type: 'homework' });
  const handedIn = await t.app.inject({
    method: 'POST',
    url: `/api/homework/${homework.id}/submissions`,
    headers: { cookie: cookies.student },
    payload: { content: '<p>My essay</p>' },
  });
  expect(handedIn.statusCode, handedIn.body).toBe(201);
  const bulletin = await t.app.inject({
    method: 'POST',
    url: '/api/bulletins',
    headers: { cookie: as },
    payload: { type: 'course', course_id: course.id, title: 'Week 1', content: '<p>Welcome</p>' },
  });
  expect(bulletin.statusCode, bulletin.body).toBe(201);
  const forum = await createActivity(t.database, { courseId: course.id, type: 'forum' });
  const topic = await t.app.inject({
    method: 'POST',
    url: `/api/forum/${forum.id}/topics`,
    headers: { cookie: as },
    payload: { title: 'Welcome', content: '<p>Say hello</p>' },
  });
  expect(topic.statusCode, topic.body).toBe(201);
  const topicId = (topic.json() as { id: number }).id;
  const reply = await t.app.inject({ method: 'POST', url: `/api/topics/${topicId}/replies`, headers: { cookie: as }, payload: { content: '<p>Hello</p>' } });
  expect(reply.statusCode, reply.body).toBe(201);
  ids = {
    bulletin: (bulletin.json() as { id: number }).id,
    forum: forum.id,
    topic: topicId,
    reply: (reply.json() as { id: number }).id,
    homework: homework.id,
    submission: (handedIn.json() as { id: number }).id,
    course: course.id,
    questionnaire: questionnaire.id,
    activity: activity.id,
    subject: subject.id,
    exam: exam.id,
    videoQuiz: (quiz.json() as { id: number }).id,
    videoQuizSubject: (quizSubject.json() as { id: number }).id,
    attempt: (started.json() as { id: number }).id,
    files: Object.fromEntries(Object.entries(files).map(([k, f]) => [k, f.id])) as Ids['files'],
  };
}, 180_000);
afterAll(() => t?.close());

describe('every route declares its action', () => {
  it('lists an action of the catalogue on every operation of the OpenAPI document', () => {
    const missing = [...operations].filter(([, op]) => !op['x-action'] || !ROUTE_ACTIONS.has(op['x-action'])).map(([key]) => key);
    expect(missing).toEqual([]);
    expect(operations.size).toBeGreaterThanOrEqual(182); // every route is in ROUTE_MATRIX (next test), which names each one
  });

  it('the matrix table names every operation once, with the action the route declares', () => {
    const declared = Object.fromEntries([...operations].map(([key, op]) => [key, op['x-action']]));
    expect(declared).toEqual(ROUTE_MATRIX);
    expect(Object.keys(ROUTE_MATRIX)).toHaveLength(operations.size);
  });

  it('covers every resource kind of the catalogue, and every action a route uses has its roles decided', () => {
    const used = new Set(Object.values(ROUTE_MATRIX));
    expect(new Set([...used].map(kindOf))).toEqual(new Set(RESOURCE_KINDS));
    for (const action of used) expect(ACTION_ROLES[action], action).toBeDefined();
    for (const action of Object.keys(ACTION_ROLES)) expect(ROUTE_ACTIONS.has(action), action).toBe(true);
  });

  it('refuses to build an app with an API route that declares no action, or an unknown one', async () => {
    for (const [config, message] of [
      [{}, /GET \/api\/undeclared declares no action/],
      [{ action: 'course.fly' }, /GET \/api\/undeclared declares an unknown action course\.fly/],
    ] as const) {
      const app = Fastify();
      app.addHook('onRoute', (route) => void requireRouteAction(route));
      expect(() => app.get('/api/undeclared', { config: config as { action?: RouteAction } }, async () => ({}))).toThrow(message);
      await app.close();
    }
    expect(requireRouteAction({ method: 'GET', url: '/api/docs/json' })).toBeUndefined();
    expect(requireRouteAction({ method: 'GET', url: '/assets/app.js' })).toBeUndefined();
    expect(requireRouteAction({ method: 'GET', url: '/internal-api/x', config: { action: 'token.use' } })).toBe('token.use');
  });
});

/** Which of the world's files a path about one file is called with: the kind the route serves. */
function fileFor(path: string): FileKind {
  if (path.endsWith('/text')) return 'text';
  if (path.startsWith('/anonymous-api/') && path.endsWith('/blob')) return 'image';
  if (path.includes('/audio/')) return 'audio';
  if (path.includes('player-options')) return 'video';
  if (path.includes('/scorm/')) return 'scorm';
  return 'pdf';
}

/** Fills the path of an operation for the world, or null when the world cannot (wildcards, other resources, required queries). */
function urlFor(key: string, op: Operation): string | null {
  const [, path] = key.split(' ') as [string, string];
  if (path === '/api/notifications/stream') return null; // an event stream never ends; notifications-stream.routes.test.ts checks who may open it
  if (path.includes('{*}') && !path.includes('/scorm/')) return null;
  const file = fileFor(path);
  const query = new URLSearchParams();
  for (const p of (op.parameters ?? []).filter((q) => q.in === 'query' && q.required)) {
    const value = queryValue(p.name, file);
    if (value === null) return null;
    query.set(p.name, value);
  }
  const idOf = (): number | null => {
    if (/^\/api\/activities\//.test(path)) return ids.activity;
    if (/^\/api\/video-quizzes\/\{id\}/.test(path)) return ids.videoQuiz;
    if (/^\/(api|anonymous-api\/\{activityId\})\/(uploads|resource-file|video-quizzes)\//.test(path)) return ids.files[file];
    if (/^\/api\/courses?\/\{id\}/.test(path)) return ids.course;
    return null;
  };
  let url = path;
  for (const [, name = ''] of path.matchAll(/\{(\w+|\*)\}/g)) {
    const named: Record<string, () => number | string | null> = {
      activityId: () =>
        path.startsWith('/api/exams/')
          ? ids.exam
          : path.startsWith('/api/questionnaires/')
            ? ids.questionnaire
            : path.startsWith('/api/forum/')
              ? ids.forum
              : path.startsWith('/api/homework/') || path.startsWith('/api/courses/{courseId}/grade-items/')
                ? ids.homework
                : ids.activity,
      attemptId: () => ids.attempt,
      submissionId: () => ids.submission,
      bulletinId: () => ids.bulletin,
      topicId: () => ids.topic,
      replyId: () => ids.reply,
      courseId: () => ids.course,
      id: idOf,
      subjectId: () => (path.startsWith('/api/video-quiz-subjects/') ? ids.videoQuizSubject : ids.subject),
      uploadId: () => ids.files.audio,
      '*': () => 'index.html',
    };
    const value = named[name]?.() ?? null;
    if (value === null) return null;
    url = url.replace(`{${name}}`, String(value));
  }
  return query.size > 0 ? `${url}?${query}` : url;
}

/** A value of the world for a required query parameter, or null when the world has none. */
function queryValue(name: string, file: FileKind): string | null {
  const values: Record<string, string> = {
    course_id: String(ids.course),
    activity_id: String(ids.activity),
    target_id: String(ids.files[file]),
    id: String(ids.files[file]),
    sco: 'i1',
    toggle: 'org_team_teaching',
    type: 'course',
    start: '2026-09-07T00:00:00.000Z',
    end: '2026-09-14T00:00:00.000Z',
  };
  return values[name] ?? null;
}

/** Keys anywhere in a JSON value (a refused answer must carry none naming or locating a file). */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

describe('the role × action matrix, called', () => {
  it('calls at least every GET route with only the :id of a course, activity or upload', () => {
    const called = [...operations].filter(([key, op]) => key.startsWith('GET ') && urlFor(key, op) !== null).map(([key]) => key);
    const byKind = new Set(called.map((key) => kindOf(ROUTE_MATRIX[key]!)));
    for (const kind of ['course', 'activity', 'upload', 'guest'] as const) expect(byKind, kind).toContain(kind);
    expect(called).toContain('GET /api/uploads/{id}/blob');
    expect(called).toContain('GET /api/activities/{id}');
    expect(called).toContain('GET /api/uploads/{id}/player-options');
    expect(called).toContain('GET /api/calendar-events');
    expect(called).toContain('GET /api/uploads/scorm/{id}/content/{*}');
    expect(called).toContain('GET /api/exam-subjects/{subjectId}/uploads/{uploadId}/play-status');
    expect(called.length).toBeGreaterThanOrEqual(74); // of 83 GET routes; the rest need a code, a token, a derived name or another user
  });

  it('refuses the anonymous caller with 401 on every route, of any method, whose action does not let everyone in', async () => {
    const answered: string[] = [];
    let called = 0;
    for (const key of operations.keys()) {
      if (ACTION_ROLES[ROUTE_MATRIX[key]!].includes('anonymous')) continue;
      const [method, path] = key.split(' ') as [string, string];
      const url = path.replace(/\{[^}]+\}/g, (p) => (p === '{*}' ? 'index.html' : String(ids.course)));
      const res = await t.app.inject({ method: method as 'GET', url });
      called++;
      if (res.statusCode !== 401) answered.push(`${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(answered).toEqual([]);
    expect(called).toBeGreaterThan(130);
  });

  it('answers refused roles 401 (anonymous) or 403/404 naming no file, and allowed roles 2xx/3xx', async () => {
    const mismatches: string[] = [];
    for (const [key, op] of operations) {
      if (!key.startsWith('GET ')) continue;
      const url = urlFor(key, op);
      if (url === null) continue;
      const allowed = ACTION_ROLES[ROUTE_MATRIX[key]!];
      for (const role of MATRIX_ROLES) {
        const res = await t.app.inject({ method: 'GET', url, ...(role === 'anonymous' ? {} : { headers: { cookie: cookies[role] } }) });
        const where = `${key} as ${role}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (allowed.includes(role)) {
          const expected = ALLOWED_NOT_2XX[key];
          const passed = expected !== undefined ? res.statusCode === expected : res.statusCode >= 200 && res.statusCode < 400;
          if (!passed) mismatches.push(`allowed but answered — ${where}`);
          continue;
        }
        const expected = role === 'anonymous' ? [401] : [403, 404];
        if (!expected.includes(res.statusCode)) {
          mismatches.push(`refused role answered — ${where}`);
          continue;
        }
        const leaked = keysOf(res.json()).filter((k) => ['url', 'preview_url', 'name'].includes(k));
        if (leaked.length > 0 || NAMES.some((n) => res.body.includes(n))) mismatches.push(`refused answer names a file — ${where}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);
});
