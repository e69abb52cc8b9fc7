import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationPayload } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { bulletinReads } from '../bulletins/bulletins.table.js';
import { users } from '../users/users.table.js';
import { notificationPreferences, notifications } from './notifications.table.js';

/** Notifications and notification preferences (issue 17 §1–2): the only door to these tables. */

/** The PostgreSQL channel on which a write announces new notifications and reads (decision 0100). */
export const NOTIFICATIONS_CHANNEL = 'atrium_notifications';

/** One notification as stored, with its sender's name. */
export interface NotificationRow {
  id: number;
  userId: number;
  type: string;
  kind: string;
  payload: NotificationPayload;
  isLocked: boolean;
  senderId: number | null;
  senderName: string | null;
  courseId: number | null;
  activityId: number | null;
  bulletinId: number | null;
  topicId: number | null;
  resourceId: number | null;
  readAt: Date | null;
  createdAt: Date;
}

const rowColumns = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  kind: notifications.kind,
  payload: notifications.payload,
  isLocked: notifications.isLocked,
  senderId: notifications.senderId,
  senderName: users.name,
  courseId: notifications.courseId,
  activityId: notifications.activityId,
  bulletinId: notifications.bulletinId,
  topicId: notifications.topicId,
  resourceId: notifications.resourceId,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

/** A Postgres array literal parameter of integer ids (one parameter however many ids; `::bigint[]` / `::int[]` at the use). */
function idArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/** Rows of a raw statement on either driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The list filter of `GET /api/notifications`. */
export interface NotificationFilter {
  types?: string[] | undefined;
  unread?: boolean | undefined;
}

function whereOf(userId: number, filter: NotificationFilter): SQL {
  return and(
    eq(notifications.userId, userId),
    filter.types && filter.types.length > 0 ? inArray(notifications.type, filter.types) : undefined,
    filter.unread === true ? isNull(notifications.readAt) : filter.unread === false ? sql`${notifications.readAt} is not null` : undefined,
  )!;
}

/** One page of the user's notifications, newest first, with the filtered total (`count(*) over ()`). One SELECT. */
export async function listNotificationsPage(
  db: Db,
  userId: number,
  filter: NotificationFilter,
  limit: number,
  offset: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const rows = await db
    .select({ ...rowColumns, total: sql<number>`(count(*) over ())::int` })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.senderId))
    .where(whereOf(userId, filter))
    .orderBy(desc(notifications.id))
    .limit(limit)
    .offset(offset);
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  if (offset === 0) return { rows: [], total: 0 };
  const [counted] = await db.select({ total: count() }).from(notifications).where(whereOf(userId, filter));
  return { rows: [], total: counted?.total ?? 0 };
}

/** How many unread notifications the user has. One SELECT (partial index notifications_unread_idx). */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Unread counts of these users (users with none are absent). One SELECT. */
export async function countUnreadOf(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(sql`${notifications.userId} = any(${idArray(userIds)}::int[])`, isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** The user's unread count and newest notification id (0 when none): what a stream starts from. One SELECT. */
export async function streamStartOf(db: Db, userId: number): Promise<{ unread: number; maxId: number }> {
  const [row] = await db
    .select({ unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`, maxId: sql<string | null>`max(${notifications.id})` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { unread: row?.unread ?? 0, maxId: Number(row?.maxId ?? 0) };
}

/**
 * Marks read the user's unread, unlocked bulletin notices (`bulletin.published`) of bulletins they
 * have read (`bulletin_reads`; one bulletin, or every one with `bulletinId` null). Answers how
 * many changed. One UPDATE.
 */
export async function markBulletinNoticesRead(db: Db, userId: number, bulletinId: number | null, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        eq(notifications.isLocked, false),
        bulletinId === null ? isNotNull(notifications.bulletinId) : eq(notifications.bulletinId, bulletinId),
        sql`exists (select 1 from ${bulletinReads} r where r.bulletin_id = ${notifications.bulletinId} and r.user_id = ${userId})`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Marks the user's unread, unlocked notifications read: those of `ids` (others' ids and locked ones
 * are left alone) or, with `'all'`, every one. Answers how many changed. One UPDATE.
 */
export async function markRead(db: Db, userId: number, which: number[] | 'all', at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        eq(notifications.isLocked, false),
        which === 'all' ? undefined : sql`${notifications.id} = any(${idArray(which)}::bigint[])`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** The user's stored preferences (kinds without a row use their defaults). One SELECT. */
export async function listPreferences(db: Db, userId: number): Promise<{ kind: string; inApp: boolean; email: string }[]> {
  return db
    .select({ kind: notificationPreferences.kind, inApp: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

/** Writes the user's preferences of these kinds (insert or replace). One INSERT … ON CONFLICT. */
export async function upsertPreferences(db: Db, userId: number, items: { kind: string; inApp: boolean; email: string }[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(items.map((i) => ({ userId, kind: i.kind, inApp: i.inApp, email: i.email })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`now()` },
    });
}

/**
 * Who a notification goes to: a statement answering one column `user_id` (may repeat a user; the
 * insert keeps one). Built by the functions below, set-based, so a course of thousands is one statement.
 */
export type Audience = SQL;

/** These users (a short list: an event's learners). */
export function audienceOfUsers(userIds: readonly number[]): Audience {
  return sql`select unnest(${idArray(userIds)}::int[]) as user_id`;
}

/** The members of a resource group (issue 19 §2), except `exceptUserId`. */
export function audienceOfResourceGroup(groupId: number, exceptUserId: number | null): Audience {
  return sql`select m.user_id from resource_group_members m where m.group_id = ${groupId} and m.user_id is distinct from ${exceptUserId}::int`;
}

/** The course's students (enrolment role student). */
export function audienceOfStudents(courseId: number): Audience {
  return sql`select e.user_id from enrolments e where e.course_id = ${courseId} and e.role = 'student'`;
}

/** The course's team: its instructors and instructor assistants. */
export function audienceOfCourseTeam(courseId: number): Audience {
  return sql`select e.user_id from enrolments e where e.course_id = ${courseId} and e.role in ('instructor', 'instructor_assistant')`;
}

/** Every member of the course in any role, except `exceptUserId`. */
export function audienceOfCourseMembers(courseId: number, exceptUserId: number | null): Audience {
  return sql`select e.user_id from enrolments e where e.course_id = ${courseId} and e.user_id is distinct from ${exceptUserId}::int`;
}

/** Every user of the organisation, except `exceptUserId`. */
export function audienceOfOrg(orgId: number, exceptUserId: number | null): Audience {
  return sql`select u.id as user_id from users u where u.org_id = ${orgId} and u.id is distinct from ${exceptUserId}::int`;
}

/** The organisation's administrators (role admin 2 or wg admin 3). */
export function audienceOfOrgAdmins(orgId: number): Audience {
  return sql`select u.id as user_id from users u where u.org_id = ${orgId} and u.role in (2, 3)`;
}

/** The platform operators (wg admin, role 3) of every organisation, except `exceptUserId`. */
export function audienceOfPlatformOperators(exceptUserId: number | null): Audience {
  return sql`select u.id as user_id from users u where u.role = 3 and u.id is distinct from ${exceptUserId}::int`;
}

/** The subscribers of a forum (issue 18 §5): `activityId` a forum activity's, null the course's general category (subscriptions to a whole forum, not to one topic). */
export function audienceOfForumSubscribers(courseId: number, activityId: number | null): Audience {
  return sql`select s.user_id from forum_subscriptions s
    where s.course_id = ${courseId} and s.topic_id is null and s.activity_id is not distinct from ${activityId}::int`;
}

/** The users of either audience. */
export function audienceOfEither(a: Audience, b: Audience): Audience {
  return sql`${a} union ${b}`;
}

/** The subscribers of one topic (its author is subscribed when it is posted). */
export function audienceOfTopicSubscribers(topicId: number): Audience {
  return sql`select s.user_id from forum_subscriptions s where s.topic_id = ${topicId}`;
}

/** What decides who may read a topic: its course, space, group, whether it is hidden, and its author. */
export interface TopicReadScope {
  courseId: number;
  space: string;
  groupId: number | null;
  isHidden: boolean;
  authorId: number | null;
}

/**
 * Narrows `audience` to who may read the topic, `exceptUserId` (the writer) left out: members of
 * the course; a group topic only its group's members and the course team; the team space only the
 * team; a hidden topic only the team and its author.
 */
export function readersOf(audience: Audience, topic: TopicReadScope, exceptUserId: number | null): Audience {
  const team = sql`e.role <> 'student'`;
  const space =
    topic.space === 'team'
      ? team
      : topic.groupId !== null
        ? sql`(${team} or exists (select 1 from course_group_members gm where gm.group_id = ${topic.groupId} and gm.user_id = e.user_id))`
        : sql`true`;
  const hidden = topic.isHidden ? sql`(${team} or e.user_id is not distinct from ${topic.authorId}::int)` : sql`true`;
  return sql`select distinct e.user_id from (${audience}) a
    join enrolments e on e.course_id = ${topic.courseId} and e.user_id = a.user_id
    where e.user_id is distinct from ${exceptUserId}::int and ${space} and ${hidden}`;
}

/** Facts of a topic (and one of its replies) a notice copies, or undefined when it is gone. One SELECT. */
export async function topicFacts(
  db: Db,
  topicId: number,
  replyId: number | null,
): Promise<
  | (TopicReadScope & {
      title: string;
      courseName: string;
      activityId: number | null;
      uploadId: number | null;
      anchorPage: number | null;
      anchorSecond: number | null;
      /** The reply's content when `replyId` is given (null when it is gone or hidden), else the topic's. */
      content: string | null;
    })
  | undefined
> {
  const result = await db.execute(sql`
    select t.course_id, t.space, t.group_id, t.is_hidden, t.author_id, t.title, c.name as course_name, t.activity_id, t.upload_id,
      t.anchor_page, t.anchor_second,
      ${replyId === null ? sql`t.content` : sql`(select r.content from forum_replies r where r.id = ${replyId} and r.topic_id = t.id and r.deleted_at is null and not r.is_hidden)`} as content
    from forum_topics t
    join courses c on c.id = t.course_id
    where t.id = ${topicId} and t.deleted_at is null`);
  const [row] = rowsOf<{
    course_id: number;
    space: string;
    group_id: number | null;
    is_hidden: boolean;
    author_id: number | null;
    title: string;
    course_name: string;
    activity_id: number | null;
    upload_id: number | null;
    anchor_page: number | null;
    anchor_second: number | null;
    content: string | null;
  }>(result);
  if (!row) return undefined;
  const n = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    courseId: Number(row.course_id),
    space: row.space,
    groupId: n(row.group_id),
    isHidden: row.is_hidden,
    authorId: n(row.author_id),
    title: row.title,
    courseName: row.course_name,
    activityId: n(row.activity_id),
    uploadId: n(row.upload_id),
    anchorPage: n(row.anchor_page),
    anchorSecond: n(row.anchor_second),
    content: row.content,
  };
}

/** What one insert makes for every user of its audience. */
export interface NotificationDraft {
  type: string;
  kind: string;
  /** Default e-mail delivery of the kind (the preference of a user without a row). */
  defaultEmail: string;
  payload: NotificationPayload;
  senderId?: number | null;
  courseId?: number | null;
  activityId?: number | null;
  bulletinId?: number | null;
  topicId?: number | null;
  resourceId?: number | null;
  /** Unique per user: a second insert with the same key makes nothing for that user. */
  dedupeKey: string;
  isLocked?: boolean;
}

/** A notification just made, with what its e-mail channel needs. */
export interface InsertedNotification {
  id: number;
  userId: number;
  /** The user's address when the kind is e-mailed to them at once (preference or default `instant`), else null. */
  instantEmail: string | null;
  userName: string;
}

/**
 * Makes the draft for every user of `audience` who has not switched its kind off in the app, once
 * per user and dedupe key (ON CONFLICT DO NOTHING); answers the rows made. One INSERT … SELECT
 * (with the e-mail preference read in the same statement).
 */
export async function insertForAudience(db: Db, audience: Audience, draft: NotificationDraft): Promise<InsertedNotification[]> {
  const result = await db.execute(sql`
    with inserted as (
      insert into notifications (user_id, type, kind, payload, is_locked, sender_id, course_id, activity_id, bulletin_id, topic_id, resource_id, dedupe_key)
      select a.user_id, ${draft.type}::text, ${draft.kind}::text, ${JSON.stringify(draft.payload)}::jsonb, ${draft.isLocked ?? false}::boolean,
        ${draft.senderId ?? null}::int, ${draft.courseId ?? null}::int, ${draft.activityId ?? null}::int, ${draft.bulletinId ?? null}::int,
        ${draft.topicId ?? null}::int, ${draft.resourceId ?? null}::int, ${draft.dedupeKey}::text
      from (select distinct x.user_id from (${audience}) x) a
      join users u on u.id = a.user_id
      where not exists (
        select 1 from notification_preferences p where p.user_id = a.user_id and p.kind = ${draft.kind}::text and not p.in_app
      )
      on conflict do nothing
      returning id, user_id, kind
    )
    ${insertedWithEmails(draft.defaultEmail)}`);
  return insertedRows(result);
}

/**
 * The last SELECT after an `inserted` CTE (`insert into notifications … returning id, user_id, kind`):
 * each new notification with its user's name and, when the kind's e-mail delivery for that user
 * (their preference, else `defaultEmail`) is `instant` and they have an address, that address.
 */
function insertedWithEmails(defaultEmail: string): SQL {
  return sql`select i.id::text as id, i.user_id, u.name,
      case when coalesce(p.email, ${defaultEmail}::text) = 'instant' and coalesce(u.email, '') <> '' then u.email end as instant_email
    from inserted i
    join users u on u.id = i.user_id
    left join notification_preferences p on p.user_id = i.user_id and p.kind = i.kind
    order by i.id`;
}

/** The rows `insertedWithEmails` answers, as InsertedNotification. */
function insertedRows(result: unknown): InsertedNotification[] {
  return rowsOf<{ id: string; user_id: number; name: string; instant_email: string | null }>(result).map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    instantEmail: r.instant_email,
    userName: r.name,
  }));
}

/**
 * "Due in 24 h" notices (issue 17 §1): for every published homework (in a published module of a
 * published, live course) due between `now` and `now + 24 h`, every student of its course who has
 * nothing handed in (neither their own submission nor one of a group they belong to) and has not
 * switched the kind off gets one, once per homework (dedupe key `homework.due_soon:<activity id>`).
 * `defaultEmail` is the kind's default e-mail delivery. One INSERT … SELECT for every homework.
 */
export async function insertDueSoon(db: Db, now: Date, defaultEmail: string): Promise<InsertedNotification[]> {
  const result = await db.execute(sql`
    with due as (
      select a.id, a.course_id, a.title, c.name as course_name, (a.data->>'due_date')::timestamptz as due_at
      from activities a
      join course_modules m on m.id = a.module_id and m.published
      join courses c on c.id = a.course_id and c.published and c.deleted_at is null
      where a.type = 'homework' and a.published and a.deleted_at is null
        and a.data->>'due_date' is not null
        and (a.data->>'due_date')::timestamptz > ${now.toISOString()}::timestamptz
        and (a.data->>'due_date')::timestamptz <= ${now.toISOString()}::timestamptz + interval '24 hours'
    ),
    inserted as (
      insert into notifications (user_id, type, kind, payload, course_id, activity_id, dedupe_key)
      select e.user_id, 'homework', 'homework.due_soon',
        jsonb_build_object('course_name', d.course_name, 'title', d.title, 'at', to_char(d.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        d.course_id, d.id, 'homework.due_soon:' || d.id
      from due d
      join enrolments e on e.course_id = d.course_id and e.role = 'student'
      where not exists (
          select 1 from homework_submissions s
          where s.activity_id = d.id and s.status = 'submitted'
            and ((s.group_id is null and s.user_id = e.user_id)
              or s.group_id in (select gm.group_id from course_group_members gm where gm.user_id = e.user_id))
        )
        and not exists (
          select 1 from notification_preferences p where p.user_id = e.user_id and p.kind = 'homework.due_soon' and not p.in_app
        )
      on conflict do nothing
      returning id, user_id, kind
    )
    ${insertedWithEmails(defaultEmail)}`);
  return insertedRows(result);
}

/**
 * Whether a student of the course already holds a notification with `dedupeKey` (an activity once
 * announced is not announced again to students who joined later). One SELECT, stopping at the first
 * hit through the (user_id, dedupe_key) index.
 */
export async function isAnnouncedToStudents(db: Db, courseId: number, dedupeKey: string): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (
      select 1 from enrolments e
      join notifications n on n.user_id = e.user_id and n.dedupe_key = ${dedupeKey}::text
      where e.course_id = ${courseId} and e.role = 'student'
    ) as announced`);
  return rowsOf<{ announced: boolean }>(result)[0]?.announced === true;
}

/** Records that the e-mail channel took these notifications. One UPDATE. */
export async function markEmailed(db: Db, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ emailedAt: at })
    .where(sql`${notifications.id} = any(${idArray(ids)}::bigint[])`);
}

/** The notifications of these ids, with their sender's name, oldest first. One SELECT. */
export async function findNotifications(db: Db, ids: readonly number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(rowColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.senderId))
    .where(sql`${notifications.id} = any(${idArray(ids)}::bigint[])`)
    .orderBy(notifications.id);
}

/** The user's notifications with an id above `afterId`, oldest first (a reconnecting stream's backlog), at most `limit`. One SELECT. */
export async function listNotificationsAfter(db: Db, userId: number, afterId: number, limit: number): Promise<NotificationRow[]> {
  return db
    .select(rowColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.senderId))
    .where(and(eq(notifications.userId, userId), sql`${notifications.id} > ${afterId}`))
    .orderBy(notifications.id)
    .limit(limit);
}

/** Notifications of these users with ids in [fromId, toId], oldest first (what an announcement names). One SELECT. */
export async function listNotificationsInRange(db: Db, userIds: readonly number[], fromId: number, toId: number): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select(rowColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.senderId))
    .where(and(sql`${notifications.userId} = any(${idArray(userIds)}::int[])`, sql`${notifications.id} between ${fromId} and ${toId}`))
    .orderBy(notifications.id);
}

/**
 * A new reply announced to the streams (issue 18: replies appear live): sent on
 * NOTIFICATIONS_CHANNEL as `{"topic":{…}}` by the handler of `topic.replied`; each instance sends
 * `event: topic` to its connected users who may read the topic.
 */
export interface TopicAnnouncement {
  topic_id: number;
  reply_id: number;
  course_id: number;
  /** course | team | question */
  space: string;
  group_id: number | null;
}

/**
 * Which of `userIds` may read each announced topic (`index` into `topics`): members of its course;
 * for a group topic only the group's members and the course team; for the team space only the
 * team. One SELECT for the whole burst.
 */
export async function topicReadersAmong(
  db: Db,
  topics: readonly TopicAnnouncement[],
  userIds: readonly number[],
): Promise<{ index: number; userId: number }[]> {
  if (topics.length === 0 || userIds.length === 0) return [];
  const list = JSON.stringify(topics.map((t, index) => ({ idx: index, course_id: t.course_id, space: t.space, group_id: t.group_id })));
  const result = await db.execute(sql`
    select distinct t.idx, e.user_id
    from json_to_recordset(${list}::json) as t(idx int, course_id int, space text, group_id int)
    join enrolments e on e.course_id = t.course_id and e.user_id = any(${idArray(userIds)}::int[])
    where case
      when t.space = 'team' then e.role <> 'student'
      when t.group_id is not null then e.role <> 'student'
        or exists (select 1 from course_group_members gm where gm.group_id = t.group_id and gm.user_id = e.user_id)
      else true
    end`);
  return rowsOf<{ idx: number; user_id: number }>(result).map((r) => ({ index: Number(r.idx), userId: Number(r.user_id) }));
}

/** Announces on NOTIFICATIONS_CHANNEL (delivered when `db`'s transaction commits; never when it rolls back). One SELECT. */
export async function notifyChannel(db: Db, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${payload})`);
}

/** Above this many users an announcement names none (NOTIFY payloads are limited to 8000 bytes): every instance loads the range for its connected users. */
export const ANNOUNCED_USERS_MAX = 500;

/**
 * The text of an announcement of notifications `ids` made for `userIds`: `{"ids":[lowest, highest],
 * "users":[…]}` (ids, never rows; `users` left out above ANNOUNCED_USERS_MAX). A read is announced
 * as `{"read":[user id]}`.
 */
export function announcementOf(ids: readonly number[], userIds: readonly number[]): string {
  const users = [...new Set(userIds)];
  const range: [number, number] = [Math.min(...ids), Math.max(...ids)];
  return JSON.stringify(users.length <= ANNOUNCED_USERS_MAX ? { ids: range, users } : { ids: range });
}

/** Facts of a course a notice copies: its name, organisation, creator and whether it is live and published. One SELECT. */
export async function courseFacts(db: Db, courseId: number): Promise<{ name: string; orgId: number; createdById: number | null; isLive: boolean } | undefined> {
  const result = await db.execute(sql`select name, org_id, created_by_id, (published and deleted_at is null) as is_live from courses where id = ${courseId}`);
  const [row] = rowsOf<{ name: string; org_id: number; created_by_id: number | null; is_live: boolean }>(result);
  return row ? { name: row.name, orgId: Number(row.org_id), createdById: row.created_by_id, isLive: row.is_live } : undefined;
}

/** An organisation's name, for the plan notices (issue 24 item 3). One SELECT. */
export async function orgFacts(db: Db, orgId: number): Promise<{ name: string } | undefined> {
  const [row] = rowsOf<{ name: string }>(await db.execute(sql`select name from orgs where id = ${orgId}`));
  return row;
}

/** Facts of an activity a notice copies, and whether learners can see it now (published, in a published module of a live, published course). One SELECT. */
export async function activityFacts(
  db: Db,
  activityId: number,
): Promise<{ courseId: number; type: string; title: string; courseName: string; dueDate: string | null; isVisible: boolean } | undefined> {
  const result = await db.execute(sql`
    select a.course_id, a.type, a.title, c.name as course_name, a.data->>'due_date' as due_date,
      (a.published and a.deleted_at is null and m.published and c.published and c.deleted_at is null) as is_visible
    from activities a
    join course_modules m on m.id = a.module_id
    join courses c on c.id = a.course_id
    where a.id = ${activityId}`);
  const [row] = rowsOf<{ course_id: number; type: string; title: string; course_name: string; due_date: string | null; is_visible: boolean }>(result);
  return row
    ? { courseId: Number(row.course_id), type: row.type, title: row.title, courseName: row.course_name, dueDate: row.due_date, isVisible: row.is_visible }
    : undefined;
}

/** A bulletin's title and content (sanitised HTML), or undefined when it is gone. One SELECT. */
export async function bulletinFacts(db: Db, bulletinId: number): Promise<{ title: string; content: string } | undefined> {
  const result = await db.execute(sql`select title, content from bulletins where id = ${bulletinId}`);
  return rowsOf<{ title: string; content: string }>(result)[0];
}

/** One user's digest line: a notification not yet e-mailed whose kind the user takes in the daily digest. */
export interface DigestRow {
  id: number;
  userId: number;
  email: string | null;
  userName: string;
  isUnread: boolean;
  row: NotificationRow;
}

/**
 * Claims every notification not yet e-mailed whose kind goes to its user in the daily digest
 * (`dailyKinds`: kinds whose default is daily; a preference row overrides), setting emailed_at
 * (rows another instance claims at the same time are skipped); answers them with their user's
 * address. Two statements.
 */
export async function claimDigest(db: Db, dailyKinds: readonly string[], at: Date): Promise<DigestRow[]> {
  const claimed = await db.execute(sql`
    update notifications set emailed_at = ${at.toISOString()}::timestamptz
    where id in (
      select n.id from notifications n
      left join notification_preferences p on p.user_id = n.user_id and p.kind = n.kind
      where n.emailed_at is null
        and (p.email = 'daily' or (p.email is null and n.kind = any(${`{${dailyKinds.map((k) => `"${k}"`).join(',')}}`}::text[])))
      for update of n skip locked
    )
    returning id::text as id`);
  const ids = rowsOf<{ id: string }>(claimed).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const recipient = alias(users, 'recipient');
  const rows = await db
    .select({ ...rowColumns, email: recipient.email, userName: recipient.name })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.senderId))
    .innerJoin(recipient, eq(recipient.id, notifications.userId))
    .where(sql`${notifications.id} = any(${idArray(ids)}::bigint[])`)
    .orderBy(notifications.userId, notifications.id);
  return rows.map(({ email, userName, ...row }) => ({ id: row.id, userId: row.userId, email, userName, isUnread: row.readAt === null, row }));
}
