import { and, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../plugins/auth.js';
import { courseGroupMembers, courseGroups } from '../enrolments/course-groups.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { departments } from '../orgs/orgs.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';
import { calendarEvents, calendarEventTargets } from './calendar.table.js';

/** A calendar event row (spec §3 Calendar event). */
export type EventRow = typeof calendarEvents.$inferSelect;
/** The columns written when creating an event. */
export type EventValues = typeof calendarEvents.$inferInsert;
/** One addressee of an event (a user, a course, a course group, or a department with an optional org role), without its event. */
export type TargetRow = Omit<typeof calendarEventTargets.$inferInsert, 'eventId'>;
/** Who reads events: the fields the visibility rule needs. */
export type EventViewer = Pick<Actor, 'id' | 'departmentId' | 'role'>;

/**
 * SQL condition: the events `viewer` sees — their own, and those addressed to them,
 * to a course they are enrolled in (any role), or to their department (all roles or their org role).
 */
function visibleEventsCondition(viewer: EventViewer): SQL {
  const deptClause = viewer.departmentId ? sql`or (t.department_id = ${viewer.departmentId} and (t.role is null or t.role = ${viewer.role}))` : sql``;
  // `id in (…)` lets PostgreSQL hash the addressed ids once (a correlated EXISTS under OR ran per row).
  // A group reaches its members only while they are enrolled in the group's course (decision 0021).
  return or(
    eq(calendarEvents.createdById, viewer.id),
    sql`${calendarEvents.id} in (select t.event_id from ${calendarEventTargets} t where t.user_id = ${viewer.id}
      or t.course_id in (select ${enrolments.courseId} from ${enrolments} where ${enrolments.userId} = ${viewer.id})
      or t.group_id in (select gm.group_id from ${courseGroupMembers} gm join ${courseGroups} g on g.id = gm.group_id
        where gm.user_id = ${viewer.id} and exists (select 1 from ${enrolments} e where e.course_id = g.course_id and e.user_id = gm.user_id)) ${deptClause})`,
  )!;
}

/** Events `viewer` sees that overlap [start, end), by start time then id, each with its creator's name: `{ event, creatorName }`. One SELECT (events join users). */
export async function listVisibleEventsWithCreators(db: Db, viewer: EventViewer, start: Date, end: Date): Promise<{ event: EventRow; creatorName: string }[]> {
  return db
    .select({ event: calendarEvents, creatorName: users.name })
    .from(calendarEvents)
    .innerJoin(users, eq(users.id, calendarEvents.createdById))
    .where(and(lt(calendarEvents.startTime, end), gt(calendarEvents.endTime, start), visibleEventsCondition(viewer)))
    .orderBy(calendarEvents.startTime, calendarEvents.id);
}

/** Events `viewer` sees that overlap [from, to), unordered. One SELECT. */
export async function listVisibleEvents(db: Db, viewer: EventViewer, from: Date, to: Date): Promise<EventRow[]> {
  return db
    .select()
    .from(calendarEvents)
    .where(and(lt(calendarEvents.startTime, to), gt(calendarEvents.endTime, from), visibleEventsCondition(viewer)));
}

/** Event `id` if `viewer` sees it, else undefined. One SELECT. */
export async function findVisibleEvent(db: Db, viewer: EventViewer, id: number): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, id), visibleEventsCondition(viewer)));
  return row;
}

/** The names of the uploads of `ids` (deleted ones included) as `{ id, name }`. One SELECT; call it with at least one id. */
export async function listUploadNames(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.select({ id: uploads.id, name: uploads.name }).from(uploads).where(inArray(uploads.id, ids));
}

/** The ids of the uploads of `ids` that user `ownerId` owns. One SELECT; call it with at least one id. */
export async function listOwnUploadIds(db: Db, ownerId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.ownerId, ownerId)));
  return rows.map((r) => r.id);
}

/** The names of the users of `ids` as `{ id, name }`. One SELECT; call it with at least one id. */
export async function listUserNames(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
}

/** The ids of the departments of `ids` that belong to org `orgId`. One SELECT; call it with at least one id. */
export async function listDepartmentIdsOfOrg(db: Db, orgId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(inArray(departments.id, ids), eq(departments.orgId, orgId)));
  return rows.map((r) => r.id);
}

/** The course groups of `ids` that exist, as `{ id, courseId }`. One SELECT; call it with at least one id. */
export async function listGroupCourses(db: Db, ids: number[]): Promise<{ id: number; courseId: number }[]> {
  return db.select({ id: courseGroups.id, courseId: courseGroups.courseId }).from(courseGroups).where(inArray(courseGroups.id, ids));
}

/** Creates an event; answers its row. One INSERT … RETURNING. */
export async function insertEvent(db: Db, values: EventValues): Promise<EventRow> {
  const [created] = await db.insert(calendarEvents).values(values).returning();
  return created!;
}

/** Adds the addressees `targets` to event `eventId`. One INSERT; call it with at least one target. */
export async function insertEventTargets(db: Db, eventId: number, targets: TargetRow[]): Promise<void> {
  await db.insert(calendarEventTargets).values(targets.map((t) => ({ ...t, eventId })));
}

/** Sets columns of event `id`; answers the updated row. One UPDATE … RETURNING. */
export async function updateEventRow(db: Db, id: number, values: Partial<EventValues>): Promise<EventRow> {
  const [updated] = await db.update(calendarEvents).set(values).where(eq(calendarEvents.id, id)).returning();
  return updated!;
}

/** Removes every addressee of event `eventId`. One DELETE. */
export async function deleteEventTargets(db: Db, eventId: number): Promise<void> {
  await db.delete(calendarEventTargets).where(eq(calendarEventTargets.eventId, eventId));
}

/** Deletes event `id` (its addressees go by cascade). One DELETE. */
export async function deleteEventRow(db: Db, id: number): Promise<void> {
  await db.delete(calendarEvents).where(eq(calendarEvents.id, id));
}

/** Users event `eventId` reaches, each once, as `{ id, name, email }`: targeted users, course members, enrolled group members, department users. One SELECT DISTINCT. */
export async function listEventRecipients(db: Db, eventId: number): Promise<{ id: number; name: string; email: string | null }[]> {
  const t = calendarEventTargets;
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(
      t,
      and(
        eq(t.eventId, eventId),
        or(
          eq(t.userId, users.id),
          sql`${users.id} in (select ${enrolments.userId} from ${enrolments} where ${enrolments.courseId} = ${t.courseId})`,
          and(eq(t.departmentId, users.departmentId), or(isNull(t.role), eq(t.role, users.role))),
          sql`${users.id} in (select gm.user_id from ${courseGroupMembers} gm join ${courseGroups} g on g.id = gm.group_id
            join ${enrolments} e on e.course_id = g.course_id and e.user_id = gm.user_id where gm.group_id = ${t.groupId})`,
        ),
      ),
    );
}

/**
 * Events with an unsent e-mail alert whose alert time is in (`oldest`, `now`], and either after
 * `graceFrom` or the event starts after `now`. One SELECT (bounded by the alert_at index).
 */
export async function listEventsWithAlertDue(db: Db, now: Date, oldest: Date, graceFrom: Date): Promise<EventRow[]> {
  const e = calendarEvents;
  return db
    .select()
    .from(e)
    .where(and(lte(e.alertAt, now), gt(e.alertAt, oldest), isNull(e.alertSentAt), or(gt(e.alertAt, graceFrom), gt(e.startTime, now))));
}
