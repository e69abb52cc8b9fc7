import type { ServerResponse } from 'node:http';
import { SSE_HEARTBEAT_MS } from '@atrium/contracts';
import { SseConnection } from '../../lib/sse.js';
import { listenToChannel } from '../../db/listen.js';
import type { Database } from '../../db/client.js';
import type { AppDeps } from '../../lib/deps.js';
import {
  countUnreadOf,
  listNotificationsAfter,
  listNotificationsInRange,
  NOTIFICATIONS_CHANNEL,
  streamStartOf,
  topicReadersAmong,
  type NotificationRow,
  type TopicAnnouncement,
} from './notifications.repository.js';
import { presentNotification } from './notifications.service.js';

/**
 * Real time for notifications (issue 17 §2, decision 0100): the Server-Sent Events connections of
 * one instance and the LISTEN that feeds them.
 *
 * A write that makes notifications announces them inside its own transaction with
 * `pg_notify('atrium_notifications', '{"ids":[from,to],"users":[…]}')` (ids, never rows: NOTIFY
 * payloads are limited to 8000 bytes; `users` is left out when the audience is large), and a read
 * elsewhere with `{"read":[user id]}`. PostgreSQL delivers the notification when that transaction
 * commits (never when it rolls back) to every instance's LISTEN, this one included. PGlite (one
 * process) does the same in process: `pglite.listen` hears the NOTIFY at commit, so both drivers
 * take one path. Announcements that arrive while a load is running are loaded together by the next
 * one: one query per burst for the users connected here, then each row goes to its user's streams.
 */

/** How many delivered ids a stream remembers to drop repeats (a backlog row announced again, a catch-up). */
const SENT_MEMORY = 2_000;
/** One client's open stream: writes SSE frames to the response and remembers what it sent. */
export class StreamConnection extends SseConnection {
  /** Highest notification id this stream has sent or started after. */
  cursor: number;
  private readonly sent = new Set<number>();
  private isOpen = false;
  private queued: NotificationRow[] = [];

  constructor(
    readonly userId: number,
    raw: ServerResponse,
    startAfter: number,
  ) {
    super(raw);
    this.cursor = startAfter;
  }

  /** Sends the backlog (rows after the client's Last-Event-ID), then what was announced meanwhile, each id once. */
  open(backlog: NotificationRow[]): void {
    for (const row of backlog) this.sendNow(row);
    this.isOpen = true;
    const queued = this.queued;
    this.queued = [];
    for (const row of queued) this.sendNow(row);
  }

  /** Sends one of the user's notifications (once, whatever path brings it again). */
  send(row: NotificationRow): void {
    if (row.userId !== this.userId) return;
    if (!this.isOpen) this.queued.push(row);
    else this.sendNow(row);
  }

  /** `event: unread` with the user's unread count. */
  unread(count: number): void {
    this.event('unread', { unread_count: count });
  }

  /**
   * `event: topic` with `{"topic_id","reply_id","course_id"}`: a new reply in a topic the user may
   * read (issue 18 §1: replies appear live). No `id:` line, so the client's Last-Event-ID (its
   * notification cursor) does not move; a missed one is not replayed (the topic is read again on opening).
   */
  topic(event: { topic_id: number; reply_id: number; course_id: number }): void {
    this.event('topic', { topic_id: event.topic_id, reply_id: event.reply_id, course_id: event.course_id });
  }

  private sendNow(row: NotificationRow): void {
    if (this.sent.has(row.id)) return;
    this.sent.add(row.id);
    if (this.sent.size > SENT_MEMORY) this.sent.delete(this.sent.values().next().value!);
    if (row.id > this.cursor) this.cursor = row.id;
    this.event('notification', presentNotification(row), row.id);
  }
}

/** At most this many missed notifications are sent on reconnection (the oldest first; the next reconnection continues). */
export const BACKLOG_MAX = 1_000;

const hubs = new WeakMap<Database, NotificationHub>();

/**
 * The streams of one instance (one per Database object: apps of one process on one PGlite share
 * it, as they share the event dispatcher) and its LISTEN on NOTIFICATIONS_CHANNEL.
 */
export class NotificationHub {
  /** Interval of the `: heartbeat` comment (ms); tests shorten it before connecting. */
  heartbeatMs = SSE_HEARTBEAT_MS;
  private readonly clients = new Map<number, Set<StreamConnection>>();
  private pending: { from: number; to: number; users: number[] | null }[] = [];
  private readonly pendingReads = new Set<number>();
  private pendingTopics: TopicAnnouncement[] = [];
  private catchUpPending = false;
  private isScheduled = false;
  private chain: Promise<void> = Promise.resolve();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private starts = 0;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly deps: AppDeps;

  constructor(deps: AppDeps) {
    this.deps = deps.db === deps.database.db ? deps : { ...deps, db: deps.database.db };
  }

  /** How many streams are open here. */
  get size(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  /**
   * Opens `GET /api/notifications/stream` for `userId` on `raw` (a hijacked response): headers and
   * `retry:`, `event: unread` with the unread count, then — registered before the backlog is read,
   * so nothing made meanwhile is missed and nothing is sent twice — every notification of the user
   * after `lastEventId` (or made since the stream started), at most `BACKLOG_MAX`, then live ones.
   * Answers the connection (the caller removes it when the client goes).
   */
  async open(userId: number, raw: ServerResponse, lastEventId: number | undefined): Promise<StreamConnection> {
    const start = await streamStartOf(this.deps.db, userId);
    const connection = new StreamConnection(userId, raw, lastEventId ?? start.maxId);
    connection.begin();
    this.add(connection);
    connection.unread(start.unread);
    try {
      connection.open(await listNotificationsAfter(this.deps.db, userId, connection.cursor, BACKLOG_MAX));
    } catch (error) {
      this.remove(connection);
      connection.close();
      throw error;
    }
    return connection;
  }

  /** Registers a stream: announcements from now on reach it. */
  private add(connection: StreamConnection): void {
    let set = this.clients.get(connection.userId);
    if (!set) this.clients.set(connection.userId, (set = new Set()));
    set.add(connection);
    this.heartbeatTimer ??= setInterval(() => {
      for (const s of this.clients.values()) for (const c of s) c.heartbeat();
    }, this.heartbeatMs);
  }

  /** Unregisters a stream (closed by its client or by the server). */
  remove(connection: StreamConnection): void {
    const set = this.clients.get(connection.userId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.clients.delete(connection.userId);
    if (this.clients.size === 0 && this.heartbeatTimer) {
      clearInterval(this.heartbeatTimer);
      this.heartbeatTimer = undefined;
    }
  }

  /** Takes one NOTIFY payload (malformed ones are ignored). */
  onPayload(payload: string): void {
    let parsed: Partial<{ ids: unknown; users: unknown; read: unknown; topic: unknown }>;
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    const isId = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) > 0;
    const topic = parsed.topic as Partial<TopicAnnouncement> | undefined;
    if (topic && typeof topic === 'object') {
      if (!isId(topic.topic_id) || !isId(topic.reply_id) || !isId(topic.course_id) || typeof topic.space !== 'string') return;
      this.pendingTopics.push({
        topic_id: topic.topic_id,
        reply_id: topic.reply_id,
        course_id: topic.course_id,
        space: topic.space,
        group_id: isId(topic.group_id) ? topic.group_id : null,
      });
    } else if (Array.isArray(parsed.read)) {
      for (const u of parsed.read.filter(isId)) this.pendingReads.add(u);
    } else if (Array.isArray(parsed.ids) && parsed.ids.length === 2 && parsed.ids.every(isId)) {
      const users = Array.isArray(parsed.users) ? parsed.users.filter(isId) : null;
      this.pending.push({ from: parsed.ids[0] as number, to: parsed.ids[1] as number, users });
    } else return;
    this.schedule();
  }

  private schedule(): void {
    if (this.isScheduled) return;
    this.isScheduled = true;
    this.chain = this.chain.then(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve)); // let the rest of the burst arrive
      this.isScheduled = false;
      try {
        await this.flush();
      } catch (error) {
        this.deps.log.error({ err: error }, 'notifications: loading announced notifications failed');
      }
    });
  }

  /** Waits until every announcement heard so far has been delivered (tests, shutdown). */
  async settled(): Promise<void> {
    await this.chain;
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const reads = [...this.pendingReads];
    this.pendingReads.clear();
    const catchUp = this.catchUpPending;
    this.catchUpPending = false;
    const topics = this.pendingTopics;
    this.pendingTopics = [];
    const db = this.deps.db;

    if (catchUp && this.clients.size > 0) {
      // The LISTEN was down: whatever was announced meanwhile went unheard. Each stream gets its rows after its cursor.
      const cursors = [...this.clients.values()].flatMap((s) => [...s].map((c) => c.cursor));
      const rows = await listNotificationsInRange(db, [...this.clients.keys()], Math.min(...cursors) + 1, Number.MAX_SAFE_INTEGER);
      this.deliver(rows, true);
    }
    if (batch.length > 0 && this.clients.size > 0) {
      const everyone = batch.some((b) => b.users === null);
      const users = everyone ? [...this.clients.keys()] : [...new Set(batch.flatMap((b) => b.users!))].filter((u) => this.clients.has(u));
      if (users.length > 0) {
        const from = Math.min(...batch.map((b) => b.from));
        const to = Math.max(...batch.map((b) => b.to));
        this.deliver(await listNotificationsInRange(db, users, from, to));
      }
    }
    if (topics.length > 0 && this.clients.size > 0) {
      // One query for the burst: which connected users may read each topic (members; group topics their group and the team; team topics the team).
      const pairs = await topicReadersAmong(db, topics, [...this.clients.keys()]);
      for (const { index, userId } of pairs) for (const c of this.clients.get(userId) ?? []) c.topic(topics[index]!);
    }
    const readers = reads.filter((u) => this.clients.has(u));
    if (readers.length > 0) {
      const counts = await countUnreadOf(db, readers);
      for (const u of readers) for (const c of this.clients.get(u) ?? []) c.unread(counts.get(u) ?? 0);
    }
  }

  private deliver(rows: NotificationRow[], onlyAfterCursor = false): void {
    for (const row of rows) for (const c of this.clients.get(row.userId) ?? []) if (!onlyAfterCursor || row.id > c.cursor) c.send(row);
  }

  /**
   * Starts listening (counted: the hub stops when every start has been matched by a stop). On
   * PostgreSQL a connection of its own with reconnects (each reconnection catches the streams up);
   * on PGlite the database's own LISTEN support.
   */
  async start(): Promise<void> {
    if (this.starts++ > 0) return;
    this.stopListening = await listenToChannel({
      database: this.deps.database,
      channel: NOTIFICATIONS_CHANNEL,
      log: this.deps.log,
      label: 'notifications',
      onPayload: (payload) => this.onPayload(payload),
      onReconnect: () => {
        this.catchUpPending = true;
        this.schedule();
      },
    });
  }

  /** Matches one `start`; the last one stops listening, ends every stream and waits for loads in flight. */
  async stop(): Promise<void> {
    if (this.starts === 0 || --this.starts > 0) return;
    await this.stopListening?.();
    this.stopListening = undefined;
    for (const set of this.clients.values()) for (const c of set) c.close();
    this.clients.clear();
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    await this.chain;
  }
}

/** The notification hub of the instance `deps` belongs to (keyed by its Database; created on first use). */
export function hubOf(deps: AppDeps): NotificationHub {
  let hub = hubs.get(deps.database);
  if (!hub) hubs.set(deps.database, (hub = new NotificationHub(deps)));
  return hub;
}
