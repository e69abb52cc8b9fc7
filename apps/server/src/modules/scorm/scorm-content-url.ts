/**
 * Signed paths of the SCORM package content origin (issue 20 §3, decision 0120), apart from the
 * listener (scorm-content.ts) so the launch service can sign without importing the server.
 */
import type { AppDeps } from '../../lib/deps.js';
import { signMediaUrl } from '../media/signed-url.js';

/**
 * Life of a signed package URL in seconds: a learner stays in one SCO for a lesson, and packages
 * (Storyline, Captivate) load slides and media lazily all along; a relaunch signs anew.
 */
export const SCORM_CONTENT_URL_LIFE_SECONDS = 4 * 3600;

/**
 * The user id package URLs are signed for (decision 0030's signature, scope `scorm/`): no session
 * user ever has it, so a package signature opens nothing on `/api/media`, and the media route
 * refuses `scorm/` paths anyway.
 */
export const SCORM_CONTENT_SIGNER = -1;
export const SCORM_CONTENT_SCOPE = 'scorm/';

/** `/scorm/{uploadId}/{expires}/{signature}/{path}`: a package file's path on the content origin, signed for the whole package (relative links stay valid). */
export function signScormContentPath(deps: Pick<AppDeps, 'config'>, uploadId: number, path: string, now = Date.now()): string {
  const signed = signMediaUrl(deps.config, uploadId, SCORM_CONTENT_SIGNER, SCORM_CONTENT_SCOPE, { now, ttlSeconds: SCORM_CONTENT_URL_LIFE_SECONDS });
  const [expires, signature] = signed.split('/').slice(-4, -2);
  return `/scorm/${uploadId}/${expires}/${signature}/${path}`;
}
