import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';

/**
 * Signed, short-lived media URLs (decision 0030):
 * `/api/media/{uploadId}/{expires}/{signature}/{path}` where `expires` is Unix
 * seconds and `signature` is base64url HMAC-SHA256 over
 * `{uploadId}.{userId}.{expires}` with the configured key. `userId` is 0 for an
 * anonymous visitor. The path is not signed, so an HLS playlist's relative
 * segment URLs stay valid under the same prefix; what the path may name is
 * limited to the upload's own objects by the media route.
 */
export const MEDIA_URL_PREFIX = '/api/media';

function mac(config: Config, uploadId: number, userId: number, expires: number): string {
  return createHmac('sha256', config.media.urlSecret).update(`${uploadId}.${userId}.${expires}`).digest('base64url');
}

/** A signed URL for `path` of upload `uploadId`, valid for `userId` until now + the configured life (or `ttlSeconds`). */
export function signMediaUrl(config: Config, uploadId: number, userId: number, path: string, options: { now?: number; ttlSeconds?: number } = {}): string {
  const expires = Math.floor((options.now ?? Date.now()) / 1000) + (options.ttlSeconds ?? config.media.urlTtlSeconds);
  return `${MEDIA_URL_PREFIX}/${uploadId}/${expires}/${mac(config, uploadId, userId, expires)}/${path}`;
}

/** Whether `signature` is valid for the upload, user and `expires`, and `expires` (Unix seconds) is not past. Constant-time comparison. */
export function verifyMediaSignature(config: Config, uploadId: number, userId: number, expires: number, signature: string, now = Date.now()): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(mac(config, uploadId, userId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
