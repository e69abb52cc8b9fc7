import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildApp } from '../../app.js';
import { openPostgres, type Database } from '../../db/client.js';
import { createObjectStore } from '../../storage/create-store.js';
import { domainEventHandlings } from './events.table.js';
import { defineHandler, eventBusOf, type DomainEvent } from './events.service.js';

// Two app instances on one database (decision 0081). With DATABASE_URL (PostgreSQL) the second
// has its own connections and its own dispatcher: it hears the first's events only through
// LISTEN/NOTIFY (well before its sweeper's first round). On PGlite one process serves the
// database, so both instances share one dispatcher: the same test then checks that a handler
// registered by the second instance sees the first's events.
const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let second: FastifyInstance;
let secondDatabase: Database;
let cookie: string;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp();
  secondDatabase = t.database.pool ? openPostgres(t.database.pool.options.connectionString!) : t.database;
  const config = { ...t.config, logLevel: 'silent' as const, jobs: { ...t.config.jobs, runWorkers: false } };
  second = await buildApp({ config, database: secondDatabase, storage: await createObjectStore(config) });
  await second.ready();
  const org = await t.factories.org();
  const me = await t.factories.user({ orgId: org.id, role: USER_ROLE.instructor });
  userId = me.id;
  cookie = await t.factories.login(me.userName);
});
afterAll(async () => {
  await second.close();
  if (secondDatabase !== t.database) await secondDatabase.close();
  await t.close();
});

describe(
  onPostgres
    ? 'on PostgreSQL: an event emitted by one instance reaches a handler of another through LISTEN/NOTIFY'
    : 'on PGlite: two instances of one process share the dispatcher',
  () => {
    it("a handler registered only in the second instance receives the first instance's event, is retried there when it throws, and records it once", async () => {
      const first = eventBusOf(t.app.deps);
      const other = eventBusOf(second.deps);
      expect(other === first).toBe(!onPostgres);
      other.retryBaseMs = 20;
      const seen: DomainEvent[] = [];
      const off = other.on(
        defineHandler({
          name: 'test.second-instance',
          types: ['user.time_zone_changed'],
          async handle(event) {
            seen.push(event);
            if (seen.length === 1) throw new Error('first attempt fails');
          },
        }),
      );
      try {
        const res = await t.app.inject({ method: 'PUT', url: '/api/user/time-zone', headers: { cookie }, payload: { time_zone: 'Asia/Taipei' } });
        expect(res.statusCode).toBe(200);
        // Far below the sweeper's 10 s: only the notification (or, on PGlite, the shared dispatcher) can deliver it in time.
        await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(2), { timeout: 5_000, interval: 20 });
        expect(seen[0]!.payload).toEqual({ user_id: userId, time_zone: 'Asia/Taipei' });
        expect(seen[1]!.id).toBe(seen[0]!.id);
        // The second run's completion is written after its handler returns: wait for the row, not for the call.
        const handlingRows = () =>
          t.app.deps.db
            .select()
            .from(domainEventHandlings)
            .where(and(eq(domainEventHandlings.eventId, seen[0]!.id), eq(domainEventHandlings.handler, 'test.second-instance')));
        await vi.waitFor(async () => expect((await handlingRows())[0]?.doneAt ?? null).not.toBeNull(), { timeout: 5_000, interval: 20 });
        const rows = await handlingRows();
        expect(rows).toHaveLength(1);
        expect(rows[0]!.attempts).toBe(2);
        expect(seen).toHaveLength(2);
      } finally {
        off();
      }
    });
  },
);
