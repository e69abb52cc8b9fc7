import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';

/**
 * Signed, short-lived media URLs (decision 0030):
 * `/api/media/{uploadId}/{expires}/{signature}/{path}` where `expires` is Unix
 * seconds and `signature` is base64url HMAC-SHA256 over
 * `{uploadId}.{userId}.{expires}.{scope}` with the configured key. `userId` is 0 for an
 * anonymous visitor. The signature is bound to its path (issue 20 §6): `scope` is the path
 * itself for a single object (an MP4 rendition, the original, a poster, an audio file), and the
 * folder of an HLS playlist (`hls/360p/`) so the playlist's relative segment URLs stay valid
 * under the same prefix — a URL signed for the 360p rendition opens neither `original` nor
 * another rendition. What the path may name is further limited to the upload's own objects by
 * the media route.
 */
export const MEDIA_URL_PREFIX = '/api/media';

function mac(config: Config, uploadId: number, userId: number, expires: number, scope: string): string {
  return createHmac('sha256', config.media.urlSecret).update(`${uploadId}.${userId}.${expires}.${scope}`).digest('base64url');
}

/** What a URL for `path` is signed for: an HLS playlist's folder (with its trailing slash), else the path itself. */
export function signedScopeOf(path: string): string {
  return path.endsWith('.m3u8') ? path.slice(0, path.lastIndexOf('/') + 1) : path;
}

/** The scopes a request for `path` may have been signed with: the path itself and each folder above it (`hls/360p/`, `hls/`). */
function scopesOf(path: string): string[] {
  const scopes = [path];
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) scopes.push(path.slice(0, i + 1));
  return scopes;
}

/** A signed URL for `path` of upload `uploadId`, valid for `userId` until now + the configured life (or `ttlSeconds`). */
export function signMediaUrl(config: Config, uploadId: number, userId: number, path: string, options: { now?: number; ttlSeconds?: number } = {}): string {
  const expires = Math.floor((options.now ?? Date.now()) / 1000) + (options.ttlSeconds ?? config.media.urlTtlSeconds);
  return `${MEDIA_URL_PREFIX}/${uploadId}/${expires}/${mac(config, uploadId, userId, expires, signedScopeOf(path))}/${path}`;
}

/**
 * Whether `signature` is valid for the upload, user, `expires` and the requested `path` (signed for
 * that path, or for an HLS folder holding it), and `expires` (Unix seconds) is not past.
 * Constant-time comparisons.
 */
export function verifyMediaSignature(
  config: Config,
  uploadId: number,
  userId: number,
  expires: number,
  signature: string,
  path: string,
  now = Date.now(),
): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const given = Buffer.from(signature);
  return scopesOf(path).some((scope) => {
    const expected = Buffer.from(mac(config, uploadId, userId, expires, scope));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
