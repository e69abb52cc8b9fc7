import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { coherentCaches, type CoherentCache } from '../../lib/instance-caches.js';
import type { AppDeps } from '../../lib/deps.js';

/** PostgreSQL channel on which instances tell each other that the calendar changed (payload: the sender's instance id). */
export const CALENDAR_CHANNEL = 'atrium_calendar';
/** Most bytes of answers one process keeps (the least recently used go first). */
export const CALENDAR_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** Answers from this size on are also kept gzipped (a week of 400 lessons: 168 KiB of JSON, about 6 KiB gzipped). */
export const CALENDAR_GZIP_MIN_BYTES = 1024;
const gzipAsync = promisify(gzip);

/** One answer: its UTF-8 JSON and, when at least CALENDAR_GZIP_MIN_BYTES and cached, the same gzipped (else null). */
export interface Answer {
  body: Buffer;
  gzip: Buffer | null;
}

interface Entry extends Answer {
  generation: number;
  /** Epoch ms after which the entry is no longer served. */
  until: number;
  /** Epoch ms from which a hit also starts computing its successor (refresh ahead). */
  refreshAt: number;
}

/** Share of an entry's life after which a hit refreshes it in the background, so a busy key never expires under its readers. */
const REFRESH_AHEAD = 0.75;

/** What a cached computation answers: the value to serialise and, optionally, an epoch-ms instant after which it is stale (e.g. a meeting starts). */
export interface Computed {
  value: unknown;
  validUntil?: number;
}

/**
 * Per-process cache of the calendar page's window answers, already serialised (decision 0020,
 * speed): key → UTF-8 JSON bytes (and gzipped bytes for larger answers), so a hit costs neither
 * a query, nor a serialisation, nor a compression.
 *
 * - Every calendar write bumps `generation`; an entry or an in-flight computation of an older
 *   generation is never served again, so a write is visible to the next read at once.
 * - Changes made outside the calendar (enrolments, departments, groups, names, time zones) are
 *   not tracked: entries live at most `ttlMs` (CALENDAR_CACHE_MS; 0 turns the cache off).
 * - Single flight: concurrent misses of one key in one generation share one computation.
 * - Refresh ahead: a hit in the last quarter of an entry's life computes its successor in the
 *   background (still single flight), so a key in steady use does not make all its readers
 *   wait when it expires; an entry is never served past its life.
 * - `shared` is false while the instance cannot hear other instances' writes (PostgreSQL
 *   LISTEN not yet or no longer established): nothing is served from the cache then.
 * - At most `maxBytes` of answers; the least recently used are dropped first.
 */
export class CalendarCache implements CoherentCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, { generation: number; promise: Promise<Answer> }>();
  private bytes = 0;
  private generationValue = 0;
  /** False while writes of other instances could go unheard (see startCalendarListener). */
  shared = true;

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes = CALENDAR_CACHE_MAX_BYTES,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current generation (bumped by every calendar write this instance makes or hears of). */
  get generation(): number {
    return this.generationValue;
  }

  /** Answers the bytes of `key`: from the cache when fresh, else from `compute` (once for concurrent callers), stored for later calls. Uncached answers are not gzipped. */
  async answer(key: string, compute: () => Promise<Computed>): Promise<Answer> {
    if (this.ttlMs <= 0 || !this.shared) return { body: serialise(await compute()), gzip: null };
    const generation = this.generationValue;
    const entry = this.entries.get(key);
    if (entry) {
      const now = this.now();
      if (entry.generation === generation && entry.until > now) {
        // Most recently used goes last (Map keeps insertion order).
        this.entries.delete(key);
        this.entries.set(key, entry);
        // A failed refresh is forgotten: the entry still expires in time and the next miss computes again.
        if (now >= entry.refreshAt && this.inflight.get(key)?.generation !== generation) this.start(key, generation, compute).catch(() => undefined);
        return entry;
      }
      this.drop(key, entry);
    }
    const flight = this.inflight.get(key);
    if (flight && flight.generation === generation) return flight.promise;
    return this.start(key, generation, compute);
  }

  /** Computes `key` once for its generation (concurrent callers share it) and stores it unless a bump came meanwhile. */
  private start(key: string, generation: number, compute: () => Promise<Computed>): Promise<Answer> {
    const started = this.now();
    const promise = compute().then(async (computed): Promise<Answer> => {
      const body = serialise(computed);
      // Compressed off the event loop (libuv's thread pool), once per entry.
      const zipped = body.length >= CALENDAR_GZIP_MIN_BYTES ? await gzipAsync(body) : null;
      if (generation === this.generationValue && this.shared) {
        const until = Math.min(started + this.ttlMs, computed.validUntil ?? Infinity);
        this.store(key, { body, gzip: zipped, generation, until, refreshAt: started + (until - started) * REFRESH_AHEAD });
      }
      return { body, gzip: zipped };
    });
    this.inflight.set(key, { generation, promise });
    const settle = () => {
      if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
    };
    promise.then(settle, settle);
    return promise;
  }

  /** On when CALENDAR_CACHE_MS is above 0. */
  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Forgets every answer (a (re)connected listener cannot know what it missed). */
  forgetAll(): void {
    this.bump();
  }

  /** Forgets every answer (a calendar write here or on another instance). */
  bump(): void {
    this.generationValue += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Number of answers held and their bytes (for tests and the benchmark). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private store(key: string, entry: Entry): void {
    const size = sizeOf(entry);
    if (entry.until <= this.now() || size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    while (this.bytes + size > this.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.drop(oldestKey, oldest);
    }
    this.entries.set(key, entry);
    this.bytes += size;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }
}

function sizeOf(entry: Answer): number {
  return entry.body.length + (entry.gzip?.length ?? 0);
}

/** Does an Accept-Encoding header accept gzip (RFC 9110 §12.5.3: `gzip` or `*`, not with q=0)? */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

function serialise(computed: Computed): Buffer {
  return Buffer.from(JSON.stringify(computed.value), 'utf8');
}

const caches = coherentCaches({
  channel: CALENDAR_CHANNEL,
  label: 'calendar cache',
  notifyWhenOff: true,
  create: (config) => new CalendarCache(config.calendarCacheMs),
});

/** The calendar cache of one running instance (keyed by its deps; TTL from CALENDAR_CACHE_MS). */
export function calendarCacheOf(deps: Pick<AppDeps, 'config' | 'database'>): CalendarCache {
  return caches.cacheOf(deps);
}

/**
 * Call after every calendar write (events, timetables, meetings; create, update, delete,
 * split): this instance, and any other of this process on the same database, forget their
 * cached answers at once; on PostgreSQL the instances of other processes are told through
 * NOTIFY and forget theirs when it arrives. Resolves once the NOTIFY is committed (PostgreSQL has
 * then signalled every listening connection), so the write's request, which awaits it through the
 * calendar.cache handler, answers only after the other instances were told: a read its client
 * makes next on another instance finds the change (issue 20 §12), where an unawaited NOTIFY could
 * still be on its way. Never rejects; a failed NOTIFY is logged.
 */
export function bumpCalendarGeneration(deps: Pick<AppDeps, 'config' | 'database' | 'log'>): Promise<void> {
  return caches.publish(deps, '', (cache) => cache.bump());
}

/**
 * On PostgreSQL, LISTENs on CALENDAR_CHANNEL on a connection of its own and bumps this
 * instance's generation whenever another instance writes to the calendar. Until the LISTEN
 * holds, and again from a lost connection until it is re-established (retried with backoff up to
 * 30 s), the cache serves nothing (`shared` false), since writes elsewhere could go unheard; each
 * (re)connection bumps the generation. Answers the function that stops listening (and leaves
 * this process's peers). PGlite (one process) and a disabled cache need no listener.
 */
export function startCalendarListener(deps: Pick<AppDeps, 'config' | 'database' | 'log'>): Promise<() => Promise<void>> {
  return caches.listen(deps, (cache) => cache.bump());
}
