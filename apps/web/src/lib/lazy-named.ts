import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named export: `lazyNamed(() => import('./x'), 'X')` (a separate chunk). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component's own type flows through M[K]
export function lazyNamed<K extends string, M extends Record<K, ComponentType<any>>>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
