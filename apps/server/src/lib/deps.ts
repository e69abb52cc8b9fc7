import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import type { ObjectStore } from '../storage/object-store.js';

/** What services need from the running instance; built once in app.ts and passed down. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  storage: ObjectStore;
  /** The Postgres-backed job queue (pg-boss): processing of uploads, clean-ups. */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Build id of the web app served (spec §7 `/d/version`). */
  version: string;
}
