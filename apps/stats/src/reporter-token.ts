import { errors, jwtVerify, SignJWT } from 'jose';
import type { Reporter } from './store.js';

/**
 * Who reports to a statistics server that runs apart from the main server (issue 25 item 1; decision 0147):
 * the main server's session does not reach another origin, so the main server hands out a reporter token — a
 * JWT (RFC 7519) signed HS256 (RFC 7518 §3.2) with the secret both servers share (`STATS_SECRET`) — naming the
 * user and organisation it stands for, and the statistics server takes events under it only when it verifies.
 *
 * Claims: `sub` the user id (absent for a visitor), `org` the organisation id, `src` `client` (a browser's
 * beacon) or `server` (the main server forwarding its domain events), `iss`/`aud` `atrium`/`atrium-stats`,
 * `exp` the expiry (seconds since the epoch, as RFC 7519 says).
 */

/** A verified reporter: who, and whether the main server itself forwards (source `server`) or a browser reports. */
export interface TokenReporter extends Reporter {
  source: 'client' | 'server';
}

/** How long a browser's reporter token lasts: 12 hours, in ms (the web app fetches a new one an hour before). */
export const REPORTER_TOKEN_TTL_MS = 12 * 3600_000;
/** How long the main server's own forwarding token lasts: 5 minutes, in ms (one is signed per forwarded batch). */
export const SERVER_TOKEN_TTL_MS = 5 * 60_000;
/** Shortest shared secret, in characters (32 bytes of entropy as hex or base64 and more). */
export const STATS_SECRET_MIN_LENGTH = 32;

const ISSUER = 'atrium';
const AUDIENCE = 'atrium-stats';

function keyOf(secret: string): Uint8Array {
  if (secret.length < STATS_SECRET_MIN_LENGTH) throw new Error(`the statistics secret must be at least ${STATS_SECRET_MIN_LENGTH} characters`);
  return new TextEncoder().encode(secret);
}

/** Signs a reporter token for `reporter` valid until `expiresAt` (epoch ms). Throws when `secret` is shorter than 32 characters. */
export async function signReporterToken(secret: string, reporter: TokenReporter, expiresAt: number): Promise<string> {
  const jwt = new SignJWT({ org: reporter.orgId ?? undefined, src: reporter.source })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt / 1000));
  if (reporter.userId !== null) jwt.setSubject(String(reporter.userId));
  return jwt.sign(keyOf(secret));
}

/**
 * The main server's call to the statistics server apart (issue 25; decision 0147): POSTs `body` as JSON to
 * `{statsUrl}{path}` under a fresh server token for `reporter` (SERVER_TOKEN_TTL_MS), giving up after `timeoutMs`.
 * Answers the parsed JSON answer. Throws on a refused secret, a network failure or timeout, and a non-2xx answer
 * (naming the status).
 */
export async function postAsServer(statsUrl: string, secret: string, reporter: Reporter, path: string, body: unknown, timeoutMs: number): Promise<unknown> {
  const token = await signReporterToken(secret, { ...reporter, source: 'server' }, Date.now() + SERVER_TOKEN_TTL_MS);
  const response = await fetch(`${statsUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`the statistics server at ${statsUrl} answered ${response.status} to ${path}`);
  return response.json();
}

/** Why a token was refused: `expired` (a new one will do) or `invalid` (forged, another secret, malformed). */
export type TokenProblem = 'expired' | 'invalid';

/**
 * Verifies a reporter token at `now` (epoch ms): its signature under `secret` (HS256 only), issuer, audience and
 * expiry. Answers the reporter, or the problem.
 */
export async function verifyReporterToken(secret: string, token: string, now: number = Date.now()): Promise<TokenReporter | { problem: TokenProblem }> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(now),
    });
    const userId = payload.sub === undefined ? null : Number(payload.sub);
    const orgId = typeof payload.org === 'number' ? payload.org : null;
    if ((userId !== null && !(Number.isInteger(userId) && userId > 0)) || (payload.src !== 'client' && payload.src !== 'server')) return { problem: 'invalid' };
    return { userId, orgId, source: payload.src };
  } catch (error) {
    return { problem: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
