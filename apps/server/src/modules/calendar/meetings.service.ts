import { DateTime } from 'luxon';
import { newWorkbook } from '../../lib/spreadsheet.js';
import {
  isMeetingCalendarEditable,
  isMeetingFormEditable,
  type CalendarWindowQuery,
  type DomainEventInput,
  type ManagementMeetingFilter,
  type Meeting,
  type MeetingBody,
  type UpdateMeetingBody,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { offsetOf, toPage } from '../../lib/pagination.js';
import type { Actor } from '../../plugins/auth.js';
import { emit, transaction } from '../events/events.service.js';
import { userIdsInOrg } from '../users/users.repository.js';
import { isOrgAdmin, liveCourseIdsInOrg, myCourses, timeZoneOf } from './calendar-scope.js';
import { assertManagesCourseCalendar, assertMayCreateMeeting, assertReviewsMeetings, mayChangeMeeting } from './calendar.policy.js';
import {
  claimMeetingReminders,
  countManagementMeetings,
  deleteMeetingRow,
  findMeetingInOrg,
  insertMeeting,
  isMeetingVisible,
  listManagementMeetings,
  listMeetingPeople,
  listVisibleMeetingsOfKind,
  updateMeetingRow,
  type MeetingChanges,
  type MeetingKind,
  type MeetingPerson,
  type MeetingRow,
} from './meetings.repository.js';

/** Presents meeting rows (spec §3 Calendar meeting) with host users, participants' names (for the popup's pickers), editability (spec §4) and is_started/is_ended at `now`. */
export async function presentMeetings(db: Db, rows: MeetingRow[], now: Date): Promise<Meeting[]> {
  const hostIds = [...new Set(rows.flatMap((r) => [r.hostUserId, ...r.participantIds]))];
  const hosts = new Map<number, MeetingPerson>();
  if (hostIds.length > 0) {
    for (const u of await listMeetingPeople(db, hostIds)) hosts.set(u.id, u);
  }
  return rows.map((r) => {
    const e = { kind: r.kind, audit_status: r.auditStatus, start_time: r.startTime.toISOString(), end_time: r.endTime.toISOString() };
    return {
      id: r.id,
      title: r.title,
      kind: r.kind,
      start_time: e.start_time,
      end_time: e.end_time,
      data: {
        description: r.description,
        live_config: { live_addr: r.liveAddr },
        join_url: r.joinUrl,
        replay_address: r.replayAddress,
        audit_status: r.auditStatus,
        host_user: hosts.get(r.hostUserId) ?? { id: r.hostUserId, name: '', user_no: '', mobile_phone: null },
      },
      scope_org_ids: r.scopeOrgIds,
      participant_ids: r.participantIds,
      participants: r.participantIds.flatMap((id) => {
        const u = hosts.get(id);
        return u ? [{ id: u.id, name: u.name, user_no: u.user_no }] : [];
      }),
      course_id: r.courseId,
      teaching_unit: r.teachingUnit,
      room: r.room,
      editable: isMeetingCalendarEditable(e, now),
      form_editable: isMeetingFormEditable(e),
      is_started: now >= r.startTime,
      is_ended: now >= r.endTime,
    };
  });
}

/** Meetings of `kind` the actor takes part in that overlap the window (spec §7 calendar-meeting, instruction-team meeting, cloud classroom). */
export async function listMeetings(deps: AppDeps, actor: Actor, kind: MeetingKind, q: CalendarWindowQuery): Promise<Meeting[]> {
  const rows = await listVisibleMeetingsOfKind(deps.db, actor, kind, new Date(q.start), new Date(q.end));
  return presentMeetings(deps.db, rows, new Date());
}

/**
 * Checks host, participants and course of a meeting body; 400 naming the field, 403 for a
 * course the actor does not manage. Without `data.host_user.id` the host is `defaultHost`
 * (the actor for a new meeting, the current host for an edit).
 */
async function checkBody(deps: AppDeps, actor: Actor, body: MeetingBody, defaultHost = actor.id): Promise<{ hostUserId: number }> {
  const hostUserId = body.data.host_user?.id ?? defaultHost;
  const people = [...new Set([hostUserId, ...body.participant_ids])];
  const known = new Set(await userIdsInOrg(deps.db, people, actor.orgId));
  if (!known.has(hostUserId)) throw AppError.field('data.host_user', 'unknown host');
  if (!body.participant_ids.every((id) => known.has(id))) throw AppError.field('participant_ids', 'unknown participants');
  if (body.course_id) {
    if ((await liveCourseIdsInOrg(deps.db, actor.orgId, [body.course_id])).size === 0) throw AppError.field('course_id', 'unknown course');
    const roles = (await myCourses(deps.db, actor.id)).get(body.course_id)?.roles ?? [];
    assertManagesCourseCalendar(actor, roles, 'Only the course’s instructors and assistants add its meetings');
  }
  const scope = (body.scope_org_ids ?? '').split(',').filter(Boolean).map(Number);
  if (scope.some((id) => id !== actor.orgId)) throw AppError.field('scope_org_ids', 'meetings stay within your organisation');
  return { hostUserId };
}

function valuesOf(body: MeetingBody, hostUserId: number, actor: Actor) {
  return {
    title: body.title,
    startTime: new Date(body.start_time),
    endTime: new Date(body.end_time),
    description: body.data.description ?? null,
    liveAddr: body.data.live_config?.live_addr ?? null,
    joinUrl: body.data.join_url ?? null,
    replayAddress: body.data.replay_address ?? [],
    hostUserId,
    scopeOrgIds: body.scope_org_ids || String(actor.orgId),
    participantIds: [...new Set(body.participant_ids)],
    courseId: body.course_id ?? null,
    teachingUnit: body.teaching_unit ?? null,
    room: body.room ?? null,
  };
}

/** `calendar.changed` of one meeting (its handler forgets cached calendar answers, decision 0081); `course_id` when it belongs to a course. */
function meetingChanged(action: 'created' | 'updated' | 'deleted', id: number, courseId: number | null): DomainEventInput {
  return { type: 'calendar.changed', payload: { item: 'meeting', action, item_id: id, course_id: courseId } };
}

/**
 * `POST /api/calendar-meeting` (spec §7): instructors and org admins (403 for students).
 * A meeting starts pending review; instruction-team meetings and cloud classrooms need
 * no review; only org admins set audit_status.
 */
export async function createMeeting(deps: AppDeps, actor: Actor, body: MeetingBody): Promise<{ message: string; meeting: Meeting }> {
  assertMayCreateMeeting(actor);
  const { hostUserId } = await checkBody(deps, actor, body);
  const auditStatus = isOrgAdmin(actor) && body.data.audit_status ? body.data.audit_status : body.kind === 'meeting' ? 'pending' : 'agree';
  const row = await transaction(deps, async (tx) => {
    const created = await insertMeeting(tx, { ...valuesOf(body, hostUserId, actor), orgId: actor.orgId, kind: body.kind, auditStatus, createdById: actor.id });
    await emit(deps, tx, meetingChanged('created', created.id, created.courseId));
    return created;
  });
  return { message: 'created', meeting: (await presentMeetings(deps.db, [row], new Date()))[0]! };
}

/** A meeting the actor may change: host, creator or org admin (403); 404 when not visible. */
async function ownMeeting(deps: AppDeps, actor: Actor, id: number): Promise<MeetingRow> {
  const row = await findMeetingInOrg(deps.db, id, actor.orgId);
  if (!row) throw new AppError('MEETING_NOT_FOUND', 'This meeting does not exist');
  if (!mayChangeMeeting(actor, row)) {
    if (!(await isMeetingVisible(deps.db, id, actor))) throw new AppError('MEETING_NOT_FOUND', 'This meeting does not exist');
    throw new AppError('FORBIDDEN', 'Only the host, the creator or an administrator changes this meeting');
  }
  return row;
}

function editability(row: MeetingRow) {
  return { kind: row.kind, audit_status: row.auditStatus, start_time: row.startTime.toISOString(), end_time: row.endTime.toISOString() };
}

/**
 * `PUT /api/calendar-meeting/{id}` (spec §4 audit_status): moving (times only) needs the
 * calendar flag (not agreed and started); a full edit needs the form rule (rejected, or an
 * instruction meeting) — org admins may also review (set audit_status) while the flag allows.
 * 409 MEETING_NOT_EDITABLE otherwise. Editing a rejected meeting sends it back to review.
 */
export async function updateMeeting(deps: AppDeps, actor: Actor, id: number, body: UpdateMeetingBody): Promise<{ message: string; meeting: Meeting }> {
  const row = await ownMeeting(deps, actor, id);
  const now = new Date();
  if (!isMeetingCalendarEditable(editability(row), now)) throw new AppError('MEETING_NOT_EDITABLE', 'An approved meeting that has started cannot be changed');
  let values: MeetingChanges;
  if (!('title' in body)) {
    values = { startTime: new Date(body.start_time), endTime: new Date(body.end_time) };
  } else {
    const admin = isOrgAdmin(actor);
    if (!admin && !isMeetingFormEditable(editability(row))) throw new AppError('MEETING_NOT_EDITABLE', 'Only a rejected meeting can be edited');
    const { hostUserId } = await checkBody(deps, actor, body, row.hostUserId);
    const auditStatus =
      admin && body.data.audit_status ? body.data.audit_status : row.kind === 'meeting' && row.auditStatus === 'reject' ? 'pending' : row.auditStatus;
    values = { ...valuesOf(body, hostUserId, actor), auditStatus };
  }
  const updated = await transaction(deps, async (tx) => {
    const u = await updateMeetingRow(tx, id, values);
    await emit(deps, tx, meetingChanged('updated', id, u?.courseId ?? null));
    return u;
  });
  return { message: 'updated', meeting: (await presentMeetings(deps.db, [updated!], now))[0]! };
}

/** `DELETE /api/calendar-meeting/{id}`: host, creator or admin; 409 once approved and started (spec §4, §8 cloud classroom delete). */
export async function deleteMeeting(deps: AppDeps, actor: Actor, id: number): Promise<{ message: string }> {
  const row = await ownMeeting(deps, actor, id);
  if (!isMeetingCalendarEditable(editability(row), new Date()))
    throw new AppError('MEETING_NOT_EDITABLE', 'An approved meeting that has started cannot be deleted');
  await transaction(deps, async (tx) => {
    await deleteMeetingRow(tx, id);
    await emit(deps, tx, meetingChanged('deleted', id, row.courseId));
  });
  return { message: 'deleted' };
}

function requireAdmin(actor: Actor): void {
  assertReviewsMeetings(actor);
}

/** `POST /api/management/calendar-meeting?page=&page_size=` (spec §7): the org's meetings, newest first, filtered; org admins only (403). */
export async function managementMeetings(deps: AppDeps, actor: Actor, page: number, pageSize: number, f: ManagementMeetingFilter) {
  requireAdmin(actor);
  const [rows, total] = await Promise.all([
    listManagementMeetings(deps.db, actor.orgId, f, pageSize, offsetOf(page, pageSize)),
    countManagementMeetings(deps.db, actor.orgId, f),
  ]);
  return toPage(await presentMeetings(deps.db, rows, new Date()), total, page, pageSize);
}

/** Meetings are reminded (`meeting.starting`, issue 17 §1) this many minutes before they start. */
export const MEETING_REMINDER_LEAD_MINUTES = 15;
/** A run this late still reminds of a meeting that started this many minutes ago (the job runs every minute). */
export const MEETING_REMINDER_GRACE_MINUTES = 5;
const REMINDER_BATCH = 100;

/** The `meeting.starting` event of one claimed occurrence: its host and participants, once each. */
function meetingStarting(row: MeetingRow): DomainEventInput {
  return {
    type: 'meeting.starting',
    payload: {
      meeting_id: row.id,
      title: row.title,
      start: row.startTime.toISOString(),
      course_id: row.courseId,
      user_ids: [...new Set([row.hostUserId, ...row.participantIds])],
    },
  };
}

/**
 * The `meeting-reminders` job (every minute; issue 17 §1): emits `meeting.starting` once per meeting
 * occurrence (meeting id and start; meetings do not recur, a moved meeting is a new occurrence) that
 * starts within MEETING_REMINDER_LEAD_MINUTES of `now` — or started less than
 * MEETING_REMINDER_GRACE_MINUTES ago, for a late run — unless the meeting was rejected. Each batch is
 * claimed and emitted in one transaction (claimMeetingReminders), so two instances running it at once,
 * or a run repeated, emit nothing twice. `now` for tests. Answers how many occurrences it reminded of.
 */
export async function remindStartingMeetings(deps: AppDeps, now = new Date()): Promise<number> {
  const from = new Date(now.getTime() - MEETING_REMINDER_GRACE_MINUTES * 60_000);
  const to = new Date(now.getTime() + MEETING_REMINDER_LEAD_MINUTES * 60_000);
  let reminded = 0;
  for (;;) {
    const count = await transaction(deps, async (tx) => {
      const rows = await claimMeetingReminders(tx, from, to, REMINDER_BATCH);
      await emit(deps, tx, rows.map(meetingStarting));
      return rows.length;
    });
    reminded += count;
    if (count < REMINDER_BATCH) return reminded;
  }
}

/** At most this many rows go into one Excel export. */
export const MEETING_EXPORT_LIMIT = 10_000;

/**
 * `POST /api/management/calendar-meeting/excel` (spec §7): the filtered overview as an
 * .xlsx workbook (exceljs), times in the admin's zone as YYYY.MM.DD HH:mm (spec §9). Org admins only.
 */
export async function managementMeetingsExcel(deps: AppDeps, actor: Actor, f: ManagementMeetingFilter): Promise<Buffer> {
  requireAdmin(actor);
  const rows = await listManagementMeetings(deps.db, actor.orgId, f, MEETING_EXPORT_LIMIT);
  const meetings = await presentMeetings(deps.db, rows, new Date());
  const zone = await timeZoneOf(deps.db, actor.id);
  const fmt = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat('yyyy.MM.dd HH:mm');
  const book = await newWorkbook();
  book.creator = 'Atrium';
  const sheet = book.addWorksheet('Meetings');
  sheet.columns = [
    { header: 'ID', key: 'id', width: 8 },
    { header: 'Title', key: 'title', width: 40 },
    { header: 'Kind', key: 'kind', width: 16 },
    { header: 'Start', key: 'start', width: 18 },
    { header: 'End', key: 'end', width: 18 },
    { header: 'Host', key: 'host', width: 20 },
    { header: 'Host number', key: 'host_no', width: 14 },
    { header: 'Audit status', key: 'audit', width: 12 },
    { header: 'Course', key: 'course', width: 10 },
    { header: 'Room', key: 'room', width: 16 },
    { header: 'Join URL', key: 'join', width: 40 },
  ];
  for (const x of meetings) {
    sheet.addRow({
      id: x.id,
      title: x.title,
      kind: x.kind,
      start: fmt(x.start_time),
      end: fmt(x.end_time),
      host: x.data.host_user.name,
      host_no: x.data.host_user.user_no,
      audit: x.data.audit_status,
      course: x.course_id ?? '',
      room: x.room ?? '',
      join: x.data.join_url ?? '',
    });
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
