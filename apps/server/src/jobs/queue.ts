import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

/**
 * Queues of Atrium's background work. Media (ffmpeg) and Office (LibreOffice)
 * jobs run one at a time per worker process; `upload-inspect` is quick work
 * (PDF page counts, text); `upload-blocks-cleanup` removes expired block state; `course-import`
 * imports a Moodle backup into a course (issue 8); `notifications-due-soon` and
 * `notifications-digest` tell learners of homework due within 24 h and send the daily
 * e-mail digest (issue 17 §1); `bulletins-announce` announces bulletins whose
 * publish time passed (issue 17 §3); `meeting-reminders` emits `meeting.starting` for meetings
 * starting within 15 minutes (issue 17 §1); `warning-alerts` tells course teams of students newly flagged by
 * early warning (issue 25 item 4).
 */
export const QUEUES = [
  'upload-media',
  'upload-office',
  'upload-inspect',
  'upload-blocks-cleanup',
  'calendar-alerts',
  'course-import',
  'exam-deadlines',
  'notifications-due-soon',
  'notifications-digest',
  'bulletins-announce',
  'meeting-reminders',
  'stats-retention',
  'warning-alerts',
  'plan-expiry',
] as const;
export type QueueName = (typeof QUEUES)[number];

/** States pg-boss gives a job (pg-boss 10 `job.state`). */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** The small surface of the job queue the rest of the server uses; pg-boss stays behind it. */
export interface JobQueue {
  /** Enqueues a job (with `id` when given, a UUID); answers its id. `expireInSeconds` bounds one run (a job running longer is failed and retried). */
  send(queue: QueueName, data: Record<string, unknown>, options?: { expireInSeconds?: number; retryLimit?: number; id?: string }): Promise<string>;
  /** Runs `handler` for each job of `queue`, one at a time in this process. */
  work(queue: QueueName, handler: (job: { id: string; data: Record<string, unknown> }) => Promise<void>): Promise<void>;
  /** Runs `queue` on a cron schedule (UTC), across all instances once per tick. */
  schedule(queue: QueueName, cron: string): Promise<void>;
  /** The state of a job, or undefined when pg-boss no longer knows it. */
  stateOf(queue: QueueName, id: string): Promise<JobState | undefined>;
  /** Cancels a job that will not finish (its worker died); no error when it is already done. */
  cancel(queue: QueueName, id: string): Promise<void>;
  /** Stops polling and waits for running handlers (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * pg-boss's database adapter on our connection: node-postgres as is; PGlite takes
 * parameterless SQL (pg-boss's multi-statement migrations) through `exec` and
 * the rest through `query` (the team checked pg-boss 10 on PGlite this way).
 */
function adapterFor(database: Database): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  if (database.pool) {
    const pool = database.pool;
    return { executeSql: async (text, values) => pool.query(text, values) };
  }
  const pglite = database.pglite;
  if (!pglite) throw new Error('no database connection for the job queue');
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await pglite.query(text, values);
      return { rows: result.rows };
    },
  };
}

/** Arbitrary key of the advisory lock under which one instance at a time installs pg-boss's schema and queues. */
const QUEUE_SETUP_LOCK_KEY = 7_205_115;

/**
 * Runs `work` holding a PostgreSQL session advisory lock (PGlite: at once, one process). Instances started
 * together (issue 20 §12) otherwise race in pg-boss's first install: its own transaction-scoped lock is taken
 * inside a transaction whose catalogue view predates the winner's commit, so the loser's
 * `CREATE SCHEMA IF NOT EXISTS pgboss` fails on pg_namespace's unique index and the instance does not start.
 * Waiting here, before any of pg-boss's transactions begin, lets the loser see the installed schema.
 */
async function underSetupLock(database: Database, work: () => Promise<void>): Promise<void> {
  if (!database.pool) return work();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_KEY]);
    await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

/**
 * Starts pg-boss on the app's database (PGlite or PostgreSQL; schema `pgboss`,
 * created on first start) and answers the JobQueue. `pollSeconds` is how often
 * idle workers look for work; sending a job also wakes this process's worker.
 */
export async function startJobQueue(database: Database, log: FastifyBaseLogger, options: { pollSeconds: number }): Promise<JobQueue> {
  const boss = new PgBoss({ db: adapterFor(database), schema: 'pgboss', supervise: true, schedule: true, maintenanceIntervalSeconds: 60 });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  await underSetupLock(database, async () => {
    await boss.start();
    for (const name of QUEUES) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: 'standard' });
    }
  });
  const workerIds = new Map<QueueName, string>();
  return {
    async send(queue, data, opts = {}) {
      const id = await boss.send(queue, data, {
        retryLimit: opts.retryLimit ?? 2,
        retryDelay: 5,
        expireInSeconds: opts.expireInSeconds ?? 900,
        ...(opts.id ? { id: opts.id } : {}),
      });
      if (!id) throw new Error(`pg-boss refused a job on ${queue}`);
      const worker = workerIds.get(queue);
      if (worker) boss.notifyWorker(worker);
      return id;
    },
    async work(queue, handler) {
      const id = await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: options.pollSeconds }, async ([job]) => {
        if (job) await handler({ id: job.id, data: job.data as Record<string, unknown> });
      });
      workerIds.set(queue, id);
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    },
    async stateOf(queue, id) {
      const job = await boss.getJobById(queue, id);
      return (job?.state as JobState | undefined) ?? undefined;
    },
    async cancel(queue, id) {
      await boss.cancel(queue, id).catch(() => undefined);
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
  };
}
