import { useEffect, useSyncExternalStore } from 'react';

/**
 * One sign-in popup at a time (issue 17 §3–4): the account prompts (forced mobile binding, the
 * password tip, the welcome verification e-mail, the pre-task) claim the screen while one of them
 * is open; the unread-bulletin popup waits until none is. A module store, so the two layers need
 * no common parent.
 */
const claims = new Set<string>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Holds the screen under `name` while `isShown` (released on unmount). */
export function useClaimPopup(name: string, isShown: boolean): void {
  useEffect(() => {
    if (!isShown) return;
    claims.add(name);
    changed();
    return () => {
      claims.delete(name);
      changed();
    };
  }, [name, isShown]);
}

/** True while some popup holds the screen. */
export function usePopupClaimed(): boolean {
  return useSyncExternalStore(subscribe, () => claims.size > 0);
}
