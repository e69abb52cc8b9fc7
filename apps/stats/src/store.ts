import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { StatStream } from '@atrium/contracts';
import type { EventForStatement } from './xapi.js';

/**
 * A Drizzle handle on the statistics server's database (node-postgres or PGlite), schema-less: the statistics
 * tables are reached by SQL on the `stats` schema (migrations/0000_stats.sql). The embedded server passes its own
 * database's handle; apps/stats on its own opens one (main.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Drizzle schema: the main server's handle carries its own
export type StatsDb = PgDatabase<PgQueryResultHKT, any>;

/** One event as stored (`ts` in epoch ms; `data` the event's other fields). */
export interface StoredEventInput {
  event_id: string;
  ts: number;
  action: string;
  course_id: number | null;
  activity_id: number | null;
  url: string | null;
  data: Record<string, unknown> | null;
}

/** Who sent a batch: the signed-in user and their organisation, or nobody (a visitor; null ids). */
export interface Reporter {
  userId: number | null;
  orgId: number | null;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Advisory lock key serialising partition creation across instances. */
const PARTITION_LOCK_KEY = 7_205_251;

/** `events_y2026m12`: the partition of the month (UTC) holding `ms`. */
export function partitionOf(ms: number): { name: string; from: string; to: string } {
  const at = new Date(ms);
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const from = new Date(Date.UTC(year, month, 1)).toISOString();
  const to = new Date(Date.UTC(year, month + 1, 1)).toISOString();
  return { name: `events_y${year}m${String(month + 1).padStart(2, '0')}`, from, to };
}

/** Partitions this process knows exist, per database (`cacheKey`: the handle, or an object standing for it across transactions). */
const knownPartitions = new WeakMap<object, Set<string>>();

/**
 * Creates the monthly partitions of `stats.events` the instants `ms` fall in, where missing: one transaction
 * under an advisory lock (two instances creating the same month wait for each other; `IF NOT EXISTS` then
 * finds it). Remembered per database handle, so a month's first batch pays for it and later ones do not.
 */
export async function ensurePartitions(db: StatsDb, ms: readonly number[], cacheKey: object = db): Promise<void> {
  let known = knownPartitions.get(cacheKey);
  if (!known) knownPartitions.set(cacheKey, (known = new Set()));
  const missing = new Map<string, ReturnType<typeof partitionOf>>();
  for (const at of ms) {
    const partition = partitionOf(at);
    if (!known.has(partition.name)) missing.set(partition.name, partition);
  }
  if (missing.size === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK_KEY})`);
    for (const { name, from, to } of missing.values()) {
      // Names and bounds are ours (partitionOf), never the sender's.
      await tx.execute(sql.raw(`create table if not exists stats.${name} partition of stats.events for values from ('${from}') to ('${to}')`));
    }
  });
  for (const name of missing.keys()) known.add(name);
}

/** Forgets the partitions known for `cacheKey` (one went missing: a creation rolled back, a partition dropped). */
export function forgetPartitions(cacheKey: object): void {
  knownPartitions.delete(cacheKey);
}

/** Whether `error` is PostgreSQL's "no partition of relation found for row" (SQLSTATE 23514 on a partitioned insert). */
export function isMissingPartition(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '23514' && typeof message === 'string' && message.includes('no partition')) return true;
  }
  return false;
}

/**
 * Stores a batch in one statement: the events whose id is new (`stats.event_ids`: a retry, or an id twice in
 * the batch, is dropped whatever its `ts`) are inserted, and the day's counts (`stats.daily_counts`, per UTC day, organisation, course, stream and action)
 * grow by the events inserted, as do the day's users of each course (`stats.daily_users`, per course, UTC day and
 * user: events and the latest instant; events with a user and a course only). Answers how many were inserted. The
 * partitions must exist (ensurePartitions). Every upsert takes its rows in key order, so concurrent batches that touch
 * the same days and courses wait for one another instead of deadlocking.
 */
export async function insertEvents(
  db: StatsDb,
  stream: StatStream,
  source: 'client' | 'server',
  reporter: Reporter,
  events: readonly StoredEventInput[],
): Promise<number> {
  const result = await db.execute(sql`
    with input as (
      select distinct on (event_id) * from jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
        as x(event_id text, ts bigint, action text, course_id integer, activity_id integer, url text, data jsonb)
    ), fresh as (
      insert into stats.event_ids (event_id, ts) select event_id, to_timestamp(ts / 1000.0) from input order by event_id
      on conflict do nothing
      returning event_id
    ), inserted as (
      insert into stats.events (ts, event_id, stream, action, source, org_id, user_id, course_id, activity_id, url, data)
      select to_timestamp(ts / 1000.0), event_id, ${stream}, action, ${source}, ${reporter.orgId}::integer, ${reporter.userId}::integer,
        course_id, activity_id, url, data
      from input join fresh using (event_id)
      on conflict do nothing
      returning ts, org_id, user_id, course_id, stream, action
    ), counted as (
      insert into stats.daily_counts as d (day, org_id, course_id, stream, action, events)
      select (ts at time zone 'UTC')::date, coalesce(org_id, 0), coalesce(course_id, 0), stream, action, count(*)
      from inserted group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (day, org_id, course_id, stream, action) do update set events = d.events + excluded.events
      returning 1
    ), users_counted as (
      insert into stats.daily_users as u (day, course_id, user_id, org_id, events, last_at)
      select (ts at time zone 'UTC')::date, course_id, user_id, coalesce(max(org_id), 0), count(*), max(ts)
      from inserted where user_id is not null and course_id is not null group by 1, 2, 3 order by 2, 1, 3
      on conflict (course_id, day, user_id) do update set events = u.events + excluded.events, last_at = greatest(u.last_at, excluded.last_at)
      returning 1
    )
    select (select count(*) from inserted)::int as accepted, (select count(*) from counted)::int as days`);
  return Number(rowsOf<{ accepted: number }>(result)[0]?.accepted ?? 0);
}

/** Daily counts of one course (or of events without a course: `courseId` 0), oldest day first; for tests and dashboards. */
export async function dailyCounts(db: StatsDb, courseId: number): Promise<{ day: string; org_id: number; stream: string; action: string; events: number }[]> {
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, org_id, stream, action, events::int as events
    from stats.daily_counts where course_id = ${courseId} order by day, stream, action`);
  return rowsOf(result);
}

/** One UTC day (`YYYY-MM-DD`) of a course: its events (all four streams, visitors' too) and the users with an event that day. */
export interface CourseDayCount {
  day: string;
  events: number;
  active_students: number;
}

/** A PostgreSQL integer array literal of ids (`{1,2,3}`), one parameter however many ids. */
const idArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * A course's days from `fromDay` to `toDay` (inclusive UTC days, `YYYY-MM-DD`) that have events, oldest first (days
 * without any are absent): events from the rollup `stats.daily_counts`, active users from `stats.daily_users` —
 * only `students` when given (the course's students; default every user). Reads no event: one statement on the
 * rollups' (course_id, day) indexes, whatever the number of events.
 */
export async function courseDays(db: StatsDb, courseId: number, fromDay: string, toDay: string, students?: readonly number[]): Promise<CourseDayCount[]> {
  const among = students ? sql`and user_id = any(${idArray(students)}::int[])` : sql``;
  const result = await db.execute(sql`
    with counts as (
      select day, sum(events)::bigint as events from stats.daily_counts
      where course_id = ${courseId} and day between ${fromDay}::date and ${toDay}::date group by day
    ), active as (
      select day, count(*)::int as users from stats.daily_users
      where course_id = ${courseId} and day between ${fromDay}::date and ${toDay}::date ${among} group by day
    )
    select to_char(coalesce(c.day, a.day), 'YYYY-MM-DD') as day, coalesce(c.events, 0)::bigint as events, coalesce(a.users, 0)::int as active_students
    from counts c full join active a on a.day = c.day order by 1`);
  return rowsOf<{ day: string; events: string | number; active_students: number }>(result).map((row) => ({
    day: row.day,
    events: Number(row.events),
    active_students: Number(row.active_students),
  }));
}

/** One user's activity in a course over the rollup's days: the last day with an event, that event's instant (epoch ms) and the events in all. */
export interface CourseUserActivity {
  user_id: number;
  last_day: string;
  last_at: number;
  events: number;
}

/**
 * Each user's activity in a course (`stats.daily_users`, every day kept), or only `userIds`' when given; users
 * without an event are absent. One statement on the (course_id, user_id, day) index.
 */
export async function courseUserActivity(db: StatsDb, courseId: number, userIds?: readonly number[]): Promise<CourseUserActivity[]> {
  const among = userIds ? sql`and user_id = any(${idArray(userIds)}::int[])` : sql``;
  const result = await db.execute(sql`
    select user_id, to_char(max(day), 'YYYY-MM-DD') as last_day, (extract(epoch from max(last_at)) * 1000)::bigint as last_at, sum(events)::bigint as events
    from stats.daily_users where course_id = ${courseId} ${among} group by user_id`);
  return rowsOf<{ user_id: number; last_day: string; last_at: string | number; events: string | number }>(result).map((row) => ({
    user_id: Number(row.user_id),
    last_day: row.last_day,
    last_at: Number(row.last_at),
    events: Number(row.events),
  }));
}

/** One user's days in a course from `fromDay` to `toDay` (inclusive UTC days) that have events, oldest first, with their events. One statement. */
export async function courseUserDays(
  db: StatsDb,
  courseId: number,
  userId: number,
  fromDay: string,
  toDay: string,
): Promise<{ day: string; events: number }[]> {
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, events from stats.daily_users
    where course_id = ${courseId} and user_id = ${userId} and day between ${fromDay}::date and ${toDay}::date order by day`);
  return rowsOf<{ day: string; events: number }>(result).map((row) => ({ day: row.day, events: Number(row.events) }));
}

/**
 * Stored events of one course with a user, oldest first, for its xAPI statements: from `since` (inclusive) to
 * `until` (exclusive), epoch ms, after the key `after` (`ts` and `event_id` of the last one of the previous
 * page), at most `limit`. Uses the (course_id, ts) index.
 */
export async function courseEventsForStatements(
  db: StatsDb,
  query: { courseId: number; since: number; until: number; after: { ts: number; eventId: string } | null; limit: number },
): Promise<EventForStatement[]> {
  const after = query.after ? sql`and (ts, event_id) > (to_timestamp(${query.after.ts} / 1000.0), ${query.after.eventId})` : sql``;
  const result = await db.execute(sql`
    select event_id, (extract(epoch from ts) * 1000)::bigint as ts, stream, action, user_id, course_id, activity_id, url, data
    from stats.events
    where course_id = ${query.courseId} and user_id is not null
      and ts >= to_timestamp(${query.since} / 1000.0) and ts < to_timestamp(${query.until} / 1000.0) ${after}
    order by ts, event_id
    limit ${query.limit}`);
  return rowsOf<{ ts: string | number } & Record<string, unknown>>(result).map((row) => ({ ...row, ts: Number(row.ts) })) as never;
}

/** Shortest retention an organisation may set, in days: longer than ingestion accepts (30 days back), so no partition dropped is one a late batch needs. */
export const STATS_MIN_RETENTION_DAYS = 31;

/** An organisation's retention in days, or undefined when it set none (the server's default applies). One SELECT. */
export async function findOrgRetention(db: StatsDb, orgId: number): Promise<number | undefined> {
  const result = await db.execute(sql`select days from stats.org_retention where org_id = ${orgId}`);
  const row = rowsOf<{ days: number }>(result)[0];
  return row ? Number(row.days) : undefined;
}

/** Sets an organisation's retention (days ≥ 31), or removes it (null: the default applies). One statement. */
export async function setOrgRetention(db: StatsDb, orgId: number, days: number | null): Promise<void> {
  if (days === null) await db.execute(sql`delete from stats.org_retention where org_id = ${orgId}`);
  else await db.execute(sql`insert into stats.org_retention (org_id, days) values (${orgId}, ${days}) on conflict (org_id) do update set days = excluded.days`);
}

/** One monthly partition of `stats.events`: its month (`YYYY-MM`), table name and end (epoch ms, exclusive). */
export interface EventMonth {
  month: string;
  partition: string;
  end: number;
}

/** The monthly partitions `stats.events` has, oldest first (one catalogue query). */
export async function listEventMonths(db: StatsDb): Promise<EventMonth[]> {
  const partitions = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      join pg_namespace n on n.oid = p.relnamespace where n.nspname = 'stats' and p.relname = 'events' order by 1`),
  );
  return partitions.flatMap(({ name }) => {
    const match = /^events_y(\d{4})m(\d{2})$/.exec(name);
    return match ? [{ month: `${match[1]}-${match[2]}`, partition: name, end: Date.UTC(Number(match[1]), Number(match[2]), 1) }] : [];
  });
}

/** An organisation's own retention: its id and days. */
export async function listOrgRetentions(db: StatsDb): Promise<{ org_id: number; days: number }[]> {
  return rowsOf<{ org_id: number; days: number }>(await db.execute(sql`select org_id, days from stats.org_retention`)).map((r) => ({
    org_id: Number(r.org_id),
    days: Number(r.days),
  }));
}

/**
 * Applies retention at `now` (issue 25 item 1, per-organisation retention): whole monthly partitions that end
 * before the longest retention in force are dropped (cheap: no row is read); then, inside the partitions left,
 * the events (and daily counts and daily users) of each organisation older than its own retention, and those of organisations
 * without one (and of visitors) older than `defaultDays`, are deleted. Answers the partitions dropped and the
 * events deleted.
 */
export async function applyRetention(db: StatsDb, options: { defaultDays: number; now: Date }): Promise<{ partitions: number; events: number }> {
  const day = 24 * 3600_000;
  const retentions = await listOrgRetentions(db);
  const longest = Math.max(options.defaultDays, ...retentions.map((r) => r.days));
  const dropBefore = new Date(options.now.getTime() - longest * day);
  let dropped = 0;
  for (const { partition, end } of await listEventMonths(db)) {
    if (end <= dropBefore.getTime()) {
      await db.execute(sql.raw(`drop table stats.${partition}`));
      dropped++;
    }
  }
  // Ids of events older than ingestion accepts can never come back: they are no longer needed to drop retries.
  await db.execute(sql`delete from stats.event_ids where ts < ${new Date(options.now.getTime() - STATS_MIN_RETENTION_DAYS * day).toISOString()}::timestamptz`);
  let deleted = 0;
  for (const { org_id, days } of retentions) {
    const before = new Date(options.now.getTime() - Number(days) * day).toISOString();
    const result = await db.execute(sql`
      with gone as (delete from stats.events where org_id = ${org_id} and ts < ${before}::timestamptz returning 1)
      select count(*)::int as n from gone`);
    deleted += Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    await db.execute(sql`
      with counts as (delete from stats.daily_counts where org_id = ${org_id} and day < (${before}::timestamptz at time zone 'UTC')::date)
      delete from stats.daily_users where org_id = ${org_id} and day < (${before}::timestamptz at time zone 'UTC')::date`);
  }
  const before = new Date(options.now.getTime() - options.defaultDays * day).toISOString();
  const result = await db.execute(sql`
    with gone as (
      delete from stats.events e where ts < ${before}::timestamptz
        and (e.org_id is null or not exists (select 1 from stats.org_retention r where r.org_id = e.org_id))
      returning 1)
    select count(*)::int as n from gone`);
  deleted += Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  await db.execute(sql`
    with counts as (
      delete from stats.daily_counts d where day < (${before}::timestamptz at time zone 'UTC')::date
        and not exists (select 1 from stats.org_retention r where r.org_id = d.org_id))
    delete from stats.daily_users u where day < (${before}::timestamptz at time zone 'UTC')::date
      and not exists (select 1 from stats.org_retention r where r.org_id = u.org_id)`);
  return { partitions: dropped, events: deleted };
}

/** Teaching actions of one user in one course over a period, by action (teaching statistics, issue 25 item 5). */
export interface TeachingActionCount {
  course_id: number;
  user_id: number;
  action: string;
  events: number;
}

/**
 * The `teaching_action` events of `courseIds` with a user, from `since` (inclusive) to `until` (exclusive), epoch
 * ms, counted per course, user and action (pairs without any are absent). Per user, so from the events (the rollups
 * keep no user per action), on the (course_id, ts) index: one statement, whatever the number of courses.
 */
export async function teachingActionCounts(db: StatsDb, query: { courseIds: readonly number[]; since: number; until: number }): Promise<TeachingActionCount[]> {
  if (query.courseIds.length === 0) return [];
  const result = await db.execute(sql`
    select course_id, user_id, action, count(*)::int as events from stats.events
    where course_id = any(${`{${query.courseIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])
      and stream = 'teaching_action' and user_id is not null
      and ts >= to_timestamp(${query.since} / 1000.0) and ts < to_timestamp(${query.until} / 1000.0)
    group by course_id, user_id, action`);
  return rowsOf<{ course_id: number; user_id: number; action: string; events: number }>(result).map((row) => ({
    course_id: Number(row.course_id),
    user_id: Number(row.user_id),
    action: row.action,
    events: Number(row.events),
  }));
}

/** One stored event of an organisation, for the research export: `ts` epoch ms; `event_id` its key in the order, never exported. */
export interface OrgEventRow {
  event_id: string;
  ts: number;
  stream: string;
  action: string;
  source: 'client' | 'server';
  user_id: number | null;
  course_id: number | null;
  activity_id: number | null;
  url: string | null;
  data: Record<string, unknown> | null;
}

/**
 * A page of the events an organisation's users reported (`org_id`) in `streams`, from `since` (inclusive) to
 * `until` (exclusive), epoch ms, oldest first, after the key `after` (`ts` and `event_id` of the previous page's
 * last), at most `limit`: the research export pages through it by keyset, never holding more than a page. One
 * statement on the BRIN index of `ts`.
 */
export async function orgEventsPage(
  db: StatsDb,
  query: { orgId: number; streams: readonly string[]; since: number; until: number; after: { ts: number; eventId: string } | null; limit: number },
): Promise<OrgEventRow[]> {
  const after = query.after ? sql`and (ts, event_id) > (to_timestamp(${query.after.ts} / 1000.0), ${query.after.eventId})` : sql``;
  const result = await db.execute(sql`
    select event_id, (extract(epoch from ts) * 1000)::bigint as ts, stream, action, source, user_id, course_id, activity_id, url, data
    from stats.events
    where org_id = ${query.orgId} and stream = any(${`{${query.streams.map((s) => `"${s.replace(/["\\]/g, '')}"`).join(',')}}`}::text[])
      and ts >= to_timestamp(${query.since} / 1000.0) and ts < to_timestamp(${query.until} / 1000.0) ${after}
    order by ts, event_id
    limit ${query.limit}`);
  return rowsOf<Omit<OrgEventRow, 'ts'> & { ts: string | number }>(result).map((row) => ({
    ...row,
    ts: Number(row.ts),
    user_id: row.user_id === null ? null : Number(row.user_id),
    course_id: row.course_id === null ? null : Number(row.course_id),
    activity_id: row.activity_id === null ? null : Number(row.activity_id),
  }));
}
