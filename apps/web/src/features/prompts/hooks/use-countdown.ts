import { useCallback, useEffect, useState } from 'react';

/**
 * A seconds countdown (spec §4 auth-code send: 60 s, after which resending is allowed again).
 * `start(n)` begins at n and ticks once a second down to 0; `remaining` is 0 when idle.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) {
        setUntil(null);
        window.clearInterval(timer);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(current + seconds * 1000);
  }, []);
  return { remaining: until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000)), start };
}
