import mime from 'mime-types';
import type { Cmi, ScormRuntime, ScormRuntimeStored, ScormSummary } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../access/authorize.js';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import type { UploadRow } from '../uploads/uploads.repository.js';
import { upsertCompletedReadRecord } from '../activities/read-records.repository.js';
import { emit, transaction } from '../events/events.service.js';
import { signScormContentPath } from './scorm-content-url.js';
import { CMI_MAX_CHARS, cmiForLaunch, cmiValue, trackedFields } from './scorm-cmi.js';
import {
  closeRuntimeSession,
  findRuntimeRecord,
  findScormPackage,
  listRuntimeStatuses,
  upsertRuntimeCommit,
  type PackageRow,
  listActivityScores,
} from './scorm.repository.js';

export async function findPackage(deps: AppDeps, uploadId: number): Promise<PackageRow | undefined> {
  return findScormPackage(deps.db, uploadId);
}

/**
 * Spec §3 Scorm on `GET /api/uploads/{id}?preview=true`: `status_code` 200 with
 * the manifest when ready; 202 while processing; 422 with the failure reason
 * when the package was refused (spec §4 display status: only ready shows).
 */
export async function scormSummary(deps: AppDeps, row: UploadRow): Promise<ScormSummary | null> {
  if (row.type !== 'scorm') return null;
  const pkg = row.status === 'ready' ? await findPackage(deps, row.id) : undefined;
  if (pkg) return { id: row.id, data: { manifest: { version: pkg.version, title: pkg.title, scos: pkg.scos } }, status_code: 200, message: null };
  if (row.status === 'failed')
    return { id: row.id, data: { manifest: null }, status_code: 422, message: row.failureReason ?? 'This SCORM package could not be processed' };
  return { id: row.id, data: { manifest: null }, status_code: 202, message: 'This SCORM package is being processed' };
}

async function readyPackage(deps: AppDeps, row: UploadRow): Promise<PackageRow> {
  const pkg = row.status === 'ready' ? await findPackage(deps, row.id) : undefined;
  if (!pkg)
    throw new AppError(
      'SCORM_NOT_READY',
      row.status === 'failed' ? (row.failureReason ?? 'This SCORM package could not be processed') : 'This SCORM package is being processed',
    );
  return pkg;
}

/**
 * `GET /api/uploads/scorm/{id}?sco=&preview=true` (spec §7): where to launch a SCO (the first
 * when `sco` is absent): the bridge host page on the package content origin `contentOrigin`
 * (issue 20 §3, `launchPathOf`). Course members (getUploadContent: not an exam subject's file for
 * learners). Throws SCORM_NOT_READY, VALIDATION_FAILED (unknown sco).
 */
export async function launchLocation(deps: AppDeps, actor: Actor, uploadId: number, sco: string | undefined, contentOrigin: string): Promise<string> {
  const { row } = await authorize(deps, actor, 'upload.read_content', { uploadId: uploadId });
  return launchPathOf(deps, row, sco, contentOrigin);
}

/**
 * Where SCO `sco` (the first when undefined) of a ready package launches (issue 20 §3, decision
 * 0120): `{contentOrigin}/atrium-scorm/host.html#v={version}&launch={signed path}`, the content
 * origin's bridge page, which loads the launch file from its signed path (`signScormContentPath`,
 * valid for the whole package) once the app page sent the learner's CMI. Throws SCORM_NOT_READY,
 * VALIDATION_FAILED (field sco).
 */
export async function launchPathOf(deps: AppDeps, row: UploadRow, sco: string | undefined, contentOrigin: string): Promise<string> {
  const pkg = await readyPackage(deps, row);
  const chosen = sco === undefined ? pkg.scos[0] : pkg.scos.find((s) => s.identifier === sco);
  if (!chosen) throw AppError.field('sco', 'This package has no such SCO');
  const cut = chosen.launch.search(/[?#]/);
  const [file, rest] = cut === -1 ? [chosen.launch, ''] : [chosen.launch.slice(0, cut), chosen.launch.slice(cut)];
  const launch =
    file
      .split('/')
      .map((part) => encodeURIComponent(decodeURIComponent(part)))
      .join('/') + rest;
  const hash = new URLSearchParams({ v: pkg.version, launch: signScormContentPath(deps, row.id, launch) });
  return `${contentOrigin}/atrium-scorm/host.html#${hash.toString()}`;
}

/**
 * Where an app-origin package file address (`…/uploads/scorm/{id}/content/{path}`, kept for old
 * links) now points: the file's signed address on the content origin, after checking it exists.
 * Package files are never served on the app origin (issue 20 §3). SCORM_NOT_READY, UPLOAD_NOT_FOUND.
 */
export async function contentLocationOf(deps: AppDeps, row: UploadRow, path: string, contentOrigin: string): Promise<string> {
  await scormFileOf(deps, row, path);
  const encoded = path
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  return `${contentOrigin}${signScormContentPath(deps, row.id, encoded)}`;
}

/** The content-origin address of file `path` of package `uploadId` for `GET /api/uploads/scorm/{id}/content/*` (course members). */
export async function scormContentLocation(deps: AppDeps, actor: Actor, uploadId: number, path: string, contentOrigin: string): Promise<string> {
  const { row } = await authorize(deps, actor, 'upload.read_content', { uploadId: uploadId });
  return contentLocationOf(deps, row, path, contentOrigin);
}

/** A file of the ready package of `row` (already authorised): its key, content type and size. SCORM_NOT_READY, UPLOAD_NOT_FOUND. */
export async function scormFileOf(deps: AppDeps, row: UploadRow, path: string): Promise<{ key: string; mimeType: string; size: number }> {
  const pkg = await readyPackage(deps, row);
  const key = Object.hasOwn(pkg.files, path) ? pkg.files[path] : undefined;
  const stat = key ? await deps.storage.stat(key) : undefined;
  if (!key || !stat) throw new AppError('UPLOAD_NOT_FOUND', 'This package has no such file');
  return { key, mimeType: mime.contentType(path.split('/').at(-1) ?? '') || 'application/octet-stream', size: stat.size };
}

async function runtimeContext(deps: AppDeps, actor: Actor, uploadId: number, activityId: number, sco: string) {
  const access = await authorize(deps, actor, 'upload.in_activity', { activityId: activityId, uploadId: uploadId });
  const { upload } = access;
  if (upload.type !== 'scorm') throw AppError.field('id', 'This file is not a SCORM package');
  const pkg = await readyPackage(deps, upload);
  if (!pkg.scos.some((s) => s.identifier === sco)) throw AppError.field('sco', 'This package has no such SCO');
  return { upload, pkg, access };
}

/**
 * `GET /api/uploads/scorm/{id}/runtime?activity_id=&sco=` (decision 0031): a
 * launch. The previous session's time is added to the total, and the learner's
 * stored CMI is answered with `total_time` set (null on a first launch).
 */
export async function launchRuntime(deps: AppDeps, actor: Actor, uploadId: number, activityId: number, sco: string): Promise<ScormRuntime> {
  const { pkg } = await runtimeContext(deps, actor, uploadId, activityId, sco);
  const record = await findRuntimeRecord(deps.db, { uploadId, activityId, userId: actor.id, sco });
  let cmi: Cmi | null = null;
  if (record) {
    const total = record.totalSeconds + record.sessionSeconds;
    await closeRuntimeSession(deps.db, record.id, total);
    cmi = record.cmi ? cmiForLaunch(record.cmi, pkg.version, total) : null;
  }
  return { version: pkg.version, cmi, scos: pkg.scos };
}

/**
 * `PUT /api/uploads/scorm/{id}/runtime?activity_id=&sco=`: stores the committed
 * CMI per learner and SCO; lesson/completion status, score, location and
 * suspend_data are copied out, and the session time (cumulative within a
 * session) replaces this session's seconds. When the SCO reports completed or
 * passed and every SCO of the package has, the activity read record of the
 * upload is marked completed and study completeness recomputed. A commit with a score emits
 * scorm.progressed (the gradebook's). VALIDATION_FAILED when the CMI is too large.
 */
export async function commitRuntime(deps: AppDeps, actor: Actor, uploadId: number, activityId: number, sco: string, cmi: Cmi): Promise<ScormRuntimeStored> {
  const { pkg, access } = await runtimeContext(deps, actor, uploadId, activityId, sco);
  if (JSON.stringify(cmi).length > CMI_MAX_CHARS) throw AppError.field('cmi', `The CMI data is larger than ${CMI_MAX_CHARS} characters`);
  const fields = trackedFields(cmi, pkg.version);
  const values = { cmi, status: fields.status, score: fields.score, location: fields.location, suspendData: fields.suspendData, updatedAt: new Date() };
  // A commit that carries a score tells the gradebook (scorm.progressed); others are just stored.
  const row = await transaction(deps, async (tx) => {
    const written = await upsertRuntimeCommit(tx, { uploadId, activityId, userId: actor.id, sco }, values, fields.sessionSeconds);
    if (fields.score !== null)
      await emit(deps, tx, {
        type: 'scorm.progressed',
        payload: { course_id: access.courseId, activity_id: activityId, upload_id: uploadId, user_id: actor.id },
      });
    return written;
  });
  if (isFinishedStatus(fields.status) || isFinishedStatus(successStatus(cmi, pkg.version)))
    await completePackageIfFinished(deps, access.courseId, activityId, uploadId, actor.id, pkg);
  return { status: row.status, score: row.score, location: row.location, total_time: row.totalSeconds + row.sessionSeconds };
}

/** SCORM statuses that finish a SCO (1.2 lesson_status, 2004 completion_status / success_status). */
function isFinishedStatus(status: string | null | undefined): boolean {
  return status === 'completed' || status === 'passed';
}

/** 2004 `cmi.success_status` (null for 1.2, where `passed` is a lesson_status). */
function successStatus(cmi: Cmi, version: PackageRow['version']): string | null {
  if (version === '1.2') return null;
  const value = cmiValue(cmi as Record<string, unknown>, 'success_status');
  return typeof value === 'string' ? value : null;
}

/**
 * When every SCO of the package has reported completed or passed (its stored
 * runtime record, or the 2004 success_status in its CMI), marks the learner's
 * activity read record of this upload completed and emits `activity.read`, whose
 * handler recomputes their course study completeness (spec §3 Activity read record, Study completeness; the
 * scorm rule of isActivityCompleted needs this flag, a visit is not enough).
 */
async function completePackageIfFinished(
  deps: AppDeps,
  courseId: number,
  activityId: number,
  uploadId: number,
  userId: number,
  pkg: PackageRow,
): Promise<void> {
  const rows = await listRuntimeStatuses(deps.db, uploadId, activityId, userId);
  const finished = new Set(
    rows.filter((r) => isFinishedStatus(r.status) || (r.cmi !== null && isFinishedStatus(successStatus(r.cmi, pkg.version)))).map((r) => r.sco),
  );
  if (!pkg.scos.every((s) => finished.has(s.identifier))) return;
  const now = new Date();
  await transaction(deps, async (tx) => {
    await upsertCompletedReadRecord(tx, { activityId, userId, uploadId }, now);
    await emit(deps, tx, { type: 'activity.read', payload: { course_id: courseId, activity_id: activityId, user_id: userId, upload_id: uploadId } });
  });
}

/**
 * A learner's SCORM score of an activity for the gradebook (issue 16 §3): the mean, over the SCOs
 * that reported a score, of raw ÷ max as a percentage (max from `cmi.core.score.max` in 1.2 or
 * `cmi.score.max` in 2004, else 100; 2004's scaled score already arrives as raw × 100), rounded to
 * two decimals and clamped to 0–100. Null when no SCO reported a score. `db` may be a handler's transaction.
 */
export async function scormGradeOf(db: Db, activityId: number, userId: number): Promise<number | null> {
  const rows = await listActivityScores(db, activityId, userId);
  if (rows.length === 0) return null;
  const percentages = rows.map(({ score, cmi }) => {
    const maxValue = Number(cmi ? (cmiValue(cmi, 'core.score.max') ?? cmiValue(cmi, 'score.max')) : undefined);
    const max = Number.isFinite(maxValue) && maxValue > 0 ? maxValue : 100;
    return Math.min(100, Math.max(0, (score / max) * 100));
  });
  return Math.round((percentages.reduce((a, b) => a + b, 0) / percentages.length) * 100) / 100;
}
