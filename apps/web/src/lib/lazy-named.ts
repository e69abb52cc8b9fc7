import { lazy, type ComponentType } from 'react';

const RELOAD_KEY = 'atrium.stale-chunk-reload-at';
const RELOAD_GUARD_MS = 10_000;

/**
 * After a new deploy, an open tab may ask for chunks that no longer exist. Reloads
 * the page once (at most every 10 s) to pick up the new build; answers whether it did.
 */
export function reloadForStaleChunk(now: number = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * React.lazy for a module's named export: `lazyNamed(() => import('./x'), 'X')`
 * (a separate chunk). A chunk that fails to load reloads the page once, else the
 * error reaches the route's error element.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component's own type flows through M[K]
export function lazyNamed<K extends string, M extends Record<K, ComponentType<any>>>(load: () => Promise<M>, name: K) {
  return lazy(() =>
    load().then(
      (module) => ({ default: module[name] }),
      (error: unknown) => {
        if (reloadForStaleChunk()) return new Promise<never>(() => {});
        throw error;
      },
    ),
  );
}
