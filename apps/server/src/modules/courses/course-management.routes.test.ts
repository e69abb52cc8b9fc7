import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { bigWorld, snapshot, type BigWorld } from '../../../test/helpers/course-world.js';
import { setAuthCodeChannel, type AuthCodeChannel } from '../authcodes/authcodes.service.js';
import { outboxEmails } from '../outbox/outbox.table.js';
import { users } from '../users/users.table.js';

let t: TestApp;
let w: BigWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await bigWorld(t);
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who?: keyof BigWorld['cookies'] | string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(who ? { headers: { cookie: who in w.cookies ? w.cookies[who as keyof BigWorld['cookies']] : who } } : {}),
    ...(payload ? { payload } : {}),
  });

describe('POST /api/courses (management list)', () => {
  it('lists all the org’s courses to admins and the taught ones to instructors, filtered by keyword', async () => {
    await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id, name: 'Compiler Construction' });
    await t.factories.course({ orgId: w.org.id, name: 'Organic Chemistry' });
    const admin = await inject('POST', '/api/courses?page=1&page_size=20', 'admin', {});
    expect(admin.json().total).toBe(4);
    const teacher = await inject('POST', '/api/courses?page=1&page_size=20', 'instructor', {});
    expect(teacher.json().total).toBe(2);
    const kw = await inject('POST', '/api/courses?page=1&page_size=20', 'admin', { keyword: 'compiler' });
    expect(kw.json().items.map((c: { name: string }) => c.name)).toEqual(['Compiler Construction']);
    const wild = await inject('POST', '/api/courses?page=1&page_size=20', 'admin', { keyword: '%' });
    expect(wild.json().total).toBe(0);
    const filtered = await inject('POST', '/api/courses?page_size=10', 'admin', {
      academic_year: '2026-2027',
      semester: 'Autumn',
      published: true,
      type: 'normal',
      review_status: 'unreviewed',
      department_id: w.org.departmentId,
    });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json()).toMatchObject({ page: 1, page_size: 10, total: 0 });
  });
  it('answers 400 naming page_size or the filter, 403 for students and other orgs’ view is its own, 401', async () => {
    const bad = await inject('POST', '/api/courses?page=1&page_size=7', 'admin', {});
    expect(bad.json().errors).toHaveProperty('page_size');
    const badFilter = await inject('POST', '/api/courses?page=1&page_size=20', 'admin', { published: 'maybe' });
    expect(badFilter.json().errors).toHaveProperty('published');
    expect((await inject('POST', '/api/courses?page=1&page_size=20', 'student', {})).statusCode).toBe(403);
    expect((await inject('POST', '/api/courses?page=1&page_size=20', 'otherAdmin', {})).json().total).toBe(0);
    expect((await inject('POST', '/api/courses?page=1&page_size=20', undefined, {})).statusCode).toBe(401);
  });
  it('counts, deletes and restores', async () => {
    const c = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id, name: 'To delete' });
    const before = (await inject('GET', '/api/courses/count', 'admin')).json();
    expect(before).toMatchObject({ total: expect.any(Number), published: expect.any(Number), unpublished: 0, deleted: 0 });
    expect((await inject('DELETE', `/api/courses/${c.id}`, 'instructor')).json()).toEqual({ message: expect.any(String) });
    expect((await inject('GET', `/api/courses/${c.id}`, 'instructor')).statusCode).toBe(404);
    expect((await inject('GET', '/api/courses/count', 'admin')).json()).toMatchObject({ total: before.total - 1, deleted: 1 });
    const deleted = await inject('POST', '/api/courses?page=1&page_size=20', 'admin', { deleted: true });
    expect(deleted.json().items).toEqual([expect.objectContaining({ id: c.id, deleted: true })]);
    expect((await inject('PUT', `/api/courses/${c.id}/restore`, 'instructor')).statusCode).toBe(403);
    expect((await inject('PUT', `/api/courses/${c.id}/restore`, 'admin')).json()).toMatchObject({ id: c.id, deleted: false });
    expect((await inject('PUT', `/api/courses/${c.id}/restore`, 'admin')).statusCode).toBe(404);
    expect((await inject('GET', '/api/courses/count', 'student')).statusCode).toBe(403);
    expect((await inject('GET', '/api/courses/count')).statusCode).toBe(401);
  });
});

describe('edit, recommend, outline', () => {
  it('edits fields and checks them', async () => {
    const res = await inject('PUT', `/api/courses/${w.course.id}`, 'instructor', {
      display_name: 'CS for all',
      start_date: '2026-09-01T00:00:00Z',
      end_date: '2027-01-31T00:00:00Z',
    });
    expect(res.json()).toMatchObject({ display_name: 'CS for all', start_date: '2026-09-01T00:00:00.000Z', end_date: '2027-01-31T00:00:00.000Z' });
    const before = await snapshot(t, w.course.id);
    const order = await inject('PUT', `/api/course/${w.course.id}`, 'instructor', { start_date: '2027-09-01T00:00:00Z', end_date: '2027-01-31T00:00:00Z' });
    expect(order.json().errors).toHaveProperty('end_date');
    const empty = await inject('PUT', `/api/courses/${w.course.id}`, 'instructor', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('name');
    const dept = await inject('PUT', `/api/courses/${w.course.id}`, 'instructor', { department_id: w.otherOrg.departmentId });
    expect(dept.json().errors).toHaveProperty('department_id');
    expect(await snapshot(t, w.course.id)).toEqual(before);
    expect((await inject('PUT', '/api/courses/999999', 'instructor', { name: 'x' })).statusCode).toBe(404);
  });
  it('hasAiAbility (spec §3, §6): false by default, set only by an org admin, read by the course’s students', async () => {
    const read = async (who: keyof BigWorld['cookies']) => (await inject('GET', `/api/courses/${w.course.id}`, who)).json().hasAiAbility;
    expect(await read('student')).toBe(false);
    const refused = await inject('PUT', `/api/courses/${w.course.id}`, 'instructor', { hasAiAbility: true });
    expect(refused.statusCode).toBe(403);
    expect(await read('instructor')).toBe(false);
    const bad = await inject('PUT', `/api/courses/${w.course.id}`, 'admin', { hasAiAbility: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('hasAiAbility');
    expect((await inject('PUT', `/api/courses/${w.course.id}`, 'otherAdmin', { hasAiAbility: true })).statusCode).toBeGreaterThanOrEqual(403);
    expect(await read('student')).toBe(false);
    const set = await inject('PUT', `/api/courses/${w.course.id}`, 'admin', { hasAiAbility: true });
    expect(set.json()).toMatchObject({ id: w.course.id, hasAiAbility: true });
    expect(await read('student')).toBe(true);
    const listed = await inject('POST', '/api/courses?page=1&page_size=20', 'admin', {});
    expect(listed.json().items.find((c: { id: number }) => c.id === w.course.id).hasAiAbility).toBe(true);
    expect((await inject('PUT', `/api/courses/${w.course.id}`, 'admin', { hasAiAbility: false })).json().hasAiAbility).toBe(false);
    expect(await read('student')).toBe(false);
  });
  it('recommends (admins), edits the outline and e-mails the students through the outbox', async () => {
    expect((await inject('PUT', `/api/courses/${w.course.id}/recommended`, 'admin', { recommended: true })).json()).toEqual({ recommended: true });
    expect((await inject('PUT', `/api/courses/${w.course.id}/recommended`, 'admin', {})).json().errors).toHaveProperty('recommended');
    const outline = await inject('PUT', `/api/course/${w.course.id}/outline`, 'instructor', { course_outline: 'Week 1: lexing' });
    expect(outline.json().course_outline).toBe('Week 1: lexing');
    expect((await inject('PUT', `/api/course/${w.course.id}/outline`, 'instructor', { course_outline: 5 })).json().errors).toHaveProperty('course_outline');
    const notify = await inject('POST', '/api/outline/notify', 'instructor', { course_ids: [w.course.id] });
    expect(notify.json()).toEqual({ message: expect.any(String), queued: 1 });
    const mails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'outline_notify'));
    expect(mails).toEqual([expect.objectContaining({ to: `student${w.student.id}@example.edu`, status: 'pending' })]);
    expect((await inject('POST', '/api/outline/notify', 'instructor', { course_ids: [] })).json().errors).toHaveProperty('course_ids');
    expect((await inject('POST', '/api/outline/notify', 'instructor', { course_ids: [999999] })).statusCode).toBe(404);
  });
});

describe('course settings and the management auth code', () => {
  it('lets admins change the toggles; others get 403', async () => {
    expect((await inject('GET', '/api/courses/settings', 'student')).json()).toEqual({ need_publish: true, team_teaching: true, management_auth_code: false });
    expect((await inject('PUT', '/api/courses/settings', 'instructor', { need_publish: false })).statusCode).toBe(403);
    expect((await inject('PUT', '/api/courses/settings', 'admin', { need_publish: 'no' })).json().errors).toHaveProperty('need_publish');
    expect((await inject('PUT', '/api/courses/settings', 'admin', { need_publish: false })).json()).toMatchObject({ need_publish: false });
    expect((await inject('PUT', '/api/courses/settings', 'admin', { need_publish: true })).json()).toMatchObject({ need_publish: true });
    expect((await inject('PUT', '/api/courses/settings', undefined, { need_publish: true })).statusCode).toBe(401);
    expect((await inject('GET', '/api/courses/settings')).statusCode).toBe(401);
  });
  it('asks for a 6-character code when the toggle is on; 60 s between codes; the code opens the management list', async () => {
    const teacher = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.instructor });
    await t.database.db.update(users).set({ email: 'teacher-code@example.edu' }).where(eq(users.id, teacher.id));
    const cookie = await t.factories.login(teacher.userName);
    await inject('PUT', '/api/courses/settings', 'admin', { management_auth_code: true });
    expect((await inject('GET', '/api/auth_code/auth_validate', cookie)).json()).toEqual({ required: true, dingtalk_auth_validate: false });
    const refused = await inject('POST', '/api/courses?page=1&page_size=20', cookie, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('AUTH_CODE_REQUIRED');

    const sent: string[] = [];
    const capture: AuthCodeChannel = { send: async (_deps, _user, code) => void sent.push(code) };
    const previous = setAuthCodeChannel(capture);
    try {
      expect((await inject('POST', '/api/auth_code/get_auth_code', cookie)).json()).toEqual({ message: expect.any(String), resend_after_seconds: 60 });
      const tooSoon = await inject('POST', '/api/auth_code/get_auth_code', cookie);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().errors).toHaveProperty('auth_code');
    } finally {
      setAuthCodeChannel(previous);
    }
    expect(sent[0]).toMatch(/^\d{6}$/);
    const short = await inject('POST', '/api/auth_code/validate_auth_code', cookie, { auth_code: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toHaveProperty('auth_code');
    const wrongCode = sent[0] === '000000' ? '111111' : '000000';
    expect((await inject('POST', '/api/auth_code/validate_auth_code', cookie, { auth_code: wrongCode })).json()).toMatchObject({
      code: 'AUTH_CODE_INVALID',
      errors: { auth_code: expect.any(Array) },
    });
    expect((await inject('POST', '/api/auth_code/validate_auth_code', cookie, { auth_code: sent[0] })).json()).toEqual({ dingtalk_auth_validate: true });
    expect((await inject('GET', '/api/auth_code/auth_validate', cookie)).json()).toEqual({ required: true, dingtalk_auth_validate: true });
    expect((await inject('POST', '/api/courses?page=1&page_size=20', cookie, {})).statusCode).toBe(200);
    expect((await inject('POST', '/api/auth_code/validate_auth_code', cookie, { auth_code: sent[0] })).statusCode).toBe(400);
    await inject('PUT', '/api/courses/settings', 'admin', { management_auth_code: false });
  });
  it('the default channel writes the code to the outbox as an e-mail; 401 anonymous', async () => {
    const teacher = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.instructor });
    await t.database.db.update(users).set({ email: 'teacher-outbox@example.edu' }).where(eq(users.id, teacher.id));
    const cookie = await t.factories.login(teacher.userName);
    expect((await inject('POST', '/api/auth_code/get_auth_code', cookie)).statusCode).toBe(200);
    const [mail] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'teacher-outbox@example.edu'));
    expect(mail).toMatchObject({ kind: 'auth_code', subject: expect.stringMatching(/\d{6}/) });
    expect((await inject('POST', '/api/auth_code/get_auth_code')).statusCode).toBe(401);
    expect((await inject('GET', '/api/auth_code/auth_validate')).statusCode).toBe(401);
  });
});
