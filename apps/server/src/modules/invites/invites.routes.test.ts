import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { bigWorld, snapshot, type BigWorld } from '../../../test/helpers/course-world.js';
import { startSmtpSink } from '../../../test/helpers/smtp-sink.js';
import { courses } from '../courses/courses.table.js';
import { orgs } from '../orgs/orgs.table.js';
import { outboxEmails } from '../outbox/outbox.table.js';
import { invites } from './invites.table.js';

let t: TestApp;
let w: BigWorld;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://atrium.example.edu' });
  w = await bigWorld(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who?: keyof BigWorld['cookies'] | string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(who ? { headers: { cookie: who in w.cookies ? w.cookies[who as keyof BigWorld['cookies']] : who } } : {}),
    ...(payload ? { payload } : {}),
  });

describe('POST /api/course/{id}/invites', () => {
  it('invites by e-mail: the invitee gets an e-mail through a real SMTP server and an in-app invite to confirm', async () => {
    const res = await inject('POST', `/api/course/${w.course.id}/invites`, 'instructor', {
      emails: [` ${w.inviteeEmail.toUpperCase()} `],
      invite_type: 'student',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const mail = await smtp.waitFor((m) => m.to.includes(w.inviteeEmail));
    expect(mail.raw).toContain('invited you');
    expect(mail.raw).toMatch(/https:\/\/atrium\.example\.edu\/user\/index\?invite_id=\d+/);
    const [sent] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, w.inviteeEmail));
    await expect.poll(async () => (await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, sent!.id)))[0]!.status).toBe('sent');

    const invitee = await t.factories.login(w.invitee.userName);
    const mine = (await inject('GET', '/api/user/invites', invitee)).json();
    expect(mine.invites).toEqual([
      expect.objectContaining({
        course_id: w.course.id,
        teaching_unit_type: 'course',
        teaching_unit_id: w.course.id,
        role: 'student',
        inviter_name: w.instructor.name,
      }),
    ]);
    const id = mine.invites[0].invite_id;
    expect((await inject('GET', `/api/invites/${id}/status`, invitee)).json()).toEqual({ status: 'not_joined', course_id: w.course.id });
    expect((await inject('GET', `/api/courses/${w.course.id}`, invitee)).statusCode).toBe(403);
    expect((await inject('POST', `/api/invites/${id}/invite-confirm`, invitee)).json()).toEqual({ status: 'joined', course_id: w.course.id });
    expect((await inject('GET', `/api/courses/${w.course.id}`, invitee)).json().my_roles).toEqual(['student']);
    expect((await inject('GET', `/api/invites/${id}/status`, invitee)).json().status).toBe('joined');
    expect((await inject('POST', `/api/invites/${id}/invite-confirm`, invitee)).json()).toEqual({ status: 'joined', course_id: w.course.id });
    expect((await inject('GET', '/api/user/invites', invitee)).json().invites).toEqual([]);
    expect((await inject('GET', '/api/user/invites')).statusCode).toBe(401);
    expect((await inject('POST', `/api/invites/${id}/invite-confirm`)).statusCode).toBe(401);
  });
  it('answers 400 with emails_not_exist for unknown addresses and sends nothing', async () => {
    const before = await snapshot(t, w.course.id);
    const res = await inject('POST', `/api/course/${w.course.id}/invites`, 'instructor', {
      emails: [w.inviteeEmail, 'nobody@example.edu'],
      invite_type: 'student',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ emails_not_exist: ['nobody@example.edu'] });
    expect(await snapshot(t, w.course.id)).toEqual(before);
  });
  it('answers 400 naming emails for a malformed address or none, and invite_type for an unknown role', async () => {
    const bad = await inject('POST', `/api/course/${w.course.id}/invites`, 'instructor', { emails: ['not-an-email'], invite_type: 'student' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^emails/);
    const none = await inject('POST', `/api/course/${w.course.id}/invites`, 'instructor', { emails: [], invite_type: 'student' });
    expect(none.json().errors).toHaveProperty('emails');
    const role = await inject('POST', `/api/course/${w.course.id}/invites`, 'instructor', { emails: [w.inviteeEmail], invite_type: 'dean' });
    expect(role.json().errors).toHaveProperty('invite_type');
  });
  it('lets an assistant invite students only; 401 anonymous; 404 missing course', async () => {
    const before = await snapshot(t, w.course.id);
    expect((await inject('POST', `/api/course/${w.course.id}/invites`, 'assistant', { emails: [w.inviteeEmail], invite_type: 'instructor' })).statusCode).toBe(
      403,
    );
    expect(await snapshot(t, w.course.id)).toEqual(before);
    expect((await inject('POST', `/api/course/${w.course.id}/invites`, undefined, { emails: [w.inviteeEmail], invite_type: 'student' })).statusCode).toBe(401);
    expect((await inject('POST', '/api/course/999999/invites', 'instructor', { emails: [w.inviteeEmail], invite_type: 'student' })).statusCode).toBe(404);
  });
  it('invites into a teaching class, which must be named', async () => {
    const missing = await inject('POST', `/api/course/${w.course.id}/invites`, 'instructor', {
      emails: [w.inviteeEmail],
      invite_type: 'student',
      teaching_unit_type: 'teaching_class',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('teaching_unit_id');
    const ok = await inject('POST', `/api/course/${w.course.id}/invites`, 'instructor', {
      emails: [w.inviteeEmail],
      invite_type: 'student',
      teaching_unit_type: 'teaching_class',
      teaching_unit_id: 7,
    });
    expect(ok.statusCode).toBe(200);
    const rows = await t.database.db.select().from(invites).where(eq(invites.teachingUnitType, 'teaching_class'));
    expect(rows).toEqual([expect.objectContaining({ teachingUnitId: 7, courseId: w.course.id })]);
  });
});

describe('invite status and confirm', () => {
  it('answers 404 INVITE_NOT_FOUND for a cancelled invite or someone else’s, 410 COURSE_DELETED once the course is deleted, 400 for a bad id, 401', async () => {
    await inject('POST', `/api/course/${w.course.id}/invites`, 'instructor', { emails: [w.inviteeEmail], invite_type: 'instructor_assistant' });
    const [row] = await t.database.db.select().from(invites).where(eq(invites.role, 'instructor_assistant'));
    const invitee = await t.factories.login(w.invitee.userName);
    expect((await inject('GET', `/api/invites/${row!.id}/status`, 'student')).json()).toMatchObject({ code: 'INVITE_NOT_FOUND' });
    expect((await inject('POST', `/api/invites/${row!.id}/invite-confirm`, 'student')).statusCode).toBe(404);
    const bad = await inject('GET', '/api/invites/x/status', invitee);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('id');
    expect((await inject('GET', `/api/invites/${row!.id}/status`)).statusCode).toBe(401);
    await t.database.db.update(courses).set({ deletedAt: new Date() }).where(eq(courses.id, w.course.id));
    const gone = await inject('GET', `/api/invites/${row!.id}/status`, invitee);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'COURSE_DELETED' });
    await t.database.db.update(courses).set({ deletedAt: null }).where(eq(courses.id, w.course.id));
    await t.database.db.delete(invites).where(eq(invites.id, row!.id));
    const cancelled = await inject('GET', `/api/invites/${row!.id}/status`, invitee);
    expect(cancelled.statusCode).toBe(404);
    expect(cancelled.json().code).toBe('INVITE_NOT_FOUND');
  });
});

describe('team teaching', () => {
  it('lists the org, its departments and its instructors, and adds team teachers', async () => {
    const orgsRes = await inject('GET', '/api/toggle-opened-orgs?toggle=org_team_teaching', 'instructor');
    expect(orgsRes.json()).toEqual({ orgs: [{ id: w.org.id, name: w.org.name }] });
    const depts = await inject('GET', `/api/orgs/${w.org.id}/departments`, 'instructor');
    expect(depts.json().departments).toEqual([{ id: w.org.departmentId, name: 'Department of Tests' }]);
    const found = await inject(
      'GET',
      `/api/user/search?keywords=${encodeURIComponent(w.spareTeacher.name)}&exclude_student_role=true&org_id=${w.org.id}`,
      'instructor',
    );
    expect(found.json().users).toEqual([{ id: w.spareTeacher.id, name: w.spareTeacher.name, user_no: w.spareTeacher.userNo }]);
    const noStudents = await inject('GET', `/api/user/search?keywords=${encodeURIComponent(w.student.name)}&exclude_student_role=true`, 'instructor');
    expect(noStudents.json().users).toEqual([]);
    const add = await inject('POST', `/api/courses/${w.course.id}/team-teaching`, 'instructor', { user_ids: [w.spareTeacher.id] });
    expect(add.json()).toEqual({ message: expect.any(String) });
    const teacher = await t.factories.login(w.spareTeacher.userName);
    expect((await inject('GET', `/api/courses/${w.course.id}`, teacher)).json().my_roles).toEqual(['instructor']);
  });
  it('answers 400 naming user_ids for students or unknown users and changes nothing; 403 to students searching or another org', async () => {
    const before = await snapshot(t, w.course.id);
    const res = await inject('POST', `/api/courses/${w.course.id}/team-teaching`, 'instructor', { user_ids: [w.outsider.id, 999999] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { user_ids: expect.any(Array) }, message: expect.any(String) });
    const none = await inject('POST', `/api/courses/${w.course.id}/team-teaching`, 'instructor', { user_ids: [] });
    expect(none.json().errors).toHaveProperty('user_ids');
    expect(await snapshot(t, w.course.id)).toEqual(before);
    expect((await inject('GET', '/api/user/search?keywords=a', 'student')).statusCode).toBe(403);
    expect((await inject('GET', `/api/user/search?org_id=${w.otherOrg.id}`, 'instructor')).statusCode).toBe(403);
    expect((await inject('GET', `/api/orgs/${w.otherOrg.id}/departments`, 'instructor')).statusCode).toBe(403);
    expect((await inject('GET', '/api/toggle-opened-orgs?toggle=org_team_teaching', 'student')).statusCode).toBe(403);
    const badToggle = await inject('GET', '/api/toggle-opened-orgs?toggle=nope', 'instructor');
    expect(badToggle.json().errors).toHaveProperty('toggle');
    expect((await inject('GET', '/api/user/search')).statusCode).toBe(401);
    expect((await inject('POST', '/api/courses/999999/team-teaching', 'instructor', { user_ids: [w.spareTeacher.id] })).statusCode).toBe(404);
  });
  it('refuses with 403 when the org’s team-teaching toggle is off, and lists no org', async () => {
    const [org] = await t.database.db.select().from(orgs).where(eq(orgs.id, w.org.id));
    await t.database.db
      .update(orgs)
      .set({ settings: { ...org!.settings, orgTeamTeaching: false } })
      .where(eq(orgs.id, w.org.id));
    expect((await inject('GET', '/api/toggle-opened-orgs?toggle=org_team_teaching', 'instructor')).json()).toEqual({ orgs: [] });
    expect((await inject('POST', `/api/courses/${w.course.id}/team-teaching`, 'instructor', { user_ids: [w.spareTeacher.id] })).statusCode).toBe(403);
    await t.database.db.update(orgs).set({ settings: org!.settings }).where(eq(orgs.id, w.org.id));
  });
});
