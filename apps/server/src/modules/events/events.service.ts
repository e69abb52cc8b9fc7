import { randomUUID } from 'node:crypto';
import { listenWithReconnect } from '../../db/listen.js';
import { DomainEventSchemas, isDomainEventType, type DomainEventInput, type DomainEventPayload, type DomainEventType } from '@atrium/contracts';
import type { Database, Db } from '../../db/client.js';
import type { AppDeps } from '../../lib/deps.js';
import {
  ensureHandling,
  findEvents,
  findUnsettledEvents,
  insertEvents,
  lockHandling,
  markFailed,
  markHandled,
  settleEvents,
  type StoredEvent,
} from './events.repository.js';

/** The PostgreSQL channel on which instances announce committed events (payload: `{"from": instance id, "ids": [event ids]}`). */
export const EVENTS_CHANNEL = 'atrium_events';

/** Attempts of one handler on one event before it gives up (the handling keeps its last error). */
export const MAX_HANDLER_ATTEMPTS = 8;

/** One committed event as a handler receives it: outbox id, catalogued type, parsed payload, emission instant. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { id: number; type: K; payload: DomainEventPayload<K>; createdAt: Date };
}[T];

/** What a handler works with: the instance's deps (the app's own object: caches keyed by it) and the handler's transaction. */
export interface EventContext {
  deps: AppDeps;
  /** The transaction the handler's writes go through; its record of the event commits with them. */
  db: Db;
}

/**
 * A subscriber to catalogued events. `name` is stable (its handling records are keyed by it);
 * `handle` may throw to ask for a retry (with backoff), and must be idempotent in effect since a
 * crash between its side effect outside the database and the commit of its record repeats it.
 */
export interface EventHandler<T extends DomainEventType = DomainEventType> {
  name: string;
  types: readonly T[];
  handle(event: DomainEvent<T>, context: EventContext): Promise<void>;
}

/** Types a handler (`types` checks the payloads `handle` receives). */
export function defineHandler<T extends DomainEventType>(handler: EventHandler<T>): EventHandler {
  return handler as unknown as EventHandler;
}

type Outcome = 'done' | 'dead' | 'failed' | 'later' | 'busy';

/** Transactions opened by `transaction()`: the ids of the events emitted in each, dispatched after its commit. */
const emittedIn = new WeakMap<Db, StoredEvent[]>();
const buses = new WeakMap<Database, EventBus>();

/**
 * The dispatcher of one instance (one per Database object; several apps of one process on one
 * PGlite share it). Runs its handlers for committed events, records each handler's outcome in
 * domain_event_handlings, retries failures with exponential backoff, sweeps unsettled events
 * (missed notifications, crashes) every `sweepMs`, and on PostgreSQL announces committed events
 * to other instances and listens for theirs (decision 0081).
 */
export class EventBus {
  /** Sender id of this instance's notifications (its own are ignored when they come back). */
  readonly id = randomUUID();
  /** First retry delay in ms; each further attempt doubles it, up to `retryMaxMs`. */
  retryBaseMs = 1_000;
  retryMaxMs = 5 * 60_000;
  /** How often unsettled events are swept (ms). */
  sweepMs = 10_000;
  private readonly handlers = new Map<string, EventHandler>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inflight = new Set<Promise<unknown>>();
  private starts = 0;
  private stopListening: (() => Promise<void>) | undefined;

  private readonly deps: AppDeps;

  /** `deps` of the instance; kept as the same object (caches are keyed by it) unless its `db` is a transaction. */
  constructor(deps: AppDeps) {
    this.deps = deps.db === deps.database.db ? deps : { ...deps, db: deps.database.db };
  }

  private get db(): Db {
    return this.deps.database.db;
  }

  /** Subscribes `handler` (replacing one of the same name); answers the function that unsubscribes it. */
  on(handler: EventHandler): () => void {
    this.handlers.set(handler.name, handler);
    return () => {
      if (this.handlers.get(handler.name) === handler) this.handlers.delete(handler.name);
    };
  }

  /**
   * Runs this instance's handlers for the committed events `ids` (ids of rolled-back writes find
   * nothing). `wait` (the emitting request) waits for a handler another instance is running, so
   * the request answers after every handler is done; otherwise such handlers are left to that
   * instance. Settles events whose handlers all succeeded or gave up; with `announce`, tells other
   * instances on PostgreSQL. Never throws: failures are logged and retried later.
   */
  async dispatch(ids: number[], options: { wait: boolean; announce: boolean }): Promise<void> {
    await this.track(this.run(ids, options));
  }

  /** `dispatch` of events just committed by this instance (no need to read them back). */
  async dispatchStored(events: StoredEvent[], options: { wait: boolean; announce: boolean }): Promise<void> {
    await this.track(this.run(events, options));
  }

  private async track(run: Promise<void>): Promise<void> {
    this.inflight.add(run);
    try {
      await run;
    } finally {
      this.inflight.delete(run);
    }
  }

  private async run(given: number[] | StoredEvent[], options: { wait: boolean; announce: boolean }): Promise<void> {
    if (given.length === 0) return;
    const ids = given.map((x) => (typeof x === 'number' ? x : x.id));
    try {
      const events = typeof given[0] === 'number' ? await findEvents(this.db, ids) : (given as StoredEvent[]);
      await this.handle(events, options.wait);
    } catch (error) {
      this.deps.log.error({ err: error, eventIds: ids }, 'events: dispatch failed (the sweeper will try again)');
    }
    if (options.announce) this.announce(ids);
  }

  private async handle(events: StoredEvent[], wait: boolean): Promise<void> {
    const settled: number[] = [];
    for (const stored of events) {
      if (!isDomainEventType(stored.type)) {
        settled.push(stored.id); // not in this version's catalogue: no handler here can take it
        continue;
      }
      const event = { ...stored, type: stored.type } as DomainEvent;
      const outcomes: Outcome[] = [];
      for (const handler of this.handlers.values()) {
        if (handler.types.includes(event.type)) outcomes.push(await this.runHandler(handler, event, wait));
      }
      if (outcomes.every((o) => o === 'done' || o === 'dead')) settled.push(event.id);
    }
    await settleEvents(this.db, settled);
  }

  private async runHandler(handler: EventHandler, event: DomainEvent, wait: boolean): Promise<Outcome> {
    let tried = 0;
    try {
      await ensureHandling(this.db, event.id, handler.name);
      return await this.db.transaction(async (tx): Promise<Outcome> => {
        const record = await lockHandling(tx, event.id, handler.name, !wait);
        if (!record) return 'busy';
        tried = record.attempts;
        if (record.doneAt) return 'done';
        if (record.attempts >= MAX_HANDLER_ATTEMPTS) return 'dead';
        if (record.dueInMs > 0) {
          // Not due yet (a retry timer fired early, or another path reached it): come back when it is.
          if (!wait) this.later(Math.ceil(record.dueInMs), () => this.dispatch([event.id], { wait: false, announce: false }));
          return 'later';
        }
        await handler.handle(event, { deps: this.deps, db: tx });
        await markHandled(tx, event.id, handler.name);
        return 'done';
      });
    } catch (error) {
      const delayMs = Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** tried);
      const message = error instanceof Error ? error.message : String(error);
      let attempts = tried + 1;
      try {
        attempts = await markFailed(this.db, event.id, handler.name, message, delayMs);
      } catch (recordError) {
        this.deps.log.error({ err: recordError }, 'events: could not record a failed attempt');
      }
      const isDead = attempts >= MAX_HANDLER_ATTEMPTS;
      this.deps.log.warn(
        { err: error, eventId: event.id, eventType: event.type, handler: handler.name, attempts },
        isDead ? 'events: handler failed for the last time' : `events: handler failed, retrying in ${delayMs} ms`,
      );
      if (!isDead) this.later(delayMs, () => this.dispatch([event.id], { wait: false, announce: false }));
      return isDead ? 'dead' : 'failed';
    }
  }

  private later(delayMs: number, task: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void task();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Runs this instance's handlers on unsettled events, oldest first, up to 1,000 a round in pages of 100 (never throws). */
  async sweep(): Promise<void> {
    const round = (async () => {
      try {
        let afterId = 0;
        for (let page = 0; page < 10; page++) {
          const events = await findUnsettledEvents(this.db, afterId, 100);
          await this.handle(events, false);
          if (events.length < 100) break;
          afterId = events.at(-1)!.id;
        }
      } catch (error) {
        this.deps.log.error({ err: error }, 'events: sweep failed');
      }
    })();
    this.inflight.add(round);
    try {
      await round;
    } finally {
      this.inflight.delete(round);
    }
  }

  private announce(ids: number[]): void {
    const pool = this.deps.database.pool;
    if (!pool) return;
    pool
      .query('select pg_notify($1, $2)', [EVENTS_CHANNEL, JSON.stringify({ from: this.id, ids })])
      .catch((error: Error) => this.deps.log.warn({ err: error }, 'events: NOTIFY failed'));
  }

  /**
   * Starts sweeping and, on PostgreSQL, LISTENing on EVENTS_CHANNEL (on a connection of its own,
   * re-established with backoff up to 30 s; each (re)connection sweeps, since events meanwhile went
   * unheard). Counted: the bus stops when every start has been matched by a stop.
   */
  async start(): Promise<void> {
    if (this.starts++ > 0) return;
    const sweepRound = () =>
      this.later(this.sweepMs, async () => {
        await this.sweep();
        if (this.starts > 0) sweepRound();
      });
    sweepRound();
    this.stopListening = await this.listen();
  }

  /** Matches one `start`; the last one stops timers and the listener and waits for dispatches in flight. */
  async stop(): Promise<void> {
    if (this.starts === 0 || --this.starts > 0) return;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.stopListening?.();
    this.stopListening = undefined;
    await Promise.allSettled([...this.inflight]);
  }

  private async listen(): Promise<(() => Promise<void>) | undefined> {
    const pool = this.deps.database.pool;
    if (!pool) return undefined;
    return listenWithReconnect({
      poolOptions: pool.options,
      channel: EVENTS_CHANNEL,
      log: this.deps.log,
      label: 'events',
      onPayload: (payload) => {
        const ids = parseAnnouncement(payload, this.id);
        if (ids.length > 0) void this.dispatch(ids, { wait: false, announce: false });
      },
      onUp: () => void this.sweep(),
    });
  }
}

/** The event ids of another instance's announcement (`[]` for our own or a malformed one). */
function parseAnnouncement(payload: string, ownId: string): number[] {
  try {
    const parsed = JSON.parse(payload) as { from?: unknown; ids?: unknown };
    if (parsed.from === ownId || !Array.isArray(parsed.ids)) return [];
    return parsed.ids.filter((x): x is number => Number.isSafeInteger(x) && x > 0);
  } catch {
    return [];
  }
}

/**
 * The event bus of the instance `deps` belongs to (keyed by its Database; created on first use —
 * by the app's events plugin, with the app's deps — with no handlers until they are registered).
 */
export function eventBusOf(deps: AppDeps): EventBus {
  let bus = buses.get(deps.database);
  if (!bus) buses.set(deps.database, (bus = new EventBus(deps)));
  return bus;
}

/**
 * Runs `write` in a database transaction (like `deps.db.transaction`) whose emitted events
 * (`emit(deps, tx, …)`) are dispatched once it has committed, before this answers: the caller's
 * handlers have run when it returns, so a request sees its own side effects. A write that throws
 * rolls back its events with it and dispatches nothing. Answers what `write` answered.
 */
export async function transaction<T>(deps: AppDeps, write: (tx: Db) => Promise<T>): Promise<T> {
  const emitted: StoredEvent[] = [];
  const result = await deps.db.transaction(async (tx) => {
    emittedIn.set(tx, emitted);
    return write(tx);
  });
  await eventBusOf(deps).dispatchStored(emitted, { wait: true, announce: true });
  return result;
}

/**
 * Emits domain events (catalogue in packages/contracts, decision 0081) into the outbox through
 * `db`: inside a transaction opened by `transaction()` they are dispatched after it commits;
 * through the instance's own database handle (autocommit) they are dispatched at once, and this
 * answers once this instance's handlers have run (a failing handler is logged and retried, never
 * thrown here). Throws a TypeError when a payload does not match its schema, or when `db` is a
 * transaction not opened by `transaction()` (its commit could not be followed).
 */
export async function emit(deps: AppDeps, db: Db, events: DomainEventInput | DomainEventInput[]): Promise<void> {
  const list = (Array.isArray(events) ? events : [events]).map((e) => {
    const parsed = DomainEventSchemas[e.type].safeParse(e.payload);
    if (!parsed.success) throw new TypeError(`Event ${e.type} has a malformed payload: ${parsed.error.message}`);
    return { type: e.type, payload: parsed.data as Record<string, unknown> };
  });
  if (list.length === 0) return;
  const pending = emittedIn.get(db);
  if (!pending && db !== deps.database.db) throw new TypeError('emit() inside a transaction needs one opened by transaction() of the events module');
  const stored = await insertEvents(db, list);
  if (pending) pending.push(...stored);
  else await eventBusOf(deps).dispatchStored(stored, { wait: true, announce: true });
}
