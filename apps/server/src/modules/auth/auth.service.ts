import type { LoginBody, User } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { AppDeps } from '../../lib/deps.js';
import { emit, transaction } from '../events/events.service.js';
import { findUserByUserName, findUserWithOrg, setUserTimeZone, type UserWithOrg } from '../users/users.repository.js';
import { presentUser } from '../users/users.presenter.js';
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
 * Checks credentials and opens a new session (issue 2 §5). The token is 128-bit
 * random and stored only as SHA-256; a previous session of this browser
 * (`previousToken`) is ended, so the token rotates on every login.
 * Throws INVALID_CREDENTIALS (401) without saying which part was wrong.
 */
export async function login(
  deps: AppDeps,
  input: LoginBody,
  meta: { previousToken: string | undefined; userAgent: string | undefined; ip: string },
): Promise<LoginResult> {
  const row = await findUserByUserName(deps.db, input.user_name);
  const isMatch = await verifyPassword(row?.passwordHash, input.password);
  if (!row || !isMatch) throw new AppError('INVALID_CREDENTIALS', 'The user name or password is incorrect');
  const withOrg = await findUserWithOrg(deps.db, row.id);
  if (!withOrg) throw new AppError('INVALID_CREDENTIALS', 'The user name or password is incorrect');

  const token = randomToken();
  const now = new Date();
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
