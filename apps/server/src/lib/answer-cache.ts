import { LRUCache } from 'lru-cache';

/** One answer as sent (UTF-8 JSON), what it was computed from, and until when it may be served. */
export interface AnswerEntry {
  /** The scopes the answer depends on (e.g. `c7` a course, `u3` a reader): a bump of any of them after `since` makes it stale. */
  scopes: readonly string[];
  /** `mark()` read before the answer's first statement. */
  since: number;
  /** Epoch ms from which the answer is no longer served; at most `maxAgeMs` after it was kept. */
  until: number;
  body: Buffer;
}

/**
 * Per-instance cache of whole answers (JSON bytes), each depending on named **scopes** (a course's
 * forum, a reader's marks, an owner's library): `bump(scope)` after a committed change of what a
 * scope covers makes every answer of that scope stale at once. A bump counter orders bumps and
 * computations: an answer is kept only if none of its scopes was bumped after `since` (`mark()`
 * read before its first statement), so a computation that overlapped a write is never kept. An
 * answer is never served past `until` nor `maxAgeMs` after it was kept — a bound for changes no
 * bump announces; bumps are the mechanism. Coherence across instances is the owner's (a
 * `CoherentCache` calls `bump` for other instances' writes and `forgetAll` on reconnection).
 * At most `maxBytes` of answers (least recently used dropped first); `maxBytes` 0 turns it off.
 */
export class AnswerCache {
  private readonly entries: LRUCache<string, AnswerEntry> | null;
  private seq = 0;
  private readonly bumps = new Map<string, number>();
  /** The count when everything was last forgotten: answers computed before it are never kept. */
  private forgotten = 0;

  constructor(
    maxBytes: number,
    readonly maxAgeMs: number,
  ) {
    this.entries = maxBytes > 0 ? new LRUCache({ maxSize: maxBytes, sizeCalculation: (e) => e.body.length + 200 }) : null;
  }

  /** The bump counter now: read it before computing an answer, pass it as the answer's `since`. */
  mark(): number {
    return this.seq;
  }

  /** Makes every answer depending on `scope` stale. */
  bump(scope: string): void {
    this.bumps.set(scope, ++this.seq);
  }

  private fresh(entry: Pick<AnswerEntry, 'scopes' | 'since'>): boolean {
    return entry.since >= this.forgotten && entry.scopes.every((s) => (this.bumps.get(s) ?? 0) <= entry.since);
  }

  /** The answer kept under `key`, if none of its scopes moved on since it was computed and its time (`now`, epoch ms) has not run out. */
  get(key: string, now = Date.now()): Buffer | undefined {
    const entry = this.entries?.get(key);
    if (!entry) return undefined;
    if (entry.until <= now || !this.fresh(entry)) {
      this.entries!.delete(key);
      return undefined;
    }
    return entry.body;
  }

  /** Keeps an answer unless one of its scopes was bumped since `entry.since`; served until `until`, at most `maxAgeMs` from `now`. */
  set(key: string, entry: AnswerEntry, now = Date.now()): void {
    if (!this.entries || !this.fresh(entry) || entry.until <= now) return;
    this.entries.set(key, { ...entry, until: Math.min(entry.until, now + this.maxAgeMs) });
  }

  /**
   * The answer under `key` as sent, from the cache when fresh; else computed (`mark()` read first),
   * serialised once (UTF-8 JSON) and kept under the scopes and time `compute` gives (`until`, epoch ms;
   * unbounded by default, `maxAgeMs` still applies). With `serve` false (the owner cannot hear other
   * instances' writes) it neither reads nor keeps. `compute`'s errors reach the caller; nothing is kept.
   */
  async answer(key: string, compute: (now: number) => Promise<{ answer: unknown; scopes: readonly string[]; until?: number }>, serve = true): Promise<Buffer> {
    const hit = serve ? this.get(key) : undefined;
    if (hit) return hit;
    const since = this.mark();
    const now = Date.now();
    const { answer, scopes, until = Number.POSITIVE_INFINITY } = await compute(now);
    const body = Buffer.from(JSON.stringify(answer));
    if (serve) this.set(key, { scopes, since, until, body });
    return body;
  }

  /** Forgets every answer, and refuses those computed before now. */
  forgetAll(): void {
    this.bumps.clear();
    this.forgotten = ++this.seq;
    this.entries?.clear();
  }

  /** Answers held (tests). */
  get size(): number {
    return this.entries?.size ?? 0;
  }
}
