import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { RESEARCH_EXPORT_COLUMNS, USER_ROLE, type ResearchExportRow, type TeachingStats } from '@atrium/contracts';
import { ensurePartitions, insertEvents, type StoredEventInput } from '@atrium/stats';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { countStatements } from '../../../test/helpers/count-statements.js';

/**
 * Issue 25 item 5: teaching statistics and the research-activity export. A course whose instructor and assistant
 * build content, grade homework and an essay exam (hand-ins and grades dated at known instants), publish scores and
 * report a teaching action of their own; a second course of the same organisation taught by someone else; students
 * reporting research activity. Turnarounds and counts are checked against values worked out by hand; the export
 * against the events reported, pseudonymised.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Today's UTC midnight, fixed once: every instant of the world is dated from it. */
const MIDNIGHT = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const at = (daysAgo: number, hour: number) => new Date(MIDNIGHT - daysAgo * DAY + hour * HOUR);
/** The period of every call: the ten days before today, and today. */
const FROM = day(MIDNIGHT - 10 * DAY);
const TO = day(MIDNIGHT);

let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
type Who = 'instructor' | 'assistant' | 'student' | 'outsider' | 'admin' | 'bo' | 'cy' | 'di' | 'other' | 'adminB';
const cookies = {} as Record<Who, string>;
const people = {} as Record<'bo' | 'cy' | 'di' | 'other' | 'adminB', { id: number; name: string; userName: string }>;
const ids = { homework: 0, exam: 0, page: 0, otherCourse: 0, orgB: 0 };

const call = (url: string, who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: cookies[who] } : {}, ...(payload ? { payload } : {}) });
const ok = async (url: string, who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', payload?: object) => {
  const res = await call(url, who, method, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json() as { id: number } & Record<string, unknown>;
};
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
const iso = (d: Date) => d.toISOString();
const teaching = (who: Who, query = '') => call(`/api/stat/teaching?from=${FROM}&to=${TO}${query}`, who);
const exportUrl = (query = '') => `/api/stat/research-activity/export?from=${FROM}&to=${TO}${query}`;

/** Waits until every domain event is handled (the statistics' forwarded events among them). */
async function settled(): Promise<void> {
  await vi.waitFor(async () => expect((await rows<{ n: number }>(sql`select count(*)::int as n from domain_events where settled_at is null`))[0]!.n).toBe(0), {
    timeout: 30_000,
    interval: 100,
  });
}

/** Posts events to a stream as `who`, each `[action, ts, data, url]`. */
async function report(path: string, who: Who, events: [string, number, Record<string, unknown>?, string?][]) {
  const payload = {
    events: events.map(([action, ts, data, url]) => ({
      id: randomUUID(),
      action,
      ts,
      course_id: w.course.id,
      ...(data ? { data } : {}),
      ...(url ? { url } : {}),
    })),
  };
  const res = await t.app.inject({ method: 'POST', url: path, headers: { cookie: cookies[who] }, payload });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  for (const who of ['instructor', 'assistant', 'student', 'outsider', 'admin'] as const) cookies[who] = await t.factories.login(w[who].userName);
  for (const [who, name] of [
    ['bo', 'Bo Student'],
    ['cy', 'Cy Student'],
    ['di', 'Di Student'],
  ] as const) {
    const user = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student, name });
    await t.factories.enrol(w.course.id, user.id, 'student');
    people[who] = { id: user.id, name, userName: user.userName };
    cookies[who] = await t.factories.login(user.userName);
  }
  // A second course of the organisation, taught by another instructor.
  const other = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.instructor, name: 'Olga Other' });
  people.other = { id: other.id, name: other.name, userName: other.userName };
  cookies.other = await t.factories.login(other.userName);
  ids.otherCourse = (await t.factories.course({ orgId: w.org.id, instructorId: other.id, name: 'Other course' })).id;
  // Another organisation's admin.
  const orgB = await t.factories.org();
  ids.orgB = orgB.id;
  const adminB = await t.factories.user({ orgId: orgB.id, role: USER_ROLE.admin, name: 'Bea Admin' });
  people.adminB = { id: adminB.id, name: adminB.name, userName: adminB.userName };
  cookies.adminB = await t.factories.login(adminB.userName);

  // Content: the instructor makes the homework, the exam and a page deleted later, the assistant a page; one more of
  // the instructor's is dated before the period; Olga makes one in her course.
  const mod = await ok(`/api/courses/${w.course.id}/modules`, 'instructor', 'POST', { title: 'Week 1' });
  await ok(`/api/modules/${mod.id}/publish`, 'instructor', 'PUT', { published: true });
  const make = async (who: Who, courseId: number, moduleId: number, type: string, title: string) => {
    const activity = await ok(`/api/courses/${courseId}/activities`, who, 'POST', {
      module_id: moduleId,
      type,
      title,
      ...(type === 'page' ? { data: { content: '<p>x</p>' } } : {}),
    });
    await ok(`/api/activities/${activity.id}/publish`, who, 'PUT', { published: true });
    return activity.id;
  };
  ids.homework = await make('instructor', w.course.id, mod.id, 'homework', 'Essay');
  ids.exam = await make('instructor', w.course.id, mod.id, 'exam', 'Quiz');
  const deleted = await make('instructor', w.course.id, mod.id, 'page', 'Gone');
  await ok(`/api/activities/${deleted}`, 'instructor', 'DELETE');
  const old = await make('instructor', w.course.id, mod.id, 'page', 'Old');
  await exec(sql`update activities set created_at = ${iso(at(20, 0))}::timestamptz where id = ${old}`);
  ids.page = await make('assistant', w.course.id, mod.id, 'page', 'Notes');
  const otherModule = await ok(`/api/courses/${ids.otherCourse}/modules`, 'other', 'POST', { title: 'Intro' });
  await make('other', ids.otherCourse, otherModule.id, 'page', 'Welcome');

  // Homework: four hand in; the instructor grades the student's and Bo's, the assistant Cy's; Di's waits.
  const submissionOf: Record<string, number> = {};
  for (const who of ['student', 'bo', 'cy', 'di'] as const) {
    submissionOf[who] = (await ok(`/api/homework/${ids.homework}/submissions`, who, 'POST', { content: '<p>My essay</p>' })).id;
  }
  for (const [who, grader] of [
    ['student', 'instructor'],
    ['bo', 'instructor'],
    ['cy', 'assistant'],
  ] as const)
    await ok(`/api/homework-submissions/${submissionOf[who]}/score`, grader, 'PUT', { score: 80 });
  await ok(`/api/courses/${w.course.id}/grade-items/${ids.homework}/publish`, 'instructor', 'POST');
  // Dated: 2 h, 24 h and 6 h from hand-in to grade.
  for (const [who, submitted, graded] of [
    ['student', at(3, 10), at(3, 12)],
    ['bo', at(5, 0), at(4, 0)],
    ['cy', at(2, 8), at(2, 14)],
  ] as const)
    await exec(
      sql`update homework_submissions set submitted_at = ${iso(submitted)}::timestamptz, graded_at = ${iso(graded)}::timestamptz where id = ${submissionOf[who]}`,
    );

  // The exam: one essay. The student's attempt is graded by the instructor 10 h after it was submitted; Bo's waits.
  const essay = await ok(`/api/exams/${ids.exam}/subjects`, 'instructor', 'POST', { type: 'essay', description: 'Explain', score: 5 });
  const attemptOf: Record<string, number> = {};
  for (const who of ['student', 'bo'] as const) {
    const attempt = await ok(`/api/exams/${ids.exam}/attempts`, who, 'POST');
    attemptOf[who] = attempt.id;
    await ok(`/api/exam-attempts/${attempt.id}/answers`, who, 'PUT', { answers: [{ subject_id: essay.id, answer: '<p>Because</p>' }] });
    await ok(`/api/exam-attempts/${attempt.id}/submit`, who, 'POST');
  }
  expect((await ok(`/api/exam-attempts/${attemptOf.student}/grades`, 'instructor', 'PUT', { grades: [{ subject_id: essay.id, score: 4 }] })).status).toBe(
    'graded',
  );
  await exec(sql`update exam_attempts set submitted_at = ${iso(at(6, 0))}::timestamptz where id = ${attemptOf.student}`);
  await exec(sql`update exam_answers set graded_at = ${iso(at(6, 10))}::timestamptz where attempt_id = ${attemptOf.student}`);

  // Teaching actions the instructor reports: one in the period, one before it.
  await report('/api/teaching-action', 'instructor', [
    ['lesson.planned', Date.now() - HOUR],
    ['lesson.planned', MIDNIGHT - 15 * DAY],
  ]);
  await settled();
}, 240_000);
afterAll(async () => t?.close());

const turnaround = (graded: number, median: number | null, p90: number | null) => ({ graded, median_hours: median, p90_hours: p90 });
const NONE = turnaround(0, null, null);

describe('GET /api/stat/teaching', () => {
  it('answers an instructor’s course: actions, content, turnaround and waiting work equal to the values worked out by hand', async () => {
    const { res, statements, sql: sent } = await countStatements(t, () => teaching('instructor'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TeachingStats;
    expect(body).toMatchObject({ from: FROM, to: TO, scope: 'own_courses', actions_available: true });
    // Only the courses the instructor teaches.
    expect(body.courses.map((c) => c.course_id)).toEqual([w.course.id]);
    const course = body.courses[0]!;
    // Teaching actions: the forwarded gradings (2 + 1 homework, 1 exam) and the publication, and the instructor's own
    // report in the period (the older one is outside it).
    expect(course.actions).toEqual({ 'exam.graded': 1, 'homework.graded': 3, 'lesson.planned': 1, 'scores.published': 1 });
    expect(course.actions_total).toBe(6);
    // Content: homework, exam (the deleted page and the one dated before the period left out), and the assistant's page.
    expect(course.content_created).toBe(3);
    // Homework 2, 24, 6 h → median 6, p90 6 + 0.8 × 18 = 20.4; the exam 10 h; all four: median 8, p90 10 + 0.7 × 14 = 19.8.
    expect(course.turnaround).toEqual({ homework: turnaround(3, 6, 20.4), exam: turnaround(1, 10, 10), all: turnaround(4, 8, 19.8) });
    expect(course.waiting).toEqual({ homework: 1, exam: 1 });

    const instructor = course.members.find((m) => m.user_id === w.instructor.id)!;
    const assistant = course.members.find((m) => m.user_id === w.assistant.id)!;
    expect(course.members.map((m) => m.user_id).sort()).toEqual([w.instructor.id, w.assistant.id].sort());
    expect(instructor).toMatchObject({
      name: w.instructor.name,
      roles: ['instructor'],
      actions: { 'exam.graded': 1, 'homework.graded': 2, 'lesson.planned': 1, 'scores.published': 1 },
      actions_total: 5,
      content_created: 2,
    });
    // The instructor's homework 2 and 24 h → median 13, p90 2 + 0.9 × 22 = 21.8; with the exam's 10 h: median 10, p90 10 + 0.8 × 14 = 21.2.
    expect(instructor.turnaround).toEqual({ homework: turnaround(2, 13, 21.8), exam: turnaround(1, 10, 10), all: turnaround(3, 10, 21.2) });
    expect(assistant).toMatchObject({ roles: ['instructor_assistant'], actions: { 'homework.graded': 1 }, actions_total: 1, content_created: 1 });
    expect(assistant.turnaround).toEqual({ homework: turnaround(1, 6, 6), exam: NONE, all: turnaround(1, 6, 6) });

    // The people: each over the courses, with the course's waiting work.
    expect(body.members.find((m) => m.user_id === w.instructor.id)).toMatchObject({
      courses: 1,
      actions_total: 5,
      content_created: 2,
      waiting: { homework: 1, exam: 1 },
    });
    expect(body.totals).toEqual({
      actions: course.actions,
      actions_total: 6,
      content_created: 3,
      turnaround: course.turnaround,
      waiting: { homework: 1, exam: 1 },
    });
    // The session, the courses, then team, content, turnaround, waiting and actions together, then names: whatever the size.
    expect(statements, sent.join('\n')).toBeLessThanOrEqual(8);
  });

  it('the figures follow the database: a grading dated out of the period leaves it, a hand-in after the grade waits again', async () => {
    const graded = async (grader: number) =>
      (
        await rows<{ id: number }>(
          sql`select id from homework_submissions where activity_id = ${ids.homework} and graded_by_id = ${grader} order by submitted_at`,
        )
      )[0]!.id;
    const cy = await graded(w.assistant.id);
    const bo = await graded(w.instructor.id);
    await exec(sql`update homework_submissions set graded_at = ${iso(at(12, 1))}::timestamptz, submitted_at = ${iso(at(12, 0))}::timestamptz where id = ${cy}`);
    // Bo (24 h) hands in again after the grade: waiting once more, and no longer a turnaround.
    await exec(sql`update homework_submissions set submitted_at = ${iso(at(1, 0))}::timestamptz where id = ${bo}`);
    try {
      const course = ((await teaching('instructor')).json() as TeachingStats).courses[0]!;
      expect(course.turnaround.homework).toEqual(turnaround(1, 2, 2));
      expect(course.members.find((m) => m.user_id === w.assistant.id)!.turnaround.all).toEqual(NONE);
      expect(course.waiting).toEqual({ homework: 2, exam: 1 });
    } finally {
      await exec(
        sql`update homework_submissions set graded_at = ${iso(at(2, 14))}::timestamptz, submitted_at = ${iso(at(2, 8))}::timestamptz where id = ${cy}`,
      );
      await exec(sql`update homework_submissions set submitted_at = ${iso(at(5, 0))}::timestamptz where id = ${bo}`);
    }
    expect(((await teaching('instructor')).json() as TeachingStats).courses[0]!.turnaround.homework).toEqual(turnaround(3, 6, 20.4));
  });

  it('answers the organisation per instructor for its admins; one course with course_id', async () => {
    const res = await teaching('admin');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TeachingStats;
    expect(body.scope).toBe('organisation');
    expect(body.courses.map((c) => c.course_id).sort()).toEqual([w.course.id, ids.otherCourse].sort());
    const olga = body.members.find((m) => m.user_id === people.other.id)!;
    expect(olga).toMatchObject({ name: 'Olga Other', courses: 1, content_created: 1, actions_total: 0, turnaround: { all: NONE } });
    expect(body.members.map((m) => m.name)).toEqual([...body.members.map((m) => m.name)].sort((a, b) => a.localeCompare(b)));
    expect(body.totals.content_created).toBe(4);
    expect(body.totals.turnaround.all).toEqual(turnaround(4, 8, 19.8));

    const one = (await teaching('admin', `&course_id=${ids.otherCourse}`)).json() as TeachingStats;
    expect(one.courses.map((c) => c.course_id)).toEqual([ids.otherCourse]);
    expect(one.courses[0]!.members.map((m) => m.user_id)).toEqual([people.other.id]);
  });

  it('keeps an instructor to their own courses, and refuses students, a bad period and the unknown', async () => {
    expect((await teaching('instructor', `&course_id=${ids.otherCourse}`)).statusCode).toBe(403);
    const olga = (await teaching('other')).json() as TeachingStats;
    expect(olga.courses.map((c) => c.course_id)).toEqual([ids.otherCourse]);
    expect(olga.members.map((m) => m.user_id)).toEqual([people.other.id]);
    for (const who of ['student', 'outsider', 'bo'] as const) {
      const res = await teaching(who);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await call(`/api/stat/teaching`, null)).statusCode).toBe(401);
    expect((await teaching('adminB', `&course_id=${w.course.id}`)).statusCode).toBe(403);
    expect((await teaching('instructor', '&course_id=999999')).statusCode).toBe(404);
    const bad = await call(`/api/stat/teaching?from=${TO}&to=${FROM}`, 'instructor');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('to');
    // Another organisation's admin sees none of this one.
    expect(((await teaching('adminB')).json() as TeachingStats).courses).toEqual([]);
  });
});

/** The export's CSV parsed by a real CSV reader (exceljs' fast-csv), every cell as text: the header and the rows as records. */
async function parseCsv(body: string): Promise<Record<string, string>[]> {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const book = new ExcelJS.Workbook();
  const sheet = await book.csv.read(Readable.from([body.slice(1)]), { map: (value: string) => value });
  const lines: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as (string | null | undefined)[];
    lines.push(Array.from({ length: RESEARCH_EXPORT_COLUMNS.length }, (_, i) => values[i + 1] ?? ''));
  });
  expect(lines[0]).toEqual([...RESEARCH_EXPORT_COLUMNS]);
  return lines.slice(1).map((line) => Object.fromEntries(RESEARCH_EXPORT_COLUMNS.map((column, i) => [column, line[i]!])));
}

describe('GET /api/stat/research-activity/export', () => {
  beforeAll(async () => {
    // Research activity: the student twice (one a day before the period), Bo once, with person fields in their data.
    await report('/research-activity', 'student', [
      ['study.answered', at(1, 9).getTime(), { learner_id: w.student.id, name: w.student.name, email: 'ada@example.org', item: 3 }, '/course/1?user=me#top'],
      ['study.answered', at(2, 9).getTime(), { peer_ids: [1, 2], note: 'write to ada@example.org' }],
      ['study.answered', MIDNIGHT - 11 * DAY - HOUR],
    ]);
    await report('/research-activity', 'bo', [['study.opened', at(1, 10).getTime(), { user_id: people.bo.id }]]);
    // 1,200 more of Cy's at the same instant, past one page of the export (500), in event-id order only.
    const instant = at(1, 11).getTime();
    await ensurePartitions(t.database.db, [instant, MIDNIGHT - 11 * DAY]);
    const many: StoredEventInput[] = Array.from({ length: 1200 }, (_, i) => ({
      event_id: `bulk-${String(i).padStart(5, '0')}-${randomUUID()}`,
      ts: instant,
      action: 'study.tick',
      course_id: w.course.id,
      activity_id: null,
      url: null,
      data: { n: i },
    }));
    expect(await insertEvents(t.database.db, 'research_activity', 'client', { userId: people.cy.id, orgId: w.org.id }, many)).toBe(1200);
    // The student again, reported under another organisation (a user who moved).
    await insertEvents(t.database.db, 'research_activity', 'client', { userId: w.student.id, orgId: ids.orgB }, [
      { event_id: `moved-${randomUUID()}`, ts: at(1, 12).getTime(), action: 'study.answered', course_id: null, activity_id: null, url: null, data: null },
    ]);
  }, 60_000);

  it('streams the organisation’s research activity as CSV, pseudonymised: no id, name or e-mail, one pseudonym per user', async () => {
    const res = await call(exportUrl(), 'admin');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="research-activity-${FROM}-${TO}.csv"`);
    const records = await parseCsv(res.body);
    // The student's two in the period, Bo's one, Cy's 1,200 — not the one before the period, nor the other organisation's.
    expect(records).toHaveLength(1203);
    expect(records.every((r) => r.stream === 'research_activity' && r.source === 'client')).toBe(true);
    expect(records.map((r) => r.ts)).toEqual([...records.map((r) => r.ts)].sort());
    const ticks = records.filter((r) => r.action === 'study.tick').map((r) => (JSON.parse(r.data!) as { n: number }).n);
    expect(ticks).toEqual(Array.from({ length: 1200 }, (_, i) => i));

    const pseudonyms = new Set(records.map((r) => r.pseudonym));
    expect(pseudonyms.size).toBe(3);
    for (const p of pseudonyms) expect(p).toMatch(/^[0-9a-f]{32}$/);
    // The student's: the day before yesterday's (peers, a note with an e-mail), then yesterday's (themself, name, e-mail).
    const [second, first] = records.filter((r) => r.action === 'study.answered');
    expect(first!.pseudonym).toBe(second!.pseudonym);
    const bo = records.find((r) => r.action === 'study.opened')!;
    expect(bo.pseudonym).not.toBe(first!.pseudonym);
    // Person keys of the data carry the same pseudonym; names and e-mails are gone; the url keeps its path only.
    expect(JSON.parse(first!.data!)).toEqual({ learner_id: first!.pseudonym, item: 3 });
    expect(JSON.parse(second!.data!)).toEqual({ peer_ids: [1, 2] });
    expect(JSON.parse(bo.data!)).toEqual({ user_id: bo.pseudonym });
    expect(first!.url).toBe('/course/1');
    expect(Number(first!.course_id)).toBe(w.course.id);
    for (const text of [w.student.name, w.student.userName, people.bo.name, people.cy.name, 'ada@example.org', 'user_no', 'event_id', 'domain-']) {
      expect(res.body, text).not.toContain(text);
    }
    for (const id of [w.student.id, people.bo.id, people.cy.id]) expect(records.some((r) => r.pseudonym === String(id))).toBe(false);

    // Stable: the next export names everyone the same.
    const again = await parseCsv((await call(exportUrl(), 'admin')).body);
    expect(again.map((r) => r.pseudonym)).toEqual(records.map((r) => r.pseudonym));
    // …and after a restart or on another instance: with no STATS_SECRET the organisation's key is kept in the
    // database, and each pseudonym is HMAC-SHA-256 under HKDF-SHA-256 of that stored key, nothing of the process.
    const stored = await rows<{ key_hex: string }>(sql`select key_hex from research_pseudonym_keys where org_id = ${w.org.id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key_hex).toMatch(/^[0-9a-f]{64}$/);
    const key = Buffer.from(hkdfSync('sha256', Buffer.from(stored[0]!.key_hex, 'hex'), 'atrium.research-pseudonym.v1', `org:${w.org.id}`, 32));
    const expected = createHmac('sha256', key).update(`user:${w.student.id}`).digest('hex').slice(0, 32);
    expect(records.filter((r) => r.pseudonym === expected).length).toBeGreaterThan(0);
  });

  it('is another pseudonym in another organisation; JSON holds the same rows; learning activity when asked', async () => {
    const csv = await parseCsv((await call(exportUrl(), 'admin')).body);
    const json = await call(exportUrl('&format=json'), 'admin');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const items = json.json() as ResearchExportRow[];
    expect(items).toHaveLength(csv.length);
    expect(items.map((r) => r.pseudonym)).toEqual(csv.map((r) => r.pseudonym));
    const answered = items.find((r) => r.data !== null && 'learner_id' in r.data)!;
    expect(answered).toEqual(
      expect.objectContaining({ stream: 'research_activity', action: 'study.answered', data: { learner_id: answered.pseudonym, item: 3 } }),
    );

    // The student's event under organisation B: another pseudonym there.
    const inB = (await call(exportUrl('&format=json'), 'adminB')).json() as ResearchExportRow[];
    expect(inB).toHaveLength(1);
    expect(inB[0]!.pseudonym).toMatch(/^[0-9a-f]{32}$/);
    expect(inB[0]!.pseudonym).not.toBe(answered.pseudonym);
    expect(new Set(items.map((r) => r.pseudonym)).has(inB[0]!.pseudonym)).toBe(false);

    // With the learners' own activity: the hand-ins and exam submissions forwarded from the main server, the same people.
    const both = (await call(exportUrl('&format=json&streams=research_activity,learning_activity'), 'admin')).json() as ResearchExportRow[];
    const learning = both.filter((r) => r.stream === 'learning_activity');
    const [expected] = await rows<{ n: number }>(sql`
      select count(*)::int as n from stats.events where org_id = ${w.org.id} and stream = 'learning_activity'
        and ts >= ${`${FROM}T00:00:00Z`}::timestamptz and ts < ${new Date(MIDNIGHT + DAY).toISOString()}::timestamptz`);
    expect(learning).toHaveLength(expected!.n);
    expect(learning.length).toBeGreaterThanOrEqual(6);
    expect(learning.filter((r) => r.action === 'homework.submitted').map((r) => r.pseudonym)).toContain(answered.pseudonym);
    expect(JSON.stringify(both)).not.toContain(w.student.name);
  });

  it('is the organisation admins’ only; a bad period or stream is a 400 naming the field; an empty period an empty file', async () => {
    for (const who of ['instructor', 'assistant', 'student'] as const) expect((await call(exportUrl(), who)).statusCode, who).toBe(403);
    expect((await call(exportUrl(), null)).statusCode).toBe(401);
    const bad = await call(`/api/stat/research-activity/export?from=${TO}&to=${FROM}`, 'admin');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('to');
    const stream = await call(exportUrl('&streams=teaching_action'), 'admin');
    expect(stream.statusCode).toBe(400);
    expect(Object.keys(stream.json().errors)).toContain('streams');
    const far = day(MIDNIGHT - 200 * DAY);
    const empty = await call(`/api/stat/research-activity/export?from=${far}&to=${far}&format=json`, 'admin');
    expect(empty.json()).toEqual([]);
    expect(await parseCsv((await call(`/api/stat/research-activity/export?from=${far}&to=${far}`, 'admin')).body)).toEqual([]);
  });
});

describe('with the statistics server apart (STATS_URL)', () => {
  let apart: TestApp;
  beforeAll(async () => {
    apart = await buildTestApp({ STATS_URL: 'http://127.0.0.1:9' });
  }, 120_000);
  afterAll(async () => apart?.close());

  it('teaching statistics answer with no action counts (flagged); the research export is 409 STATS_ELSEWHERE', async () => {
    const world = await apart.factories.courseWorld();
    const instructor = await apart.factories.login(world.instructor.userName);
    const admin = await apart.factories.login(world.admin.userName);
    const res = await apart.app.inject({ method: 'GET', url: '/api/stat/teaching', headers: { cookie: instructor } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TeachingStats;
    expect(body).toMatchObject({ actions_available: false, totals: { actions: {}, actions_total: 0 } });
    expect(body.courses.map((c) => c.course_id)).toEqual([world.course.id]);
    const exported = await apart.app.inject({ method: 'GET', url: '/api/stat/research-activity/export', headers: { cookie: admin } });
    expect(exported.statusCode).toBe(409);
    expect(exported.json().code).toBe('STATS_ELSEWHERE');
  });
});
