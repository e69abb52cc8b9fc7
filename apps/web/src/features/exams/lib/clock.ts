/**
 * The attempt's countdown against the server's clock (issue 15): the server answers its `now`
 * with each attempt, so the client's clock may be wrong by any amount and the deadline still
 * falls when the server says. All values in milliseconds.
 */

/** Below this, the countdown turns to a warning (5 minutes). */
export const COUNTDOWN_WARNING_MS = 5 * 60_000;

/** How far the server's clock is ahead of this browser's: the server's `now` minus the client time the answer arrived at. */
export function clockOffsetMs(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Time left until `deadline` (ISO) at client time `clientNow`, on the server's clock; never below 0. */
export function remainingMs(deadline: string, offsetMs: number, clientNow: number): number {
  return Math.max(0, Date.parse(deadline) - (clientNow + offsetMs));
}

/** A duration as `H:MM:SS` (or `MM:SS` under an hour), rounded up to the second so 0 shows only when time is up. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
