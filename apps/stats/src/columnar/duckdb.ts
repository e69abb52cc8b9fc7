import { DuckDBInstance, listValue, timestampTZValue, type DuckDBAppender, type DuckDBConnection } from '@duckdb/node-api';
import type { ColumnEvent, ColumnStore, CourseDay, CourseDaysQuery } from './column-store.js';

/** The window, in µs, in which a repeated event id is looked for (PostgreSQL keeps ids 31 days: STATS_MIN_RETENTION_DAYS). */
const HELD_WINDOW_US = 31n * 24n * 3600n * 1_000_000n;
const DAY_US = 24n * 3600n * 1_000_000n;
/** Group commit of the live copy: at most this long (ms) or this many rows between commits. */
const FLUSH_MS = 100;
const FLUSH_ROWS = 5000;

/** `stats.events`' columns (migrations/0000_stats.sql) in DuckDB's types, in the order the appender fills them. */
const EVENTS_TABLE = `create table if not exists events (
  ts timestamptz not null,
  event_id varchar not null,
  stream varchar not null,
  action varchar not null,
  source varchar not null,
  org_id integer,
  user_id integer,
  course_id integer,
  activity_id integer,
  url varchar,
  data json,
  received_at timestamptz not null
)`;

function appendRow(appender: DuckDBAppender, event: ColumnEvent): void {
  const nullable = (value: number | string | null, put: (v: never) => void) => (value === null ? appender.appendNull() : put(value as never));
  appender.appendTimestampTZ(timestampTZValue(event.ts));
  appender.appendVarchar(event.event_id);
  appender.appendVarchar(event.stream);
  appender.appendVarchar(event.action);
  appender.appendVarchar(event.source);
  nullable(event.org_id, (v) => appender.appendInteger(v));
  nullable(event.user_id, (v) => appender.appendInteger(v));
  nullable(event.course_id, (v) => appender.appendInteger(v));
  nullable(event.activity_id, (v) => appender.appendInteger(v));
  nullable(event.url, (v) => appender.appendVarchar(v));
  nullable(event.data, (v) => appender.appendVarchar(v));
  appender.appendTimestampTZ(timestampTZValue(event.received_at));
  appender.endRow();
}

/** Fills `table` (of `schema`.`catalog`) with `events` through DuckDB's appender, flushed before it answers; on a failure nothing of the call stays. */
async function appendAll(connection: DuckDBConnection, table: string, events: readonly ColumnEvent[], schema?: string, catalog?: string): Promise<void> {
  const appender = await connection.createAppender(table, schema ?? null, catalog ?? null);
  try {
    for (const event of events) appendRow(appender, event);
    appender.closeSync();
  } catch (error) {
    appender.clear();
    appender.closeSync();
    throw error;
  }
}

/** `YYYY-MM-DD` → µs since the epoch of that UTC midnight; throws on anything else. */
function dayStartUs(day: string): bigint {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== day) throw new Error(`not a day (YYYY-MM-DD): ${day}`);
  return BigInt(ms) * 1000n;
}

/**
 * The DuckDB adapter of the column store (decision 0148): one DuckDB database file (`@duckdb/node-api`, DuckDB's
 * maintained Node client; its native library ships in the npm package) holding table `events` with the columns of
 * `stats.events`. Extensions are never installed or loaded at run time (the ones it uses — ICU for time zones,
 * JSON — are built in). Writes go through one connection, one at a time (a queue); each days query and each
 * month copy has a connection of its own, so they read a consistent snapshot while appends go on. DuckDB lets one
 * process open a file for writing: one statistics instance per file.
 *
 * **Group commit**: plain appends (the live copy's) go into one long-lived appender, committed every
 * `FLUSH_MS` (100 ms) or `FLUSH_ROWS` (5,000) rows, and before any read, skip-held append, month copy or close
 * of this store: a commit per batch cost ~2 ms of the event loop each (measured). So `append` answers once the rows
 * are in the appender; a crash loses at most the last 100 ms, which `exportMonth` of that month puts back.
 */
export class DuckDbColumnStore implements ColumnStore {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private live: DuckDBAppender | undefined;
  private pending = 0;
  private flushTimer: NodeJS.Timeout | undefined;
  /** A failed timed commit, thrown by the next append (so ingestion's onError reports it). */
  private flushError: unknown;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
  ) {}

  /** Opens (creating when missing) the DuckDB file at `path` (`:memory:` for a store in memory) with its `events` table. */
  static async open(path: string): Promise<DuckDbColumnStore> {
    const instance = await DuckDBInstance.create(path, { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' });
    const writer = await instance.connect();
    await writer.run(EVENTS_TABLE);
    await writer.run('create temp table incoming as select * from events limit 0');
    return new DuckDbColumnStore(instance, writer);
  }

  /** Runs `work` after every write queued before it (the writer connection is used by one call at a time). */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the column store is closed'));
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Commits what the live appender holds (on the writer's queue). */
  private flushLive(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (!this.live || this.pending === 0) return;
    this.pending = 0;
    this.live.flushSync();
  }

  /** Commits the live appender's rows before `work` (a read, a copy) so it sees every append answered before it. */
  private afterFlush<T>(work: () => Promise<T>): Promise<T> {
    return this.serially(async () => {
      this.flushLive();
      return work();
    });
  }

  append(events: readonly ColumnEvent[], options: { skipHeld?: boolean } = {}): Promise<number> {
    if (events.length === 0) return Promise.resolve(0);
    if (!options.skipHeld) {
      return this.serially(async () => {
        if (this.flushError) {
          const error = this.flushError;
          this.flushError = undefined;
          throw error;
        }
        this.live ??= await this.writer.createAppender('events');
        try {
          for (const event of events) appendRow(this.live, event);
        } catch (error) {
          // A row DuckDB refused: the appender's uncommitted rows (this batch and those of the last FLUSH_MS) are dropped with it.
          this.live.clear();
          this.pending = 0;
          throw error;
        }
        this.pending += events.length;
        if (this.pending >= FLUSH_ROWS) this.flushLive();
        else if (!this.flushTimer) {
          this.flushTimer = setTimeout(() => {
            this.flushTimer = undefined;
            this.serially(async () => this.flushLive()).catch((error: unknown) => (this.flushError = error));
          }, FLUSH_MS);
        }
        return events.length;
      });
    }
    // The first of an id in the batch is kept.
    const seen = new Set<string>();
    const unique = events.filter((event) => !seen.has(event.event_id) && seen.add(event.event_id));
    const since = unique.reduce((min, event) => (event.ts < min ? event.ts : min), unique[0]!.ts) - HELD_WINDOW_US;
    return this.afterFlush(async () => {
      await this.writer.run('delete from incoming');
      await appendAll(this.writer, 'incoming', unique, 'main', 'temp');
      const result = await this.writer.run(
        `insert into events select i.* from incoming i
         where not exists (select 1 from events e where e.event_id = i.event_id and e.ts >= $1)
         order by i.ts, i.event_id`,
        [timestampTZValue(since)],
      );
      await this.writer.run('delete from incoming');
      return result.rowsChanged;
    });
  }

  /** ColumnStore.appendMonth: the pages are staged in a temporary table, then stored ordered by time (so DuckDB's per-row-group time ranges stay narrow). */
  async appendMonth(range: { from: bigint; to: bigint }, pages: AsyncIterable<readonly ColumnEvent[]>): Promise<number> {
    await this.afterFlush(async () => undefined);
    const connection = await this.instance.connect();
    try {
      await connection.run('create temp table staging as select * from events limit 0');
      for await (const page of pages) if (page.length > 0) await appendAll(connection, 'staging', page, 'main', 'temp');
      await connection.run('begin transaction');
      try {
        const result = await connection.run(
          `insert into events select s.* from staging s
           where s.ts >= $1 and s.ts < $2
             and not exists (select 1 from events e where e.event_id = s.event_id and e.ts >= $1 and e.ts < $2)
           order by s.ts, s.event_id`,
          [timestampTZValue(range.from), timestampTZValue(range.to)],
        );
        await connection.run('commit');
        return result.rowsChanged;
      } catch (error) {
        await connection.run('rollback').catch(() => undefined);
        throw error;
      }
    } finally {
      await connection.run('drop table if exists staging').catch(() => undefined);
      connection.closeSync();
    }
  }

  /** ColumnStore.deleteOrgBefore, after the live appender's rows are flushed. */
  async deleteOrgBefore(orgId: number, before: bigint): Promise<number> {
    return this.afterFlush(async () => {
      const result = await this.writer.run('delete from events where org_id = $1 and ts < $2', [orgId, timestampTZValue(before)]);
      return result.rowsChanged;
    });
  }

  async courseDays(query: CourseDaysQuery): Promise<CourseDay[]> {
    await this.afterFlush(async () => undefined);
    const from = dayStartUs(query.from);
    const until = dayStartUs(query.to) + DAY_US;
    const counted = query.students ? 'user_id in (select unnest($4::integer[]))' : 'user_id is not null';
    const values = [query.courseId, timestampTZValue(from), timestampTZValue(until), ...(query.students ? [listValue([...query.students])] : [])];
    const connection = await this.instance.connect();
    try {
      // Days as whole UTC days since the epoch (integer arithmetic: converting each row's instant through ICU's time
      // zones took 15× longer), and active users by grouping per (day, user) first rather than a distinct count.
      const reader = await connection.runAndReadAll(
        `with per_user as (
           select epoch_us(ts) // ${DAY_US} as d, user_id, count(*) as n from events
           where course_id = $1 and ts >= $2 and ts < $3 group by all
         )
         select cast(date '1970-01-01' + cast(d as integer) as varchar) as "day", sum(n)::integer as events,
           (count(*) filter (where ${counted}))::integer as active_students
         from per_user group by d order by d`,
        values,
      );
      return reader.getRowObjectsJS() as unknown as CourseDay[];
    } finally {
      connection.closeSync();
    }
  }

  /** Rows held, for checks and the bench: all of them, or those in [`from`, `to`) µs. */
  async count(range?: { from: bigint; to: bigint }): Promise<{ rows: number; ids: number }> {
    await this.afterFlush(async () => undefined);
    const connection = await this.instance.connect();
    try {
      const where = range ? 'where ts >= $1 and ts < $2' : '';
      const reader = await connection.runAndReadAll(
        `select count(*)::integer as "rows", count(distinct event_id)::integer as ids from events ${where}`,
        range ? [timestampTZValue(range.from), timestampTZValue(range.to)] : [],
      );
      return reader.getRowObjectsJS()[0] as unknown as { rows: number; ids: number };
    } finally {
      connection.closeSync();
    }
  }

  /** Every row in [`from`, `to`) µs ordered by `event_id`, as stored: for checks that a copy is exact. */
  async rows(range: { from: bigint; to: bigint }): Promise<ColumnEvent[]> {
    await this.afterFlush(async () => undefined);
    const connection = await this.instance.connect();
    try {
      const reader = await connection.runAndReadAll(
        `select epoch_us(ts) as ts, event_id, stream, action, source, org_id, user_id, course_id, activity_id, url, data::varchar as data,
           epoch_us(received_at) as received_at
         from events where ts >= $1 and ts < $2 order by event_id, ts`,
        [timestampTZValue(range.from), timestampTZValue(range.to)],
      );
      return reader.getRowObjectsJS() as unknown as ColumnEvent[];
    } finally {
      connection.closeSync();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.afterFlush(async () => undefined);
    this.closed = true;
    this.live?.closeSync();
    this.writer.closeSync();
    this.instance.closeSync();
  }
}
