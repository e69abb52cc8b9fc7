import {
  TEXT_EXTENSIONS,
  extensionOf,
  type Arrears,
  type OfficePreviewProvider,
  type ActivityFile,
  type GuestActivity,
  type PlayerOptions,
  type PreviewUrl,
  type UploadPreview,
} from '@atrium/contracts';
import { OFFICE_EXTENSIONS } from '../../jobs/documents.js';
import { readHead } from '../../storage/object-store.js';
import { guestPlayerOptions, presentAudio } from '../media/media.service.js';
import { TEXT_PREVIEW_BYTES } from '../uploads/upload-processing.service.js';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../access/authorize.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { DEFAULT_ORG_SETTINGS, findOrgSettings, officePreviewToggles } from '../orgs/orgs.repository.js';
import { signMediaUrl } from '../media/signed-url.js';
import { scormSummary } from '../scorm/scorm.service.js';
import { presentUpload } from '../uploads/uploads.presenter.js';
import { listUploadLabels, listVideosOf, type UploadRow } from '../uploads/uploads.repository.js';
import { listCourseActivityTypes, listGuestActivityFiles, listHeldUploads } from '../activities/activity-facts.repository.js';
import { may } from '../courses/courses.policy.js';
import { listSubjectUploadsOf } from '../exams/exams.repository.js';
import { contentLocationOf, launchPathOf } from '../scorm/scorm.service.js';
import { findActivity, listFileHolders } from '../activities/activities.repository.js';
import { findSubmissionOfUpload } from '../homework/homework.repository.js';

/** The embedded PDF viewer of spec §1 (`/note-bene/pdf-viewer?file=`), and its visitor variant. */
export const PDF_VIEWER_PATH = '/note-bene/pdf-viewer';
export const ANONYMOUS_PDF_VIEWER_PATH = '/anonymous-api/pdf-viewer';

async function settingsOf(deps: AppDeps, orgId: number) {
  const settings = await findOrgSettings(deps.db, orgId);
  return { ...DEFAULT_ORG_SETTINGS, ...settings };
}

/** `GET /api/uploads/{id}?preview=true` (spec §7): the upload with `audio` (its playable audio) and `scorm` (spec §3 Scorm), for an upload already authorised. */
export async function presentPreview(deps: AppDeps, row: UploadRow): Promise<UploadPreview> {
  const upload = presentUpload(row, await listVideosOf(deps.db, [row.id]));
  return {
    ...upload,
    audio: row.type === 'audio' && row.status === 'ready' && row.meta.audioKey ? { id: row.id } : null,
    scorm: await scormSummary(deps, row),
    is_text_file: upload.isTextFile,
  };
}

/** A signed URL of the PDF a document shows (the original PDF or LibreOffice's output), or null while there is none. */
export function signedPdfUrl(deps: AppDeps, row: UploadRow, userId: number): string | null {
  const pdfKey = row.meta.pdfKey;
  if (row.status !== 'ready' || !pdfKey) return null;
  return signMediaUrl(deps.config, row.id, userId, pdfKey === row.key ? 'original' : pdfKey.split('/').slice(2).join('/'));
}

const TOGGLE_OF: Record<OfficePreviewProvider, 'wps_preview' | 'aliyun' | 'yz_office_preview' | 'private_wps'> = {
  wps: 'wps_preview',
  aliyun: 'aliyun',
  yz: 'yz_office_preview',
  'private-wps': 'private_wps',
};

/** Previewers a homework or exam allows only for its own files (spec §6). */
const RESTRICTED_IN_ASSESSMENTS: ReadonlySet<OfficePreviewProvider> = new Set(['aliyun', 'private-wps']);

/**
 * Spec §6: opened in a homework or exam activity, the private and Aliyun previewers serve only files
 * belonging to that activity — files it holds, its exam subjects' files, its homework brief's
 * attachments and its submissions' files (learners', feedback and annotated copies). FORBIDDEN
 * otherwise; an activity of another type (or none) adds no rule.
 */
async function assertAssessmentFile(deps: AppDeps, activityId: number, uploadId: number): Promise<void> {
  const activity = await findActivity(deps.db, activityId);
  if (!activity || (activity.type !== 'homework' && activity.type !== 'exam')) return;
  const attachments = (activity.data as { attachment_upload_ids?: unknown } | null)?.attachment_upload_ids;
  if (Array.isArray(attachments) && attachments.includes(uploadId)) return;
  const holders = await listFileHolders(deps.db, [uploadId]);
  if (holders.some((h) => h.activityId === activityId)) return;
  const submission = await findSubmissionOfUpload(deps.db, uploadId);
  if (submission?.submission.activityId === activityId) return;
  throw new AppError('FORBIDDEN', 'In a homework or exam, this previewer opens only the activity’s own files');
}

/**
 * `GET /api/uploads/{id}/preview/{wps|aliyun|yz|private-wps}` (spec §7): with
 * no external provider configured, every provider answers our own viewer
 * `/note-bene/pdf-viewer?file=<signed PDF URL>`. PREVIEW_PROVIDER_DISABLED when
 * the organisation's toggle for that provider is off (spec §6);
 * VALIDATION_FAILED for a non-Office/PDF file; SCORM_NOT_READY-like 409
 * (UPLOAD_NOT_RECEIVED) while the PDF is not made yet. With `activityId` of a homework or exam, the
 * private and Aliyun previewers serve only that activity's files (FORBIDDEN otherwise, spec §6).
 */
export async function officePreviewUrl(
  deps: AppDeps,
  actor: Actor,
  uploadId: number,
  provider: OfficePreviewProvider,
  activityId?: number,
): Promise<PreviewUrl> {
  const { row } = await authorize(deps, actor, 'upload.read_content', { uploadId });
  if (activityId !== undefined && RESTRICTED_IN_ASSESSMENTS.has(provider)) await assertAssessmentFile(deps, activityId, row.id);
  const toggles = officePreviewToggles(await settingsOf(deps, row.orgId));
  if (!toggles[TOGGLE_OF[provider]]) throw new AppError('PREVIEW_PROVIDER_DISABLED', 'This office previewer is not enabled for your organisation');
  const ext = extensionOf(row.name);
  if (ext !== 'pdf' && !OFFICE_EXTENSIONS.includes(ext)) throw AppError.field('id', 'Only Office documents and PDFs open in the office previewer');
  const url = signedPdfUrl(deps, row, actor.id);
  if (!url) throw new AppError('UPLOAD_NOT_RECEIVED', 'This document is still being converted');
  return { preview_url: `${PDF_VIEWER_PATH}?file=${encodeURIComponent(url)}` };
}

/** `GET /api/uploads/org/arrears/{id}` (spec §7): whether the upload's organisation is in transfer arrears. */
export async function arrearsOf(deps: AppDeps, actor: Actor, uploadId: number): Promise<Arrears> {
  const { row } = await authorize(deps, actor, 'upload.read_content', { uploadId });
  return { is_org_transfer_arrears: (await settingsOf(deps, row.orgId)).isTransferArrears ?? false };
}

// ------------------------------------------------------------------ visitors (spec §6)

/**
 * `GET /anonymous-api/{activityId}/uploads` (spec §6): the activity's title and
 * the live, received files it holds (activity order), of its organisation.
 * ACTIVITY_NOT_FOUND / FORBIDDEN as guestActivity: a refusal names nothing.
 */
export async function guestActivityFiles(deps: AppDeps, activityId: number): Promise<GuestActivity> {
  const { activity, orgId } = await authorize(deps, null, 'guest.activity', { activityId: activityId });
  const rows = await listGuestActivityFiles(deps.db, activity.id, orgId);
  return { activity: { id: activity.id, title: activity.title }, files: rows };
}

/** `GET /anonymous-api/{activityId}/uploads/{id}?preview=true`: guestUpload's checks, then the preview answer. */
export async function guestPreview(deps: AppDeps, activityId: number, uploadId: number): Promise<UploadPreview> {
  const { upload } = await authorize(deps, null, 'guest.upload', { activityId: activityId, uploadId: uploadId });
  return presentPreview(deps, upload);
}

/** `GET /anonymous-api/{activityId}/uploads/audio/{id}`: a signed URL for the visitor (user 0). */
export async function guestAudio(deps: AppDeps, activityId: number, uploadId: number) {
  const { activity, upload } = await authorize(deps, null, 'guest.upload', { activityId: activityId, uploadId: uploadId });
  return presentAudio(deps, upload, 0, { seekable: !activity.isForwardSeekingRefused, last_played: 0, max_played: 0 });
}

/** `GET /anonymous-api/{activityId}/uploads/{id}/text`: the first TEXT_PREVIEW_BYTES of a text file. */
export async function guestText(deps: AppDeps, activityId: number, uploadId: number): Promise<{ content: string; truncated: boolean }> {
  const { upload } = await authorize(deps, null, 'guest.upload', { activityId: activityId, uploadId: uploadId });
  if (!TEXT_EXTENSIONS.includes(extensionOf(upload.name))) throw AppError.field('id', 'This file is not a text file');
  const head = await readHead(deps.storage, upload.key, TEXT_PREVIEW_BYTES);
  return { content: head.toString('utf8'), truncated: upload.size > head.length };
}

/** `GET /anonymous-api/{activityId}/uploads/document/{id}/url`: the signed PDF URL (for `/anonymous-api/pdf-viewer`) and the status. */
export async function guestDocumentUrl(deps: AppDeps, activityId: number, uploadId: number): Promise<{ url: string | null; status: UploadRow['status'] }> {
  const { upload } = await authorize(deps, null, 'guest.upload', { activityId: activityId, uploadId: uploadId });
  return { url: signedPdfUrl(deps, upload, 0), status: upload.status };
}

/**
 * `GET /anonymous-api/{activityId}/uploads/{id}/blob` (spec §6, the visitor
 * variant of `/api/uploads/{id}/blob?preview=true` for the image viewer): where
 * to redirect, a signed short-lived URL of the image's bytes (user 0).
 * VALIDATION_FAILED (field id) for anything but an image: visitors download nothing else.
 */
export async function guestImageLocation(deps: AppDeps, activityId: number, uploadId: number): Promise<string> {
  const { upload } = await authorize(deps, null, 'guest.upload', { activityId: activityId, uploadId: uploadId });
  if (upload.type !== 'image') throw AppError.field('id', 'Only images are shown this way');
  return signMediaUrl(deps.config, upload.id, 0, 'original');
}

/** `GET /anonymous-api/{activityId}/uploads/{id}/player-options`: signed renditions for the visitor; nothing is recorded. */
export async function guestPlayer(deps: AppDeps, activityId: number, uploadId: number): Promise<PlayerOptions> {
  const { activity, upload } = await authorize(deps, null, 'guest.upload', { activityId: activityId, uploadId: uploadId });
  return guestPlayerOptions(deps, activity, upload);
}

/**
 * `GET /api/courses/{id}/activity-files` (issue 5): for each file an activity of
 * the course holds, the activity (and for exam media, each exam subject listing
 * it), so the previewer can pass `activity_id`. Course members (FORBIDDEN
 * otherwise, COURSE_NOT_FOUND for another organisation's course); students see
 * published activities of published modules only. Each item names its upload (name, type; null
 * when the upload is gone) so the exam activity page can list its subjects' media.
 */
export async function courseActivityFiles(deps: AppDeps, actor: Actor, courseId: number): Promise<ActivityFile[]> {
  const { kinds } = await authorize(deps, actor, 'course.view', { courseId });
  const isTeam = may(kinds, 'manage_content');
  const acts = await listCourseActivityTypes(deps.db, courseId, !isTeam);
  if (acts.length === 0) return [];
  const typeOf = new Map(acts.map((a) => [a.id, a.type]));
  const ids = acts.map((a) => a.id);
  const held = await listHeldUploads(deps.db, ids);
  const subjects = await listSubjectUploadsOf(deps.db, ids);
  const uploadIds = [...new Set([...held.map((h) => h.uploadId), ...subjects.flatMap((s) => s.uploadIds)])];
  const files = await listUploadLabels(deps.db, uploadIds);
  const fileOf = new Map(files.filter((f) => f.orgId === actor.orgId && !f.deletedAt).map((f) => [f.id, f]));
  const described = (uploadId: number) => ({ name: fileOf.get(uploadId)?.name ?? null, upload_type: fileOf.get(uploadId)?.type ?? null });
  return [
    ...held.map((h) => ({
      upload_id: h.uploadId,
      activity_id: h.activityId,
      activity_type: typeOf.get(h.activityId)!,
      subject_id: null,
      ...described(h.uploadId),
    })),
    ...subjects.flatMap((s) =>
      s.uploadIds.map((uploadId) => ({
        upload_id: uploadId,
        activity_id: s.activityId,
        activity_type: typeOf.get(s.activityId)!,
        subject_id: s.id,
        ...described(uploadId),
      })),
    ),
  ];
}

/**
 * `GET /anonymous-api/{activityId}/uploads/scorm/{id}?sco=` (spec §6 visitors, §7 Scorm
 * preview URL): where the visitor's frame launches the SCO, the bridge page on the package
 * content origin `contentOrigin` (issue 20 §3). Nothing the SCO reports is stored for a visitor.
 */
export async function guestScormLaunch(deps: AppDeps, activityId: number, uploadId: number, sco: string | undefined, contentOrigin: string): Promise<string> {
  const { upload } = await authorize(deps, null, 'guest.upload', { activityId: activityId, uploadId: uploadId });
  return launchPathOf(deps, upload, sco, contentOrigin);
}

/** `GET /anonymous-api/{activityId}/uploads/scorm/{id}/content/*`: the signed content-origin address of a file of the package for the visitor. */
export async function guestScormFile(deps: AppDeps, activityId: number, uploadId: number, path: string, contentOrigin: string): Promise<string> {
  const { upload } = await authorize(deps, null, 'guest.upload', { activityId: activityId, uploadId: uploadId });
  return contentLocationOf(deps, upload, path, contentOrigin);
}
