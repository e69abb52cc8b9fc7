import { randomUUID } from 'node:crypto';
import { listenWithReconnect } from '../db/listen.js';
import type { AppDeps } from './deps.js';

/** What a per-instance cache must offer to be kept coherent across instances (decision 0110, "The list cache"). */
export interface CoherentCache {
  /** False while writes elsewhere could go unheard (PostgreSQL LISTEN not held): the cache then serves nothing. */
  shared: boolean;
  /** False when the cache is configured off (size or TTL 0): no NOTIFY is sent and no listener started. */
  readonly enabled: boolean;
  /** Forget everything (a (re)connected listener cannot know what it missed). */
  forgetAll(): void;
}

/**
 * One kind of per-instance answer cache, kept coherent between instances: instances of this process
 * on the same database (PGlite serves one process) hear each other directly; instances of other
 * processes through PostgreSQL `NOTIFY channel, 'senderId:detail'` and a LISTEN on a connection of
 * their own (re-established with backoff by `listenWithReconnect`). A sender ignores its own
 * notifications when they come back.
 *
 * - `cacheOf(deps)`: the cache of the instance `deps` belongs to (created on first use).
 * - `publish(deps, detail, apply)`: after a committed write — applies `apply` to this process's
 *   caches on the database at once, then NOTIFYs the others and resolves once the NOTIFY is
 *   committed. Never rejects; a failed NOTIFY is logged with `label`.
 * - `listen(deps, onRemote)`: on PostgreSQL, LISTENs and calls `onRemote(cache, detail)` for every
 *   other instance's write; `shared` is false until the LISTEN holds and from a lost connection
 *   until it is back; each (re)connection calls `forgetAll`. Answers the function that stops
 *   listening and leaves this process's peers.
 */
export function coherentCaches<C extends CoherentCache>(options: {
  channel: string;
  label: string;
  create: (config: AppDeps['config']) => C;
  /** NOTIFY even when this instance's cache is off (others may have theirs on). */
  notifyWhenOff?: boolean;
}) {
  const instances = new WeakMap<object, { cache: C; id: string }>();
  const peers = new WeakMap<object, Set<C>>();

  function instanceOf(deps: Pick<AppDeps, 'config' | 'database'>): { cache: C; id: string } {
    let instance = instances.get(deps);
    if (!instance) {
      instances.set(deps, (instance = { cache: options.create(deps.config), id: randomUUID() }));
      let set = peers.get(deps.database);
      if (!set) peers.set(deps.database, (set = new Set()));
      set.add(instance.cache);
    }
    return instance;
  }

  return {
    cacheOf: (deps: Pick<AppDeps, 'config' | 'database'>): C => instanceOf(deps).cache,

    async publish(deps: Pick<AppDeps, 'config' | 'database' | 'log'>, detail: string, apply: (cache: C) => void): Promise<void> {
      const instance = instanceOf(deps);
      for (const cache of peers.get(deps.database) ?? []) apply(cache);
      const pool = deps.database.pool;
      if (!pool || (!instance.cache.enabled && !options.notifyWhenOff)) return;
      await pool
        .query('select pg_notify($1, $2)', [options.channel, `${instance.id}:${detail}`])
        .catch((error: Error) => deps.log.warn({ err: error }, `${options.label}: NOTIFY failed`));
    },

    async listen(deps: Pick<AppDeps, 'config' | 'database' | 'log'>, onRemote: (cache: C, detail: string) => void): Promise<() => Promise<void>> {
      const pool = deps.database.pool;
      const { cache, id } = instanceOf(deps);
      const leave = () => void peers.get(deps.database)?.delete(cache);
      if (!pool || !cache.enabled) return async () => leave();
      cache.shared = false;
      const stop = await listenWithReconnect({
        poolOptions: pool.options,
        channel: options.channel,
        log: deps.log,
        label: `${options.label} (off meanwhile)`,
        onPayload: (payload) => {
          const colon = payload.indexOf(':');
          const from = colon < 0 ? payload : payload.slice(0, colon);
          if (from !== id) onRemote(cache, colon < 0 ? '' : payload.slice(colon + 1));
        },
        onUp: () => {
          cache.forgetAll();
          cache.shared = true;
        },
        onDown: () => {
          cache.shared = false;
        },
      });
      return async () => {
        leave();
        cache.shared = false;
        await stop();
      };
    },
  };
}
