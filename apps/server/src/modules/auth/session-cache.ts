import type { UserWithOrg } from '../users/users.repository.js';

/**
 * A brief in-process cache of session lookups (session token → signed-in user; process memory only), so a page's
 * burst of API calls pays one session query instead of one each (decision 0020, speed).
 * Entries live `ttlMs` (SESSION_CACHE_MS); logging out and changing the user through
 * the API drop them at once, other changes (a role set in the database) show within `ttlMs`.
 * Only hits are kept (an unknown token always asks the database). At most `max` entries;
 * the oldest is dropped first.
 */
export class SessionCache {
  private readonly entries = new Map<string, { value: UserWithOrg; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  /** The cached user of `token` at `now` (ms), or undefined. */
  get(token: string, now: number): UserWithOrg | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  set(token: string, value: UserWithOrg, now: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { value, until: now + this.ttlMs });
  }

  /** Forgets one session (logout). */
  dropToken(token: string): void {
    this.entries.delete(token);
  }

  /** Forgets every session of a user (the user changed). */
  dropUser(userId: number): void {
    for (const [hash, entry] of this.entries) if (entry.value.user.id === userId) this.entries.delete(hash);
  }
}

const caches = new WeakMap<object, SessionCache>();

/** The session cache of one running instance (keyed by its deps; TTL from its config). */
export function sessionCacheOf(deps: { config: { sessionCacheMs: number } }): SessionCache {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new SessionCache(deps.config.sessionCacheMs)));
  return cache;
}
