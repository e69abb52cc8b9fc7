import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { USER_ROLE, type EnrolmentSyncPlan } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

/**
 * Issue 24 item 4: campus enrolment sync (URP for the organisation, ITRI per course) from a CSV a real HTTP server
 * publishes in the test. A dry run changes nothing; an apply adds what is missing; a second apply changes nothing;
 * rows that cannot be matched are reported with their line; with no connector every call says what is missing.
 */

const TOKEN = 'campus-token-123';
let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let campus: Server;
let campusUrl: string;
let csv = '';
let seenAuthorization: string | undefined;
let status = 200;
const cookies = {} as Record<'admin' | 'instructor' | 'student' | 'outsider', string>;
const people = {} as Record<'ada' | 'bo' | 'cy', { id: number; userNo: string }>;
let second: { id: number; courseCode: string };

beforeAll(async () => {
  campus = createServer((request, response) => {
    seenAuthorization = request.headers.authorization;
    response.writeHead(status, { 'content-type': 'text/csv; charset=utf-8' });
    response.end(csv);
  });
  await new Promise<void>((resolve) => campus.listen(0, '127.0.0.1', resolve));
  campusUrl = `http://127.0.0.1:${(campus.address() as AddressInfo).port}/enrolments.csv`;
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  for (const key of ['ada', 'bo', 'cy'] as const) {
    const user = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
    people[key] = { id: user.id, userNo: user.userNo };
  }
  const other = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id });
  second = { id: other.id, courseCode: other.courseCode };
  for (const who of ['admin', 'instructor', 'student', 'outsider'] as const) cookies[who] = await t.factories.login(w[who].userName);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => campus?.close(resolve));
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: keyof typeof cookies | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: cookies[who] } : {}, ...(payload ? { payload } : {}) });
const enrolmentCount = async () =>
  Number(((await t.database.db.execute(sql`select count(*)::int as n from enrolments`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const plan = (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EnrolmentSyncPlan;
};

describe('campus connectors', () => {
  it('say what is missing when none is configured, and only admins set them', async () => {
    const urp = await call('POST', '/api/courses/sync_from_urp', 'admin', { dry_run: true });
    expect(urp.statusCode).toBe(409);
    expect(urp.json()).toMatchObject({ code: 'CONNECTOR_NOT_CONFIGURED', errors: { provider: [expect.stringContaining('URP')] } });
    const itri = await call('PUT', `/api/courses/${w.course.id}/sync-itri-enrollments`, 'instructor', {});
    expect(itri.statusCode).toBe(409);
    expect(itri.json().errors.provider[0]).toContain('ITRI');
    expect((await call('GET', '/api/org/connectors', 'admin')).json()).toEqual({
      items: [
        { provider: 'urp', connector: null },
        { provider: 'itri', connector: null },
      ],
    });
    expect((await call('PUT', '/api/org/connectors/urp', 'instructor', { url: campusUrl })).statusCode).toBe(403);
    expect((await call('POST', '/api/courses/sync_from_urp', 'instructor', {})).statusCode).toBe(403);
    const bad = await call('PUT', '/api/org/connectors/urp', 'admin', { url: 'ftp://campus.example/x.csv' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('url');
    expect((await call('PUT', '/api/org/connectors/sis', 'admin', { url: campusUrl })).statusCode).toBe(400);
  });

  it('URP: a dry run previews and changes nothing; an apply adds what is missing; a second apply changes nothing', async () => {
    const set = await call('PUT', '/api/org/connectors/urp', 'admin', { url: campusUrl, token: TOKEN });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ provider: 'urp', url: campusUrl, has_token: true });
    expect(set.body).not.toContain(TOKEN);
    // A new address alone keeps the token; null would remove it.
    expect((await call('PUT', '/api/org/connectors/urp', 'admin', { url: `${campusUrl}?v=1` })).json()).toMatchObject({ has_token: true });
    expect((await call('PUT', '/api/org/connectors/urp', 'admin', { url: campusUrl, token: null })).json()).toMatchObject({ has_token: false });
    expect((await call('PUT', '/api/org/connectors/urp', 'admin', { url: campusUrl, token: TOKEN })).json()).toMatchObject({ has_token: true });
    csv = [
      '\uFEFFUser_No,Course_Code,Role,Name',
      `${people.ada.userNo},${w.course.courseCode},,Ada`,
      `${people.bo.userNo},${w.course.courseCode},student,Bo`,
      `${w.student.userNo},${w.course.courseCode},student,Already enrolled`,
      `${people.cy.userNo},${second.courseCode},instructor_assistant,Cy`,
      `${people.ada.userNo},${w.course.courseCode},student,Ada again`,
      `U-nobody,${w.course.courseCode},student,Unknown`,
      `${people.bo.userNo},NO-SUCH,student,Unknown course`,
      `${people.bo.userNo},${w.course.courseCode},dean,Unknown role`,
      `,${w.course.courseCode},student,No number`,
      '',
    ].join('\r\n');
    const before = await enrolmentCount();
    const preview = plan(await call('POST', '/api/courses/sync_from_urp', 'admin', { dry_run: true }));
    expect(seenAuthorization).toBe(`Bearer ${TOKEN}`);
    expect(preview).toMatchObject({ provider: 'urp', dry_run: true, rows_read: 9, kept: 2, applied: 0 });
    expect(preview.add).toEqual([
      { course_id: w.course.id, course_code: w.course.courseCode, user_id: people.ada.id, user_no: people.ada.userNo, role: 'student' },
      { course_id: w.course.id, course_code: w.course.courseCode, user_id: people.bo.id, user_no: people.bo.userNo, role: 'student' },
      { course_id: second.id, course_code: second.courseCode, user_id: people.cy.id, user_no: people.cy.userNo, role: 'instructor_assistant' },
    ]);
    expect(preview.skipped.map((s) => [s.line, s.reason])).toEqual([
      [7, 'unknown_user'],
      [8, 'unknown_course'],
      [9, 'unknown_role'],
      [10, 'incomplete_row'],
    ]);
    expect(await enrolmentCount()).toBe(before);

    const applied = plan(await call('POST', '/api/courses/sync_from_urp', 'admin', { dry_run: false }));
    expect(applied).toMatchObject({ dry_run: false, applied: 3 });
    expect(await enrolmentCount()).toBe(before + 3);
    const roles = await t.database.db.execute(sql`select role from enrolments where course_id = ${second.id} and user_id = ${people.cy.id}`);
    expect((roles as unknown as { rows: { role: string }[] }).rows).toEqual([{ role: 'instructor_assistant' }]);
    // Each new enrolment is an enrolment.created event (for notifications and the course's counts).
    const events = await t.database.db.execute(
      sql`select count(*)::int as n from domain_events where type = 'enrolment.created' and (payload->>'user_id')::int = any(${`{${people.ada.id},${people.bo.id},${people.cy.id}}`}::int[])`,
    );
    expect((events as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);

    const again = plan(await call('POST', '/api/courses/sync_from_urp', 'admin', { dry_run: false }));
    expect(again).toMatchObject({ add: [], kept: 5, applied: 0 });
    expect(await enrolmentCount()).toBe(before + 3);
  });

  it('ITRI: one course only, for those who may enrol in it; a source that fails or is not CSV is a 502 naming url', async () => {
    expect(plan(await call('PUT', '/api/org/connectors/itri', 'admin', { url: campusUrl }))).toBeDefined();
    const newcomer = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
    csv = `course_code,user_no\n${w.course.courseCode},${newcomer.userNo}\n${second.courseCode},${newcomer.userNo}\n`;
    expect((await call('PUT', `/api/courses/${w.course.id}/sync-itri-enrollments`, 'student', { dry_run: true })).statusCode).toBe(403);
    const preview = plan(await call('PUT', `/api/courses/${w.course.id}/sync-itri-enrollments`, 'instructor', {}));
    expect(seenAuthorization).toBeUndefined();
    expect(preview.dry_run).toBe(true);
    expect(preview.add.map((a) => [a.course_id, a.user_id])).toEqual([[w.course.id, newcomer.id]]);
    expect(preview.skipped).toEqual([{ line: 3, reason: 'other_course', course_code: second.courseCode, user_no: newcomer.userNo }]);
    expect(plan(await call('PUT', `/api/courses/${w.course.id}/sync-itri-enrollments`, 'instructor', { dry_run: false })).applied).toBe(1);
    expect(plan(await call('PUT', `/api/courses/${w.course.id}/sync-itri-enrollments`, 'instructor', { dry_run: false })).applied).toBe(0);

    const before = await enrolmentCount();
    status = 500;
    const down = await call('PUT', `/api/courses/${w.course.id}/sync-itri-enrollments`, 'instructor', { dry_run: false });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'CONNECTOR_SOURCE_FAILED', errors: { url: [expect.stringContaining('500')] } });
    status = 200;
    csv = 'name,email\nAda,ada@example.org\n';
    const notOurs = await call('PUT', `/api/courses/${w.course.id}/sync-itri-enrollments`, 'instructor', { dry_run: false });
    expect(notOurs.statusCode).toBe(502);
    expect(notOurs.json().errors.url[0]).toContain('course_code');
    expect(await enrolmentCount()).toBe(before);

    expect((await call('DELETE', '/api/org/connectors/itri', 'admin')).statusCode).toBe(200);
    expect((await call('DELETE', '/api/org/connectors/itri', 'admin')).statusCode).toBe(409);
    expect((await call('PUT', `/api/courses/${w.course.id}/sync-itri-enrollments`, 'instructor', {})).statusCode).toBe(409);
  });
});
