import { AnswerCache } from '../../lib/answer-cache.js';
import { coherentCaches, type CoherentCache } from '../../lib/instance-caches.js';
import type { AppDeps } from '../../lib/deps.js';

/** PostgreSQL channel on which instances tell each other that an owner's library changed (payload `instanceId:ownerId`). */
export const LIBRARY_CHANNEL = 'atrium_library';

/** Longest life of a cached library listing, in ms: a bound for changes no bump announces (an upload's processing starting). */
export const LIBRARY_ANSWER_MAX_AGE_MS = 60_000;

/**
 * Per-instance cache of library listings as sent (decision 0132, "Answers"): an owner's folder
 * pages and searches (`GET /api/library/items`), keyed by the owner and the query, scoped
 * `o<ownerId>`. Every write through the library's routes (their `onSend` hook, library.routes.ts),
 * the uploads API trashing a library file (trashLibraryUpload) and an upload of the owner's finishing
 * or failing its processing (library-cache.handlers.ts) bump the owner; other instances hear it
 * through NOTIFY. While the LISTEN is not held nothing is served or kept.
 */
export class LibraryCache implements CoherentCache {
  readonly answers: AnswerCache;
  shared = true;

  constructor(readonly maxBytes: number) {
    this.answers = new AnswerCache(maxBytes, LIBRARY_ANSWER_MAX_AGE_MS);
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** An owner's listing as sent (AnswerCache.answer): cached under `key` until the owner is bumped. */
  answer(key: string, ownerId: number, compute: () => Promise<unknown>): Promise<Buffer> {
    return this.answers.answer(key, async () => ({ answer: await compute(), scopes: [`o${ownerId}`] }), this.shared);
  }

  bump(ownerId: number): void {
    this.answers.bump(`o${ownerId}`);
  }

  forgetAll(): void {
    this.answers.forgetAll();
  }
}

const caches = coherentCaches({
  channel: LIBRARY_CHANNEL,
  label: 'library cache',
  create: (config) => new LibraryCache(config.answerCacheBytes),
});

/** The library listing cache of one running instance (size from ANSWER_CACHE_MB). */
export function libraryCacheOf(deps: Pick<AppDeps, 'config' | 'database'>): LibraryCache {
  return caches.cacheOf(deps);
}

/**
 * Call after a committed change of an owner's library (items, tags, their uploads): this instance
 * and its peers in this process forget the owner's listings at once; on PostgreSQL the other
 * processes through NOTIFY (resolves once it is committed). Never rejects; a failed NOTIFY is logged.
 */
export function bumpLibraryOwner(deps: Pick<AppDeps, 'config' | 'database' | 'log'>, ownerId: number): Promise<void> {
  return caches.publish(deps, String(ownerId), (cache) => cache.bump(ownerId));
}

/** On PostgreSQL, LISTENs on LIBRARY_CHANNEL and bumps the owners other instances wrote to (as startForumListener). */
export function startLibraryListener(deps: Pick<AppDeps, 'config' | 'database' | 'log'>): Promise<() => Promise<void>> {
  return caches.listen(deps, (cache, detail) => {
    const ownerId = Number(detail);
    if (detail !== '' && Number.isSafeInteger(ownerId)) cache.bump(ownerId);
  });
}
