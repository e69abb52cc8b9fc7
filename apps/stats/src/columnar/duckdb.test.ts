import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { StatEvent, StatStream } from '@atrium/contracts';
import { ingest, type IngestDeps } from '../ingest.js';
import { openStatsDatabase } from '../server.js';
import { listEventMonths, setOrgRetention, type Reporter } from '../store.js';
import type { ColumnEvent, CourseDay } from './column-store.js';
import { DuckDbColumnStore } from './duckdb.js';
import { exportMonth, monthRange } from './export-month.js';
import { runStatsMaintenance } from './maintenance.js';

/**
 * The column-store path (issue 25 item 2; decision 0148) on a real DuckDB file and the statistics server's real
 * database (PGlite, or a scratch PostgreSQL database when DATABASE_URL is set): events ingested with the live
 * copy on give the same days in DuckDB as PostgreSQL's rollups, and a month exported from its partition arrives
 * whole and once, however often it is exported.
 */

const DAY = 24 * 3600_000;
let database: Awaited<ReturnType<typeof openStatsDatabase>>;
let dropDatabase: () => Promise<void> = async () => undefined;
let dir: string;
let clock = Date.UTC(2026, 2, 20, 12);
const failures: unknown[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-duckdb-'));
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    database = await openStatsDatabase({});
    return;
  }
  const name = `atrium_test_columnar_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  database = await openStatsDatabase({ databaseUrl: url.toString() });
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  };
});
afterAll(async () => {
  await database?.close();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

function depsWith(store: DuckDbColumnStore | undefined): IngestDeps {
  return {
    db: database.db,
    now: () => clock,
    invalid: (field, message) => new Error(`${field}: ${message}`),
    columnStore: store && { store, onError: (error) => failures.push(error) },
  };
}

const event = (fields: Partial<StatEvent> & { ts: number }): StatEvent => ({ id: randomUUID(), action: 'page.view', ...fields });

/** PostgreSQL's answer for a course's days, from its rollups: events from `daily_counts`, active users from `daily_users`. */
async function postgresDays(courseId: number, from: string, to: string, students?: readonly number[]): Promise<CourseDay[]> {
  const events = rowsOf<{ day: string; events: number }>(
    await database.db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, sum(events)::int as events from stats.daily_counts
      where course_id = ${courseId} and day between ${from}::date and ${to}::date group by day order by day`),
  );
  const among = students ? sql`and user_id = any(${`{${students.join(',')}}`}::int[])` : sql``;
  const active = rowsOf<{ day: string; n: number }>(
    await database.db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as n from stats.daily_users
      where course_id = ${courseId} and day between ${from}::date and ${to}::date ${among} group by day`),
  );
  const byDay = new Map(active.map((row) => [row.day, Number(row.n)]));
  return events.map((row) => ({ day: row.day, events: Number(row.events), active_students: byDay.get(row.day) ?? 0 }));
}

/** The rows of a month's partition, as the column store holds them (epoch µs, JSON text normalised by parsing). */
async function partitionRows(month: string): Promise<ColumnEvent[]> {
  const { partition } = monthRange(month);
  const rows = rowsOf<Record<string, unknown>>(
    await database.db.execute(
      sql.raw(`select ((extract(epoch from ts) * 1000000)::bigint)::text as ts, event_id, stream, action, source, org_id, user_id, course_id,
        activity_id, url, data::text as data, ((extract(epoch from received_at) * 1000000)::bigint)::text as received_at
        from stats.${partition} order by event_id, ts`),
    ),
  );
  return rows.map((row) => ({ ...row, ts: BigInt(row.ts as string), received_at: BigInt(row.received_at as string) }) as ColumnEvent);
}
const normalised = (rows: ColumnEvent[]) => rows.map((row) => ({ ...row, data: row.data === null ? null : JSON.parse(row.data) }));

describe('the DuckDB column store', () => {
  it('holds what ingestion stored: the same days as PostgreSQL’s rollups, retries and repeats once, across a reopen', async () => {
    const file = path.join(dir, 'live.duckdb');
    let store = await DuckDbColumnStore.open(file);
    const deps = depsWith(store);
    const put = (stream: StatStream, reporter: Reporter, events: StatEvent[]) => ingest(deps, stream, 'client', reporter, events);
    const alice = { userId: 11, orgId: 1 };
    const bob = { userId: 12, orgId: 1 };
    const teacher = { userId: 90, orgId: 1 };
    const visitor = { userId: null, orgId: null };
    const at = (daysAgo: number, hour = 10) => clock - daysAgo * DAY + (hour - 12) * 3600_000;

    await put('learning_activity', alice, [
      event({ ts: at(3), course_id: 7, activity_id: 70 }),
      event({ ts: at(3, 23), course_id: 7, data: { position: 12 } }),
    ]);
    await put('user_action', bob, [
      event({ ts: at(3, 1), course_id: 7 }),
      event({ ts: at(2), course_id: 7, url: '/course/7' }),
      event({ ts: at(2), course_id: 8 }),
    ]);
    await put('teaching_action', teacher, [event({ ts: at(2), action: 'homework.graded', course_id: 7, activity_id: 71 })]);
    await put('user_action', visitor, [event({ ts: at(1), course_id: 7 })]);
    // A retry whose answer was lost (all duplicates), then the beacon's next batch: the old events again and a new one.
    const batch = [event({ ts: at(1), course_id: 7 }), event({ ts: at(1, 11), course_id: 7 })];
    expect(await put('learning_activity', alice, batch)).toEqual({ accepted: 2, duplicates: 0 });
    expect(await put('learning_activity', alice, batch)).toEqual({ accepted: 0, duplicates: 2 });
    const fresh = event({ ts: at(0), course_id: 7 });
    expect(await put('learning_activity', alice, [...batch, fresh, fresh])).toEqual({ accepted: 1, duplicates: 3 });
    expect(failures).toEqual([]);

    const from = new Date(at(10)).toISOString().slice(0, 10);
    const to = new Date(at(0)).toISOString().slice(0, 10);
    const expected = await postgresDays(7, from, to);
    expect(expected.map((d) => d.events)).toEqual([3, 2, 3, 1]);
    expect(await store.courseDays({ courseId: 7, from, to })).toEqual(expected);
    expect(await store.courseDays({ courseId: 7, from, to, students: [11, 12] })).toEqual(await postgresDays(7, from, to, [11, 12]));
    expect(await store.courseDays({ courseId: 8, from, to })).toEqual(await postgresDays(8, from, to));
    const stored = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from stats.events`))[0]!.n;
    expect(await store.count()).toEqual({ rows: Number(stored), ids: Number(stored) });

    await store.close();
    store = await DuckDbColumnStore.open(file);
    expect(await store.courseDays({ courseId: 7, from, to })).toEqual(expected);
    await store.close();
  });

  it('reports a failing column store and still stores the batch in PostgreSQL', async () => {
    const store = await DuckDbColumnStore.open(path.join(dir, 'closed.duckdb'));
    await store.close();
    const before = failures.length;
    expect(await ingest(depsWith(store), 'user_action', 'client', { userId: 13, orgId: 1 }, [event({ ts: clock - 1000, course_id: 9 })])).toEqual({
      accepted: 1,
      duplicates: 0,
    });
    expect(failures.length).toBe(before + 1);
    expect(String(failures.at(-1))).toMatch(/closed/);
  });

  it('exportMonth copies every row of a monthly partition exactly once, however often it runs, and fills what the live copy missed', async () => {
    // January and February 2027, ingested without the live copy.
    const users = [21, 22, 23];
    for (const [month, day] of [
      [0, 5],
      [0, 20],
      [0, 31],
      [1, 2],
    ] as const) {
      clock = Date.UTC(2027, month, day, 12);
      for (const userId of users) {
        await ingest(depsWith(undefined), 'learning_activity', 'client', { userId, orgId: 2 }, [
          event({ ts: clock - 3600_000, course_id: 30, data: { score: userId, max_score: 100 } }),
          event({ ts: clock - 60_000, course_id: 31, url: '/course/31', action: 'activity.open' }),
          event({ ts: clock - 1000, course_id: null }),
        ]);
      }
    }
    const january = await partitionRows('2027-01');
    expect(january.length).toBe(27);

    const store = await DuckDbColumnStore.open(path.join(dir, 'export.duckdb'));
    // The live copy had taken a few of January's rows (with PostgreSQL's values) before the export.
    await store.append(january.slice(0, 5));
    const first = await exportMonth(database.db, store, '2027-01', { pageSize: 4 });
    expect(first).toEqual({ partition: 'events_y2027m01', read: 27, added: 22 });
    const again = await exportMonth(database.db, store, '2027-01', { pageSize: 10 });
    expect(again).toEqual({ partition: 'events_y2027m01', read: 27, added: 0 });

    const range = monthRange('2027-01');
    expect(await store.count(range)).toEqual({ rows: 27, ids: 27 });
    expect(normalised(await store.rows(range))).toEqual(normalised(january));
    // Only that month: February stays in PostgreSQL alone; a month without a partition reads nothing.
    expect(await store.count()).toEqual({ rows: 27, ids: 27 });
    expect(await exportMonth(database.db, store, '2026-07')).toEqual({ partition: 'events_y2026m07', read: 0, added: 0 });
    expect(await store.courseDays({ courseId: 30, from: '2027-01-01', to: '2027-01-31' })).toEqual(await postgresDays(30, '2027-01-01', '2027-01-31'));
    await store.close();
  });
});

describe('the statistics maintenance with a column store', () => {
  it('copies each closed month once before retention drops it; an organisation’s own retention holds in the column store; a failed copy drops nothing', async () => {
    const put = async (orgId: number, at: number) => {
      clock = at + 3600_000;
      await ingest(depsWith(undefined), 'user_action', 'client', { userId: orgId * 10, orgId }, [event({ ts: at, course_id: 40 + orgId })]);
    };
    const [aug, sep, nov] = [Date.UTC(2025, 7, 15), Date.UTC(2025, 8, 15), Date.UTC(2025, 10, 10)];
    await put(3, aug);
    await put(3, aug + DAY);
    await put(3, sep);
    await put(3, nov);
    await put(4, sep);
    await put(4, nov);
    await setOrgRetention(database.db, 4, 31);
    const months = async () => (await listEventMonths(database.db)).map((m) => m.month).filter((m) => m.startsWith('2025'));
    expect(await months()).toEqual(['2025-08', '2025-09', '2025-11']);
    const store = await DuckDbColumnStore.open(path.join(dir, 'maintenance.duckdb'));

    // 5 December: August and September are closed (ended more than 30 days ago), November is not. The default 90
    // days drop August (ended before 6 September) — after its copy; organisation 4 keeps 31 days, in both stores.
    const first = await runStatsMaintenance(database.db, { store, defaultDays: 90, now: new Date(Date.UTC(2025, 11, 5)) });
    expect(first.exported).toEqual([
      { month: '2025-08', read: 2, added: 2 },
      { month: '2025-09', read: 2, added: 2 },
    ]);
    expect(first.partitions).toBe(1);
    expect(await months()).toEqual(['2025-09', '2025-11']);
    expect(await store.count(monthRange('2025-08'))).toEqual({ rows: 2, ids: 2 });
    expect(first.columnDeleted).toBe(1);
    expect((await store.rows(monthRange('2025-09'))).map((row) => row.org_id)).toEqual([3]);

    // Again the same day: nothing more to copy or delete; August stays in the column store alone.
    const again = await runStatsMaintenance(database.db, { store, defaultDays: 90, now: new Date(Date.UTC(2025, 11, 5)) });
    expect(again).toEqual({ exported: [], partitions: 0, events: 0, columnDeleted: 0 });
    expect(await store.count(monthRange('2025-08'))).toEqual({ rows: 2, ids: 2 });

    // 10 January: November closes and September is past 90 days. A copy that fails drops and deletes nothing…
    const january = new Date(Date.UTC(2026, 0, 10));
    const failing = { ...store, appendMonth: () => Promise.reject(new Error('disk full')) } as unknown as DuckDbColumnStore;
    await expect(runStatsMaintenance(database.db, { store: failing, defaultDays: 90, now: january })).rejects.toThrow('disk full');
    expect(await months()).toEqual(['2025-09', '2025-11']);
    // …and the next run copies November, then drops September and deletes organisation 4's November event (past
    // its 31 days) from both stores.
    const third = await runStatsMaintenance(database.db, { store, defaultDays: 90, now: january });
    expect(third.exported).toEqual([{ month: '2025-11', read: 2, added: 2 }]);
    expect(third.columnDeleted).toBe(1);
    expect(await months()).toEqual(['2025-11']);
    expect((await store.rows(monthRange('2025-11'))).map((row) => row.org_id)).toEqual([3]);
    expect(await store.count(monthRange('2025-09'))).toEqual({ rows: 1, ids: 1 });
    await store.close();
  });
});
