import {
  CALENDAR_ALERTS,
  type CalendarEvent,
  type CalendarEventBody,
  type DomainEventInput,
  type CalendarWindowQuery,
  type UpdateCalendarEventBody,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { enrolledUserIds } from '../enrolments/enrolments.repository.js';
import { emit, transaction } from '../events/events.service.js';
import {
  deleteEventRow,
  deleteEventTargets,
  findVisibleEvent,
  insertEvent,
  insertEventTargets,
  listDepartmentIdsOfOrg,
  listEventRecipients,
  listEventsWithAlertDue,
  listGroupCourses,
  listOwnUploadIds,
  listUploadNames,
  listUserNames,
  listVisibleEventsWithCreators,
  updateEventRow,
  type EventRow,
  type TargetRow,
} from './calendar-events.repository.js';
import { isOrgAdmin, liveCourseIdsInOrg, myCourses } from './calendar-scope.js';
import { assertAddressesDepartments, assertChangesEvent, managesCourseCalendar } from './calendar.policy.js';

/** Spec §5 message of a missing target. */
const DATA_REQUIRED = 'data required';

/** Presents event rows with their upload names and creators (spec §3 Calendar event); `knownCreators` saves the creators' query when the caller joined them. */
async function present(db: Db, actor: Actor, rows: EventRow[], knownCreators?: Map<number, string>): Promise<CalendarEvent[]> {
  const uploadIds = [...new Set(rows.flatMap((r) => r.uploadIds))];
  const names = new Map<number, string>();
  if (uploadIds.length > 0) for (const u of await listUploadNames(db, uploadIds)) names.set(u.id, u.name);
  const creatorIds = [...new Set(rows.map((r) => r.createdById))];
  const creators = knownCreators ?? new Map<number, string>();
  if (!knownCreators && creatorIds.length > 0) for (const u of await listUserNames(db, creatorIds)) creators.set(u.id, u.name);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    all_day: r.allDay,
    start_time: r.startTime.toISOString(),
    end_time: r.endTime.toISOString(),
    color: r.color,
    editable: r.createdById === actor.id,
    uploads: r.uploadIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
    description: r.description,
    location: r.location,
    target_type: r.targetType,
    target_data: r.targetData,
    alert_id: r.alertId,
    send_email_alert: r.sendEmailAlert,
    tag: r.tag,
    created_by: { id: r.createdById, name: creators.get(r.createdById) ?? '' },
  }));
}

/** `GET /api/calendar-events?start=&end=`: events the actor sees that overlap the window (spec §7). */
export async function listEvents(deps: AppDeps, actor: Actor, q: CalendarWindowQuery): Promise<{ calendar_events: CalendarEvent[] }> {
  // One round trip: the events with their creators' names (uploads' names only when some are attached).
  const joined = await listVisibleEventsWithCreators(deps.db, actor, new Date(q.start), new Date(q.end));
  const creators = new Map(joined.map((r) => [r.event.createdById, r.creatorName]));
  return {
    calendar_events: await present(
      deps.db,
      actor,
      joined.map((r) => r.event),
      creators,
    ),
  };
}

/**
 * Checks the target of spec §3/§5 and answers the target rows. Throws 400 'data required'
 * on event_target_data_department_multi_select_tree or target_data_course_id, 400 on
 * foreign departments, courses or users, 403 when the actor may not address them
 * (departments: org admins; courses: their instructors, assistants or org admins).
 */
async function targetsOf(
  deps: AppDeps,
  actor: Actor,
  body: CalendarEventBody,
): Promise<{ targets: TargetRow[]; targetData: CalendarEventBody['target_data'] }> {
  const data = body.target_data;
  if (body.target_type === 'self') return { targets: [{ userId: actor.id }], targetData: {} };
  if (body.target_type === 'department') {
    const ids = [...new Set(data.department_ids ?? [])];
    if (ids.length === 0) throw AppError.field('event_target_data_department_multi_select_tree', DATA_REQUIRED);
    assertAddressesDepartments(actor);
    const found = await listDepartmentIdsOfOrg(deps.db, actor.orgId, ids);
    if (found.length !== ids.length) throw AppError.field('event_target_data_department_multi_select_tree', 'unknown department');
    const roles = [...new Set(data.role_ids ?? [])];
    const targets = ids.flatMap((departmentId): TargetRow[] =>
      roles.length === 0 ? [{ departmentId, role: null }] : roles.map((role) => ({ departmentId, role })),
    );
    return { targets, targetData: { department_ids: ids, role_ids: roles } };
  }
  // course
  const mine = await myCourses(deps.db, actor.id);
  const manageable = (id: number) => managesCourseCalendar(mine.get(id)?.roles ?? []);
  let courseIds = [...new Set([...(data.course_id ? [data.course_id] : []), ...(data.course_ids ?? [])])];
  if (courseIds.length === 0 && data.all_courses) courseIds = [...mine.keys()].filter(manageable);
  if (courseIds.length === 0) throw AppError.field('target_data_course_id', DATA_REQUIRED);
  const live = await liveCourseIdsInOrg(deps.db, actor.orgId, courseIds);
  if (live.size !== courseIds.length) throw AppError.field('target_data_course_id', 'unknown course');
  if (!isOrgAdmin(actor) && !courseIds.every(manageable)) throw new AppError('FORBIDDEN', 'Only the course’s instructors and assistants add events to it');
  const groupIds = [...new Set(data.group_ids ?? [])];
  if (groupIds.length > 0) {
    const groups = await listGroupCourses(deps.db, groupIds);
    if (groups.length !== groupIds.length || groups.some((g) => !courseIds.includes(g.courseId)))
      throw AppError.field('target_data_group_ids', 'some groups are not groups of the chosen courses');
  }
  const userIds = [...new Set(data.user_ids ?? [])];
  if (userIds.length > 0) {
    if (courseIds.length !== 1) throw AppError.field('target_data_user_ids', 'choose users within one course');
    const members = await enrolledUserIds(deps.db, courseIds[0]!, userIds);
    if (members.length !== userIds.length) throw AppError.field('target_data_user_ids', 'some users are not members of this course');
  }
  if (userIds.length > 0 || groupIds.length > 0) {
    // Chosen users and groups narrow the course: only they (and the creator) are addressed.
    const targets: TargetRow[] = [...userIds.map((userId) => ({ userId })), ...groupIds.map((groupId) => ({ groupId })), { userId: actor.id }];
    return {
      targets,
      targetData: { course_id: courseIds[0]!, course_ids: courseIds, user_ids: userIds, group_ids: groupIds, all_courses: data.all_courses ?? false },
    };
  }
  return {
    targets: courseIds.map((courseId) => ({ courseId })),
    targetData: { course_id: courseIds[0]!, course_ids: courseIds, user_ids: [], group_ids: [], all_courses: data.all_courses ?? false },
  };
}

/** Checks alert_id against GET /api/calendar-alerts and answers when the e-mail alert is due (or null). */
function alertAtOf(body: Pick<CalendarEventBody, 'alert_id' | 'send_email_alert' | 'start_time'>): Date | null {
  if (body.alert_id === null || body.alert_id === undefined) return null;
  const alert = CALENDAR_ALERTS.find((a) => a.id === body.alert_id);
  if (!alert) throw AppError.field('alert_id', 'unknown alert');
  return body.send_email_alert ? new Date(Date.parse(body.start_time) - alert.minutes_before * 60_000) : null;
}

/**
 * The alert columns after a write (e-mail alerts: decisions 0021, 0020): an alert time still ahead of
 * `now` is armed (unsent, so a moved event is reminded again at its new time); one already past
 * is not armed at all, so creating an event in the past, or moving one after its alert went
 * out, sends nothing at once. An unchanged alert time keeps its sent mark.
 */
export function armedAlert(
  alertAt: Date | null,
  now: Date,
  previous?: Pick<EventRow, 'alertAt' | 'alertSentAt'>,
): { alertAt: Date | null; alertSentAt: Date | null } {
  const sentAt = previous?.alertSentAt ?? null;
  if (!alertAt) return { alertAt: null, alertSentAt: sentAt };
  if (previous?.alertAt && previous.alertAt.getTime() === alertAt.getTime()) return { alertAt, alertSentAt: sentAt };
  if (alertAt > now) return { alertAt, alertSentAt: null };
  return { alertAt: null, alertSentAt: sentAt };
}

async function checkUploads(db: Db, actor: Actor, ids: number[] | undefined): Promise<number[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return [];
  const found = await listOwnUploadIds(db, actor.id, unique);
  if (found.length !== unique.length) throw AppError.field('upload_ids', 'attach only your own uploads');
  return unique;
}

function valuesOf(body: CalendarEventBody, targetData: CalendarEventBody['target_data'], uploadIds: number[], previous?: EventRow) {
  return {
    title: body.title,
    allDay: body.all_day,
    startTime: new Date(body.start_time),
    endTime: new Date(body.end_time),
    color: body.color ?? null,
    description: body.description ?? null,
    location: body.location ?? null,
    uploadIds,
    targetType: body.target_type,
    targetData,
    alertId: body.alert_id ?? null,
    sendEmailAlert: body.send_email_alert,
    ...armedAlert(alertAtOf(body), new Date(), previous),
    tag: body.tag ?? null,
  };
}

/** `calendar.changed` of one calendar event (its handler forgets cached calendar answers, decision 0081). */
function eventChanged(action: 'created' | 'updated' | 'deleted', id: number): DomainEventInput {
  return { type: 'calendar.changed', payload: { item: 'event', action, item_id: id, course_id: null } };
}

/** `POST /api/calendar-events` (spec §7): creates an event for its target; answers it. Errors: see targetsOf, alert_id, upload_ids. */
export async function createEvent(deps: AppDeps, actor: Actor, body: CalendarEventBody): Promise<{ message: string; calendar_event: CalendarEvent }> {
  const { targets, targetData } = await targetsOf(deps, actor, body);
  const uploadIds = await checkUploads(deps.db, actor, body.upload_ids);
  const row = await transaction(deps, async (tx) => {
    const created = await insertEvent(tx, { orgId: actor.orgId, createdById: actor.id, ...valuesOf(body, targetData, uploadIds) });
    await insertEventTargets(tx, created.id, targets);
    await emit(deps, tx, eventChanged('created', created.id));
    return created;
  });
  return { message: 'created', calendar_event: (await present(deps.db, actor, [row]))[0]! };
}

async function ownEvent(deps: AppDeps, actor: Actor, id: number): Promise<EventRow> {
  const row = await findVisibleEvent(deps.db, actor, id);
  if (!row) throw new AppError('CALENDAR_EVENT_NOT_FOUND', 'This event does not exist');
  assertChangesEvent(actor, row);
  return row;
}

/**
 * `PUT /api/calendar-events/{id}`: the full body, or only start_time/end_time (drag or
 * resize, spec §2). Creator only (403); 404 when the actor cannot see it.
 */
export async function updateEvent(
  deps: AppDeps,
  actor: Actor,
  id: number,
  body: UpdateCalendarEventBody,
): Promise<{ message: string; calendar_event: CalendarEvent }> {
  const row = await ownEvent(deps, actor, id);
  let updated: EventRow;
  if (!('title' in body)) {
    const alert = armedAlert(alertAtOf({ alert_id: row.alertId, send_email_alert: row.sendEmailAlert, start_time: body.start_time }), new Date(), row);
    updated = await transaction(deps, async (tx) => {
      const u = await updateEventRow(tx, id, {
        startTime: new Date(body.start_time),
        endTime: new Date(body.end_time),
        allDay: body.all_day ?? row.allDay,
        ...alert,
      });
      await emit(deps, tx, eventChanged('updated', id));
      return u;
    });
  } else {
    const { targets, targetData } = await targetsOf(deps, actor, body);
    const uploadIds = await checkUploads(deps.db, actor, body.upload_ids);
    updated = await transaction(deps, async (tx) => {
      const u = await updateEventRow(tx, id, valuesOf(body, targetData, uploadIds, row));
      await deleteEventTargets(tx, id);
      await insertEventTargets(tx, id, targets);
      await emit(deps, tx, eventChanged('updated', id));
      return u;
    });
  }
  return { message: 'updated', calendar_event: (await present(deps.db, actor, [updated]))[0]! };
}

/** `DELETE /api/calendar-events/{id}`: creator only (403); 404 when the actor cannot see it. */
export async function deleteEvent(deps: AppDeps, actor: Actor, id: number): Promise<{ message: string }> {
  await ownEvent(deps, actor, id);
  await transaction(deps, async (tx) => {
    await deleteEventRow(tx, id);
    await emit(deps, tx, eventChanged('deleted', id));
  });
  return { message: 'deleted' };
}

/** Users an event reaches (for e-mail alerts): targeted users, course members, enrolled group members, department users. */
export async function recipientsOf(db: Db, eventId: number): Promise<{ id: number; name: string; email: string | null }[]> {
  return listEventRecipients(db, eventId);
}

/** How late the alert job may still send an alert of an event that has already begun (ms). */
export const ALERT_GRACE_MS = 15 * 60_000;

/**
 * Events whose e-mail alert is due at `now` and not yet sent: its alert time has passed, and
 * either within the last ALERT_GRACE_MS or the event has not started yet (a job that was down
 * sends a late reminder only while it can still help). Alerts are at most a day ahead
 * (CALENDAR_ALERTS), so older alert times are never due and the alert_at index bounds the scan.
 */
export async function dueAlerts(db: Db, now: Date): Promise<EventRow[]> {
  const longest = Math.max(...CALENDAR_ALERTS.map((a) => a.minutes_before)) * 60_000;
  return listEventsWithAlertDue(db, now, new Date(now.getTime() - Math.max(longest, ALERT_GRACE_MS)), new Date(now.getTime() - ALERT_GRACE_MS));
}
