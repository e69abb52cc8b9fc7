import { STAT_STREAM_PATHS, type ReporterToken } from '@atrium/contracts';

/**
 * The statistics beacon's calls (issue 25 item 1; the queue and its timing are lib/stats-beacon.ts). Not the
 * api client: the body is JSON sent as a `text/plain;charset=UTF-8` Blob — a "simple" request, which may go to
 * the statistics server's other origin without a CORS preflight (decision 0147) — the request must outlive its
 * page (`keepalive`, beacons), and a 401 here must not send anyone to the login page.
 */

/** `{stats_url}/api/user-actions`: `statsUrl` is the `stats_url` of `GET /api/config` (an origin; null: this server). */
export function userActionsUrl(statsUrl: string | null): string {
  return `${(statsUrl ?? '').replace(/\/+$/, '')}${STAT_STREAM_PATHS.user_action}`;
}

/**
 * A batch's body: `{ "events": [...], "sent_at": <this device's clock, ms> }` as JSON in a Blob typed text/plain
 * (UTF-8); the server moves the events' times by the difference to its clock (a device whose clock is off).
 */
export function statsBody(events: readonly object[], reporter?: string): Blob {
  return new Blob([JSON.stringify({ events, sent_at: Date.now(), ...(reporter ? { reporter } : {}) })], { type: 'text/plain;charset=UTF-8' });
}

/**
 * `POST {url}` of a batch with `fetch`: keepalive (it outlives the page), cookies included. Answers the
 * server's response (200 `{ accepted, duplicates }`, 400 `{ code, message, errors }`); rejects on a network
 * failure (and on a cross-origin answer without CORS headers).
 */
export function postStatsBatch(url: string, events: readonly object[], reporter?: string): Promise<Response> {
  return fetch(url, { method: 'POST', body: statsBody(events, reporter), keepalive: true, credentials: 'include' });
}

/**
 * `GET /api/stat/reporter-token` of this server: the token naming the signed-in user that a statistics server run
 * apart trusts (null when the statistics are embedded or no secret is shared), with its expiry (ISO 8601).
 * Rejects on a network failure or a non-2xx answer.
 */
export async function fetchReporterToken(): Promise<ReporterToken> {
  const response = await fetch('/api/stat/reporter-token', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`reporter token: ${response.status}`);
  return (await response.json()) as ReporterToken;
}

/**
 * The same batch through `navigator.sendBeacon`, which the browser delivers even after the page is gone;
 * no answer is ever seen. True when the browser took it; false when it refused it (its budget for beacons
 * spent) or has no sendBeacon.
 */
export function beaconStatsBatch(url: string, events: readonly object[], reporter?: string): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  try {
    return navigator.sendBeacon(url, statsBody(events, reporter));
  } catch {
    return false;
  }
}

/** True where the browser can send beacons. */
export function canBeacon(): boolean {
  return typeof navigator.sendBeacon === 'function';
}
