import type { StatStream } from '@atrium/contracts';
import type { Reporter, StoredEventInput } from '../store.js';
import type { ColumnEvent, ColumnStore } from './column-store.js';

/** Ingestion's live copy into a column store (STATS_COLUMN_STORE; decision 0148): the store, and where its failures go (a log). */
export interface ColumnCopy {
  store: ColumnStore;
  onError: (error: unknown) => void;
}

/**
 * Appends a batch PostgreSQL has just stored to the column store, as PostgreSQL stored it (`ts` corrected,
 * stream, source and reporter of the batch; `received_at` this server's clock `now`, epoch ms). When PostgreSQL
 * counted duplicates (`hadDuplicates`: a retry, a repeated id), only ids the column store does not hold go in.
 * Never throws: PostgreSQL is the store of record, so a column store failure goes to `onError` and the batch
 * still counts as stored; `exportMonth` fills what is missing from the month's partition.
 */
export async function copyToColumnStore(
  copy: ColumnCopy,
  batch: { stream: StatStream; source: 'client' | 'server'; reporter: Reporter; events: readonly StoredEventInput[]; hadDuplicates: boolean },
  now: number,
): Promise<void> {
  const receivedAt = BigInt(Math.round(now)) * 1000n;
  const rows: ColumnEvent[] = batch.events.map((event) => ({
    ts: BigInt(Math.round(event.ts)) * 1000n,
    event_id: event.event_id,
    stream: batch.stream,
    action: event.action,
    source: batch.source,
    org_id: batch.reporter.orgId,
    user_id: batch.reporter.userId,
    course_id: event.course_id,
    activity_id: event.activity_id,
    url: event.url,
    data: event.data === null ? null : JSON.stringify(event.data),
    received_at: receivedAt,
  }));
  try {
    await copy.store.append(rows, { skipHeld: batch.hadDuplicates });
  } catch (error) {
    copy.onError(error);
  }
}
