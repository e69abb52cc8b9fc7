import { LRUCache } from 'lru-cache';
import { AnswerCache } from '../../lib/answer-cache.js';
import { coherentCaches, type CoherentCache } from '../../lib/instance-caches.js';
import type { AppDeps } from '../../lib/deps.js';

/** PostgreSQL channel on which instances tell each other that a course's forum changed (payload `instanceId:courseId`). */
export const FORUM_CHANNEL = 'atrium_forum';

/**
 * Longest life of a cached list answer, in ms: a bound for changes no domain event announces (a
 * user's new name, a course deleted by hand). Every change the forum's answers depend on that
 * Atrium makes is announced and forgets the answers at once; this only bounds the rest.
 */
export const FORUM_ANSWER_MAX_AGE_MS = 60_000;

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
 *
 * Above the orders, the **answers** (decision 0110, "Answers per reader"): a reader's whole list
 * answer as sent (JSON bytes), keyed by the reader, their organisation role, the place and the query,
 * so a repeated list costs no statement at all. An answer is served only while
 * - the course's generation is the one it was computed in: forum writes (topics, replies, likes,
 *   moderation, imports) and the access changes the domain events announce (`enrolment.created`,
 *   `enrolment.removed`, `activity.changed`, `course.access_changed`: roles, groups, preview,
 *   modules) bump it (forum-cache.handlers.ts);
 * - the reader's own generation is the one it was computed in: their reads and subscriptions bump it;
 * - its time has not run out: the next start or end of a forum activity the reader's access depends
 *   on, and at most FORUM_ANSWER_MAX_AGE_MS (for changes no event announces: a renamed author).
 * Learners of a checkpoint course are never answered from it (their access follows their progress).
 * At most ANSWER_CACHE_MB of answers (`maxAnswerBytes`).
 */
export class ForumListCache implements CoherentCache {
  private readonly orders: LRUCache<string, TopicOrder> | null;
  /** Readers' whole answers (lib/answer-cache.ts), scoped `c<courseId>` and `u<userId>`. */
  readonly answers: AnswerCache;
  private readonly generations = new Map<number, number>();
  /** Bumped when this instance (re)starts hearing others: every course's entries are forgotten at once. */
  private epoch = 0;
  shared = true;

  constructor(
    readonly max: number,
    maxAnswerBytes = 32 * 1024 * 1024,
  ) {
    this.orders = max > 0 ? new LRUCache({ max }) : null;
    this.answers = new AnswerCache(max > 0 ? maxAnswerBytes : 0, FORUM_ANSWER_MAX_AGE_MS);
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

  /** Forgets a course's orders and answers (its generation moves on; old entries age out unused). */
  bump(courseId: number): void {
    this.generations.set(courseId, (this.generations.get(courseId) ?? 0) + 1);
    this.answers.bump(`c${courseId}`);
  }

  /** Forgets one reader's answers in every course (they read a topic, subscribed, unsubscribed). */
  bumpUser(userId: number): void {
    this.answers.bump(`u${userId}`);
  }

  /** The answers' bump counter now: read it before computing an answer (its `since`). */
  mark(): number {
    return this.answers.mark();
  }

  /** A reader's cached list answer under `key`, unless stale (lib/answer-cache.ts) or while other instances' writes could go unheard. */
  getAnswer(key: string, now = Date.now()): Buffer | undefined {
    return this.shared ? this.answers.get(key, now) : undefined;
  }

  /** Keeps a reader's list answer in a course, computed since `since` (`answers.mark()` before its first statement), until `until` (epoch ms). */
  setAnswer(key: string, entry: { courseId: number; userId: number; since: number; until: number; body: Buffer }, now = Date.now()): void {
    if (!this.shared) return;
    this.answers.set(key, { scopes: [`c${entry.courseId}`, `u${entry.userId}`], since: entry.since, until: entry.until, body: entry.body }, now);
  }

  /**
   * A reader's list answer as sent (AnswerCache.answer): cached under `key`, stale once the course
   * `compute` names or the reader is bumped, and at `until` (epoch ms).
   */
  answer(key: string, userId: number, compute: (now: number) => Promise<{ courseId: number; until: number; answer: unknown }>): Promise<Buffer> {
    return this.answers.answer(
      key,
      async (now) => {
        const { courseId, until, answer } = await compute(now);
        return { answer, until, scopes: [`c${courseId}`, `u${userId}`] };
      },
      this.shared,
    );
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
    this.answers.forgetAll();
  }

  /** Orders held (tests, the benchmark). */
  get size(): number {
    return this.orders?.size ?? 0;
  }

  /** Answers held (tests). */
  get answerCount(): number {
    return this.answers.size;
  }
}

const caches = coherentCaches({
  channel: FORUM_CHANNEL,
  label: 'forum list cache',
  create: (config) => new ForumListCache(config.forumListCacheEntries, config.answerCacheBytes),
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

/** As bumpForumCourse, for one reader's own marks (read, subscriptions) in every course (payload `u<userId>`). */
export function bumpForumReader(deps: Pick<AppDeps, 'config' | 'database' | 'log'>, userId: number): Promise<void> {
  return caches.publish(deps, `u${userId}`, (cache) => cache.bumpUser(userId));
}

/**
 * On PostgreSQL, LISTENs on FORUM_CHANNEL (a connection of its own, re-established with backoff)
 * and bumps the course another instance wrote to. Until the LISTEN holds, and from a lost
 * connection until it is back, the cache serves nothing (`shared` false); each (re)connection
 * forgets everything. Answers the function that stops listening (and leaves this process's peers).
 */
export function startForumListener(deps: Pick<AppDeps, 'config' | 'database' | 'log'>): Promise<() => Promise<void>> {
  return caches.listen(deps, (cache, detail) => {
    const reader = detail.startsWith('u');
    const id = Number(reader ? detail.slice(1) : detail);
    if (detail === '' || detail === 'u' || !Number.isSafeInteger(id)) return;
    if (reader) cache.bumpUser(id);
    else cache.bump(id);
  });
}
