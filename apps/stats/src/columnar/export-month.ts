import { sql } from 'drizzle-orm';
import { partitionOf, type StatsDb } from '../store.js';
import type { ColumnEvent, ColumnStore } from './column-store.js';

/** A partition row as the page query selects it: the ColumnEvent columns, its two instants as epoch µs text. */
type PageRow = Omit<ColumnEvent, 'ts' | 'received_at'> & { ts_us: string; received_us: string };

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** `2026-01` → the month's partition (`stats.events_y2026m01`) and its bounds in epoch µs; throws on anything else. */
export function monthRange(month: string): { partition: string; from: bigint; to: bigint } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new Error(`not a month (YYYY-MM): ${month}`);
  const start = Date.UTC(Number(match[1]), Number(match[2]) - 1, 1);
  const { name } = partitionOf(start);
  return { partition: name, from: BigInt(start) * 1000n, to: BigInt(Date.UTC(Number(match[1]), Number(match[2]), 1)) * 1000n };
}

/**
 * The rows of one monthly partition, `pageSize` at a time, by keyset paging on its primary key `(event_id, ts)`
 * (each page one index range scan: no offset, no sort of the partition). Times as epoch µs, `data` as JSON text:
 * exact copies of what PostgreSQL holds.
 */
async function* partitionPages(db: StatsDb, partition: string, pageSize: number): AsyncGenerator<ColumnEvent[]> {
  let after: { eventId: string; tsUs: string } | null = null;
  for (;;) {
    // The partition's name is partitionOf's, never the caller's text.
    const from = sql.raw(`stats.${partition}`);
    const keyset = after ? sql`where (event_id, ts) > (${after.eventId}, timestamptz 'epoch' + ${after.tsUs}::bigint * interval '1 microsecond')` : sql``;
    const page: PageRow[] = rowsOf<PageRow>(
      await db.execute(sql`
        select event_id, ((extract(epoch from ts) * 1000000)::bigint)::text as ts_us, stream, action, source, org_id, user_id, course_id,
          activity_id, url, data::text as data, ((extract(epoch from received_at) * 1000000)::bigint)::text as received_us
        from ${from} ${keyset}
        order by event_id, ts
        limit ${pageSize}`),
    );
    if (page.length === 0) return;
    yield page.map((row) => ({
      ts: BigInt(row.ts_us),
      event_id: row.event_id,
      stream: row.stream,
      action: row.action,
      source: row.source,
      org_id: row.org_id,
      user_id: row.user_id,
      course_id: row.course_id,
      activity_id: row.activity_id,
      url: row.url,
      data: row.data,
      received_at: BigInt(row.received_us),
    }));
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    after = { eventId: last.event_id, tsUs: last.ts_us };
  }
}

/**
 * Copies one month of `stats.events` (its partition, `month` `YYYY-MM`) from PostgreSQL into `store` (issue 25
 * item 2: an organisation moving its history out; decision 0148): every row, read by keyset paging, and stored in
 * the column store only where it does not hold that event id for the month already — so a second run, or a run
 * after the live copy (STATS_COLUMN_STORE) took part of the month, adds each event exactly once. PostgreSQL is
 * not changed: dropping the partition afterwards is the retention job's. Copy a month once it is closed (ended
 * more than 30 days ago: no late event can still arrive in it). Answers the partition, the rows read and the rows
 * added; a month without a partition (never written, or dropped) reads 0.
 */
export async function exportMonth(
  db: StatsDb,
  store: ColumnStore,
  month: string,
  options: { pageSize?: number } = {},
): Promise<{ partition: string; read: number; added: number }> {
  const { partition, from, to } = monthRange(month);
  const exists = rowsOf<{ oid: string | null }>(await db.execute(sql`select to_regclass(${`stats.${partition}`})::text as oid`))[0]?.oid;
  if (!exists) return { partition, read: 0, added: 0 };
  let read = 0;
  const counted = async function* (pages: AsyncIterable<ColumnEvent[]>) {
    for await (const page of pages) {
      read += page.length;
      yield page;
    }
  };
  const added = await store.appendMonth({ from, to }, counted(partitionPages(db, partition, options.pageSize ?? 10_000)));
  return { partition, read, added };
}
