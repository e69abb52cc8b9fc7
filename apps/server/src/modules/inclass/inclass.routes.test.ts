import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { contentWorld, type ContentWorld } from '../../../test/helpers/content-world.js';
import { openSse, type SseClient } from '../../../test/helpers/sse-client.js';
import { activityReadRecords } from '../activities/activities.table.js';
import { inclassAnswers, inclassCheckins, inclassPolls, inclassRollcalls, inclassSessions } from './inclass.table.js';

/** In-class mode (issue 24 item 2; spec §2 `/inclass/courses/{courseId}`, §7 inclass-report; decision 0155). */

let t: TestApp;
let base: string;
let w: ContentWorld;
let classroomId: number;
let second: { id: number; cookie: string };
const streams: SseClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  w = await contentWorld(t);
  const mod = await w.moduleWith('In class', 0);
  const created = await w.ok('POST', `/api/courses/${w.course.id}/activities`, { module_id: mod.id, type: 'classroom', title: 'Week 1 lecture', data: {} });
  await w.ok('PUT', `/api/activities/${created.id}/publish`, { published: true });
  classroomId = created.id;
  const user = await t.factories.user({ orgId: w.course.orgId, role: USER_ROLE.student, name: 'Bea Second' });
  await t.factories.enrol(w.course.id, user.id, 'student');
  second = { id: user.id, cookie: await t.factories.login(user.userName) };
}, 120_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

type Who = 'student' | 'assistant' | 'instructor' | 'outsider' | 'admin' | 'second' | 'anonymous';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) =>
  who === 'second' ? t.app.inject({ method, url, headers: { cookie: second.cookie }, ...(payload ? { payload } : {}) }) : w.call(method, url, who, payload);
const db = () => t.app.deps.db;
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 10 });

async function stream(sessionId: number, who: 'instructor' | 'student'): Promise<SseClient> {
  const client = await openSse(base, { cookie: w.cookies[who], path: `/api/inclass-sessions/${sessionId}/stream` });
  streams.push(client);
  await waitFor(() => expect(client.frames.some((f) => f.event === 'ready')).toBe(true));
  return client;
}
const events = (client: SseClient, name: string) => client.frames.filter((f) => f.event === name).map((f) => JSON.parse(f.data!) as Record<string, unknown>);

async function startSession(): Promise<number> {
  const res = await call('POST', `/api/activities/${classroomId}/inclass-sessions`, 'instructor');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}
const endSession = async (id: number) => expect((await call('POST', `/api/inclass-sessions/${id}/end`, 'instructor')).statusCode).toBe(200);

describe('sessions', () => {
  it('only the team starts one, of a classroom activity, one at a time per course', async () => {
    for (const who of ['student', 'outsider'] as const) {
      expect((await call('POST', `/api/activities/${classroomId}/inclass-sessions`, who)).statusCode).toBe(403);
    }
    const page = (await w.moduleWith('Pages', 1)).activityIds[0]!;
    const notClassroom = await call('POST', `/api/activities/${page}/inclass-sessions`, 'instructor');
    expect(notClassroom.statusCode).toBe(409);
    expect(notClassroom.json().code).toBe('NOT_A_CLASSROOM');
    const id = await startSession();
    const again = await call('POST', `/api/activities/${classroomId}/inclass-sessions`, 'assistant');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INCLASS_SESSION_RUNNING', session_id: id });
    expect(await db().select().from(inclassSessions).where(eq(inclassSessions.courseId, w.course.id))).toHaveLength(1);

    const overview = (who: Who) => call('GET', `/api/courses/${w.course.id}/inclass`, who);
    const team = (await overview('instructor')).json();
    expect(team).toMatchObject({ can_run: true, classrooms: [{ id: classroomId, title: 'Week 1 lecture' }], session: { id, is_team: true, student_count: 2 } });
    const learner = (await overview('student')).json();
    expect(learner).toMatchObject({ can_run: false, classrooms: [], session: { id, is_team: false } });
    expect((await overview('outsider')).statusCode).toBe(403);
    await endSession(id);
    expect((await call('POST', `/api/inclass-sessions/${id}/end`, 'instructor')).json().code).toBe('INCLASS_SESSION_ENDED');
    expect((await overview('student')).json().session).toBeNull();
  });
});

describe('roll call', () => {
  it('students check in with the code, late after the rule; the team hears each check-in live; a wrong code writes nothing', async () => {
    const id = await startSession();
    const teamStream = await stream(id, 'instructor');
    const learnerStream = await stream(id, 'student');
    expect((await call('POST', `/api/inclass-sessions/${id}/checkin`, 'student', { code: '1234' })).json().code).toBe('INCLASS_NO_ROLLCALL');

    expect((await call('POST', `/api/inclass-sessions/${id}/rollcalls`, 'student', { method: 'qr' })).statusCode).toBe(403);
    const rollcall = (await call('POST', `/api/inclass-sessions/${id}/rollcalls`, 'instructor', { method: 'qr', late_after_minutes: 0 })).json();
    expect(rollcall.code).toMatch(/^\d{4}$/);
    await waitFor(() => expect(events(learnerStream, 'state')).toContainEqual({ reason: 'rollcall_started' }));
    // Learners never see the code in the session.
    const seen = (await call('GET', `/api/inclass-sessions/${id}`, 'student')).json();
    expect(seen.rollcall).toMatchObject({ id: rollcall.id, code: null, checkins: [], my_status: 'absent' });

    const wrong = rollcall.code === '9999' ? '1000' : String(Number(rollcall.code) + 1);
    const refused = await call('POST', `/api/inclass-sessions/${id}/checkin`, 'student', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['code']);
    expect((await call('POST', `/api/inclass-sessions/${id}/checkin`, 'student', { code: 'abcd' })).statusCode).toBe(400);
    expect(await db().select().from(inclassCheckins).where(eq(inclassCheckins.rollcallId, rollcall.id))).toHaveLength(0);
    expect((await call('POST', `/api/inclass-sessions/${id}/checkin`, 'instructor', { code: rollcall.code })).statusCode).toBe(403);

    const ok = await call('POST', `/api/inclass-sessions/${id}/checkin`, 'student', { code: rollcall.code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ rollcall_id: rollcall.id, status: 'present' });
    // Checking in again answers the first check-in.
    expect((await call('POST', `/api/inclass-sessions/${id}/checkin`, 'student', { code: rollcall.code })).json().checked_at).toBe(ok.json().checked_at);
    await waitFor(() => expect(events(teamStream, 'checkin').map((e) => e.user_id)).toEqual([w.student.id]));
    expect(events(learnerStream, 'checkin')).toEqual([]);
    // The visit is recorded (a viewed classroom completes).
    const reads = await db().select().from(activityReadRecords).where(eq(activityReadRecords.activityId, classroomId));
    expect(reads.map((r) => r.userId)).toContain(w.student.id);

    // A roll call with a late rule in the past: the second student is late.
    await db()
      .update(inclassRollcalls)
      .set({ lateAfter: new Date(Date.now() - 60_000) })
      .where(eq(inclassRollcalls.id, rollcall.id));
    const late = await call('POST', `/api/inclass-sessions/${id}/checkin`, 'second', { code: rollcall.code });
    expect(late.json().status).toBe('late');
    const team = (await call('GET', `/api/inclass-sessions/${id}`, 'instructor')).json();
    expect(team.rollcall).toMatchObject({ present_count: 1, late_count: 1 });
    expect(team.rollcall.checkins.map((c: { name: string }) => c.name)).toContain('Bea Second');

    const closed = (await call('POST', `/api/inclass-rollcalls/${rollcall.id}/close`, 'instructor')).json();
    expect(closed.closed_at).not.toBeNull();
    expect((await call('POST', `/api/inclass-sessions/${id}/checkin`, 'student', { code: rollcall.code })).json().code).toBe('INCLASS_NO_ROLLCALL');
    await endSession(id);
  });
});

describe('polls', () => {
  it('answers reach the team live with their correctness; the tally counts them; a closed poll refuses answers', async () => {
    const id = await startSession();
    const teamStream = await stream(id, 'instructor');
    const noKey = await call('POST', `/api/inclass-sessions/${id}/polls`, 'instructor', {
      kind: 'question',
      subject: { type: 'single_selection', description: '2 + 2?', options: [{ content: '3' }, { content: '4' }] },
    });
    expect(noKey.statusCode).toBe(400);
    expect(Object.keys(noKey.json().errors)).toEqual(['options']);
    expect((await call('POST', `/api/inclass-sessions/${id}/polls`, 'instructor', { kind: 'question' })).statusCode).toBe(400);
    expect(await db().select().from(inclassPolls).where(eq(inclassPolls.sessionId, id))).toHaveLength(0);

    const poll = (
      await call('POST', `/api/inclass-sessions/${id}/polls`, 'instructor', {
        kind: 'question',
        subject: { type: 'single_selection', description: '<p>2 + 2?</p><script>x()</script>', options: [{ content: '3' }, { content: '4', is_answer: true }] },
      })
    ).json();
    expect(poll.subject.description).not.toContain('<script');
    const [wrongOption, rightOption] = poll.options.map((o: { id: string }) => o.id);
    const learner = (await call('GET', `/api/inclass-sessions/${id}`, 'student')).json().poll;
    expect(learner.options).toBeUndefined();
    expect(JSON.stringify(learner)).not.toContain('is_answer');

    expect((await call('POST', `/api/inclass-polls/${poll.id}/answers`, 'student', { answer: 'nope' })).statusCode).toBe(400);
    expect((await call('POST', `/api/inclass-polls/${poll.id}/answers`, 'instructor', { answer: rightOption })).statusCode).toBe(403);
    expect((await call('POST', `/api/inclass-polls/${poll.id}/answers`, 'outsider', { answer: rightOption })).statusCode).toBe(403);
    expect(await db().select().from(inclassAnswers).where(eq(inclassAnswers.pollId, poll.id))).toHaveLength(0);

    expect((await call('POST', `/api/inclass-polls/${poll.id}/answers`, 'student', { answer: rightOption })).statusCode).toBe(200);
    expect((await call('POST', `/api/inclass-polls/${poll.id}/answers`, 'second', { answer: wrongOption })).statusCode).toBe(200);
    await waitFor(() => expect(events(teamStream, 'answer')).toHaveLength(2));
    expect(events(teamStream, 'answer').map((e) => [e.user_id, e.is_correct])).toEqual([
      [w.student.id, true],
      [second.id, false],
    ]);
    const team = (await call('GET', `/api/inclass-sessions/${id}`, 'instructor')).json().poll;
    expect(team).toMatchObject({ answer_count: 2, correct_count: 1, tally: { [rightOption]: 1, [wrongOption]: 1 } });
    expect((await call('GET', `/api/inclass-sessions/${id}`, 'student')).json().poll.my_answer).toBe(rightOption);

    await call('POST', `/api/inclass-polls/${poll.id}/close`, 'instructor');
    const late = await call('POST', `/api/inclass-polls/${poll.id}/answers`, 'student', { answer: wrongOption });
    expect(late.json().code).toBe('INCLASS_POLL_CLOSED');

    // A poll has no right answer; an exam subject of the course can be asked.
    const opinion = (
      await call('POST', `/api/inclass-sessions/${id}/polls`, 'instructor', {
        kind: 'poll',
        subject: { type: 'multiple_selection', description: 'Which topics?', options: [{ content: 'A' }, { content: 'B' }] },
      })
    ).json();
    expect(opinion.options.every((o: { is_answer: boolean }) => !o.is_answer)).toBe(true);
    await call('POST', `/api/inclass-polls/${opinion.id}/answers`, 'student', { answer: [opinion.options[0].id, opinion.options[1].id] });
    await waitFor(() => expect(events(teamStream, 'answer').at(-1)).toMatchObject({ poll_id: opinion.id, is_correct: null }));
    await endSession(id);
  });

  it('copies an exam subject of the course, never one of another course', async () => {
    const mod = await w.moduleWith('Exams', 0);
    const exam = await w.ok('POST', `/api/courses/${w.course.id}/activities`, { module_id: mod.id, type: 'exam', title: 'Quiz', data: {} });
    const made = await call('POST', `/api/exams/${exam.id}/subjects`, 'instructor', {
      type: 'true_or_false',
      description: 'The sky is blue',
      answer: true,
      score: 2,
    });
    expect(made.statusCode, made.body).toBe(201);
    const subject = made.json();
    const list = (await call('GET', `/api/courses/${w.course.id}/inclass-subjects?keyword=sky`, 'instructor')).json();
    expect(list.items).toEqual([{ id: subject.id, type: 'true_or_false', description: 'The sky is blue', exam_title: 'Quiz' }]);
    expect((await call('GET', `/api/courses/${w.course.id}/inclass-subjects`, 'student')).statusCode).toBe(403);

    const id = await startSession();
    const poll = (await call('POST', `/api/inclass-sessions/${id}/polls`, 'instructor', { subject_id: subject.id })).json();
    expect(poll.subject).toMatchObject({ type: 'true_or_false', description: 'The sky is blue' });
    const answer = await call('POST', `/api/inclass-polls/${poll.id}/answers`, 'student', { answer: true });
    expect(answer.statusCode, answer.body).toBe(200);
    const other = await t.factories.course({ orgId: w.course.orgId, name: 'Elsewhere' });
    const [foreign] = await db()
      .insert((await import('../exams/exams.table.js')).examSubjects)
      .values({ courseId: other.id, type: 'true_or_false', description: 'Foreign', data: { answer: true }, score: 1 })
      .returning();
    const refused = await call('POST', `/api/inclass-sessions/${id}/polls`, 'instructor', { subject_id: foreign!.id });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['subject_id']);
    await endSession(id);
  });
});

describe('random pick, actions and the report', () => {
  it('picks among those checked in, every one before anyone twice', async () => {
    const id = await startSession();
    expect((await call('POST', `/api/inclass-sessions/${id}/picks`, 'instructor', { among: 'present' })).json().code).toBe('INCLASS_NOBODY_TO_PICK');
    const rollcall = (await call('POST', `/api/inclass-sessions/${id}/rollcalls`, 'instructor', {})).json();
    await call('POST', `/api/inclass-sessions/${id}/checkin`, 'student', { code: rollcall.code });
    await call('POST', `/api/inclass-sessions/${id}/checkin`, 'second', { code: rollcall.code });
    const picked = [];
    for (let i = 0; i < 2; i++) picked.push((await call('POST', `/api/inclass-sessions/${id}/picks`, 'instructor', { among: 'present' })).json().user_id);
    expect(picked.sort()).toEqual([w.student.id, second.id].sort());
    expect((await call('POST', `/api/inclass-sessions/${id}/picks`, 'student', {})).statusCode).toBe(403);
    // Without action tracking the org left off, actions are refused.
    expect((await call('POST', `/api/inclass-sessions/${id}/actions`, 'student', { action: 'blur' })).json().code).toBe('INCLASS_TRACKING_OFF');
    await endSession(id);
  });

  it('with inclass.user_action_track on, leaving the page is recorded, heard by the team and counted in the report; the report exports', async () => {
    const toggled = await call('PUT', '/api/org/toggles', 'admin', { inclass_user_action_track: true });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json().toggles.inclass_user_action_track).toBe(true);
    const id = await startSession();
    const teamStream = await stream(id, 'instructor');
    const rollcall = (await call('POST', `/api/inclass-sessions/${id}/rollcalls`, 'instructor', { late_after_minutes: 10 })).json();
    await call('POST', `/api/inclass-sessions/${id}/checkin`, 'student', { code: rollcall.code });
    const poll = (
      await call('POST', `/api/inclass-sessions/${id}/polls`, 'instructor', {
        subject: { type: 'short_answer', description: 'Capital of France?', answers: [['Paris']] },
      })
    ).json();
    await call('POST', `/api/inclass-polls/${poll.id}/answers`, 'student', { answer: 'paris' });
    for (const action of ['blur', 'focus', 'blur'] as const)
      expect((await call('POST', `/api/inclass-sessions/${id}/actions`, 'student', { action })).statusCode).toBe(204);
    await waitFor(() => expect(events(teamStream, 'action').map((e) => e.action)).toEqual(['blur', 'focus', 'blur']));
    await endSession(id);

    const report = await call('POST', `/api/course/${w.course.id}/inclass-report`, 'instructor', { session_id: id });
    expect(report.statusCode, report.body).toBe(200);
    const body = report.json();
    expect(body.tracks_actions).toBe(true);
    expect(body.rollcalls).toEqual([expect.objectContaining({ present_count: 1, late_count: 0, absent_count: 1 })]);
    expect(body.polls).toEqual([expect.objectContaining({ answer_count: 1, correct_count: 1, description: 'Capital of France?' })]);
    const student = body.students.find((s: { user_id: number }) => s.user_id === w.student.id);
    expect(student).toMatchObject({ attendance: ['present'], answers: [{ text: 'paris', is_correct: true }], correct_count: 1, left_count: 2 });
    expect(body.students.find((s: { user_id: number }) => s.user_id === second.id)).toMatchObject({ attendance: ['absent'], left_count: 0 });

    const xlsx = await call('POST', `/api/course/${w.course.id}/inclass-report`, 'instructor', { session_id: id, format: 'xlsx' });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain('Left the page');
    expect(rows.some((r) => r.includes('present') && r.includes('paris (right)'))).toBe(true);
    const csv = await call('POST', `/api/course/${w.course.id}/inclass-report`, 'instructor', { session_id: id, format: 'csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('paris (right)');

    expect((await call('POST', `/api/course/${w.course.id}/inclass-report`, 'student', { session_id: id })).statusCode).toBe(403);
    const other = await t.factories.course({ orgId: w.course.orgId, name: 'Other' });
    await t.factories.enrol(other.id, w.instructor.id, 'instructor');
    expect((await call('POST', `/api/course/${other.id}/inclass-report`, 'instructor', { session_id: id })).json().code).toBe('INCLASS_SESSION_NOT_FOUND');
    const sessions = (await call('GET', `/api/courses/${w.course.id}/inclass-sessions?activity_id=${classroomId}`, 'instructor')).json();
    expect(sessions.items[0]).toMatchObject({ id, rollcall_count: 1, poll_count: 1 });
    await call('PUT', '/api/org/toggles', 'admin', { inclass_user_action_track: false });
  });

  it('a stream of a session is refused to who is not in the course', async () => {
    const id = await startSession();
    const outsider = await openSse(base, { cookie: w.cookies.outsider, path: `/api/inclass-sessions/${id}/stream` });
    streams.push(outsider);
    expect(outsider.status).toBe(403);
    const missing = await openSse(base, { cookie: w.cookies.student, path: `/api/inclass-sessions/999999/stream` });
    streams.push(missing);
    expect(missing.status).toBe(404);
    await endSession(id);
  });
});
