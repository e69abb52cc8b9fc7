import { sql } from 'drizzle-orm';
import { STAT_EVENT_MAX_AGE_MS, STAT_EVENT_MAX_SKEW_MS } from '@atrium/contracts';
import { applyRetention, listEventMonths, listOrgRetentions, type StatsDb } from '../store.js';
import type { ColumnStore } from './column-store.js';
import { exportMonth } from './export-month.js';

/**
 * A month is closed once no event can still arrive in it: ingestion refuses events more than 30 days old
 * (STAT_EVENT_MAX_AGE_MS) and at most STAT_EVENT_MAX_SKEW_MS ahead, so a month is closed that long after it ended.
 */
export const MONTH_CLOSED_AFTER_MS = STAT_EVENT_MAX_AGE_MS + STAT_EVENT_MAX_SKEW_MS;

/** One month the maintenance copied: rows read from its partition and rows the column store did not hold yet. */
export interface MonthExport {
  month: string;
  read: number;
  added: number;
}

/**
 * Copies every closed month of `stats.events` not yet copied into `store` (exportMonth, oldest first) and records
 * each in `stats.column_exports` once its copy is stored, so a month is copied once and a run stopped halfway
 * carries on with the month it had not finished. Answers the months copied by this run.
 */
export async function exportClosedMonths(db: StatsDb, store: ColumnStore, now: Date): Promise<MonthExport[]> {
  const done = new Set(((await db.execute(sql`select month from stats.column_exports`)) as unknown as { rows: { month: string }[] }).rows.map((r) => r.month));
  const copied: MonthExport[] = [];
  for (const { month, end } of await listEventMonths(db)) {
    if (done.has(month) || end > now.getTime() - MONTH_CLOSED_AFTER_MS) continue;
    const { read, added } = await exportMonth(db, store, month);
    await db.execute(sql`
      insert into stats.column_exports (month, rows_read, rows_added) values (${month}, ${read}, ${added})
      on conflict (month) do nothing`);
    copied.push({ month, read, added });
  }
  return copied;
}

/**
 * The statistics' daily maintenance (issue 25 items 1–2; decision 0148): with a column store, first every closed
 * month is copied into it (exportClosedMonths) — if that fails, nothing is dropped or deleted this run, so no
 * event leaves PostgreSQL before it is in the column store — then retention (applyRetention: whole months past
 * the longest retention dropped, each organisation's older events deleted by its days, the others' by
 * `defaultDays`), and each organisation's own retention applied to the column store too. The server's default
 * is PostgreSQL's limit only: keeping history longer than that is what the column store is for.
 */
export async function runStatsMaintenance(
  db: StatsDb,
  options: { store?: ColumnStore; defaultDays: number; now: Date },
): Promise<{ exported: MonthExport[]; partitions: number; events: number; columnDeleted: number }> {
  const exported = options.store ? await exportClosedMonths(db, options.store, options.now) : [];
  const { partitions, events } = await applyRetention(db, { defaultDays: options.defaultDays, now: options.now });
  let columnDeleted = 0;
  if (options.store) {
    for (const { org_id, days } of await listOrgRetentions(db)) {
      columnDeleted += await options.store.deleteOrgBefore(org_id, BigInt(options.now.getTime() - days * 24 * 3600_000) * 1000n);
    }
  }
  return { exported, partitions, events, columnDeleted };
}
