import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { calendarWorld, injectAs, type CalendarWorld, type Who } from '../../../test/helpers/calendar-world.js';
import { calendarMeetings } from './calendar.table.js';

let t: TestApp;
let w: CalendarWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await calendarWorld(t);
});
afterAll(() => t.close());

const inject = (...args: Parameters<ReturnType<typeof injectAs>>) => injectAs(t, w)(...args);
const WINDOW = 'start=2027-03-01T00:00:00Z&end=2027-03-31T00:00:00Z';
const body = () => ({
  title: 'Curriculum meeting',
  start_time: '2027-03-10T09:00:00Z',
  end_time: '2027-03-10T10:00:00Z',
  data: { description: 'Plans', live_config: { live_addr: 'rtmp://live.example/1' }, join_url: 'https://meet.example/1', replay_address: [] },
  scope_org_ids: String(w.org.id),
  participant_ids: [w.colleague.id],
  room: 'A101',
});
const titles = async (url: string, who: Who, key = 'meetings') =>
  (await inject('GET', `${url}?${WINDOW}`, who)).json()[key].map((m: { title: string }) => m.title);
const meetingCount = async () => (await t.app.deps.db.select().from(calendarMeetings)).length;

describe('POST /api/calendar-meeting', () => {
  it('creates a pending meeting that host and participants see, with spec §3 fields', async () => {
    const res = await inject('POST', '/api/calendar-meeting', 'instructor', body());
    expect(res.statusCode).toBe(200);
    expect(res.json().meeting).toMatchObject({
      title: 'Curriculum meeting',
      kind: 'meeting',
      data: {
        audit_status: 'pending',
        join_url: 'https://meet.example/1',
        live_config: { live_addr: 'rtmp://live.example/1' },
        host_user: { id: w.instructor.id, name: w.instructor.name, user_no: w.instructor.userNo },
      },
      scope_org_ids: String(w.org.id),
      participant_ids: [w.colleague.id],
      editable: true,
      form_editable: false,
      is_started: false,
      is_ended: false,
    });
    expect(await titles('/api/calendar-meeting', 'instructor')).toContain('Curriculum meeting');
    expect(await titles('/api/calendar-meeting', 'colleague')).toContain('Curriculum meeting');
    expect(await titles('/api/calendar-meeting', 'outsider')).not.toContain('Curriculum meeting');
  });
  it('answers 403 for a student, 400 naming participant_ids, scope_org_ids and end_time, 401; nothing stored', async () => {
    const before = await meetingCount();
    expect((await inject('POST', '/api/calendar-meeting', 'student', body())).statusCode).toBe(403);
    expect((await inject('POST', '/api/calendar-meeting', 'instructor', { ...body(), participant_ids: [w.foreigner.id] })).json().errors).toHaveProperty(
      'participant_ids',
    );
    expect((await inject('POST', '/api/calendar-meeting', 'instructor', { ...body(), scope_org_ids: `${w.otherOrg.id}` })).json().errors).toHaveProperty(
      'scope_org_ids',
    );
    expect((await inject('POST', '/api/calendar-meeting', 'instructor', { ...body(), scope_org_ids: 'a,b' })).json().errors).toHaveProperty('scope_org_ids');
    expect((await inject('POST', '/api/calendar-meeting', 'instructor', { ...body(), end_time: '2027-03-10T08:00:00Z' })).json().errors).toHaveProperty(
      'end_time',
    );
    // Issue 20 §7: stored links are http(s) only (a live stream may also be rtmp(s)).
    const linkError = async (data: Record<string, unknown>) =>
      (await inject('POST', '/api/calendar-meeting', 'instructor', { ...body(), data: { ...body().data, ...data } })).json().errors;
    expect(await linkError({ join_url: 'javascript:alert(1)' })).toHaveProperty(['data.join_url']);
    expect(await linkError({ join_url: 'data:text/html,<script>alert(1)</script>' })).toHaveProperty(['data.join_url']);
    expect(await linkError({ replay_address: ['https://replay.example/1', 'vbscript:msgbox'] })).toHaveProperty(['data.replay_address.1']);
    expect(await linkError({ live_config: { live_addr: 'javascript:alert(1)' } })).toHaveProperty(['data.live_config.live_addr']);
    expect((await inject('POST', '/api/calendar-meeting', undefined, body())).statusCode).toBe(401);
    expect(await meetingCount()).toBe(before);
  });
});

describe('PUT and DELETE /api/calendar-meeting/{id} (spec §4 audit_status)', () => {
  it('a pending meeting can be moved but not edited; rejected can be edited and returns to review; agreed and started cannot change', async () => {
    const { meeting } = (await inject('POST', '/api/calendar-meeting', 'instructor', { ...body(), title: 'Review me' })).json();
    const moved = await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'instructor', {
      start_time: '2027-03-11T09:00:00Z',
      end_time: '2027-03-11T10:00:00Z',
    });
    expect(moved.json().meeting.start_time).toBe('2027-03-11T09:00:00.000Z');
    const refused = await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'instructor', { ...body(), title: 'Changed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('MEETING_NOT_EDITABLE');
    const rejected = await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'admin', {
      ...body(),
      title: 'Review me',
      data: { ...body().data, audit_status: 'reject' },
    });
    expect(rejected.json().meeting).toMatchObject({ form_editable: true, data: { audit_status: 'reject' } });
    const edited = await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'instructor', { ...body(), title: 'Changed' });
    expect(edited.json().meeting).toMatchObject({ title: 'Changed', data: { audit_status: 'pending' } });
    expect(
      (await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'colleague', { start_time: '2027-03-12T09:00:00Z', end_time: '2027-03-12T10:00:00Z' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'outsider', { start_time: '2027-03-12T09:00:00Z', end_time: '2027-03-12T10:00:00Z' }))
        .statusCode,
    ).toBe(404);
    await t.app.deps.db
      .update(calendarMeetings)
      .set({ auditStatus: 'agree', startTime: new Date(Date.now() - 60_000), endTime: new Date(Date.now() + 3_600_000) })
      .where(eq(calendarMeetings.id, meeting.id));
    const started = await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'instructor', {
      start_time: '2027-03-12T09:00:00Z',
      end_time: '2027-03-12T10:00:00Z',
    });
    expect(started.statusCode).toBe(409);
    expect((await inject('DELETE', `/api/calendar-meeting/${meeting.id}`, 'admin')).statusCode).toBe(409);
    const [row] = await t.app.deps.db.select().from(calendarMeetings).where(eq(calendarMeetings.id, meeting.id));
    expect(row!.title).toBe('Changed');
  });
  it('review (spec §4 audit_status): an admin approves or rejects with the whole body and replay addresses; an instructor cannot set audit_status', async () => {
    const { meeting } = (
      await inject('POST', '/api/calendar-meeting', 'instructor', { ...body(), title: 'Needs review', data: { ...body().data, audit_status: 'agree' } })
    ).json();
    expect(meeting.data.audit_status).toBe('pending');
    const selfApproved = await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'instructor', {
      ...body(),
      title: 'Needs review',
      data: { ...body().data, audit_status: 'agree' },
    });
    expect(selfApproved.json().code).toBe('MEETING_NOT_EDITABLE');
    const rejected = await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'admin', {
      ...body(),
      title: 'Needs review',
      data: { ...body().data, audit_status: 'reject' },
    });
    expect(rejected.json().meeting).toMatchObject({ form_editable: true, data: { audit_status: 'reject', host_user: { id: w.instructor.id } } });
    const fixed = await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'instructor', {
      ...body(),
      title: 'Needs review',
      data: { ...body().data, audit_status: 'agree', replay_address: ['https://replay.example/1', 'https://replay.example/2'] },
    });
    expect(fixed.json().meeting).toMatchObject({
      form_editable: false,
      data: { audit_status: 'pending', replay_address: ['https://replay.example/1', 'https://replay.example/2'] },
    });
    const approved = await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'admin', {
      ...body(),
      title: 'Needs review',
      data: { ...body().data, audit_status: 'agree', replay_address: ['https://replay.example/1', 'https://replay.example/2'] },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().meeting).toMatchObject({
      editable: true,
      form_editable: false,
      data: { audit_status: 'agree', host_user: { id: w.instructor.id } },
    });
    const listed = (
      await inject('POST', '/api/management/calendar-meeting?page=1&page_size=10', 'admin', { keyword: 'Needs review', audit_status: 'agree' })
    ).json();
    expect(listed.items.map((m: { id: number }) => m.id)).toEqual([meeting.id]);
    const bogus = await inject('PUT', `/api/calendar-meeting/${meeting.id}`, 'admin', {
      ...body(),
      title: 'Bogus',
      data: { ...body().data, audit_status: 'bogus' },
    });
    expect(bogus.statusCode).toBe(400);
    const [row] = await t.app.deps.db.select().from(calendarMeetings).where(eq(calendarMeetings.id, meeting.id));
    expect([row!.title, row!.auditStatus]).toEqual(['Needs review', 'agree']);
  });
  it('instruction-team meetings are always editable; cloud classrooms list and delete', async () => {
    const inst = (await inject('POST', '/api/calendar-meeting', 'instructor', { ...body(), title: 'Team sync', kind: 'instruction' })).json().meeting;
    expect(inst).toMatchObject({ editable: true, form_editable: true, data: { audit_status: 'agree' } });
    expect(await titles('/api/instruction-team/meeting', 'colleague')).toEqual(['Team sync']);
    expect((await inject('PUT', `/api/calendar-meeting/${inst.id}`, 'instructor', { ...body(), title: 'Team sync 2', kind: 'instruction' })).statusCode).toBe(
      200,
    );
    const cloud = (
      await inject('POST', '/api/calendar-meeting', 'instructor', {
        ...body(),
        title: 'Cloud class',
        kind: 'cloud_classroom',
        course_id: w.course.id,
        participant_ids: [],
      })
    ).json().meeting;
    expect(await titles('/api/activity/cloud-classroom', 'student', 'cloud_classrooms')).toEqual(['Cloud class']);
    expect(await titles('/api/activity/cloud-classroom', 'outsider', 'cloud_classrooms')).toEqual([]);
    expect((await inject('DELETE', `/api/calendar-meeting/${cloud.id}`, 'student')).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/calendar-meeting/${cloud.id}`, 'instructor')).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/calendar-meeting/${cloud.id}`, 'instructor')).statusCode).toBe(404);
    expect((await inject('GET', `/api/activity/cloud-classroom?${WINDOW}`)).statusCode).toBe(401);
  });
});

describe('management meeting overview', () => {
  it('pages and filters the org’s meetings for admins; 403 for instructors; 400 naming page_size', async () => {
    const page = await inject('POST', '/api/management/calendar-meeting?page=1&page_size=10', 'admin', { keyword: 'curriculum' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 1, page_size: 10, total: 1, items: [expect.objectContaining({ title: 'Curriculum meeting' })] });
    const byStatus = await inject('POST', '/api/management/calendar-meeting?page=1&page_size=10', 'admin', { audit_status: 'agree' });
    expect(byStatus.json().items.every((m: { data: { audit_status: string } }) => m.data.audit_status === 'agree')).toBe(true);
    expect((await inject('POST', '/api/management/calendar-meeting?page=1&page_size=10', 'instructor', {})).statusCode).toBe(403);
    expect((await inject('POST', '/api/management/calendar-meeting?page=1&page_size=15', 'admin', {})).json().errors).toHaveProperty('page_size');
    const foreignAdmin = await inject('POST', '/api/management/calendar-meeting?page=1&page_size=10', 'foreigner', {});
    expect(foreignAdmin.statusCode).toBe(403);
  });
  it('exports a real .xlsx that exceljs reads back', async () => {
    const res = await inject('POST', '/api/management/calendar-meeting/excel', 'admin', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.getWorksheet('Meetings')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Title');
    const titlesInSheet = sheet.getColumn(2).values.slice(2);
    expect(titlesInSheet).toEqual(expect.arrayContaining(['Curriculum meeting', 'Changed', 'Team sync 2']));
    expect(sheet.rowCount - 1).toBe((await t.app.deps.db.select().from(calendarMeetings).where(eq(calendarMeetings.orgId, w.org.id))).length);
    expect(sheet.getRow(2).getCell(4).value).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
    expect((await inject('POST', '/api/management/calendar-meeting/excel', 'instructor', {})).statusCode).toBe(403);
  });
});
