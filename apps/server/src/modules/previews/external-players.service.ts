import type { Arrears, ExternalPlayerUrl, RmsVideoUrls } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../access/authorize.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { NOT_FOUND_MESSAGE } from '../uploads/uploads.service.js';
import { arrearsOf } from './previews.service.js';

/**
 * The externally hosted players of spec §3 Upload (lesson resources, lecture
 * captures, RMS videos; spec §7). Atrium configures no external provider, so
 * every call answers honestly that nothing can play: `url: null`, `status_code`
 * 503 and a message the previewer shows (spec §4 display status, §8). Access is
 * the course-file access of `GET /api/uploads/{id}` (UPLOAD_NOT_FOUND 404,
 * FORBIDDEN 403), checked before anything is answered.
 */
const NOT_CONFIGURED_STATUS = 503;

const MESSAGES = {
  'lesson-resource': 'No lesson-resource provider is configured on this Atrium server, so this resource cannot be played.',
  capture: 'No lecture-capture provider is configured on this Atrium server, so this capture cannot be played.',
  rms: 'No RMS resource service is configured on this Atrium server, so this file has no RMS preview.',
} as const;

/** The upload of the given external type the actor may open; UPLOAD_NOT_FOUND when it is another type. */
async function externalUpload(deps: AppDeps, actor: Actor, uploadId: number, type: 'lesson-resource' | 'capture') {
  const { row } = await authorize(deps, actor, 'upload.read_content', { uploadId });
  if (row.type !== type) throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  return row;
}

/** `GET /api/resource-file/{id}/player-url?from_page=` (spec §7): a lesson resource's player; `id` is its upload id. */
export async function resourceFilePlayerUrl(deps: AppDeps, actor: Actor, uploadId: number): Promise<ExternalPlayerUrl> {
  await externalUpload(deps, actor, uploadId, 'lesson-resource');
  return { url: null, status_code: NOT_CONFIGURED_STATUS, message: MESSAGES['lesson-resource'] };
}

/** `GET /api/captures/{code}/player-url` (spec §7): a lecture capture's player; the code is the capture upload's id (UPLOAD_NOT_FOUND otherwise). */
export async function capturePlayerUrl(deps: AppDeps, actor: Actor, code: string): Promise<ExternalPlayerUrl> {
  if (!/^[1-9]\d{0,9}$/.test(code)) throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  await externalUpload(deps, actor, Number(code), 'capture');
  return { url: null, status_code: NOT_CONFIGURED_STATUS, message: MESSAGES.capture };
}

/** `GET /api/uploads/{id}/rms-preview` (spec §7): the RMS previewer of a file the actor may open. */
export async function rmsPreview(deps: AppDeps, actor: Actor, uploadId: number): Promise<ExternalPlayerUrl> {
  await authorize(deps, actor, 'upload.read_content', { uploadId });
  return { url: null, status_code: NOT_CONFIGURED_STATUS, message: MESSAGES.rms };
}

/** `GET /api/uploads/{id}/rms-video-urls` (spec §7): the RMS renditions of a file the actor may open (none). */
export async function rmsVideoUrls(deps: AppDeps, actor: Actor, uploadId: number): Promise<RmsVideoUrls> {
  await authorize(deps, actor, 'upload.read_content', { uploadId });
  return { video_urls: [], status_code: NOT_CONFIGURED_STATUS, message: MESSAGES.rms };
}

/**
 * `GET /api/video-quizzes/org/arrears/{id}` and `/api/resource-file/org/arrears/{id}`
 * (spec §7): whether the organisation holding the file (video quizzes and lesson
 * resources are uploads in Atrium; `id` is the upload id) is in transfer arrears,
 * read like `/api/uploads/org/arrears/{id}`: false unless the org is flagged.
 */
export async function externalArrearsOf(deps: AppDeps, actor: Actor, uploadId: number): Promise<Arrears> {
  return arrearsOf(deps, actor, uploadId);
}
