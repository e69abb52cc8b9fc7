/**
 * The web app's statistics beacon (issue 25 item 1): what the user does, as events posted in batches to the
 * statistics server's `POST {stats_url}/api/user-actions` (`stats_url` from `GET /api/config`; null: this server).
 *
 * - `track()` appends an event to a queue kept in localStorage (`atrium.stats.queue`, at most 1000 events, the
 *   oldest dropped first), so events outlive a reload, a crash and an offline afternoon.
 * - The queue is sent in batches of at most 200 events (and 60 KB, the browsers' limit for a request that
 *   outlives its page): with `fetch` about 5 s after an event waits (longer after failures, 5 s doubling up to
 *   5 minutes), at once when the browser comes back `online`, and with `navigator.sendBeacon` when the page is
 *   hidden or unloaded (`visibilitychange` to hidden, `pagehide`). Nothing is tried while `navigator.onLine` is false.
 * - The body is JSON sent as `text/plain;charset=UTF-8`: a "simple" request, which a beacon may send to another
 *   origin without a CORS preflight; the server reads it as JSON. Cookies go with it (same origin by default).
 * - Ingestion is idempotent: each event has a UUID, and the server answers a resent event as a duplicate. A batch
 *   may therefore be sent twice (a beacon the browser queued but the server never confirmed to us, two tabs
 *   sending the same stored queue, an answer lost on the way back) without counting anything twice; what this
 *   module guarantees is that no event is in two of *its* batches in flight at once, and that an event leaves
 *   the queue only once the server took it (2xx), refused it for good (400), or the browser took the beacon.
 *
 * The requests themselves are features/stats/api.ts (the web app's calls live in a feature's api.ts).
 *
 * - Where the statistics server runs apart (`stats_url` set), each batch carries a reporter token of this server
 *   (`GET /api/stat/reporter-token`, a JWT naming the signed-in user, 12 hours): fetched when configured and when
 *   the user changes, renewed an hour before it expires, and dropped on a 401 from the statistics server (the
 *   batch stays queued and goes again with a new one). A beacon takes the token held; without one it waits.
 *
 * Inert until `startStats()` (called by the app's entry, main.tsx): in unit tests, pages that track
 * reach neither the network nor localStorage. Until `configureStats()` names the endpoint, events
 * only queue.
 */
import { STAT_BATCH_MAX, STAT_EVENT_DATA_MAX_BYTES, STAT_EVENT_MAX_AGE_MS } from '@atrium/contracts';
import { beaconStatsBatch, canBeacon, fetchReporterToken, postStatsBatch, userActionsUrl } from '../features/stats/api';

/** What an event concerned, beside its action (all optional). */
export interface StatsFields {
  /** The course (positive integer id). */
  course_id?: number;
  /** The learning activity (positive integer id). */
  activity_id?: number;
  /** The page's path, query and hash (`/course/12/learning-activity#/34`), at most 2048 characters. */
  url?: string;
  /** Anything else about the event, at most 4096 characters as JSON. */
  data?: Record<string, unknown>;
}

/** One event as sent: `{ id, action, ts, course_id?, activity_id?, url?, data? }`. */
export interface StatsEvent extends StatsFields {
  /** A UUID (36 characters), the event's identity: the server drops a resent one as a duplicate. */
  id: string;
  /** What happened, dotted lower case (`page.view`). */
  action: string;
  /** When it happened, epoch milliseconds (`Date.now()`). */
  ts: number;
}

/**
 * One queued event: the event, and who was signed in when it happened (`user`: their id; null: nobody;
 * absent: not known). An event of a known user is sent only while that user is signed in (setStatsUser), so
 * the last page views of someone who signed out are never posted under the next person's session.
 */
interface QueuedEvent {
  event: StatsEvent;
  user?: number | null;
}

/** The localStorage key of the queue: a JSON array of `{ event, user? }`, oldest first. */
export const STATS_QUEUE_KEY = 'atrium.stats.queue';
/** Most events the queue holds; the oldest go first. */
export const STATS_QUEUE_MAX = 1000;
/** Delay between an event being queued and its batch being sent, ms. */
export const STATS_FLUSH_INTERVAL_MS = 5_000;
/** Longest delay between retries after failures, ms. */
export const STATS_MAX_BACKOFF_MS = 5 * 60_000;
/** Most bytes of one batch's body: keepalive requests and beacons share a 64 KiB budget in the browser. */
export const STATS_BATCH_MAX_BYTES = 60_000;
/** Events older than this (ms) are dropped unsent: the server refuses events over 30 days old (an hour of margin). */
const MAX_EVENT_AGE_MS = STAT_EVENT_MAX_AGE_MS - 3_600_000;
/** The server's rules for an action (`page.view`). */
const ACTION = /^[a-z0-9_]+(\.[a-z0-9_]+)*$/;

let started = false;
/** The ingestion URL, or null until configured. */
let endpoint: string | null = null;
/** Whether the statistics server runs apart (another origin): batches then carry a reporter token. */
let apart = false;
/** The reporter token held: whom it names (the user signed in when it was fetched), its value (null: none needed) and expiry (ms). */
let reporter: { user: number | null | undefined; token: string | null; expiresAt: number } | null = null;
/** The token being fetched, if any. */
let reporterFetch: Promise<void> | null = null;
/** A token is renewed this long (ms) before it expires: one hour. */
const REPORTER_RENEW_MS = 3_600_000;
/** Who is signed in (setStatsUser); undefined: not known. */
let currentUser: number | null | undefined;
/** Ids of the events in the `fetch` batch now in flight. */
const inFlight = new Set<string>();
let sending: Promise<void> | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
/** Failed sends in a row: the next try waits 5 s × 2^failures (at most 5 minutes). */
let failures = 0;
/** The queue when localStorage cannot be used (disabled, full): kept in memory only. */
let memoryQueue: QueuedEvent[] | null = null;

function isQueuedEvent(value: unknown): value is QueuedEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { event, user } = value as { event?: unknown; user?: unknown };
  if (user !== undefined && user !== null && typeof user !== 'number') return false;
  if (typeof event !== 'object' || event === null) return false;
  const { id, action, ts } = event as Record<string, unknown>;
  return typeof id === 'string' && typeof action === 'string' && typeof ts === 'number';
}

/** The stored queue, oldest first (events past the age limit left out). Read afresh each time: other tabs share it. */
function readQueue(): QueuedEvent[] {
  let queue: QueuedEvent[] = [];
  if (memoryQueue) queue = memoryQueue;
  else {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(STATS_QUEUE_KEY) ?? '[]');
      queue = Array.isArray(parsed) ? parsed.filter(isQueuedEvent) : [];
    } catch {
      queue = [];
    }
  }
  const oldest = Date.now() - MAX_EVENT_AGE_MS;
  return queue.filter((entry) => entry.event.ts >= oldest);
}

/** Stores the queue, keeping its newest STATS_QUEUE_MAX events; in memory from then on if localStorage refuses it. */
function writeQueue(queue: QueuedEvent[]): void {
  const kept = queue.length > STATS_QUEUE_MAX ? queue.slice(queue.length - STATS_QUEUE_MAX) : queue;
  if (memoryQueue) {
    memoryQueue = kept;
    return;
  }
  try {
    if (kept.length === 0) localStorage.removeItem(STATS_QUEUE_KEY);
    else localStorage.setItem(STATS_QUEUE_KEY, JSON.stringify(kept));
  } catch {
    memoryQueue = kept;
  }
}

/** Takes the events of `ids` out of the stored queue (keeping any queued meanwhile). */
function removeFromQueue(ids: ReadonlySet<string>): void {
  writeQueue(readQueue().filter((entry) => !ids.has(entry.event.id)));
}

/** The queued events this tab may send now: those of the user signed in (and those of no known user), not already in flight. */
function sendable(): StatsEvent[] {
  return readQueue()
    .filter((entry) => !inFlight.has(entry.event.id) && (entry.user === undefined || entry.user === currentUser))
    .map((entry) => entry.event);
}

const encoder = new TextEncoder();

/** The first events of `events` that fit one batch: at most STAT_BATCH_MAX of them and STATS_BATCH_MAX_BYTES of JSON. */
function nextBatch(events: readonly StatsEvent[]): StatsEvent[] {
  const batch: StatsEvent[] = [];
  let bytes = '{"events":[]}'.length;
  for (const event of events) {
    if (batch.length === STAT_BATCH_MAX) break;
    const size = encoder.encode(JSON.stringify(event)).length + 1;
    if (batch.length > 0 && bytes + size > STATS_BATCH_MAX_BYTES) break;
    batch.push(event);
    bytes += size;
  }
  return batch;
}

function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A version 4 UUID: crypto.randomUUID where the page may use it (secure contexts), else from getRandomValues. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The token held for the user signed in now, if it is still good for an hour (a value of null: none is needed). */
function heldReporter(): { token: string | null } | null {
  if (!apart) return { token: null };
  if (reporter === null || reporter.user !== currentUser || reporter.expiresAt - REPORTER_RENEW_MS <= Date.now()) return null;
  return reporter;
}

/** Fetches a reporter token for the user signed in now (one fetch at a time). Rejects when it cannot be had. */
function renewReporter(): Promise<void> {
  if (reporterFetch) return reporterFetch;
  const user = currentUser;
  reporterFetch = fetchReporterToken()
    .then((answer) => {
      const expiresAt = answer.expires_at ? Date.parse(answer.expires_at) : Number.MAX_SAFE_INTEGER;
      reporter = { user, token: answer.token, expiresAt };
    })
    .finally(() => {
      reporterFetch = null;
    });
  return reporterFetch;
}

/** Sets the timer of the next send, when something waits and it may be sent (started, configured, online, not sending). */
function schedule(): void {
  if (!started || endpoint === null || timer !== null || sending || offline() || sendable().length === 0) return;
  const delay = Math.min(STATS_FLUSH_INTERVAL_MS * 2 ** failures, STATS_MAX_BACKOFF_MS);
  timer = setTimeout(() => {
    timer = null;
    void flushStats();
  }, delay);
}

function clearTimer(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

/**
 * Sends one batch of the queue with `fetch` (keepalive, cookies), then the next at once while batches are
 * accepted; after a failure, the timer tries again later. A 2xx takes the batch out of the queue; a 400 too
 * (the server would never take it: logged with its field errors); anything else (network error, 5xx, 401 of
 * an expired session) keeps it for the next try. Resolves when this round is over (at once if it cannot
 * send: not started, not configured, offline, or nothing waits); joins the round already under way.
 */
export function flushStats(): Promise<void> {
  if (sending) return sending;
  if (!started || endpoint === null || offline()) return Promise.resolve();
  const batch = nextBatch(sendable());
  if (batch.length === 0) return Promise.resolve();
  clearTimer();
  const url = endpoint;
  const ids = new Set(batch.map((event) => event.id));
  for (const id of ids) inFlight.add(id);
  const round = (async () => {
    let done = false;
    try {
      if (heldReporter() === null) await renewReporter();
      const response = await postStatsBatch(url, batch, heldReporter()?.token ?? undefined);
      if (response.ok) done = true;
      else if (response.status === 401)
        reporter = null; // the token expired or was refused: a new one next time
      else if (response.status === 400) {
        done = true;
        const answer: unknown = await response.json().catch(() => null);
        console.warn(`statistics: the server refused a batch of ${batch.length} events; dropped`, answer);
      }
    } catch {
      // A network error (offline, the server unreachable, a cross-origin answer without CORS headers): kept.
    } finally {
      for (const id of ids) inFlight.delete(id);
    }
    if (done) {
      removeFromQueue(ids);
      failures = 0;
    } else failures = Math.min(failures + 1, 16);
    sending = null;
    if (done && started && endpoint !== null && !offline() && nextBatch(sendable()).length > 0) void flushStats();
    else schedule();
  })();
  sending = round;
  return round;
}

/**
 * Sends what waits with `navigator.sendBeacon`, which the browser delivers even after the page is gone (the
 * page is being hidden or unloaded). An event the browser took (`true`) leaves the queue at once: we never
 * hear the answer, and if the beacon was in fact lost the event is lost with it, while if it was sent and
 * the event is also sent again later (another tab read it first), the server's dedupe by id drops the
 * second copy. Batches go one after the other until the browser refuses one (its budget for beacons is
 * spent): what it refused stays queued for the next visit. Events of the `fetch` batch in flight are left
 * to it (a keepalive fetch outlives the page too); without sendBeacon, a keepalive fetch is sent instead.
 */
function beacon(): void {
  if (!started || endpoint === null || offline()) return;
  if (!canBeacon()) {
    void flushStats();
    return;
  }
  const held = heldReporter();
  if (held === null) return; // no good token: the queue waits for the next visit
  let waiting = sendable();
  while (waiting.length > 0) {
    const batch = nextBatch(waiting);
    if (!beaconStatsBatch(endpoint, batch, held.token ?? undefined)) break;
    removeFromQueue(new Set(batch.map((event) => event.id)));
    waiting = waiting.slice(batch.length);
  }
}

function onVisibilityChange(): void {
  if (document.visibilityState === 'hidden') beacon();
}

function onOnline(): void {
  failures = 0;
  void flushStats();
}

/**
 * Records an event: `action` (dotted lower case, `page.view`) with `fields`, stamped with a new UUID `id` and
 * `ts = Date.now()` (epoch ms), queued for the next batch. Answers the event, or null when nothing was
 * recorded: not started, or an event the server would refuse (an action not in dotted lower case, `data`
 * not JSON or over 4096 characters as JSON: logged). Ids that are not positive integers are left out; a longer `url` is cut to 2048 characters.
 */
export function track(action: string, fields: StatsFields = {}): StatsEvent | null {
  if (!started) return null;
  if (action.length > 100 || !ACTION.test(action)) {
    console.warn(`statistics: "${action}" is not a dotted lower-case action; not tracked`);
    return null;
  }
  const event: StatsEvent = { id: uuid(), action, ts: Date.now() };
  const positive = (value: number | undefined) => value !== undefined && Number.isSafeInteger(value) && value > 0;
  if (positive(fields.course_id)) event.course_id = fields.course_id;
  if (positive(fields.activity_id)) event.activity_id = fields.activity_id;
  if (fields.url !== undefined) event.url = fields.url.slice(0, 2048);
  if (fields.data !== undefined) {
    let json: string;
    try {
      json = JSON.stringify(fields.data);
    } catch {
      json = '';
    }
    if (json === '' || json.length > STAT_EVENT_DATA_MAX_BYTES) {
      console.warn(`statistics: the data of "${action}" is not JSON of at most ${STAT_EVENT_DATA_MAX_BYTES} characters; not tracked`);
      return null;
    }
    event.data = JSON.parse(json) as Record<string, unknown>;
  }
  const entry: QueuedEvent = currentUser === undefined ? { event } : { event, user: currentUser };
  writeQueue([...readQueue(), entry]);
  schedule();
  return event;
}

/**
 * Says where events go: `statsUrl` is the `stats_url` of `GET /api/config` (an origin such as
 * `https://stats.example.org`, or null for this server: `/api/user-actions`). Sends what waits once configured.
 */
export function configureStats({ statsUrl }: { statsUrl: string | null }): void {
  endpoint = userActionsUrl(statsUrl);
  apart = statsUrl !== null;
  if (apart && started && heldReporter() === null) renewReporter().catch(() => undefined);
  schedule();
}

/**
 * Says who is signed in (their id; null: nobody; undefined: not known, as after they left the signed-in pages).
 * Events are stamped with it and sent only while it is the same again: the events a user left unsent are held
 * (not posted under the session of whoever signs in next) until that user is back; events of no known user go
 * with anyone.
 */
export function setStatsUser(userId: number | null | undefined): void {
  if (userId === currentUser) return;
  currentUser = userId;
  failures = 0;
  // A token naming the new user, ready for a beacon sent before the next fetch.
  if (apart && started && heldReporter() === null) renewReporter().catch(() => undefined);
  schedule();
}

/**
 * Starts the beacon (once; later calls do nothing): `track` records from now on, and the queue left by earlier
 * visits is sent once configured. Listens to `visibilitychange`, `pagehide` (beacons) and `online` (a send).
 */
export function startStats(): void {
  if (started) return;
  started = true;
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', beacon);
  window.addEventListener('online', onOnline);
  schedule();
}

/** Stops the beacon (for tests): listeners and timer gone, endpoint and user forgotten, the queue kept. */
export function stopStats(): void {
  started = false;
  clearTimer();
  document.removeEventListener('visibilitychange', onVisibilityChange);
  window.removeEventListener('pagehide', beacon);
  window.removeEventListener('online', onOnline);
  endpoint = null;
  apart = false;
  reporter = null;
  currentUser = undefined;
  failures = 0;
}
