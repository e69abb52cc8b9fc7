import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';

/**
 * Signed e-mail verification tokens (decision 0102), made the way media URLs are signed
 * (decision 0030, media/signed-url.ts): base64url HMAC-SHA256 with the instance's URL key
 * (`ATRIUM_MEDIA_URL_SECRET`), under a prefix of their own so no media signature is ever a
 * valid token. Token: `{userId}.{expires}.{signature}` where `expires` is Unix seconds and the
 * signature covers `email-verify.{userId}.{lower-cased e-mail}.{expires}`, so a link stops
 * working when the address changes.
 */
function mac(config: Config, userId: number, email: string, expires: number): string {
  return createHmac('sha256', config.media.urlSecret).update(`email-verify.${userId}.${email.toLowerCase()}.${expires}`).digest('base64url');
}

/** A token for `userId`'s `email`, valid `ttlSeconds` from `now` (ms). */
export function signEmailToken(config: Config, userId: number, email: string, ttlSeconds: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return `${userId}.${expires}.${mac(config, userId, email, expires)}`;
}

/** The user id and expiry (Unix seconds) a token names, or undefined when it is not shaped as one. */
export function parseEmailToken(token: string): { userId: number; expires: number; signature: string } | undefined {
  const match = /^([1-9][0-9]{0,9})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  return { userId: Number(match[1]), expires: Number(match[2]), signature: match[3]! };
}

/** Whether `signature` is the one for this user, e-mail and expiry. Constant-time comparison. */
export function isEmailTokenSignatureValid(config: Config, userId: number, email: string, expires: number, signature: string): boolean {
  const expected = Buffer.from(mac(config, userId, email, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
