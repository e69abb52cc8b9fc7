import { useEffect, useState } from 'react';
import { PRE_TASK_CHECK_INTERVAL_MS } from '@atrium/contracts';
import { fetchPreTask } from '../api';
import { isPreTaskCheckDue, preTaskStorageKey } from '../lib/rules';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage off: the check runs again on the next page load.
  }
}

/**
 * Spec §7 pre-task check: asks `GET /api/user/pre-task` at most every 6 hours per user, the last time
 * kept in local storage (so page loads and other tabs inside the 6 hours do not ask again); while the
 * page stays open it asks again when the 6 hours are up. Answers the pre-task URL to show, or null.
 */
export function usePreTask(userId: number | undefined, enabled: boolean): { url: string | null; dismiss: () => void } {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || !userId) return;
    const key = preTaskStorageKey(userId);
    let stopped = false;
    let timer: number | undefined;
    const run = async () => {
      const now = Date.now();
      if (isPreTaskCheckDue(read(key), now)) {
        write(key, String(now));
        try {
          const answer = await fetchPreTask();
          if (!stopped && answer.has_pre_task && answer.url) setUrl(answer.url);
        } catch {
          // The next due check asks again.
        }
      }
      if (stopped) return;
      const last = Number(read(key)) || Date.now();
      timer = window.setTimeout(() => void run(), Math.max(1000, last + PRE_TASK_CHECK_INTERVAL_MS - Date.now()));
    };
    void run();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [userId, enabled]);
  return { url, dismiss: () => setUrl(null) };
}
