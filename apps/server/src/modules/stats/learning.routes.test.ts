import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { USER_ROLE, type CourseLearningStats, type LearningStudent, type StudentLearningStats } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { countStatements } from '../../../test/helpers/count-statements.js';
import { uploadFile } from '../../../test/helpers/media-world.js';

/**
 * Issue 25 item 3: a course's learning statistics — the dashboard, the students table, a student's page and the
 * CSV/XLSX export — on a seeded course: students reading pages (some records dated days back), watching a real
 * video, handing in homework the team grades (one published, one not), posting in the forum, and reporting events
 * (with a retry). Every figure is checked against counts computed here straight from the database (the events'
 * own table for the rollups, the read records for completion).
 */

const DAY = 24 * 3600_000;
let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
const cookies: Record<string, string> = {};
const ids = { page: 0, notes: 0, video: 0, homework: 0, quiz: 0, hidden: 0, otherCourse: 0, videoUpload: 0 };
const people: Record<'ada' | 'alan' | 'grace', { id: number; name: string; userNo: string }> = {} as never;

type Who = 'instructor' | 'assistant' | 'student' | 'outsider' | 'admin' | 'ada' | 'alan' | 'grace' | 'stranger';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who]!, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = () => day(Date.now());
const base = () => `/api/stat/courses/${w.course.id}/learning`;

/** Waits until every domain event is handled (the statistics' forwarded events, the gradebook's grades). */
async function settled(): Promise<void> {
  await vi.waitFor(async () => expect((await rows<{ n: number }>(sql`select count(*)::int as n from domain_events where settled_at is null`))[0]!.n).toBe(0), {
    timeout: 30_000,
    interval: 100,
  });
}

/** Posts events to the user-action stream as `who` (null: a visitor), `daysAgo` each. */
async function report(who: Who | null, daysAgo: number[], courseId = w.course.id) {
  const events = daysAgo.map((ago) => ({ id: randomUUID(), action: 'page.view', ts: Date.now() - ago * DAY, course_id: courseId, url: '/course' }));
  const res = await t.app.inject({ method: 'POST', url: '/api/user-actions', headers: who ? { cookie: cookies[who]! } : {}, payload: { events } });
  expect(res.statusCode, res.body).toBe(200);
  return events;
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  for (const [key, name] of [
    ['ada', 'Ada Lovelace'],
    ['alan', 'Alan Turing'],
    ['grace', 'Grace Hopper'],
  ] as const) {
    const user = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student, name });
    await t.factories.enrol(w.course.id, user.id, 'student');
    people[key] = { id: user.id, name, userNo: user.userNo! };
    cookies[key] = await t.factories.login(user.userName);
  }
  for (const [who, user] of [
    ['instructor', w.instructor],
    ['assistant', w.assistant],
    ['student', w.student],
    ['outsider', w.outsider],
    ['admin', w.admin],
  ] as const)
    cookies[who] = await t.factories.login(user.userName);
  // Another organisation's course.
  const org2 = await t.factories.org();
  const stranger = await t.factories.user({ orgId: org2.id, role: USER_ROLE.instructor });
  ids.otherCourse = (await t.factories.course({ orgId: org2.id, instructorId: stranger.id })).id;
  cookies.stranger = await t.factories.login(stranger.userName);

  const mod = (await call('POST', `/api/courses/${w.course.id}/modules`, 'instructor', { title: 'Week 1' })).json();
  expect((await call('PUT', `/api/modules/${mod.id}/publish`, 'instructor', { published: true })).statusCode).toBe(200);
  const video = await uploadFile(t, cookies.instructor!, w.course.id, 'video/pythonpptx__just-two-mice.mp4');
  expect(video.status).toBe('ready');
  ids.videoUpload = video.id;
  const make = async (type: string, title: string, extra: Record<string, unknown> = {}, publish = true) => {
    const res = await call('POST', `/api/courses/${w.course.id}/activities`, 'instructor', { module_id: mod.id, type, title, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    if (publish) expect((await call('PUT', `/api/activities/${res.json().id}/publish`, 'instructor', { published: true })).statusCode).toBe(200);
    return res.json().id as number;
  };
  ids.page = await make('page', 'Reading', { data: { content: '<p>Read</p>' } });
  ids.notes = await make('page', 'Notes', { data: { content: '<p>More</p>' } });
  ids.video = await make('material', 'Two mice', { upload_ids: [video.id], completion_criterion: 'video_percent', completion_percent: 40 });
  ids.homework = await make('homework', 'Essay');
  ids.quiz = await make('homework', 'Second essay');
  ids.hidden = await make('page', 'Draft', { data: { content: '<p>Not yet</p>' } }, false);

  // Reading: Ada both pages, Alan and Grace the first; the instructor's own visit is no student's.
  for (const [who, activity] of [
    ['ada', ids.page],
    ['ada', ids.notes],
    ['alan', ids.page],
    ['grace', ids.page],
    ['instructor', ids.page],
  ] as const)
    expect((await call('POST', `/api/activities/${activity}/reads`, who, {})).statusCode).toBe(200);
  // Watching (7.16 s): Ada 3 s (over the 40 % the activity asks), Alan 2 s.
  for (const [who, end] of [
    ['ada', 3],
    ['alan', 2],
  ] as const) {
    const res = await call('POST', `/api/uploads/${video.id}/play-progress`, who, { activity_id: ids.video, ranges: [[0, end]], position: end });
    expect(res.statusCode, res.body).toBe(200);
  }
  // Homework: Ada and Alan hand the essay in (80 and 60, published); Ada the second (90, not published).
  const submit = async (who: Who, activity: number, score: number) => {
    const sub = await call('POST', `/api/homework/${activity}/submissions`, who, { content: '<p>My essay</p>' });
    expect(sub.statusCode, sub.body).toBe(201);
    expect((await call('PUT', `/api/homework-submissions/${sub.json().id}/score`, 'instructor', { score })).statusCode).toBe(200);
  };
  await submit('ada', ids.homework, 80);
  await submit('alan', ids.homework, 60);
  await submit('ada', ids.quiz, 90);
  expect((await call('POST', `/api/courses/${w.course.id}/grade-items/${ids.homework}/publish`, 'instructor')).statusCode).toBe(200);
  // Forum: Ada starts a topic, Grace and the instructor reply.
  const topic = await call('POST', `/api/courses/${w.course.id}/forum/topics`, 'ada', { title: 'Mice', content: 'Two of them?' });
  expect(topic.statusCode, topic.body).toBe(201);
  for (const who of ['grace', 'instructor'] as const)
    expect((await call('POST', `/api/topics/${topic.json().id}/replies`, who, { content: 'Yes, two.' })).statusCode).toBe(201);

  // Events: Ada two and three days back (and the same batch again: a retry), Alan two days back, the instructor
  // and a visitor today, and Ada in another course.
  const batch = await report('ada', [2, 3]);
  const retry = await t.app.inject({ method: 'POST', url: '/api/user-actions', headers: { cookie: cookies.ada! }, payload: { events: batch } });
  expect(retry.json()).toEqual({ accepted: 0, duplicates: 2 });
  await report('alan', [2]);
  await report('instructor', [0]);
  await report(null, [0]);
  await report('ada', [1], ids.otherCourse);
  await settled();
  // Dated back: Ada read the first page three days ago, Alan two.
  for (const [user, ago] of [
    [people.ada.id, 3],
    [people.alan.id, 2],
  ] as const)
    await t.database.db.execute(
      sql`update activity_read_records set updated_at = ${new Date(Date.now() - ago * DAY).toISOString()}::timestamptz where activity_id = ${ids.page} and user_id = ${user}`,
    );
}, 180_000);
afterAll(async () => t?.close());

/** Completions straight from the read records: a page by any record, the video and homework by the record the server marked completed. */
async function completionsByDay(): Promise<Map<string, number>> {
  const list = await rows<{ day: string; n: number }>(sql`
    select to_char((r.updated_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n
    from activity_read_records r join activities a on a.id = r.activity_id
    where a.course_id = ${w.course.id} and a.published and a.deleted_at is null
      and r.user_id in (select user_id from enrolments where course_id = ${w.course.id} and role = 'student')
      and (a.type = 'page' or r.completed)
    group by 1`);
  return new Map(list.map((r) => [r.day, r.n]));
}

describe('GET /api/stat/courses/{courseId}/learning', () => {
  it('answers the dashboard, each figure equal to the database’s own counts', async () => {
    const from = day(Date.now() - 6 * DAY);
    const res = await call('GET', `${base()}?from=${from}&to=${today()}`, 'instructor');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CourseLearningStats;
    expect(body).toMatchObject({ course_id: w.course.id, from, to: today(), student_count: 4, counted_activities: 5 });
    expect(body.days.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => day(Date.now() - (6 - i) * DAY)));

    // Events and active students: the rollups equal the events themselves (the retry counted once).
    const events = await rows<{ day: string; n: number; students: number }>(sql`
      select to_char((ts at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n,
        count(distinct user_id) filter (where user_id in (select user_id from enrolments where course_id = ${w.course.id} and role = 'student'))::int as students
      from stats.events where course_id = ${w.course.id} group by 1`);
    const eventsOf = new Map(events.map((e) => [e.day, e]));
    for (const d of body.days) {
      expect(d.events, d.day).toBe(eventsOf.get(d.day)?.n ?? 0);
      expect(d.active_students, d.day).toBe(eventsOf.get(d.day)?.students ?? 0);
    }
    const threeAgo = body.days.find((d) => d.day === day(Date.now() - 3 * DAY))!;
    expect(threeAgo).toMatchObject({ events: 1, active_students: 1 });
    const twoAgo = body.days.find((d) => d.day === day(Date.now() - 2 * DAY))!;
    expect(twoAgo).toMatchObject({ events: 2, active_students: 2 });
    // Today: the visitor's and the instructor's page views count as events, not as active students; the
    // students' reads, plays, submissions and posts (forwarded domain events) make them active.
    expect(body.days.at(-1)!.events).toBe(eventsOf.get(today())!.n);
    expect(body.days.at(-1)!.active_students).toBe(3);

    // Completions per day and the completion rate at each day's end (completed pairs over 4 students × 5 activities).
    const completions = await completionsByDay();
    let done = [...completions].filter(([d]) => d < from).reduce((sum, [, n]) => sum + n, 0);
    for (const d of body.days) {
      expect(d.completions, d.day).toBe(completions.get(d.day) ?? 0);
      done += d.completions;
      expect(d.completion_rate, d.day).toBe(Math.round((done / 20) * 10_000) / 10_000);
    }
    // Ada: 2 pages, the video, 2 essays; Alan: the page and the essay; Grace: the page.
    expect(done).toBe(8);
    expect(body.completion_rate).toBe(0.4);
    expect(threeAgo.completions).toBe(1);
    expect(twoAgo.completions).toBe(1);

    // The video: coverage from the merged ranges over its duration, 0 for those who never played it.
    const duration = (await rows<{ d: number }>(sql`select (meta->>'duration')::float8 as d from uploads where id = ${ids.videoUpload}`))[0]!.d;
    const watched = await rows<{ user_id: number; ranges: [number, number][] }>(
      sql`select user_id, viewed_ranges as ranges from activity_read_records where activity_id = ${ids.video} and upload_id = ${ids.videoUpload}`,
    );
    const coverage =
      watched.reduce(
        (sum, r) =>
          sum +
          Math.min(
            duration,
            r.ranges.reduce((s, [a, b]) => s + (b - a), 0),
          ) /
            duration,
        0,
      ) / 4;
    expect(body.videos).toEqual([
      {
        activity_id: ids.video,
        title: 'Two mice',
        duration_s: Math.round(duration * 100) / 100,
        watchers: 2,
        average_coverage: expect.closeTo(coverage, 3),
      },
    ]);
    expect(body.videos[0]!.average_coverage).toBeCloseTo((3 + 2) / duration / 4, 2);

    // Results: the published essay's scores; the second essay graded but not published shows no score.
    const submitted = await rows<{ activity_id: number; n: number; graded: number }>(sql`
      select activity_id, count(*)::int as n, count(score)::int as graded from homework_submissions
      where course_id = ${w.course.id} and status = 'submitted' group by activity_id`);
    const countsOf = new Map(submitted.map((s) => [s.activity_id, s]));
    expect(body.results).toEqual([
      {
        activity_id: ids.homework,
        type: 'homework',
        title: 'Essay',
        max_score: 100,
        submitted_count: countsOf.get(ids.homework)!.n,
        graded_count: countsOf.get(ids.homework)!.graded,
        average_score: 70,
        median_score: 70,
      },
      {
        activity_id: ids.quiz,
        type: 'homework',
        title: 'Second essay',
        max_score: 100,
        submitted_count: 1,
        graded_count: 1,
        average_score: null,
        median_score: null,
      },
    ]);
    expect(body.results[0]).toMatchObject({ submitted_count: 2, graded_count: 2 });

    // Forum: the students' topic and reply (not the instructor's), 2 of 4 students.
    const [forum] = await rows<{ topics: number; replies: number }>(sql`
      select (select count(*)::int from forum_topics where course_id = ${w.course.id} and author_id in (${people.ada.id}, ${people.grace.id})) as topics,
             (select count(*)::int from forum_replies where course_id = ${w.course.id} and author_id in (${people.ada.id}, ${people.grace.id})) as replies`);
    expect(body.forum).toEqual({ topics: forum!.topics, replies: forum!.replies, participants: 2, participation_rate: 0.5 });
    expect(body.forum).toMatchObject({ topics: 1, replies: 1 });
  });

  it('spans the 30 days ending today by default, and reads rollups only in a handful of statements', async () => {
    const { res, statements, sql: sent } = await countStatements(t, () => call('GET', base(), 'instructor'));
    expect(res.statusCode).toBe(200);
    const body = res.json() as CourseLearningStats;
    expect(body.to).toBe(today());
    expect(body.from).toBe(day(Date.now() - 29 * DAY));
    expect(body.days).toHaveLength(30);
    // The session, the access check, the course's facts (students, content, read records, results, grades), the forum and
    // the rollups: nine statements whatever the course's size, and none reads stats.events.
    expect(statements, sent.join('\n')).toBeLessThanOrEqual(9);
    expect(sent.filter((s) => /stats\.events\b/.test(s))).toEqual([]);
  });

  it('refuses a bad period with a 400 naming the field', async () => {
    for (const [query, field] of [
      [`from=${today()}&to=${day(Date.now() - DAY)}`, 'to'],
      [`from=${day(Date.now() - 400 * DAY)}&to=${today()}`, 'from'],
      ['from=2026-02-30', 'from'],
      ['to=yesterday', 'to'],
    ] as const) {
      const res = await call('GET', `${base()}?${query}`, 'instructor');
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
    expect((await call('GET', `${base()}?from=${day(Date.now() - 365 * DAY)}&to=${today()}`, 'instructor')).statusCode).toBe(200);
  });

  it('is the course team’s and the admins’: a student, an outsider and another organisation are refused, an unknown course is not found', async () => {
    for (const who of ['assistant', 'admin'] as const) expect((await call('GET', base(), who)).statusCode).toBe(200);
    for (const url of [base(), `${base()}/students`, `${base()}/students/${people.ada.id}`, `${base()}/export?format=csv`]) {
      expect((await call('GET', url, 'ada')).statusCode, url).toBe(403);
      expect([403, 404], url).toContain((await call('GET', url, 'outsider')).statusCode);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    // Another organisation's course: refused as the access model refuses it (courses.policy courseFor); an unknown one is not found.
    for (const [who, courseId] of [
      ['instructor', ids.otherCourse],
      ['stranger', w.course.id],
    ] as const) {
      const res = await call('GET', `/api/stat/courses/${courseId}/learning`, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await call('GET', '/api/stat/courses/999999/learning', 'instructor')).json().code).toBe('COURSE_NOT_FOUND');
  });
});

describe('GET /api/stat/courses/{courseId}/learning/students', () => {
  const page = async (query = '') => {
    const res = await call('GET', `${base()}/students${query}`, 'instructor');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: LearningStudent[]; total: number; page: number; page_size: number };
  };

  it('answers every student’s row by name, equal to the database’s own figures', async () => {
    const body = await page();
    expect(body).toMatchObject({ total: 4, page: 1, page_size: 20 });
    expect(body.items.map((s) => s.name)).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper', w.student.name]);
    const [ada, alan, grace, quiet] = body.items;
    const latest = await rows<{ user_id: number; at: string }>(sql`
      select user_id, to_char(max(at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from (
        select r.user_id, r.updated_at as at from activity_read_records r join activities a on a.id = r.activity_id where a.course_id = ${w.course.id}
        union all select user_id, ts from stats.events where course_id = ${w.course.id} and user_id is not null) x group by user_id`);
    const latestOf = new Map(latest.map((l) => [l.user_id, l.at]));
    expect(ada).toEqual({
      user_id: people.ada.id,
      name: 'Ada Lovelace',
      user_no: people.ada.userNo,
      completed_count: 5,
      completion_rate: 1,
      last_active_at: latestOf.get(people.ada.id),
      video_coverage: expect.any(Number),
      score_rate: 0.8,
      forum_posts: 1,
    });
    expect(alan).toMatchObject({ completed_count: 2, completion_rate: 0.4, score_rate: 0.6, forum_posts: 0, last_active_at: latestOf.get(people.alan.id) });
    expect(grace).toMatchObject({ completed_count: 1, completion_rate: 0.2, video_coverage: 0, score_rate: null, forum_posts: 1 });
    expect(quiet).toMatchObject({ user_id: w.student.id, completed_count: 0, completion_rate: 0, last_active_at: null, video_coverage: 0, score_rate: null });
    expect(ada!.video_coverage! > alan!.video_coverage!).toBe(true);
  });

  it('sorts by a column either way (empty values last), filters by name or number, and pages', async () => {
    expect((await page('?sort=completion_rate&order=desc')).items.map((s) => s.user_id)).toEqual([
      people.ada.id,
      people.alan.id,
      people.grace.id,
      w.student.id,
    ]);
    expect((await page('?sort=completion_rate')).items.map((s) => s.user_id)).toEqual([w.student.id, people.grace.id, people.alan.id, people.ada.id]);
    expect((await page('?sort=name&order=desc')).items.map((s) => s.name)).toEqual([w.student.name, 'Grace Hopper', 'Alan Turing', 'Ada Lovelace']);
    const byScore = (await page('?sort=score_rate&order=asc')).items.map((s) => s.user_id);
    expect(byScore).toEqual([people.alan.id, people.ada.id, people.grace.id, w.student.id]);
    const byLast = (await page('?sort=last_active_at&order=desc')).items;
    expect(byLast.at(-1)!.user_id).toBe(w.student.id);
    expect((await page('?sort=forum_posts&order=desc')).items.slice(0, 2).map((s) => s.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect((await page('?keyword=GRACE')).items.map((s) => s.user_id)).toEqual([people.grace.id]);
    expect(await page(`?keyword=${encodeURIComponent(people.alan.userNo)}`)).toMatchObject({ total: 1, items: [{ user_id: people.alan.id }] });
    expect(await page('?keyword=nobody')).toMatchObject({ total: 0, items: [] });
    expect(await page('?page=2&page_size=3')).toMatchObject({ total: 4, page: 2, page_size: 3, items: [{ user_id: w.student.id }] });
    const bad = await call('GET', `${base()}/students?sort=age`, 'instructor');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('sort');
  });
});

describe('GET /api/stat/courses/{courseId}/learning/students/{userId}', () => {
  it('answers one student’s row, days and activities', async () => {
    const from = day(Date.now() - 6 * DAY);
    const res = await call('GET', `${base()}/students/${people.ada.id}?from=${from}&to=${today()}`, 'instructor');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StudentLearningStats;
    const table = (await call('GET', `${base()}/students?keyword=Ada`, 'instructor')).json().items[0];
    expect(body).toMatchObject({ course_id: w.course.id, from, to: today(), student: table });
    const events = await rows<{ day: string; n: number }>(sql`
      select to_char((ts at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n from stats.events
      where course_id = ${w.course.id} and user_id = ${people.ada.id} group by 1`);
    const eventsOf = new Map(events.map((e) => [e.day, e.n]));
    expect(body.days.map((d) => d.events)).toEqual(body.days.map((d) => eventsOf.get(d.day) ?? 0));
    expect(body.days.find((d) => d.day === day(Date.now() - 3 * DAY))).toEqual({ day: day(Date.now() - 3 * DAY), events: 1, completions: 1 });
    expect(body.days.reduce((sum, d) => sum + d.completions, 0)).toBe(5);
    expect(body.activities.map((a) => [a.title, a.viewed, a.completed, a.score, a.max_score])).toEqual([
      ['Reading', true, true, null, null],
      ['Notes', true, true, null, null],
      ['Two mice', true, true, null, null],
      ['Essay', true, true, 80, 100],
      ['Second essay', true, true, null, 100],
    ]);
    expect(body.activities.find((a) => a.activity_id === ids.video)!.video_coverage).toBeCloseTo(3 / 7.16, 1);
    expect(body.activities.find((a) => a.activity_id === ids.page)!.video_coverage).toBeNull();
  });

  it('answers 404 for a user who is not a student of the course', async () => {
    for (const userId of [w.instructor.id, w.outsider.id, 999_999]) {
      const res = await call('GET', `${base()}/students/${userId}`, 'instructor');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
  });
});

describe('GET /api/stat/courses/{courseId}/learning/export', () => {
  const table = async () => (await call('GET', `${base()}/students`, 'instructor')).json().items as LearningStudent[];

  it('writes every student’s row as CSV (UTF-8 with BOM), headers in the asker’s language', async () => {
    const res = await call('GET', `${base()}/export?format=csv`, 'instructor', undefined, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="learning-statistics-course-${w.course.id}.csv"`);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = res.rawPayload.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(header!.split(',')).toEqual(['学生', '学号', '已完成活动数', '完成率', '最近活跃时间（UTC）', '视频覆盖率', '得分率', '论坛发帖数']);
    const parsed = lines.map((line) => line.split(','));
    expect(parsed).toEqual(
      (await table()).map((s) => [
        s.name,
        s.user_no ?? '',
        String(s.completed_count),
        String(s.completion_rate),
        s.last_active_at ?? '',
        s.video_coverage === null ? '' : String(s.video_coverage),
        s.score_rate === null ? '' : String(s.score_rate),
        String(s.forum_posts),
      ]),
    );
  });

  it('writes the same rows as .xlsx, read back with exceljs (English without a language)', async () => {
    const res = await call('GET', `${base()}/export?format=xlsx`, 'assistant');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="learning-statistics-course-${w.course.id}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Learning statistics');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Student',
      'User number',
      'Activities completed',
      'Completion rate',
      'Last active (UTC)',
      'Video coverage',
      'Score rate',
      'Forum posts',
    ]);
    const students = await table();
    expect(sheet.rowCount).toBe(1 + students.length);
    students.forEach((s, i) => {
      const row = values(i + 2);
      expect([row[0], row[1], row[2], row[3], row[4] ?? null, row[5] ?? null, row[6] ?? null, row[7]]).toEqual([
        s.name,
        s.user_no,
        s.completed_count,
        s.completion_rate,
        s.last_active_at,
        s.video_coverage,
        s.score_rate,
        s.forum_posts,
      ]);
    });
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('0.00%');
  });

  it('follows the table’s search and order: the rows the table shows, in its order; a bad sort is a 400 naming it', async () => {
    const exported = async (query: string) => {
      const res = await call('GET', `${base()}/export?format=csv&${query}`, 'instructor');
      expect(res.statusCode, res.body).toBe(200);
      return res.rawPayload
        .subarray(3)
        .toString('utf8')
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(',')[0]);
    };
    const byName = (await table()).map((s) => s.name);
    expect(byName.length).toBeGreaterThanOrEqual(4);
    expect(await exported('sort=name&order=desc')).toEqual([...byName].reverse());
    expect(await exported('keyword=grace')).toEqual([people.grace.name]);
    const shown = (await call('GET', `${base()}/students?sort=completion_rate&order=desc&keyword=a&page_size=100`, 'instructor')).json()
      .items as LearningStudent[];
    expect(await exported('sort=completion_rate&order=desc&keyword=a')).toEqual(shown.map((s) => s.name));
    const bad = await call('GET', `${base()}/export?format=csv&sort=shoe_size`, 'instructor');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sort');
  });
});

describe('learning statistics with the statistics server apart (STATS_URL)', () => {
  it('answers events and active students as 0, and last activity from the read records, without the stats schema', async () => {
    const apart = await buildTestApp({ STATS_URL: 'http://127.0.0.1:9' });
    try {
      await apart.database.db.execute(sql`drop schema if exists stats cascade`);
      const world = await apart.factories.courseWorld();
      const teacher = await apart.factories.login(world.instructor.userName);
      const learner = await apart.factories.login(world.student.userName);
      const inject = (url: string, cookie: string, method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object) =>
        apart.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      const mod = (await inject(`/api/courses/${world.course.id}/modules`, teacher, 'POST', { title: 'Week 1' })).json();
      await inject(`/api/modules/${mod.id}/publish`, teacher, 'PUT', { published: true });
      const page = (
        await inject(`/api/courses/${world.course.id}/activities`, teacher, 'POST', {
          module_id: mod.id,
          type: 'page',
          title: 'Reading',
          data: { content: '<p>Read</p>' },
        })
      ).json();
      await inject(`/api/activities/${page.id}/publish`, teacher, 'PUT', { published: true });
      expect((await inject(`/api/activities/${page.id}/reads`, learner, 'POST', {})).statusCode).toBe(200);
      const dashboard = await inject(`/api/stat/courses/${world.course.id}/learning`, teacher);
      expect(dashboard.statusCode, dashboard.body).toBe(200);
      const body = dashboard.json() as CourseLearningStats;
      expect(body.days.every((d) => d.events === 0 && d.active_students === 0)).toBe(true);
      expect(body.days.at(-1)).toMatchObject({ completions: 1, completion_rate: 1 });
      const students = await inject(`/api/stat/courses/${world.course.id}/learning/students`, teacher);
      expect(students.statusCode, students.body).toBe(200);
      const [record] = await (
        apart.database.db.execute(sql`select updated_at from activity_read_records where activity_id = ${page.id}`) as unknown as Promise<{
          rows: { updated_at: string | Date }[];
        }>
      ).then((r) => r.rows);
      expect(students.json().items[0].last_active_at).toBe(new Date(record!.updated_at).toISOString());
      const one = await inject(`/api/stat/courses/${world.course.id}/learning/students/${world.student.id}`, teacher);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().days.every((d: { events: number }) => d.events === 0)).toBe(true);
    } finally {
      await apart.close();
    }
  });
});
