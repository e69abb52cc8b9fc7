import { useEffect, useRef } from 'react';
import { VERSION_CHECK_INTERVAL_MS } from '@atrium/contracts';

/** The build this page runs (vite define; 'dev' when not defined, e.g. in tests without it). */
export const CURRENT_VERSION: string = typeof __ATRIUM_VERSION__ === 'string' ? __ATRIUM_VERSION__ : 'dev';

/**
 * True when the `/d/version` answer names a build other than `current` (spec §4
 * version check). Answers without a usable version never warn.
 */
export function isNewVersionAvailable(current: string, answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const version = (answer as { version?: unknown }).version;
  return typeof version === 'string' && version.trim() !== '' && version.trim() !== current;
}

async function fetchVersion(): Promise<unknown> {
  const response = await fetch('/d/version', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) return null;
  return (await response.json()) as unknown;
}

/**
 * Polls `GET /d/version` every VERSION_CHECK_INTERVAL_MS (10 minutes, spec §7, §9)
 * and calls `onNewVersion` once when the server runs another build.
 */
export function useVersionCheck(onNewVersion: () => void, current: string = CURRENT_VERSION): void {
  // Kept in a ref so re-renders (a language switch, new data) never restart the 10-minute clock.
  const callback = useRef(onNewVersion);
  useEffect(() => {
    callback.current = onNewVersion;
  }, [onNewVersion]);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        const answer = await fetchVersion();
        if (!stopped && isNewVersionAvailable(current, answer)) {
          stopped = true;
          window.clearInterval(timer);
          callback.current();
        }
      } catch {
        // Offline or server restarting: try again at the next tick.
      }
    };
    const timer = window.setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [current]);
}
