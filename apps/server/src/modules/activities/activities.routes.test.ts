import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitySummary, CourseContent } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { CONTENT_WHO, contentSnapshot, contentWorld, type ContentWho, type ContentWorld } from '../../../test/helpers/content-world.js';
import { courses } from '../courses/courses.table.js';
import { findState } from '../progress/progress.repository.js';
import { activityReadRecords } from './activities.table.js';
import { courseUserReads } from './course-reads.table.js';
import { expectNoXss, XSS_CORPUS } from '../../../test/helpers/xss-corpus.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const flat = (c: CourseContent): ActivitySummary[] => c.modules.flatMap((m) => m.activities);
const HOUR = 3_600_000;

describe('role matrix of the content calls (student, assistant, instructor, org admin, outsider, anonymous)', () => {
  let w: ContentWorld;
  let mod: { id: number; activityIds: number[] };
  beforeAll(async () => {
    w = await contentWorld(t);
    mod = await w.moduleWith('Week 1', 2);
  });

  type Call = { name: string; method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: () => string; payload?: () => object; allowed: ContentWho[]; status?: number };
  const TEAM: ContentWho[] = ['assistant', 'instructor', 'admin'];
  const MEMBERS: ContentWho[] = ['student', 'assistant', 'instructor', 'admin'];
  const calls: Call[] = [
    { name: 'content tree', method: 'GET', url: () => `/api/courses/${w.course.id}/content`, allowed: MEMBERS },
    { name: 'nav setting', method: 'GET', url: () => `/api/courses/${w.course.id}/nav-setting`, allowed: MEMBERS },
    {
      name: 'record user reads',
      method: 'POST',
      url: () => `/api/course/${w.course.id}/record-user-reads`,
      payload: () => ({ type: 'content' }),
      allowed: MEMBERS,
      status: 204,
    },
    { name: 'open activity', method: 'GET', url: () => `/api/activities/${mod.activityIds[0]}`, allowed: MEMBERS },
    { name: 'read activity', method: 'POST', url: () => `/api/activities/${mod.activityIds[0]}/reads`, payload: () => ({}), allowed: MEMBERS },
    { name: 'comment count', method: 'GET', url: () => `/api/activities/${mod.activityIds[0]}/comment/count`, allowed: MEMBERS },
    { name: 'add module', method: 'POST', url: () => `/api/courses/${w.course.id}/modules`, payload: () => ({ title: 'New' }), allowed: TEAM },
    { name: 'edit module', method: 'PUT', url: () => `/api/modules/${mod.id}`, payload: () => ({ title: 'Week one' }), allowed: TEAM },
    { name: 'publish module', method: 'PUT', url: () => `/api/modules/${mod.id}/publish`, payload: () => ({ published: true }), allowed: TEAM },
    {
      name: 'add activity',
      method: 'POST',
      url: () => `/api/courses/${w.course.id}/activities`,
      payload: () => ({ module_id: mod.id, type: 'page', title: 'Extra' }),
      allowed: TEAM,
    },
    { name: 'edit activity', method: 'PUT', url: () => `/api/activities/${mod.activityIds[1]}`, payload: () => ({ title: 'Renamed' }), allowed: TEAM },
    {
      name: 'publish activity',
      method: 'PUT',
      url: () => `/api/activities/${mod.activityIds[1]}/publish`,
      payload: () => ({ published: true }),
      allowed: TEAM,
    },
    {
      name: 'learning mode',
      method: 'PUT',
      url: () => `/api/courses/${w.course.id}/learning-mode`,
      payload: () => ({ learning_mode: 'free' }),
      allowed: ['instructor', 'admin'],
    },
  ];

  for (const c of calls) {
    it(`${c.name}: ${c.allowed.join(', ')} allowed; others 403 (anonymous 401) and nothing changes`, async () => {
      for (const who of CONTENT_WHO.filter((x) => !c.allowed.includes(x))) {
        const before = await contentSnapshot(t, w.course.id);
        const res = await w.call(c.method, c.url(), who, c.payload?.());
        expect({ who, status: res.statusCode }).toEqual({ who, status: who === 'anonymous' ? 401 : 403 });
        expect(await contentSnapshot(t, w.course.id)).toEqual(before);
      }
      for (const who of c.allowed) {
        const res = await w.call(c.method, c.url(), who, c.payload?.());
        expect({ who, status: res.statusCode, body: res.statusCode < 300 ? null : res.body }).toEqual({ who, status: c.status ?? 200, body: null });
      }
    });
  }

  it('order and delete: the team and the org admin may, a student and an outsider may not', async () => {
    const order = { modules: [{ id: mod.id, activity_ids: [...mod.activityIds].reverse() }] };
    const content = (await w.call('GET', `/api/courses/${w.course.id}/content`, 'instructor')).json() as CourseContent;
    order.modules = content.modules.map((m) => ({ id: m.id, activity_ids: m.activities.map((a) => a.id).reverse() }));
    for (const who of ['student', 'outsider'] as const) {
      expect((await w.call('PUT', `/api/courses/${w.course.id}/content/order`, who, order)).statusCode).toBe(403);
      expect((await w.call('DELETE', `/api/activities/${mod.activityIds[1]}`, who)).statusCode).toBe(403);
      expect((await w.call('DELETE', `/api/modules/${mod.id}`, who)).statusCode).toBe(403);
    }
    expect((await w.call('PUT', `/api/courses/${w.course.id}/content/order`, 'anonymous', order)).statusCode).toBe(401);
    expect((await w.call('PUT', `/api/courses/${w.course.id}/content/order`, 'assistant', order)).statusCode).toBe(200);
    expect((await w.call('PUT', `/api/courses/${w.course.id}/content/order`, 'admin', order)).statusCode).toBe(200);
    expect((await w.call('DELETE', `/api/activities/${mod.activityIds[1]}`, 'assistant')).statusCode).toBe(200);
    expect((await w.call('DELETE', `/api/modules/${mod.id}`, 'instructor')).statusCode).toBe(200);
  });

  it('missing ids answer 404 with the right code', async () => {
    expect((await w.call('GET', '/api/activities/999999', 'instructor')).json().code).toBe('ACTIVITY_NOT_FOUND');
    expect((await w.call('PUT', '/api/modules/999999', 'instructor', { title: 'x' })).json().code).toBe('MODULE_NOT_FOUND');
    expect((await w.call('GET', '/api/courses/999999/content', 'instructor')).json().code).toBe('COURSE_NOT_FOUND');
  });
});

describe('content CRUD and per-type validation', () => {
  let w: ContentWorld;
  let moduleId: number;
  beforeAll(async () => {
    w = await contentWorld(t);
    moduleId = (await w.ok('POST', `/api/courses/${w.course.id}/modules`, { title: 'Basics', summary: '<p>Intro</p>' })).id;
  });
  const create = (payload: object) => w.call('POST', `/api/courses/${w.course.id}/activities`, 'instructor', { module_id: moduleId, ...payload });

  it('creates modules and activities unpublished, in order, and answers them in the content tree', async () => {
    const a = await create({ type: 'page', title: 'Welcome', data: { content: '<h2>Hello</h2>' } });
    const b = await create({ type: 'web_link', title: 'Docs', data: { url: 'https://example.org/docs' } });
    expect(a.json()).toMatchObject({
      type: 'page',
      title: 'Welcome',
      is_published: false,
      sort: 0,
      data: { content: '<h2>Hello</h2>' },
      completion_criterion: 'viewed',
      access: 'open',
      is_completed: false,
    });
    expect(b.json()).toMatchObject({ sort: 1, data: { url: 'https://example.org/docs' } });
    const content = (await w.call('GET', `/api/courses/${w.course.id}/content`, 'instructor')).json() as CourseContent;
    expect(content).toMatchObject({ learning_mode: 'free', can_edit: true, modules: [{ title: 'Basics', summary: '<p>Intro</p>', is_published: false }] });
    expect(flat(content).map((x) => x.title)).toEqual(['Welcome', 'Docs']);
    const edited = await w.call('PUT', `/api/activities/${a.json().id}`, 'instructor', { title: 'Welcome!', data: { content: '<p>Changed</p>' } });
    expect(edited.json()).toMatchObject({ title: 'Welcome!', data: { content: '<p>Changed</p>' } });
    expect((await w.call('DELETE', `/api/activities/${b.json().id}`, 'instructor')).statusCode).toBe(200);
    expect((await w.call('GET', `/api/activities/${b.json().id}`, 'instructor')).statusCode).toBe(404);
    expect(flat((await w.call('GET', `/api/courses/${w.course.id}/content`, 'instructor')).json()).map((x) => x.title)).toEqual(['Welcome!']);
  });

  it('web links: http and https only, errors.url otherwise; nothing stored', async () => {
    const before = await contentSnapshot(t, w.course.id);
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.org/x', 'not a url']) {
      const res = await create({ type: 'web_link', title: 'Bad', data: { url } });
      expect({ url, status: res.statusCode, fields: Object.keys(res.json().errors ?? {}) }).toEqual({ url, status: 400, fields: ['url'] });
    }
    expect(await contentSnapshot(t, w.course.id)).toEqual(before);
  });

  it('online videos: a supported link (YouTube, Vimeo, Bilibili) or an upload; otherwise the original-URL field error', async () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      'https://www.bilibili.com/video/BV1GJ411x7h7',
    ]) {
      expect((await create({ type: 'online_video', title: 'Clip', data: { url } })).statusCode).toBe(200);
    }
    for (const url of ['https://example.org/video.mp4', 'javascript:alert(1)']) {
      const res = await create({ type: 'online_video', title: 'Clip', data: { url } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('url');
    }
    const none = await create({ type: 'online_video', title: 'Clip', data: {} });
    expect(none.json().errors).toHaveProperty('url');
  });

  it('meeting and live types need provider and an http(s) join URL; end after start', async () => {
    const good = await create({
      type: 'zoom',
      title: 'Office hour',
      data: { provider: 'zoom', join_url: 'https://zoom.us/j/123', meeting_start_time: '2026-12-01T10:00:00Z', meeting_end_time: '2026-12-01T11:00:00Z' },
    });
    expect(good.json()).toMatchObject({ type: 'zoom', data: { provider: 'zoom', join_url: 'https://zoom.us/j/123' } });
    expect(Object.keys((await create({ type: 'tencent_meeting', title: 'x', data: { provider: 'tencent' } })).json().errors)).toEqual(['join_url']);
    expect(Object.keys((await create({ type: 'welink', title: 'x', data: { join_url: 'https://welink.example/1' } })).json().errors)).toEqual(['provider']);
    expect((await create({ type: 'classin', title: 'x', data: { provider: 'classin', join_url: 'javascript:alert(1)' } })).json().errors).toHaveProperty(
      'join_url',
    );
    const backwards = await create({
      type: 'zoom',
      title: 'x',
      data: { provider: 'zoom', join_url: 'https://zoom.us/j/1', meeting_start_time: '2026-12-01T11:00:00Z', meeting_end_time: '2026-12-01T10:00:00Z' },
    });
    expect(backwards.json().errors).toHaveProperty('meeting_end_time');
  });

  it('exam, homework, forum, questionnaire and classroom keep their model entry', async () => {
    for (const type of ['exam', 'homework', 'forum', 'questionnaire', 'classroom']) {
      expect((await create({ type, title: `A ${type}`, completion_criterion: 'submitted' })).json()).toMatchObject({
        type,
        completion_criterion: 'submitted',
        data: {},
      });
    }
  });

  it('an exam or a questionnaire created without a completion criterion is completed by a submission; other types by a visit', async () => {
    for (const [type, criterion] of [
      ['exam', 'submitted'],
      ['questionnaire', 'submitted'],
      ['forum', 'viewed'],
    ]) {
      expect((await create({ type, title: `A ${type}` })).json()).toMatchObject({ type, completion_criterion: criterion });
    }
  });

  it('refuses a module of another course, files of another course, a video share without a percentage, times in the wrong order', async () => {
    const other = await contentWorld(t);
    const otherModule = await other.ok('POST', `/api/courses/${other.course.id}/modules`, { title: 'Theirs' });
    expect((await create({ module_id: otherModule.id, type: 'page', title: 'x' })).json().errors).toHaveProperty('module_id');
    const theirFile = await other.upload('pdf/pdfjs__rotation.pdf');
    expect((await create({ type: 'material', title: 'x', upload_ids: [theirFile.id] })).json().errors).toHaveProperty('upload_ids');
    expect((await create({ type: 'page', title: 'x', completion_criterion: 'video_percent' })).json().errors).toHaveProperty('completion_percent');
    expect((await create({ type: 'page', title: 'x', start_time: '2026-12-02T00:00:00Z', end_time: '2026-12-01T00:00:00Z' })).json().errors).toHaveProperty(
      'end_time',
    );
    expect((await create({ type: 'nonsense', title: 'x' })).json().errors).toHaveProperty('type');
    expect((await create({ type: 'page', title: '' })).json().errors).toHaveProperty('title');
  });

  it('the learning mode is one of free and checkpoint', async () => {
    expect((await w.call('PUT', `/api/courses/${w.course.id}/learning-mode`, 'instructor', { learning_mode: 'strict' })).json().errors).toHaveProperty(
      'learning_mode',
    );
    expect(await w.ok('PUT', `/api/courses/${w.course.id}/learning-mode`, { learning_mode: 'checkpoint' })).toEqual({ learning_mode: 'checkpoint' });
    expect((await w.ok('GET', `/api/courses/${w.course.id}/content`)).learning_mode).toBe('checkpoint');
  });

  it('record-user-reads counts per type; nav-setting hides members from students; comment count is 0', async () => {
    for (let i = 0; i < 2; i++)
      expect((await w.call('POST', `/api/course/${w.course.id}/record-user-reads`, 'student', { type: 'outline' })).statusCode).toBe(204);
    const [row] = await t.app.deps.db
      .select()
      .from(courseUserReads)
      .where(and(eq(courseUserReads.courseId, w.course.id), eq(courseUserReads.userId, w.student.id)));
    expect(row).toMatchObject({ type: 'outline', count: 2 });
    const nav = (await w.call('GET', `/api/courses/${w.course.id}/nav-setting`, 'student')).json();
    expect(nav.items).toContainEqual({ key: 'members', visible: false });
    expect(nav.items).toContainEqual({ key: 'content', visible: true });
    expect((await w.call('GET', `/api/courses/${w.course.id}/nav-setting`, 'assistant')).json().items).toContainEqual({ key: 'members', visible: true });
  });
});

describe('ordering (drag and drop, across modules)', () => {
  it('writes the whole order in one call and refuses ids not of the course, changing nothing', async () => {
    const w = await contentWorld(t);
    const m1 = await w.moduleWith('One', 3);
    const m2 = await w.moduleWith('Two', 1);
    const [a1, a2, a3] = m1.activityIds as [number, number, number];
    const [b1] = m2.activityIds as [number];
    const res = await w.call('PUT', `/api/courses/${w.course.id}/content/order`, 'instructor', {
      modules: [
        { id: m2.id, activity_ids: [a3, b1] },
        { id: m1.id, activity_ids: [a2, a1] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const content = res.json() as CourseContent;
    expect(content.modules.map((m) => [m.title, m.activities.map((a) => a.id)])).toEqual([
      ['Two', [a3, b1]],
      ['One', [a2, a1]],
    ]);
    expect(
      (await w.call('GET', `/api/courses/${w.course.id}/content`, 'student'))
        .json()
        .modules.map((m: { activities: { id: number }[] }) => m.activities.map((a) => a.id)),
    ).toEqual([
      [a3, b1],
      [a2, a1],
    ]);

    const other = await contentWorld(t);
    const foreign = await other.moduleWith('Foreign', 1);
    const before = await contentSnapshot(t, w.course.id);
    const bad = [
      {
        modules: [
          { id: m2.id, activity_ids: [a3, b1, foreign.activityIds[0]!] },
          { id: m1.id, activity_ids: [a2, a1] },
        ],
      },
      {
        modules: [
          { id: m2.id, activity_ids: [a3, b1] },
          { id: foreign.id, activity_ids: [a2, a1] },
        ],
      },
      {
        modules: [
          { id: m2.id, activity_ids: [a3, b1] },
          { id: m1.id, activity_ids: [a2] },
        ],
      },
      {
        modules: [
          { id: m2.id, activity_ids: [a3, b1, a1] },
          { id: m1.id, activity_ids: [a2, a1] },
        ],
      },
      { modules: [{ id: m2.id, activity_ids: [a3, b1, a2, a1] }] },
    ];
    for (const body of bad) {
      const r = await w.call('PUT', `/api/courses/${w.course.id}/content/order`, 'instructor', body);
      expect({ status: r.statusCode, fields: Object.keys(r.json().errors ?? {}) }).toEqual({ status: 400, fields: ['modules'] });
    }
    expect(await contentSnapshot(t, w.course.id)).toEqual(before);
    // New activities go to the end of their module.
    const added = await w.ok('POST', `/api/courses/${w.course.id}/activities`, { module_id: m1.id, type: 'page', title: 'Last' });
    expect(
      flat(await w.ok('GET', `/api/courses/${w.course.id}/content`))
        .filter((a) => a.module_id === m1.id)
        .map((a) => a.id),
    ).toEqual([a2, a1, added.id]);
  });
});

describe('publishing', () => {
  it('students see published modules and activities only; unpublished ones answer ACTIVITY_UNPUBLISHED; the team sees all, unless previewing as a student', async () => {
    const w = await contentWorld(t);
    const shown = await w.moduleWith('Shown', 2);
    const hidden = await w.moduleWith('Hidden', 1, false);
    await w.ok('PUT', `/api/activities/${shown.activityIds[1]}/publish`, { published: false });
    const student = (await w.call('GET', `/api/courses/${w.course.id}/content`, 'student')).json() as CourseContent;
    expect(student.can_edit).toBe(false);
    expect(student.modules.map((m) => m.title)).toEqual(['Shown']);
    expect(flat(student).map((a) => a.id)).toEqual([shown.activityIds[0]]);
    for (const id of [shown.activityIds[1]!, hidden.activityIds[0]!]) {
      const res = await w.call('GET', `/api/activities/${id}`, 'student');
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code: 'ACTIVITY_UNPUBLISHED' });
      expect((await w.call('POST', `/api/activities/${id}/reads`, 'student', {})).json().code).toBe('ACTIVITY_UNPUBLISHED');
      expect((await w.call('GET', `/api/activities/${id}`, 'assistant')).statusCode).toBe(200);
    }
    const team = (await w.call('GET', `/api/courses/${w.course.id}/content`, 'assistant')).json() as CourseContent;
    expect(flat(team)).toHaveLength(3);
    expect(flat(team).every((a) => a.access === 'open')).toBe(true);
    await w.ok('PUT', `/api/courses/${w.course.id}/preview`, { as: 'student' });
    const preview = (await w.call('GET', `/api/courses/${w.course.id}/content`, 'instructor')).json() as CourseContent;
    expect({ can_edit: preview.can_edit, n: flat(preview).length }).toEqual({ can_edit: false, n: 1 });
    await w.ok('DELETE', `/api/courses/${w.course.id}/preview`);
    await w.ok('PUT', `/api/modules/${hidden.id}`, { is_published: true });
    await w.ok('PUT', `/api/activities/${hidden.activityIds[0]}/publish`, { published: true });
    expect(flat((await w.call('GET', `/api/courses/${w.course.id}/content`, 'student')).json())).toHaveLength(2);
  });
});

describe('access rules: not started, ended, checkpoint', () => {
  it('not started and ended answer 403 with the times for the access-forbidden popup; the team opens them', async () => {
    const w = await contentWorld(t);
    const m = await w.moduleWith('Timed', 3);
    const start = new Date(Date.now() + 24 * HOUR).toISOString();
    const end = new Date(Date.now() - HOUR).toISOString();
    await w.ok('PUT', `/api/activities/${m.activityIds[0]}`, { start_time: start });
    await w.ok('PUT', `/api/activities/${m.activityIds[1]}`, { start_time: new Date(Date.now() - 48 * HOUR).toISOString(), end_time: end });
    const early = await w.call('GET', `/api/activities/${m.activityIds[0]}`, 'student');
    expect({ status: early.statusCode, body: early.json() }).toEqual({
      status: 403,
      body: { code: 'ACTIVITY_NOT_STARTED', message: expect.any(String), start_time: new Date(start).toISOString(), end_time: null },
    });
    const late = await w.call('GET', `/api/activities/${m.activityIds[1]}`, 'student');
    expect(late.json()).toMatchObject({ code: 'ACTIVITY_ENDED', end_time: new Date(end).toISOString() });
    expect((await w.call('POST', `/api/activities/${m.activityIds[1]}/reads`, 'student', {})).statusCode).toBe(403);
    const states = flat((await w.call('GET', `/api/courses/${w.course.id}/content`, 'student')).json()).map((a) => a.access);
    expect(states).toEqual(['not_started', 'ended', 'open']);
    for (const who of ['instructor', 'assistant'] as const) {
      expect((await w.call('GET', `/api/activities/${m.activityIds[0]}`, who)).statusCode).toBe(200);
      expect((await w.call('GET', `/api/activities/${m.activityIds[1]}`, who)).statusCode).toBe(200);
    }
    expect((await w.call('GET', `/api/activities/${m.activityIds[0]}`, 'outsider')).json().code).toBe('FORBIDDEN');
  });

  it('checkpoint: an activity after an unfinished one is locked until that one is finished; free mode and the team are not locked', async () => {
    const w = await contentWorld(t);
    const m1 = await w.moduleWith('First', 2);
    const m2 = await w.moduleWith('Second', 1);
    const [a, b] = m1.activityIds as [number, number];
    const c = m2.activityIds[0]!;
    expect((await w.call('GET', `/api/activities/${b}`, 'student')).statusCode).toBe(200);
    await w.ok('PUT', `/api/courses/${w.course.id}/learning-mode`, { learning_mode: 'checkpoint' });
    const access = async () => flat((await w.call('GET', `/api/courses/${w.course.id}/content`, 'student')).json()).map((x) => x.access);
    expect(await access()).toEqual(['open', 'locked', 'locked']);
    const locked = await w.call('GET', `/api/activities/${b}`, 'student');
    expect({ status: locked.statusCode, code: locked.json().code }).toEqual({ status: 403, code: 'ACTIVITY_LOCKED' });
    expect((await w.call('POST', `/api/activities/${c}/reads`, 'student', {})).json().code).toBe('ACTIVITY_LOCKED');
    expect((await w.call('GET', `/api/activities/${c}`, 'assistant')).statusCode).toBe(200);
    expect((await w.call('POST', `/api/activities/${a}/reads`, 'student', {})).json()).toEqual({ is_completed: true, study_completeness: 33 });
    expect(await access()).toEqual(['open', 'open', 'locked']);
    // Reordering changes what comes first: c moves before b, and is now open while b is locked.
    await w.ok('PUT', `/api/courses/${w.course.id}/content/order`, {
      modules: [
        { id: m1.id, activity_ids: [a, c] },
        { id: m2.id, activity_ids: [b] },
      ],
    });
    expect(await access()).toEqual(['open', 'open', 'locked']);
    expect((await w.call('GET', `/api/activities/${c}`, 'student')).statusCode).toBe(200);
    // Activities no feature can mark submitted (a forum) and unpublished ones do not lock the course.
    const hw = await w.ok('POST', `/api/courses/${w.course.id}/activities`, {
      module_id: m1.id,
      type: 'forum',
      title: 'Discuss',
      completion_criterion: 'submitted',
    });
    await w.ok('PUT', `/api/activities/${hw.id}/publish`, { published: true });
    await w.ok('PUT', `/api/courses/${w.course.id}/content/order`, {
      modules: [
        { id: m1.id, activity_ids: [hw.id, a, c] },
        { id: m2.id, activity_ids: [b] },
      ],
    });
    expect(await access()).toEqual(['open', 'open', 'open', 'locked']);
    await w.ok('PUT', `/api/courses/${w.course.id}/learning-mode`, { learning_mode: 'free' });
    expect(await access()).toEqual(['open', 'open', 'open', 'open']);
  });
});

describe('completion from read records and course study completeness', () => {
  it('documents by pages, videos by watched ranges, pages by a visit; completeness, last activity and time; continue-study opens the last activity', async () => {
    const w = await contentWorld(t);
    const pdf = await w.upload('pdf/pdfjs__rotation.pdf');
    const video = await w.upload('video/pythonpptx__just-two-mice.mp4');
    expect({ pdf: pdf.num_pages, video: video.status }).toEqual({ pdf: 2, video: 'ready' });
    const mod = await w.ok('POST', `/api/courses/${w.course.id}/modules`, { title: 'Unit 1' });
    await w.ok('PUT', `/api/modules/${mod.id}/publish`, { published: true });
    const add = async (body: object) => {
      const a = await w.ok('POST', `/api/courses/${w.course.id}/activities`, { module_id: mod.id, ...body });
      await w.ok('PUT', `/api/activities/${a.id}/publish`, { published: true });
      return a.id as number;
    };
    const page = await add({ type: 'page', title: 'Read me', data: { content: '<p>Hi</p>' } });
    const material = await add({ type: 'material', title: 'Paper', upload_ids: [pdf.id] });
    const clip = await add({ type: 'online_video', title: 'Mice', upload_ids: [video.id], completion_criterion: 'video_percent', completion_percent: 90 });
    expect((await w.ok('GET', `/api/activities/${material}`)).uploads).toEqual([
      { id: pdf.id, name: 'pdfjs__rotation.pdf', type: 'document', status: 'ready', size: pdf.size },
    ]);

    const read = (id: number, body: object = {}) => w.call('POST', `/api/activities/${id}/reads`, 'student', body);
    expect((await read(page)).json()).toEqual({ is_completed: true, study_completeness: 33 });
    const firstTime = (await findState(t.app.deps.db, w.course.id, w.student.id))!.lastUpdateCompletenessTime;
    expect((await read(material, { upload_id: pdf.id, page: 1 })).json()).toEqual({ is_completed: false, study_completeness: 33 });
    expect((await findState(t.app.deps.db, w.course.id, w.student.id))!.lastUpdateCompletenessTime).toEqual(firstTime);
    expect((await read(material, { upload_id: pdf.id, page: 3 })).json().errors).toHaveProperty('page');
    expect((await read(material, { upload_id: video.id })).json().errors).toHaveProperty('upload_id');
    expect((await read(material, { upload_id: pdf.id, page: 2 })).json()).toEqual({ is_completed: true, study_completeness: 66 });

    // The player's watched ranges (written by the play-progress endpoint of issue 5): 6.0 of 7.16 s is below 90 %.
    await read(clip, { upload_id: video.id });
    const setRanges = (ranges: [number, number][]) =>
      t.app.deps.db
        .update(activityReadRecords)
        .set({ viewedRanges: ranges, updatedAt: new Date() })
        .where(and(eq(activityReadRecords.activityId, clip), eq(activityReadRecords.userId, w.student.id), eq(activityReadRecords.uploadId, video.id)));
    await setRanges([
      [0, 3],
      [2.5, 6],
    ]);
    expect((await read(clip, { upload_id: video.id })).json()).toEqual({ is_completed: false, study_completeness: 66 });
    await setRanges([
      [0, 3],
      [2.5, 7.1],
    ]);
    const done = await read(clip, { upload_id: video.id });
    expect(done.json()).toEqual({ is_completed: true, study_completeness: 100 });

    const content = (await w.call('GET', `/api/courses/${w.course.id}/content`, 'student')).json() as CourseContent;
    expect(flat(content).map((a) => a.is_completed)).toEqual([true, true, true]);
    expect(content.study).toEqual({ study_completeness: 100, last_activity: { id: clip, title: 'Mice' }, last_update_completeness_time: expect.any(String) });
    const header = (await w.call('GET', `/api/courses/${w.course.id}/study-completeness`, 'student')).json();
    expect(header).toMatchObject({ study_completeness: 100, last_activity: { id: clip, title: 'Mice' }, can_view: true });
    // The instructor's own view is unaffected by the student's progress.
    expect(flat((await w.call('GET', `/api/courses/${w.course.id}/content`, 'instructor')).json()).map((a) => a.is_completed)).toEqual([false, false, false]);
    // A new activity lowers completeness (stored when the student next looks); can-unpublish sees a started student.
    await add({ type: 'page', title: 'More', data: { content: '<p>x</p>' } });
    expect(((await w.call('GET', `/api/courses/${w.course.id}/content`, 'student')).json() as CourseContent).study).toMatchObject({
      study_completeness: 75,
      last_activity: { id: clip },
    });
    expect((await findState(t.app.deps.db, w.course.id, w.student.id))!.studyCompleteness).toBe(75);
    expect((await read(page)).json()).toEqual({ is_completed: true, study_completeness: 75 });
    expect((await w.call('GET', `/api/courses/${w.course.id}/can-unpublished`, 'instructor')).json().can_unpublished).toBe(false);
    await t.app.deps.db.update(courses).set({ learningMode: 'free' }).where(eq(courses.id, w.course.id));
  }, 120_000);
});

describe('XSS corpus through every rich-text field', () => {
  const CORPUS = XSS_CORPUS;
  const clean = expectNoXss;

  it('module summary, activity description and page content store and answer none of it, on create and on update', async () => {
    const w = await contentWorld(t);
    const mod = await w.ok('POST', `/api/courses/${w.course.id}/modules`, { title: 'XSS', summary: CORPUS });
    clean(mod.summary);
    clean((await w.ok('PUT', `/api/modules/${mod.id}`, { summary: CORPUS })).summary);
    const act = await w.ok('POST', `/api/courses/${w.course.id}/activities`, {
      module_id: mod.id,
      type: 'page',
      title: 'XSS',
      description: CORPUS,
      data: { content: CORPUS },
    });
    clean(act.description);
    clean(act.data.content);
    const updated = await w.ok('PUT', `/api/activities/${act.id}`, { description: CORPUS, data: { content: CORPUS } });
    clean(updated.description);
    clean(updated.data.content);
    const link = await w.ok('POST', `/api/courses/${w.course.id}/activities`, {
      module_id: mod.id,
      type: 'web_link',
      title: 'Link',
      description: CORPUS,
      data: { url: 'https://example.org' },
    });
    clean(link.description);
    const stored = await contentSnapshot(t, w.course.id);
    for (const m of stored.mods) clean(m.summary);
    for (const a of stored.acts) {
      clean(a.description);
      clean(JSON.stringify(a.data));
    }
    // Every link is forced to a new tab without the opener.
    expect(updated.data.content).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>');
  });

  it('keeps what the editor makes: headings, marks, lists, tables, images, links, code blocks, formulas', async () => {
    const w = await contentWorld(t);
    const mod = await w.ok('POST', `/api/courses/${w.course.id}/modules`, { title: 'Rich' });
    const html = [
      '<h2>Title</h2>',
      '<p style="text-align: center"><strong>b</strong><em>i</em><u>u</u><s>s</s><sup>2</sup><sub>i</sub><span style="color: #ff0000; font-size: 18px">red</span></p>',
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote><hr>',
      '<table><tbody><tr><th colspan="2">h</th></tr><tr><td>a</td><td>b</td></tr></tbody></table>',
      '<p><img src="https://cdn.example/a.png" alt="a"><img src="/api/uploads/5/blob" alt="b"></p>',
      '<p><a href="mailto:t@example.org">mail</a></p>',
      '<pre class="language-python" data-language="python"><code class="language-python">print(1)</code></pre>',
      '<p><span data-latex="x^2" class="katex"><span class="katex-html" aria-hidden="true">x²</span></span></p>',
    ].join('');
    const a = await w.ok('POST', `/api/courses/${w.course.id}/activities`, { module_id: mod.id, type: 'page', title: 'Rich', data: { content: html } });
    const out = a.data.content as string;
    for (const keep of [
      '<h2>Title</h2>',
      '<strong>b</strong>',
      '<sup>2</sup>',
      'style="text-align:center"',
      'color:#ff0000',
      '<table>',
      'colspan="2"',
      'src="https://cdn.example/a.png"',
      'src="/api/uploads/5/blob"',
      'href="mailto:t@example.org"',
      '<pre class="language-python" data-language="python"><code class="language-python">print(1)</code></pre>',
      'data-latex="x^2"',
      'class="katex-html"',
      '<ol start="3">',
      '<blockquote>q</blockquote>',
      '<hr />',
    ]) {
      expect({ keep, found: out.includes(keep) }).toEqual({ keep, found: true });
    }
  });
});
