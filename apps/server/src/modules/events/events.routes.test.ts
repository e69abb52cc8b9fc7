import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_ROLE, type DomainEventType } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { users } from '../users/users.table.js';
import { domainEventHandlings, domainEvents } from './events.table.js';
import { insertEvents } from './events.repository.js';
import { defineHandler, emit, eventBusOf, MAX_HANDLER_ATTEMPTS, transaction, type DomainEvent, type EventBus } from './events.service.js';

// Domain events (decision 0081) seen through the real app: the outbox, dispatch after commit,
// retries of a throwing handler, idempotence, and the sweeper. Cross-instance delivery is in
// events-instances.routes.test.ts.
let t: TestApp;
let bus: EventBus;
let cookie: string;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp();
  bus = eventBusOf(t.app.deps);
  bus.retryBaseMs = 20;
  const org = await t.factories.org();
  const me = await t.factories.user({ orgId: org.id, role: USER_ROLE.instructor });
  userId = me.id;
  cookie = await t.factories.login(me.userName);
});
afterAll(() => t.close());

/** Subscribes a recording handler to `types` for the duration of `body`; `fail(n)` says whether call n (1-based) throws. */
async function withHandler(
  name: string,
  types: DomainEventType[],
  body: (seen: DomainEvent[]) => Promise<void>,
  fail: (call: number) => boolean = () => false,
): Promise<void> {
  const seen: DomainEvent[] = [];
  const off = bus.on(
    defineHandler({
      name,
      types,
      async handle(event) {
        seen.push(event);
        if (fail(seen.length)) throw new Error(`${name} fails on call ${seen.length}`);
      },
    }),
  );
  try {
    await body(seen);
  } finally {
    off();
  }
}

const countEvents = async (type: string) => (await t.app.deps.db.select({ id: domainEvents.id }).from(domainEvents).where(eq(domainEvents.type, type))).length;
const handling = async (eventId: number, handler: string) =>
  (
    await t.app.deps.db
      .select()
      .from(domainEventHandlings)
      .where(and(eq(domainEventHandlings.eventId, eventId), eq(domainEventHandlings.handler, handler)))
  )[0];
const putZone = (timeZone: string | null) => t.app.inject({ method: 'PUT', url: '/api/user/time-zone', headers: { cookie }, payload: { time_zone: timeZone } });

describe('emitting', () => {
  it('a write through the API stores its event in the outbox and its handlers have run when the request answers', async () => {
    await withHandler('test.zone', ['user.time_zone_changed'], async (seen) => {
      const before = await countEvents('user.time_zone_changed');
      expect((await putZone('Asia/Taipei')).statusCode).toBe(200);
      expect(seen.map((e) => e.payload)).toEqual([{ user_id: userId, time_zone: 'Asia/Taipei' }]);
      expect(await countEvents('user.time_zone_changed')).toBe(before + 1);
      const [stored] = await t.app.deps.db.select().from(domainEvents).where(eq(domainEvents.id, seen[0]!.id));
      expect(stored!.settledAt).not.toBeNull();
      expect((await handling(seen[0]!.id, 'test.zone'))!.doneAt).not.toBeNull();
      // The calendar cache handler recorded it too.
      expect((await handling(seen[0]!.id, 'calendar.cache'))!.doneAt).not.toBeNull();
    });
  });

  it('a write that rolls back emits nothing: no outbox row, no handler call, and its change is gone', async () => {
    await withHandler('test.rollback', ['user.time_zone_changed'], async (seen) => {
      const before = await countEvents('user.time_zone_changed');
      const deps = t.app.deps;
      await expect(
        transaction(deps, async (tx) => {
          await tx.update(users).set({ timeZone: 'Europe/Paris' }).where(eq(users.id, userId));
          await emit(deps, tx, { type: 'user.time_zone_changed', payload: { user_id: userId, time_zone: 'Europe/Paris' } });
          throw new Error('the write fails after emitting');
        }),
      ).rejects.toThrow('the write fails after emitting');
      expect(await countEvents('user.time_zone_changed')).toBe(before);
      expect(seen).toEqual([]);
      const [row] = await deps.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
      expect(row!.timeZone).not.toBe('Europe/Paris');
    });
  });

  it('refuses a malformed payload and a transaction it cannot follow to its commit (nothing stored)', async () => {
    const deps = t.app.deps;
    const before = await countEvents('user.time_zone_changed');
    await expect(emit(deps, deps.db, { type: 'user.time_zone_changed', payload: { user_id: -1, time_zone: null } })).rejects.toThrow(TypeError);
    await expect(
      deps.db.transaction(async (tx) => emit(deps, tx, { type: 'user.time_zone_changed', payload: { user_id: userId, time_zone: null } })),
    ).rejects.toThrow(/transaction\(\)/);
    expect(await countEvents('user.time_zone_changed')).toBe(before);
  });
});

describe('handlers', () => {
  it('a handler that throws does not break the write, is retried with backoff until it succeeds, and other handlers are unaffected', async () => {
    await withHandler(
      'test.flaky',
      ['user.time_zone_changed'],
      async (seen) => {
        const res = await putZone('Asia/Shanghai');
        expect(res.statusCode).toBe(200);
        expect(res.json().time_zone).toBe('Asia/Shanghai');
        expect(seen).toHaveLength(1);
        const eventId = seen[0]!.id;
        expect((await handling(eventId, 'calendar.cache'))!.doneAt).not.toBeNull();
        const first = (await handling(eventId, 'test.flaky'))!;
        expect(first).toMatchObject({ attempts: 1, doneAt: null, lastError: 'test.flaky fails on call 1' });
        await vi.waitFor(async () => expect((await handling(eventId, 'test.flaky'))!.doneAt).not.toBeNull(), { timeout: 10_000, interval: 20 });
        expect(seen.map((e) => e.id)).toEqual([eventId, eventId, eventId]);
        expect(await handling(eventId, 'test.flaky')).toMatchObject({ attempts: 3, lastError: null });
        expect(t.logs.some((l) => l.msg === 'events: handler failed, retrying in 20 ms' && l.handler === 'test.flaky')).toBe(true);
        expect(t.logs.some((l) => l.msg === 'events: handler failed, retrying in 40 ms' && l.handler === 'test.flaky')).toBe(true);
      },
      (call) => call <= 2,
    );
  });

  it(`a handler that keeps throwing gives up after ${MAX_HANDLER_ATTEMPTS} attempts and keeps its last error; the event then settles`, async () => {
    await withHandler(
      'test.broken',
      ['user.time_zone_changed'],
      async (seen) => {
        expect((await putZone('Asia/Tokyo')).statusCode).toBe(200);
        const eventId = seen[0]!.id;
        bus.retryMaxMs = 40;
        try {
          await vi.waitFor(async () => expect((await handling(eventId, 'test.broken'))!.attempts).toBe(MAX_HANDLER_ATTEMPTS), {
            timeout: 10_000,
            interval: 20,
          });
          await bus.dispatch([eventId], { wait: true, announce: false });
        } finally {
          bus.retryMaxMs = 5 * 60_000;
        }
        expect(seen).toHaveLength(MAX_HANDLER_ATTEMPTS);
        expect(await handling(eventId, 'test.broken')).toMatchObject({ doneAt: null, lastError: `test.broken fails on call ${MAX_HANDLER_ATTEMPTS}` });
        const [stored] = await t.app.deps.db.select().from(domainEvents).where(eq(domainEvents.id, eventId));
        expect(stored!.settledAt).not.toBeNull();
      },
      () => true,
    );
  });

  it('is idempotent: dispatching or sweeping an event again does not run a handler that has succeeded', async () => {
    await withHandler('test.once', ['user.time_zone_changed'], async (seen) => {
      expect((await putZone('Asia/Seoul')).statusCode).toBe(200);
      const eventId = seen[0]!.id;
      await bus.dispatch([eventId], { wait: true, announce: false });
      await bus.dispatch([eventId], { wait: false, announce: false });
      await t.app.deps.db.update(domainEvents).set({ settledAt: null }).where(eq(domainEvents.id, eventId));
      await bus.sweep();
      expect(seen).toHaveLength(1);
      expect((await handling(eventId, 'test.once'))!.attempts).toBe(1);
    });
  });

  it('the sweeper handles an event stored but never dispatched (an instance that stopped right after its commit)', async () => {
    await withHandler('test.swept', ['org.time_zone_changed'], async (seen) => {
      const [stored] = await insertEvents(t.app.deps.database.db, [{ type: 'org.time_zone_changed', payload: { org_id: 1, time_zone: 'UTC' } }]);
      const eventId = stored!.id;
      expect(seen).toEqual([]);
      await bus.sweep();
      expect(seen.map((e) => [e.id, e.type, e.payload])).toEqual([[eventId, 'org.time_zone_changed', { org_id: 1, time_zone: 'UTC' }]]);
      const [after] = await t.app.deps.db.select().from(domainEvents).where(eq(domainEvents.id, eventId));
      expect(after!.settledAt).not.toBeNull();
    });
  });

  it('the sweeper settles an event of a type this version does not know (written by a newer instance), so it does not hold a page', async () => {
    const [stored] = await insertEvents(t.app.deps.database.db, [{ type: 'statistics.someday', payload: {} }]);
    await bus.sweep();
    const [after] = await t.app.deps.db.select().from(domainEvents).where(eq(domainEvents.id, stored!.id));
    expect(after!.settledAt).not.toBeNull();
  });
});
