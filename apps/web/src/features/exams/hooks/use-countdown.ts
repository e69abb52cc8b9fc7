import { useEffect, useRef, useState } from 'react';
import { COUNTDOWN_WARNING_MS, clockOffsetMs, remainingMs } from '../lib/clock';

export interface Countdown {
  /** Milliseconds left on the server's clock; null without a deadline. */
  remaining: number | null;
  /** Under 5 minutes left. */
  isWarning: boolean;
}

/**
 * A countdown to an attempt's `deadline` (ISO; null: none) on the server's clock: `serverNow` is
 * the server's time in the answer that arrived at client time `receivedAt` (ms), so a browser
 * clock that is off does not move the deadline. Ticks every second; calls `onExpire` once when
 * it reaches 0.
 */
export function useCountdown(deadline: string | null, serverNow: string, receivedAt: number, onExpire: () => void): Countdown {
  const [clientNow, setClientNow] = useState(() => Date.now());
  const offset = clockOffsetMs(serverNow, receivedAt);
  const remaining = deadline ? remainingMs(deadline, offset, clientNow) : null;
  const onExpireRef = useRef(onExpire);
  const expiredFor = useRef<string | null>(null);
  useEffect(() => {
    onExpireRef.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    if (!deadline) return;
    const timer = window.setInterval(() => setClientNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  useEffect(() => {
    if (remaining !== 0 || !deadline || expiredFor.current === deadline) return;
    expiredFor.current = deadline;
    onExpireRef.current();
  }, [remaining, deadline]);

  return { remaining, isWarning: remaining !== null && remaining <= COUNTDOWN_WARNING_MS };
}
