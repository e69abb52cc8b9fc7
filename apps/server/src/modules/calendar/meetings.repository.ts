import { and, asc, count, desc, eq, gt, ilike, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ManagementMeetingFilter } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { users } from '../users/users.table.js';
import { calendarMeetings } from './calendar.table.js';

export type MeetingRow = typeof calendarMeetings.$inferSelect;
export type MeetingKind = MeetingRow['kind'];
/** The values of a new meeting row (id and createdAt default). */
export type NewMeetingValues = typeof calendarMeetings.$inferInsert;
/** Changed columns of a meeting row. */
export type MeetingChanges = Partial<NewMeetingValues>;
/** A host or participant as meetings present them. */
export interface MeetingPerson {
  id: number;
  name: string;
  user_no: string;
  mobile_phone: string | null;
}

/** SQL condition: meetings the actor takes part in — host, creator, participant, or member of its course. */
export function visibleMeetingsCondition(actor: { id: number; orgId: number }): SQL {
  const m = calendarMeetings;
  return and(
    eq(m.orgId, actor.orgId),
    or(
      eq(m.hostUserId, actor.id),
      eq(m.createdById, actor.id),
      sql`${m.participantIds} @> ${JSON.stringify([actor.id])}::jsonb`,
      sql`${m.courseId} in (select ${enrolments.courseId} from ${enrolments} where ${enrolments.userId} = ${actor.id})`,
    ),
  )!;
}

/** Users `ids` as { id, name, user_no, mobile_phone } (hosts and participants of meetings), in no order. One SELECT; `ids` must not be empty. */
export async function listMeetingPeople(db: Db, ids: number[]): Promise<MeetingPerson[]> {
  return db.select({ id: users.id, name: users.name, user_no: users.userNo, mobile_phone: users.mobilePhone }).from(users).where(inArray(users.id, ids));
}

/** Meeting rows of `kind` visible to the actor that overlap [start, end), by start then id. One SELECT. */
export async function listVisibleMeetingsOfKind(
  db: Db,
  actor: { id: number; orgId: number },
  kind: MeetingKind,
  start: Date,
  end: Date,
): Promise<MeetingRow[]> {
  const m = calendarMeetings;
  return db
    .select()
    .from(m)
    .where(and(eq(m.kind, kind), lt(m.startTime, end), gt(m.endTime, start), visibleMeetingsCondition(actor)))
    .orderBy(m.startTime, m.id);
}

/** Inserts a meeting; answers the stored row. One INSERT … RETURNING. */
export async function insertMeeting(db: Db, values: NewMeetingValues): Promise<MeetingRow> {
  const [row] = await db.insert(calendarMeetings).values(values).returning();
  if (!row) throw new Error('insert calendar_meetings returned nothing');
  return row;
}

/** Meeting `id` of organisation `orgId`, or undefined. One SELECT. */
export async function findMeetingInOrg(db: Db, id: number, orgId: number): Promise<MeetingRow | undefined> {
  const m = calendarMeetings;
  const [row] = await db
    .select()
    .from(m)
    .where(and(eq(m.id, id), eq(m.orgId, orgId)));
  return row;
}

/** Does the actor take part in meeting `id` (visibleMeetingsCondition)? One SELECT. */
export async function isMeetingVisible(db: Db, id: number, actor: { id: number; orgId: number }): Promise<boolean> {
  const m = calendarMeetings;
  const [visible] = await db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.id, id), visibleMeetingsCondition(actor)));
  return !!visible;
}

/** Sets `values` on meeting `id`; answers the updated row (undefined when it is gone). One UPDATE … RETURNING. */
export async function updateMeetingRow(db: Db, id: number, values: MeetingChanges): Promise<MeetingRow | undefined> {
  const [updated] = await db.update(calendarMeetings).set(values).where(eq(calendarMeetings.id, id)).returning();
  return updated;
}

/** Deletes meeting `id`. One DELETE. */
export async function deleteMeetingRow(db: Db, id: number): Promise<void> {
  await db.delete(calendarMeetings).where(eq(calendarMeetings.id, id));
}

/** The management overview's condition: the org's meetings matching the filter (keyword in the title, audit status, kind, overlapping the window). */
function managementWhere(orgId: number, f: ManagementMeetingFilter): SQL {
  const m = calendarMeetings;
  return and(
    eq(m.orgId, orgId),
    f.keyword ? ilike(m.title, `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    f.audit_status ? eq(m.auditStatus, f.audit_status) : undefined,
    f.kind ? eq(m.kind, f.kind) : undefined,
    f.end ? lt(m.startTime, new Date(f.end)) : undefined,
    f.start ? gt(m.endTime, new Date(f.start)) : undefined,
  )!;
}

/** Meeting rows of organisation `orgId` matching the filter, newest start first (then id), at most `limit` from `offset` (0: none skipped). One SELECT. */
export async function listManagementMeetings(db: Db, orgId: number, f: ManagementMeetingFilter, limit: number, offset = 0): Promise<MeetingRow[]> {
  const m = calendarMeetings;
  return db.select().from(m).where(managementWhere(orgId, f)).orderBy(desc(m.startTime), desc(m.id)).limit(limit).offset(offset);
}

/** How many meetings of organisation `orgId` match the filter. One SELECT count. */
export async function countManagementMeetings(db: Db, orgId: number, f: ManagementMeetingFilter): Promise<number> {
  const [total] = await db.select({ n: count() }).from(calendarMeetings).where(managementWhere(orgId, f));
  return Number(total?.n ?? 0);
}

/**
 * Claims the reminders of up to `limit` meeting occurrences starting in (`from`, `to`] (not rejected,
 * not yet reminded of this start): stamps `reminded_start_at` with their start and answers the rows,
 * earliest start first. The rows are taken FOR UPDATE SKIP LOCKED and the stamp is compared again
 * by the UPDATE, so two instances running at once each claim other occurrences (or none), and a
 * claimed occurrence is never claimed again; a meeting moved to another start is a new occurrence.
 * One UPDATE … RETURNING (through the caller's transaction, which emits the reminders).
 */
export async function claimMeetingReminders(tx: Db, from: Date, to: Date, limit: number): Promise<MeetingRow[]> {
  const m = calendarMeetings;
  const due = and(gt(m.startTime, from), lte(m.startTime, to), ne(m.auditStatus, 'reject'), sql`${m.remindedStartAt} is distinct from ${m.startTime}`)!;
  const ids = tx.select({ id: m.id }).from(m).where(due).orderBy(asc(m.startTime), asc(m.id)).limit(limit).for('update', { skipLocked: true });
  const rows = await tx
    .update(m)
    .set({ remindedStartAt: sql`${m.startTime}` })
    .where(and(inArray(m.id, ids), due))
    .returning();
  return rows.sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || a.id - b.id);
}
