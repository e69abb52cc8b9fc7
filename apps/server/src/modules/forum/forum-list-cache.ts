import { LRUCache } from 'lru-cache';
import { coherentCaches, type CoherentCache } from '../../lib/instance-caches.js';
import type { AppDeps } from '../../lib/deps.js';

/** PostgreSQL channel on which instances tell each other that a course's forum changed (payload `instanceId:courseId`). */
export const FORUM_CHANNEL = 'atrium_forum';

/** The order of one list page as computed: its topic ids in order, the total and whether it is exact (forum.repository.ts listTopicsPage). */
export interface TopicOrder {
  ids: readonly number[];
  total: number;
  exact: boolean;
}

/**
 * Per-process cache of topic list *orders* (decision 0110, speed): which topics a list page holds,
 * in which order, and the total — the part of a list that costs (walking and counting the visible
 * topics, or a full-text search) — never the topics' fields, which are read by id on every request
 * (names, counters, the reader's read, like and subscription marks stay exact).
 *
 * - The key holds everything the order depends on besides the course's topics and replies: the
 *   reader's scope as `authorize` answered it for this request (space, places, team or groups, the
 *   reader's id for their hidden topics), the filter, the query and the page. A change of access
 *   (enrolment, group, a forum activity published or closed) therefore changes the key, not the entry.
 * - Every write to a course's topics or replies (forum.service.ts, the Moodle import) bumps that
 *   course's generation once committed, on this instance, its peers in this process, and the other
 *   processes through NOTIFY; an entry or a computation of an older generation is never served.
 *   Nothing expires by time.
 * - The per-reader filters `unread` and `subscribed` are not cached (reading a topic changes them).
 * - `shared` is false while other processes' writes could go unheard (PostgreSQL LISTEN not held):
 *   nothing is served or stored then.
 * - At most `max` orders (least recently used dropped first); 0 turns the cache off.
 */
export class ForumListCache implements CoherentCache {
  private readonly orders: LRUCache<string, TopicOrder> | null;
  private readonly generations = new Map<number, number>();
  /** Bumped when this instance (re)starts hearing others: every course's entries are forgotten at once. */
  private epoch = 0;
  shared = true;

  constructor(readonly max: number) {
    this.orders = max > 0 ? new LRUCache({ max }) : null;
  }

  /** The generation of a course's forum (opaque; compare with `===`). */
  generation(courseId: number): string {
    return `${this.epoch}.${this.generations.get(courseId) ?? 0}`;
  }

  /** The cached order of `key` in a course's current generation, if any. */
  get(courseId: number, key: string): TopicOrder | undefined {
    if (!this.orders || !this.shared) return undefined;
    return this.orders.get(`${courseId}|${this.generation(courseId)}|${key}`);
  }

  /** Keeps an order computed in `generation` (from `generation()` before computing), unless the course changed meanwhile. */
  set(courseId: number, generation: string, key: string, order: TopicOrder): void {
    if (!this.orders || !this.shared || generation !== this.generation(courseId)) return;
    this.orders.set(`${courseId}|${generation}|${key}`, order);
  }

  /** Forgets a course's orders (its generation moves on; old entries age out unused). */
  bump(courseId: number): void {
    this.generations.set(courseId, (this.generations.get(courseId) ?? 0) + 1);
  }

  /** On when FORUM_LIST_CACHE is above 0. */
  get enabled(): boolean {
    return this.max > 0;
  }

  /** Forgets every course's orders. */
  forgetAll(): void {
    this.epoch += 1;
    this.generations.clear();
    this.orders?.clear();
  }

  /** Orders held (tests, the benchmark). */
  get size(): number {
    return this.orders?.size ?? 0;
  }
}

const caches = coherentCaches({
  channel: FORUM_CHANNEL,
  label: 'forum list cache',
  create: (config) => new ForumListCache(config.forumListCacheEntries),
});

/** The topic-order cache of one running instance (keyed by its deps; size from FORUM_LIST_CACHE). */
export function forumListCacheOf(deps: Pick<AppDeps, 'config' | 'database'>): ForumListCache {
  return caches.cacheOf(deps);
}

/**
 * Call after a committed write to a course's topics or replies: this instance and its peers in this
 * process forget the course's orders at once; on PostgreSQL the other processes are told through
 * NOTIFY, and this resolves once the NOTIFY is committed, so the writer's next read on another
 * instance finds the change. Never rejects; a failed NOTIFY is logged.
 */
export function bumpForumCourse(deps: Pick<AppDeps, 'config' | 'database' | 'log'>, courseId: number): Promise<void> {
  return caches.publish(deps, String(courseId), (cache) => cache.bump(courseId));
}

/**
 * On PostgreSQL, LISTENs on FORUM_CHANNEL (a connection of its own, re-established with backoff)
 * and bumps the course another instance wrote to. Until the LISTEN holds, and from a lost
 * connection until it is back, the cache serves nothing (`shared` false); each (re)connection
 * forgets everything. Answers the function that stops listening (and leaves this process's peers).
 */
export function startForumListener(deps: Pick<AppDeps, 'config' | 'database' | 'log'>): Promise<() => Promise<void>> {
  return caches.listen(deps, (cache, detail) => {
    const courseId = Number(detail);
    if (detail !== '' && Number.isSafeInteger(courseId)) cache.bump(courseId);
  });
}
