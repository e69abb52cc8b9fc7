import type { ServerResponse } from 'node:http';
import { SSE_HEARTBEAT_MS } from '@atrium/contracts';
import type { Database } from '../../db/client.js';
import { listenToChannel } from '../../db/listen.js';
import type { AppDeps } from '../../lib/deps.js';
import { SseConnection } from '../../lib/sse.js';
import { INCLASS_CHANNEL } from './inclass.repository.js';

/**
 * The in-class stream (issue 24 item 2; decision 0155): `GET /api/inclass-sessions/{id}/stream`,
 * Server-Sent Events for everyone in the room. A write announces what happened with
 * `pg_notify('atrium_inclass', '{"s":session,"e":event,"d":data,"team":true|false}')` inside its
 * transaction (so a rolled-back check-in is never heard); every instance's LISTEN hears it at
 * commit and writes the frame to the session's streams: `team` events (check-ins, answers,
 * actions, carrying the learner's name) only to the course team's, the others to all. The payload
 * is the frame: no query per event, so 300 answers in a few seconds cost 300 small writes.
 */

/** One person's open in-class stream. */
export class InclassConnection extends SseConnection {
  constructor(
    readonly sessionId: number,
    readonly isTeam: boolean,
    raw: ServerResponse,
  ) {
    super(raw);
  }
}

/** What a write announces (the NOTIFY payload's parsed form). */
export interface InclassAnnouncement {
  /** Session id. */
  s: number;
  /** SSE event name: checkin, answer, action (team) or state (everyone). */
  e: string;
  d: unknown;
  team: boolean;
}

const hubs = new WeakMap<Database, InclassHub>();

/** The in-class streams of one instance and its LISTEN on INCLASS_CHANNEL (counted starts, as the notification hub). */
export class InclassHub {
  heartbeatMs = SSE_HEARTBEAT_MS;
  private readonly sessions = new Map<number, Set<InclassConnection>>();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private starts = 0;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(private readonly deps: AppDeps) {}

  get size(): number {
    let n = 0;
    for (const set of this.sessions.values()) n += set.size;
    return n;
  }

  /** Opens a stream on a hijacked response: headers, `retry:`, then `event: ready` so the client knows it hears from now on. */
  open(sessionId: number, isTeam: boolean, raw: ServerResponse): InclassConnection {
    const connection = new InclassConnection(sessionId, isTeam, raw);
    connection.begin();
    let set = this.sessions.get(sessionId);
    if (!set) this.sessions.set(sessionId, (set = new Set()));
    set.add(connection);
    this.heartbeatTimer ??= setInterval(() => {
      for (const s of this.sessions.values()) for (const c of s) c.heartbeat();
    }, this.heartbeatMs);
    connection.event('ready', { session_id: sessionId });
    return connection;
  }

  remove(connection: InclassConnection): void {
    const set = this.sessions.get(connection.sessionId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.sessions.delete(connection.sessionId);
    if (this.sessions.size === 0 && this.heartbeatTimer) {
      clearInterval(this.heartbeatTimer);
      this.heartbeatTimer = undefined;
    }
  }

  /** Takes one NOTIFY payload (malformed ones are ignored). */
  onPayload(payload: string): void {
    let parsed: Partial<InclassAnnouncement>;
    try {
      parsed = JSON.parse(payload) as Partial<InclassAnnouncement>;
    } catch {
      return;
    }
    if (!Number.isSafeInteger(parsed.s) || typeof parsed.e !== 'string') return;
    const set = this.sessions.get(parsed.s!);
    if (!set) return;
    for (const c of set) if (c.isTeam || parsed.team !== true) c.event(parsed.e, parsed.d);
  }

  async start(): Promise<void> {
    if (this.starts++ > 0) return;
    this.stopListening = await listenToChannel({
      database: this.deps.database,
      channel: INCLASS_CHANNEL,
      log: this.deps.log,
      label: 'in-class',
      onPayload: (payload) => this.onPayload(payload),
      // Missed while the LISTEN was down: tell every room to read its session again.
      onReconnect: () => {
        for (const set of this.sessions.values()) for (const c of set) c.event('state', { reason: 'reconnected' });
      },
    });
  }

  async stop(): Promise<void> {
    if (this.starts === 0 || --this.starts > 0) return;
    await this.stopListening?.();
    this.stopListening = undefined;
    for (const set of this.sessions.values()) for (const c of set) c.close();
    this.sessions.clear();
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
  }
}

/** The in-class hub of the instance `deps` belongs to (keyed by its Database). */
export function inclassHubOf(deps: AppDeps): InclassHub {
  let hub = hubs.get(deps.database);
  if (!hub) hubs.set(deps.database, (hub = new InclassHub(deps.db === deps.database.db ? deps : { ...deps, db: deps.database.db })));
  return hub;
}
