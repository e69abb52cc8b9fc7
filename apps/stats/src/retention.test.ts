import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ingest } from './ingest.js';
import { openStatsDatabase } from './server.js';
import { applyRetention, setOrgRetention } from './store.js';

/**
 * Per-organisation retention (issue 25 item 1) on the statistics server's own database, with a fake clock:
 * whole months past the longest retention are dropped as partitions; inside the rest, each organisation's
 * events past its own retention and the others' past the default are deleted, daily counts and daily users with them.
 */

let database: Awaited<ReturnType<typeof openStatsDatabase>>;
let clock = Date.UTC(2026, 0, 10);
const deps = () => ({ db: database.db, now: () => clock, invalid: (field: string, message: string) => new Error(`${field}: ${message}`) });

async function put(orgId: number | null, at: number): Promise<void> {
  clock = at;
  // Each organisation's own user (1 of organisation 1, 2 of organisation 2); a visitor is nobody.
  await ingest(deps(), 'user_action', 'client', { userId: orgId, orgId }, [{ id: randomUUID(), action: 'page.view', ts: at - 1000, course_id: 5 }]);
}
async function count(where = sql`true`): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from stats.events where ${where}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}
async function partitions(): Promise<string[]> {
  const result = await database.db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'events' order by 1`);
  return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
}

beforeAll(async () => {
  database = await openStatsDatabase({});
  // January, April and June 2026 for organisation 1 (which keeps 31 days), organisation 2 (no setting) and a visitor.
  for (const at of [Date.UTC(2026, 0, 10), Date.UTC(2026, 3, 10), Date.UTC(2026, 5, 20)]) {
    await put(1, at);
    await put(2, at);
    await put(null, at);
  }
  await setOrgRetention(database.db, 1, 31);
});
afterAll(async () => database.close());

describe('retention', () => {
  it('drops months past the longest retention, then deletes each organisation’s older events by its own days', async () => {
    expect(await partitions()).toEqual(['events_y2026m01', 'events_y2026m04', 'events_y2026m06']);
    const usersBefore = await database.db.execute(sql`select count(*)::int as n from stats.daily_users`);
    expect((usersBefore as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(6);
    const now = new Date(Date.UTC(2026, 5, 30));
    // Default 90 days: the longest in force; January ends before 2026-04-01 → dropped whole.
    const done = await applyRetention(database.db, { defaultDays: 90, now });
    expect(await partitions()).toEqual(['events_y2026m04', 'events_y2026m06']);
    expect(done.partitions).toBe(1);
    // Organisation 1 keeps 31 days: its April event goes; organisation 2 and the visitor keep April (within 90 days).
    expect(await count(sql`org_id = 1`)).toBe(1);
    expect(await count(sql`org_id = 2`)).toBe(2);
    expect(await count(sql`org_id is null`)).toBe(2);
    expect(done.events).toBe(1);
    const days = await database.db.execute(sql`select org_id, to_char(day, 'YYYY-MM-DD') as day from stats.daily_counts order by org_id, day`);
    expect((days as unknown as { rows: { org_id: number; day: string }[] }).rows).toEqual([
      { org_id: 0, day: '2026-04-09' },
      { org_id: 0, day: '2026-06-19' },
      { org_id: 1, day: '2026-06-19' },
      { org_id: 2, day: '2026-04-09' },
      { org_id: 2, day: '2026-06-19' },
    ]);
    // The users' days follow their organisation's retention too (visitors have none: no user).
    const users = await database.db.execute(sql`select org_id, user_id, to_char(day, 'YYYY-MM-DD') as day from stats.daily_users order by org_id, day`);
    expect((users as unknown as { rows: { org_id: number; user_id: number; day: string }[] }).rows).toEqual([
      { org_id: 1, user_id: 1, day: '2026-06-19' },
      { org_id: 2, user_id: 2, day: '2026-04-09' },
      { org_id: 2, user_id: 2, day: '2026-06-19' },
    ]);
  });

  it('takes events again for a month it dropped nothing of, after the drop', async () => {
    await put(2, Date.UTC(2026, 5, 29));
    expect(await count(sql`org_id = 2`)).toBe(3);
  });
});
