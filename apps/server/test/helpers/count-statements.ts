import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../src/db/client.js';

/**
 * The query budget (decision 0083): counts the SQL statements a piece of work sends to the database,
 * by wrapping the driver under Drizzle (PGlite's `query`/`exec`/`transaction`, or every node-postgres
 * client the pool hands out). Statements are attributed through AsyncLocalStorage to the work that
 * sent them, so the job workers' polling, the calendar listener and other tests' leftovers are not
 * counted. A transaction counts its `begin` and `commit` (or `rollback`) as statements too: each is
 * one more round trip.
 */

/** What `countStatements` answers: the work's own result, how many statements it ran, and their SQL in order. */
export interface StatementCount<T> {
  res: T;
  /** Number of SQL statements sent while the work ran (begin/commit/rollback included). */
  statements: number;
  /** The statements' SQL text in the order they were sent (`begin`, `commit`, `rollback` for transactions). */
  sql: string[];
  /** Most statements of the work in flight at once: 1 means each was sent only after the previous one answered. */
  maxInFlight: number;
  /** Waits one after the other: how many times a statement was sent while none of the work's was in flight (statements when all are sequential). */
  rounds: number;
  /** Statements per round, in order: [1, 2, 4] is one, then two together, then four together. */
  shape: number[];
  /**
   * Cross-instance wake-ups (`select pg_notify(…)`, PostgreSQL only) the work sent without waiting on
   * them: the event bus and calendar cache announce after commit, fire-and-forget. Not in `statements`,
   * so a budget holds the same on PGlite and PostgreSQL.
   */
  notifications: number;
}

interface Tally {
  sql: string[];
  notifications: number;
  inFlight: number;
  maxInFlight: number;
  rounds: number;
  shape: number[];
}

const current = new AsyncLocalStorage<Tally>();
/** A fire-and-forget cross-instance announcement (see `StatementCount.notifications`). */
const NOTIFY = /^\s*select\s+pg_notify\(/i;
const instrumented = new WeakSet<object>();

/** Records a transaction's begin/commit/rollback (each one more round trip, sent when nothing else of the work is in flight). */
function record(sql: string): void {
  const tally = current.getStore();
  if (!tally) return;
  tally.sql.push(sql);
  count(tally);
}

/** A statement sent while none of the work's is in flight opens a new round; else it joins the current one. */
function count(tally: Tally): void {
  if (tally.inFlight === 0) {
    tally.rounds++;
    tally.shape.push(1);
  } else tally.shape[tally.shape.length - 1]!++;
}

/** Records `sql` and tracks `answer` while it is in flight (for `maxInFlight`); answers `answer`. */
function sent<R>(sql: string, answer: () => R): R {
  const tally = current.getStore();
  if (!tally) return answer();
  if (NOTIFY.test(sql)) {
    tally.notifications++;
    return answer();
  }
  tally.sql.push(sql.trim());
  count(tally);
  tally.maxInFlight = Math.max(tally.maxInFlight, ++tally.inFlight);
  const result = answer();
  const settle = () => void tally.inFlight--;
  if (result instanceof Promise) result.then(settle, settle);
  else settle();
  return result;
}

function sqlOf(query: unknown): string {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && 'text' in query && typeof query.text === 'string') return query.text;
  return String(query);
}

/** Wraps a PGlite transaction so its statements are counted; the wrapper otherwise behaves as `tx`. */
function countingTransaction(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, key, receiver) {
      if (key === 'query')
        return (query: string, params?: unknown[], options?: Parameters<Transaction['query']>[2]) => sent(query, () => target.query(query, params, options));
      if (key === 'exec') return (query: string, options?: Parameters<Transaction['exec']>[1]) => sent(query, () => target.exec(query, options));
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

function instrumentPglite(db: PGlite): void {
  const query = db.query.bind(db);
  const exec = db.exec.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = ((sql: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => sent(sql, () => query(sql, params, options))) as PGlite['query'];
  db.exec = ((sql: string, options?: Parameters<PGlite['exec']>[1]) => sent(sql, () => exec(sql, options))) as PGlite['exec'];
  db.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction(async (tx) => {
      record('begin');
      try {
        const result = await callback(countingTransaction(tx));
        record('commit');
        return result;
      } catch (error) {
        record('rollback');
        throw error;
      }
    })) as PGlite['transaction'];
}

function instrumentPool(pool: pg.Pool): void {
  const wrapClient = (client: pg.PoolClient | undefined): pg.PoolClient | undefined => {
    if (!client || instrumented.has(client)) return client;
    instrumented.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const last = args.length - 1;
      const callback = typeof args[last] === 'function' ? (args[last] as (...results: unknown[]) => void) : null;
      if (!callback) return sent(sqlOf(args[0]), () => query(...args));
      // The callback form (pool.query uses it) answers nothing to wait on: the statement is in
      // flight until its callback runs.
      let returned: unknown;
      void sent(
        sqlOf(args[0]),
        () =>
          new Promise<void>((settled) => {
            args[last] = (...results: unknown[]) => {
              settled();
              callback(...results);
            };
            returned = query(...args);
          }),
      );
      return returned;
    }) as pg.PoolClient['query'];
    return client;
  };
  // pool.query itself borrows a client through pool.connect, so wrapping connect counts both ways once.
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    const callback = args[0] as ((error: Error | undefined, client: pg.PoolClient | undefined, done: unknown) => void) | undefined;
    if (typeof callback === 'function')
      return connect((error: Error | undefined, client: pg.PoolClient | undefined, done: unknown) => callback(error, wrapClient(client), done));
    return (connect() as Promise<pg.PoolClient>).then((client) => wrapClient(client)!);
  }) as pg.Pool['connect'];
}

/** Installs the counting wrappers on the database's driver once (idempotent). */
function instrument(database: Database): void {
  const driver: object | undefined = database.pglite ?? database.pool;
  if (!driver) throw new Error('countStatements: the database has neither a PGlite instance nor a pg pool');
  if (instrumented.has(driver)) return;
  instrumented.add(driver);
  if (database.pglite) instrumentPglite(database.pglite);
  else instrumentPool(database.pool!);
}

/**
 * Runs `work` and counts the SQL statements it sends to `t.database` (the test app's database):
 * `const { res, statements } = await countStatements(t, () => t.app.inject({ method: 'GET', url }))`.
 * Statements sent after `work` settles (fire-and-forget writes) are not in the count. The test app
 * runs with SESSION_CACHE_MS=0, so a signed-in request's session lookup is counted unless the app
 * was built with a session cache. Throws what `work` throws.
 */
export async function countStatements<T>(t: { database: Database }, work: () => Promise<T>): Promise<StatementCount<T>> {
  instrument(t.database);
  const tally: Tally = { sql: [], notifications: 0, inFlight: 0, maxInFlight: 0, rounds: 0, shape: [] };
  // Awaited inside the scope: Drizzle queries and app.inject answer lazy thenables that start only when awaited.
  const res = await current.run(tally, async () => await work());
  const sql = [...tally.sql];
  return {
    res,
    statements: sql.length,
    sql,
    notifications: tally.notifications,
    maxInFlight: tally.maxInFlight,
    rounds: tally.rounds,
    shape: [...tally.shape],
  };
}
