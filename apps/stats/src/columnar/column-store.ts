/**
 * A column store beside PostgreSQL for the statistics (issue 25 item 2: "a documented path to a column store for
 * organisations that outgrow one PostgreSQL"; decision 0148). PostgreSQL stays the store of record that ingestion
 * writes first; a column store holds a copy of the events — appended live (opt-in, `STATS_COLUMN_STORE`) and/or
 * filled month by month from PostgreSQL's partitions (export-month.ts) — for dashboards over long histories.
 */

/**
 * One stored event, with the columns of `stats.events` (migrations/0000_stats.sql). `ts` and `received_at`:
 * epoch microseconds (PostgreSQL's timestamptz precision, so a copy is exact); `data`: the event's JSON as text,
 * or null.
 */
export interface ColumnEvent {
  ts: bigint;
  event_id: string;
  stream: string;
  action: string;
  source: string;
  org_id: number | null;
  user_id: number | null;
  course_id: number | null;
  activity_id: number | null;
  url: string | null;
  data: string | null;
  received_at: bigint;
}

/** One UTC day of a course (`YYYY-MM-DD`): its events (all four streams, visitors' too) and the distinct users with an event that day. */
export interface CourseDay {
  day: string;
  events: number;
  active_students: number;
}

/** The days query: a course, inclusive UTC days `from`–`to` (`YYYY-MM-DD`), and optionally whom `active_students` counts (the course's students; default every user). */
export interface CourseDaysQuery {
  courseId: number;
  from: string;
  to: string;
  students?: readonly number[];
}

/** A column store of statistics events (decision 0148). */
export interface ColumnStore {
  /**
   * Appends stored events. With `skipHeld`, events whose `event_id` the store holds already (within 31 days before
   * the batch's earliest `ts`: the window in which PostgreSQL refuses a repeated id) and repeats inside the batch
   * are left out — what ingestion passes when PostgreSQL counted duplicates. Answers how many were appended.
   */
  append(events: readonly ColumnEvent[], options?: { skipHeld?: boolean }): Promise<number>;
  /**
   * Copies one month in (export-month.ts): the rows `pages` yields, in any order, all within [`from`, `to`) (epoch
   * µs); those whose `event_id` the store already holds in that range are left out, and the rest are stored in one
   * transaction — a copy stopped halfway stores nothing, a second copy of the same month adds nothing. Answers how
   * many rows were added.
   */
  appendMonth(range: { from: bigint; to: bigint }, pages: AsyncIterable<readonly ColumnEvent[]>): Promise<number>;
  /**
   * Deletes an organisation's events before `before` (epoch µs): its own retention (stats.org_retention), which
   * holds in the column store too. Answers how many rows were deleted.
   */
  deleteOrgBefore(orgId: number, before: bigint): Promise<number>;
  /** A course's days that have events in the period, oldest first (days without events are absent). */
  courseDays(query: CourseDaysQuery): Promise<CourseDay[]>;
  /** Flushes and closes the store; later calls throw. */
  close(): Promise<void>;
}

/**
 * Opens the column store `spec` names (`STATS_COLUMN_STORE`): `duckdb:/path/file.duckdb` (a DuckDB file, created
 * when missing) or `duckdb::memory:`. Throws on any other scheme. The DuckDB adapter is loaded only here, so a
 * server without the setting never loads DuckDB's native library.
 */
export async function openColumnStore(spec: string): Promise<ColumnStore> {
  const match = /^duckdb:(.+)$/.exec(spec.trim());
  if (!match) throw new Error(`STATS_COLUMN_STORE: unknown column store "${spec}" (expected duckdb:/path/file.duckdb)`);
  const { DuckDbColumnStore } = await import('./duckdb.js');
  return DuckDbColumnStore.open(match[1]!);
}
