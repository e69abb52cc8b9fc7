import { STAT_EVENT_MAX_AGE_MS, STAT_EVENT_MAX_SKEW_MS, type StatBatchAnswer, type StatEvent, type StatStream } from '@atrium/contracts';
import { ensurePartitions, forgetPartitions, insertEvents, isMissingPartition, type Reporter, type StatsDb, type StoredEventInput } from './store.js';
import { copyToColumnStore, type ColumnCopy } from './columnar/ingest-copy.js';

/** Makes the host's 400 naming one field (the main server's AppError.field; apps/stats' own on its own). */
export type InvalidField = (field: string, message: string) => Error;

/** What ingestion needs: the database, the clock (epoch ms) and the host's field error. */
export interface IngestDeps {
  db: StatsDb;
  /** What the partitions known to exist are remembered by (default `db`; a transaction's caller passes something longer-lived). */
  cacheKey?: object;
  now: () => number;
  invalid: InvalidField;
  /** Opt-in live copy of what is stored into a column store (STATS_COLUMN_STORE; decision 0148), after PostgreSQL took it. */
  columnStore?: ColumnCopy;
}

const NAMED = new Set(['id', 'action', 'ts', 'course_id', 'activity_id', 'url', 'data']);

/** An event as stored: fields beyond the named ones go into `data` beside the event's own `data`. */
function storedOf(event: StatEvent): StoredEventInput {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) if (!NAMED.has(key) && value !== undefined) extra[key] = value;
  const data = Object.keys(extra).length > 0 ? { ...extra, ...(event.data ?? {}) } : (event.data ?? null);
  return {
    event_id: event.id,
    ts: event.ts,
    action: event.action,
    course_id: event.course_id ?? null,
    activity_id: event.activity_id ?? null,
    url: event.url ?? null,
    data,
  };
}

/**
 * Stores a batch of one stream (issue 25 item 1): every event's `ts` must lie within the last 30 days and at most
 * 5 minutes ahead of `now` (after moving each by `now - sentAt` when the sender gave its clock) — else a 400
 * naming `events.{i}.ts`, and nothing of the batch is stored. Events held already (the same `id`: a retry after
 * a lost answer, a beacon sent twice) are counted as duplicates and change nothing. `source`: `client` for the beacon, `server` for the main server's domain events.
 */
export async function ingest(
  deps: IngestDeps,
  stream: StatStream,
  source: 'client' | 'server',
  reporter: Reporter,
  received: readonly StatEvent[],
  sentAt?: number,
): Promise<StatBatchAnswer> {
  const now = deps.now();
  // The sender's clock, corrected to ours (`sent_at`, its clock as it sent): times are judged and stored corrected.
  const offset = sentAt === undefined ? 0 : now - sentAt;
  const events = offset === 0 ? received : received.map((event) => ({ ...event, ts: event.ts + offset }));
  events.forEach((event, index) => {
    if (event.ts < now - STAT_EVENT_MAX_AGE_MS) throw deps.invalid(`events.${index}.ts`, 'is more than 30 days old');
    if (event.ts > now + STAT_EVENT_MAX_SKEW_MS) throw deps.invalid(`events.${index}.ts`, 'is in the future');
  });
  const stored = events.map(storedOf);
  await ensurePartitions(
    deps.db,
    stored.map((event) => event.ts),
    deps.cacheKey,
  );
  const accepted = await insertEvents(deps.db, stream, source, reporter, stored).catch((error: unknown) => {
    // A partition remembered but gone (its creation rolled back with a caller's transaction): the next try makes it.
    if (isMissingPartition(error)) forgetPartitions(deps.cacheKey ?? deps.db);
    throw error;
  });
  if (deps.columnStore && accepted > 0) {
    await copyToColumnStore(deps.columnStore, { stream, source, reporter, events: stored, hadDuplicates: accepted < events.length }, now);
  }
  return { accepted, duplicates: events.length - accepted };
}
