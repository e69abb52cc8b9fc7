import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

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

/**
 * lazyNamed whose chunk can be started ahead (`preload()`, e.g. from a route loader as navigation starts) and
 * that renders without suspending once the chunk is in. React.lazy suspends on its first render even when
 * the chunk has already arrived (the import answers a microtask later), and React then reveals the page no
 * sooner than 300 ms after the fallback was shown: a page opened cold waited that for each lazy level
 * (shell → course → forum). Each mounted instance keeps the component it started with (no remount when
 * the chunk arrives). `preload()` answers the component, or rejects when the chunk fails (a later call retries).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component's own type flows through M[K]
export function lazyPreloadable<K extends string, M extends Record<K, ComponentType<any>>>(load: () => Promise<M>, name: K) {
  let loaded: M[K] | undefined;
  let pending: Promise<M[K]> | undefined;
  const preload = (): Promise<M[K]> =>
    (pending ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same props as M[K]
  const Lazy: ComponentType<any> = lazyNamed(() => preload().then((component) => ({ [name]: component }) as Pick<M, K>), name);
  function Preloadable(props: ComponentProps<M[K]>) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same props as M[K]
    const [chosen] = useState<{ type: ComponentType<any> }>(() => ({ type: loaded ?? Lazy }));
    return createElement(chosen.type, props);
  }
  Preloadable.displayName = `Preloadable(${name})`;
  return Object.assign(Preloadable, { preload });
}
