import { isIPv6 } from 'node:net';
import type { Locale, LoginBody, User } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { AppDeps } from '../../lib/deps.js';
import { emit, transaction } from '../events/events.service.js';
import { findUserByUserName, findUserWithOrg, setLastSignIn, setUserLocale, setUserTimeZone, type UserWithOrg } from '../users/users.repository.js';
import { presentUser } from '../users/users.presenter.js';
import { clearAccountAttempts, recordAddressFailure, reserveLoginAttempt, type LockoutRule } from './login-attempts.repository.js';
import { verifyPassword } from './password.js';
import { sessionCacheOf } from './session-cache.js';
import { deleteExpiredSessions, deleteSessionByTokenHash, findSessionUser, insertSession } from './sessions.repository.js';

/** A successful login: the user to answer and the new session token for the cookie. */
export interface LoginResult {
  user: User;
  token: string;
  expiresAt: Date;
}

/**
 * Sign-in lockout of one account (decision 0120 §1): the first 5 failures within the window are free;
 * from the 5th on, the next attempt waits 2^(failures − 5) s (1 s, 2 s, 4 s …), at most 15 minutes.
 * The count starts again an hour after the last failure; a success clears it.
 */
export const ACCOUNT_LOCKOUT: LockoutRule = { threshold: 5, capSeconds: 15 * 60, windowSeconds: 60 * 60 };

/**
 * Sign-in lockout of one client address (decision 0120 §1), more lenient: many people may share one
 * address (a school's NAT, a proxy when TRUST_PROXY is not set). From the 20th failure within the window on,
 * the next attempt from it waits 2^(failures − 20) s, at most 15 minutes. Successes do not clear it.
 */
export const ADDRESS_LOCKOUT: LockoutRule = { threshold: 20, capSeconds: 15 * 60, windowSeconds: 60 * 60 };

/**
 * The key an address is counted under: IPv4 as is (also when IPv4-mapped, `::ffff:1.2.3.4`), IPv6 by its
 * /64 network (one host commonly holds a whole /64, so counting single IPv6 addresses would let it rotate).
 */
export function loginAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Checks credentials and opens a new session (issue 2 §5). The token is 128-bit
 * random and stored only as SHA-256; a previous session of this browser
 * (`previousToken`) is ended, so the token rotates on every login.
 * Throws INVALID_CREDENTIALS (401) without saying which part was wrong, and LoginLockedError (429 at the
 * route) while the user name or the address is locked out after failed attempts
 * (ACCOUNT_LOCKOUT, ADDRESS_LOCKOUT; counted in `login_attempts`, so on every instance). A locked
 * attempt is refused before the password is looked at, whether it is right or not.
 */
export async function login(
  deps: AppDeps,
  input: LoginBody,
  meta: { previousToken: string | undefined; userAgent: string | undefined; ip: string },
): Promise<LoginResult> {
  const now = new Date();
  const userKey = input.user_name.toLowerCase();
  const addressKey = loginAddressKey(meta.ip);
  const reservation = await reserveLoginAttempt(deps.db, { userKey, addressKey, now, account: ACCOUNT_LOCKOUT });
  if (!reservation.allowed) throw lockedOut(reservation.lockedUntil, now);

  const row = await findUserByUserName(deps.db, input.user_name);
  const isMatch = await verifyPassword(row?.passwordHash, input.password);
  const withOrg = row && isMatch ? await findUserWithOrg(deps.db, row.id) : undefined;
  if (!row || !withOrg) {
    // The account's failure was counted by the reservation; the address's is counted now.
    await recordAddressFailure(deps.db, { addressKey, now, rule: ADDRESS_LOCKOUT });
    throw new AppError('INVALID_CREDENTIALS', 'The user name or password is incorrect');
  }
  await clearAccountAttempts(deps.db, { userKey, now, windowSeconds: ACCOUNT_LOCKOUT.windowSeconds });

  const token = randomToken();
  const expiresAt = new Date(now.getTime() + deps.config.sessionTtlMs);
  await deps.db.transaction(async (tx) => {
    if (meta.previousToken) {
      sessionCacheOf(deps).dropToken(meta.previousToken);
      await deleteSessionByTokenHash(tx, sha256Hex(meta.previousToken));
    }
    await deleteExpiredSessions(tx, now);
    await insertSession(tx, {
      userId: row.id,
      tokenHash: sha256Hex(token),
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
    });
    await setLastSignIn(tx, row.id, now);
  });
  return { user: presentUser(withOrg), token, expiresAt };
}

/** Ends the session of `token` (no error when there is none). */
export async function logout(deps: AppDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  sessionCacheOf(deps).dropToken(token);
  await deleteSessionByTokenHash(deps.db, sha256Hex(token));
}

/** The user behind a session token, or null when the token is missing, unknown or expired. */
export async function resolveSession(deps: AppDeps, token: string | undefined): Promise<UserWithOrg | null> {
  if (!token || token.length > 100) return null;
  // The cache is keyed by the token itself (process memory only), so a hit costs no hashing.
  const cache = sessionCacheOf(deps);
  const now = new Date();
  const cached = cache.get(token, now.getTime());
  if (cached) return cached;
  const found = await findSessionUser(deps.db, sha256Hex(token), now);
  if (found) cache.set(token, found, now.getTime());
  return found ?? null;
}

/** Forgets the cached sessions of a user after a change through the API (time zone, …). */
export function forgetCachedSessions(deps: AppDeps, userId: number): void {
  sessionCacheOf(deps).dropUser(userId);
}

/**
 * `PUT /api/user/time-zone` (beyond the spec; decision 0020): stores the user's IANA zone
 * (already checked by UpdateTimeZoneBodySchema: 400 naming time_zone otherwise), or null to
 * follow the organisation's. The calendar expands timetables and draws in this zone.
 */
export async function updateTimeZone(deps: AppDeps, userId: number, timeZone: string | null): Promise<User> {
  // The user's cached calendar answers (decision 0020) were expanded in the old zone: the event's handler forgets them.
  await transaction(deps, async (tx) => {
    await setUserTimeZone(tx, userId, timeZone);
    await emit(deps, tx, { type: 'user.time_zone_changed', payload: { user_id: userId, time_zone: timeZone } });
  });
  forgetCachedSessions(deps, userId);
  const withOrg = await findUserWithOrg(deps.db, userId);
  if (!withOrg) throw new AppError('USER_NOT_FOUND', 'This user does not exist');
  return presentUser(withOrg);
}

/**
 * `PUT /api/user/locale` (beyond the spec; decision 0141): stores the interface language the user
 * chose in the language menu (one of spec §1's, checked by UpdateLocaleBodySchema: 400 naming
 * locale otherwise), or null to forget it. E-mails to the user are written in it.
 */
export async function updateLocale(deps: AppDeps, userId: number, locale: Locale | null): Promise<User> {
  await setUserLocale(deps.db, userId, locale);
  forgetCachedSessions(deps, userId);
  const withOrg = await findUserWithOrg(deps.db, userId);
  if (!withOrg) throw new AppError('USER_NOT_FOUND', 'This user does not exist');
  return presentUser(withOrg);
}

/**
 * A sign-in refused because the user name or the address is locked out; `retryAfterMs` is how long
 * until the lock ends (ms, at least 1000). The route answers it as 429 RATE_LIMITED.
 */
export class LoginLockedError extends Error {
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number) {
    super('Too many failed sign-ins');
    this.name = 'LoginLockedError';
    this.retryAfterMs = retryAfterMs;
  }
}

function lockedOut(lockedUntil: Date | null, now: Date): LoginLockedError {
  return new LoginLockedError(Math.max(1000, lockedUntil ? lockedUntil.getTime() - now.getTime() : 1000));
}
