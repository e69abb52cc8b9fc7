import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * When failed sign-ins lock (decision 0120 §1): from `threshold` failures on, the next attempt waits
 * 2^(failures − threshold) seconds, at most `capSeconds`; the count starts again when the last
 * failure is more than `windowSeconds` old (longer than the cap, so waiting out a lock does not reset it).
 */
export interface LockoutRule {
  threshold: number;
  capSeconds: number;
  windowSeconds: number;
}

/** What `reserveLoginAttempt` found: whether this attempt may go on, else until when it is locked out. */
export interface LoginReservation {
  allowed: boolean;
  /** The latest lock of the account or the address still running at `now`; null when allowed (or lost in a race). */
  lockedUntil: Date | null;
}

/** The failure count after one more failure on row `a`: 1 when its last failure is older than the window. */
function nextFailures(now: Date, rule: LockoutRule): SQL {
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
  return sql`(case when a.last_failed_at < ${windowStart}::timestamptz then 1 else a.failures + 1 end)`;
}

/** `locked_until` for a row whose failure count is `failures` (a SQL expression). */
function lockFor(failures: SQL, now: Date, rule: LockoutRule): SQL {
  return sql`(case when ${failures} >= ${rule.threshold}::int
    then ${now.toISOString()}::timestamptz + least(${rule.capSeconds}::float8, power(2::float8, ${failures} - ${rule.threshold}::int)) * interval '1 second'
    else null end)`;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * One statement before a password is checked: unless the account or the address is locked at
 * `now`, counts this attempt as a failure of the account (`userKey`) and sets its lock as if it
 * failed — so parallel attempts cannot slip past the threshold while passwords are being checked;
 * a success then deletes the row (`clearAccountAttempts`). A locked attempt counts nowhere.
 * The account's count is checked again on the latest row (ON CONFLICT), so of two racing attempts
 * at the threshold only one goes on.
 */
export async function reserveLoginAttempt(db: Db, input: { userKey: string; addressKey: string; now: Date; account: LockoutRule }): Promise<LoginReservation> {
  const { userKey, addressKey, now, account } = input;
  const at = now.toISOString();
  const next = nextFailures(now, account);
  const result = await db.execute(sql`
    with blocked as (
      select locked_until from login_attempts
      where ((scope = 'account' and subject = ${userKey}) or (scope = 'address' and subject = ${addressKey}))
        and locked_until > ${at}::timestamptz
    ), reserved as (
      insert into login_attempts as a (scope, subject, failures, last_failed_at, locked_until)
      select 'account', ${userKey}, 1, ${at}::timestamptz, ${lockFor(sql`1`, now, account)}
      where not exists (select 1 from blocked)
      on conflict (scope, subject) do update set
        failures = ${next},
        last_failed_at = ${at}::timestamptz,
        locked_until = ${lockFor(next, now, account)}
      where a.locked_until is null or a.locked_until <= ${at}::timestamptz
      returning 1
    )
    select (select count(*) from reserved)::int as reserved, (select max(locked_until) from blocked) as locked_until`);
  const [row] = rowsOf<{ reserved: number; locked_until: Date | string | null }>(result);
  const allowed = Number(row?.reserved ?? 0) > 0;
  return { allowed, lockedUntil: !allowed && row?.locked_until ? new Date(row.locked_until) : null };
}

/** After a wrong password: one more failure of the address (`addressKey`), locking it by `rule` (one statement). */
export async function recordAddressFailure(db: Db, input: { addressKey: string; now: Date; rule: LockoutRule }): Promise<void> {
  const { addressKey, now, rule } = input;
  const at = now.toISOString();
  const next = nextFailures(now, rule);
  await db.execute(sql`
    insert into login_attempts as a (scope, subject, failures, last_failed_at, locked_until)
    values ('address', ${addressKey}, 1, ${at}::timestamptz, ${lockFor(sql`1`, now, rule)})
    on conflict (scope, subject) do update set
      failures = ${next},
      last_failed_at = ${at}::timestamptz,
      locked_until = ${lockFor(next, now, rule)}`);
}

/**
 * After a success: deletes the account's counter and, in the same statement, every row whose
 * last failure is older than `windowSeconds` (counters that would start again anyway; their locks,
 * never longer than the window, are over), so the table does not grow without bound.
 */
export async function clearAccountAttempts(db: Db, input: { userKey: string; now: Date; windowSeconds: number }): Promise<void> {
  const windowStart = new Date(input.now.getTime() - input.windowSeconds * 1000).toISOString();
  await db.execute(sql`
    delete from login_attempts
    where (scope = 'account' and subject = ${input.userKey}) or last_failed_at < ${windowStart}::timestamptz`);
}
