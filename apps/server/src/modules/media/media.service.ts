import mime from 'mime-types';
import {
  VIDEO_DEFAULT_VOLUME,
  type AudioSource,
  type DomainEventInput,
  type ExamPlayResult,
  type ExamPlayStatusResult,
  type PlayerOptions,
  type PlayProgress,
  type PlayProgressBody,
} from '@atrium/contracts';
import { derivedPrefix } from '../uploads/processing-registry.js';
import { AppError } from '../../lib/app-error.js';
import { authorize } from '../access/authorize.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import {
  findReadRecord,
  findReadRecordForUpdate,
  insertReadRecordIfAbsent,
  touchReadRecord,
  updateReadRecordPlay,
} from '../activities/read-records.repository.js';
import { countPlay, findExamSubject, findPlayCount } from '../exams/exams.repository.js';
import { findLiveUpload, findUpload, listVideosOf, type UploadRow, type UploadVideoRow } from '../uploads/uploads.repository.js';
import { emit, transaction } from '../events/events.service.js';
import { findState } from '../progress/progress.repository.js';
import { NOT_FOUND_MESSAGE } from '../uploads/uploads.service.js';
import type { ActivityRow } from '../activities/activities.repository.js';
import { listActivityUploads } from '../activities/activities.repository.js';
import { captionTracksOf } from './captions.js';
import { CONTINUATION_TOLERANCE_SECONDS, coveredSeconds, creditReport, unplayedSegments, type Range } from './credit.js';
import { signMediaUrl } from './signed-url.js';

/** Longest wall-clock gap one progress report is credited for, seconds (decision 0030): clients report at least every 30 s. */
export const MAX_REPORT_GAP_SECONDS = 300;
/** Spec §8 audio: the message when the audio cannot be played. */
export const AUDIO_MISSING_MESSAGE = 'unable to play, file missing or transcoding';

/** The path of a derived object relative to the upload's derived prefix (what a signed URL names). */
function relativeOf(uploadId: number, key: string): string {
  const prefix = `${derivedPrefix(uploadId)}/`;
  return key.startsWith(prefix) ? key.slice(prefix.length) : 'original';
}

/**
 * Life of a playback URL: the configured life plus the media's duration, so a
 * whole play (HLS segments are fetched as it goes) fits in one URL (decision 0030).
 */
function playLife(deps: AppDeps, row: UploadRow): { ttlSeconds: number } {
  return { ttlSeconds: deps.config.media.urlTtlSeconds + Math.ceil(row.meta.duration ?? 0) };
}

/** Signed URLs of each rendition (HLS playlist, MP4), smallest first. */
function signedResolutions(deps: AppDeps, row: UploadRow, videos: readonly UploadVideoRow[], userId: number) {
  return videos.map((v) => ({
    name: v.resolution,
    hls_url: v.hlsKey ? signMediaUrl(deps.config, row.id, userId, relativeOf(row.id, v.hlsKey), playLife(deps, row)) : null,
    mp4_url: v.mp4Key ? signMediaUrl(deps.config, row.id, userId, relativeOf(row.id, v.mp4Key), playLife(deps, row)) : null,
  }));
}

/** The default resolution (spec §4 "resolutions with a default"): the largest rendition up to 720p. */
function defaultResolution(videos: readonly UploadVideoRow[]): string | null {
  const fitting = videos.filter((v) => v.height <= 720);
  return (fitting.at(-1) ?? videos[0])?.resolution ?? null;
}

async function readRecord(deps: AppDeps, activityId: number, userId: number, uploadId: number) {
  return findReadRecord(deps.db, { activityId, userId, uploadId });
}

/** The `activity.read` event of a learner's read record of `uploadId` in `activity` (its handler recomputes their study completeness). */
function readEvent(activity: ActivityRow, userId: number, uploadId: number): DomainEventInput {
  return { type: 'activity.read', payload: { course_id: activity.courseId, activity_id: activity.id, user_id: userId, upload_id: uploadId } };
}

/**
 * Starts a viewing session of one upload in one activity (decision 0030): the read
 * record's clock is set to now, which bounds what the next progress report can
 * credit. A first opening creates the record, which may complete a `viewed`
 * activity: `activity.read` is then emitted (its handler recomputes the learner's
 * study completeness). Answers the record.
 */
async function startViewingSession(deps: AppDeps, activity: ActivityRow, userId: number, uploadId: number) {
  const created = await transaction(deps, async (tx) => {
    const isNew = await insertReadRecordIfAbsent(tx, { activityId: activity.id, userId, uploadId });
    if (isNew) await emit(deps, tx, readEvent(activity, userId, uploadId));
    return isNew;
  });
  if (!created) {
    await touchReadRecord(deps.db, { activityId: activity.id, userId, uploadId });
  }
  return readRecord(deps, activity.id, userId, uploadId);
}

function copyrightOf(activity: ActivityRow): string | null {
  const notice = activity.data.copyright_notice;
  return typeof notice === 'string' && notice.trim() ? notice : null;
}

/**
 * `GET /api/uploads/{id}/player-options?activity_id=` (spec §3 Video-player
 * options, §4). Starts a viewing session: the read record's clock is set to now,
 * which bounds what the next progress report can credit. Throws
 * ACTIVITY_NOT_FOUND, FORBIDDEN, UPLOAD_NOT_FOUND, VALIDATION_FAILED (not a video).
 */
export async function playerOptions(deps: AppDeps, actor: Actor, uploadId: number, activityId: number): Promise<PlayerOptions> {
  const { activity, upload, isTeam } = await authorize(deps, actor, 'upload.in_activity', { activityId: activityId, uploadId: uploadId });
  if (upload.type !== 'video') throw AppError.field('id', 'This file is not a video');
  const [videos, held] = await Promise.all([listVideosOf(deps.db, [upload.id]), listActivityUploads(deps.db, { activityIds: [activity.id] })]);
  const record = await startViewingSession(deps, activity, actor.id, upload.id);
  const duration = upload.meta.duration ?? videos[0]?.duration ?? null;
  const viewed = (record?.viewedRanges ?? []) as Range[];
  return {
    resolutions: signedResolutions(deps, upload, videos, actor.id),
    default_resolution: defaultResolution(videos),
    seekable: isTeam || !activity.isForwardSeekingRefused,
    last_played: record?.lastPosition ?? 0,
    max_played: record?.maxPosition ?? 0,
    unplayed_segments: duration === null ? [] : unplayedSegments(viewed, duration),
    copyright_notice: copyrightOf(activity),
    poster_url: upload.meta.posterKey ? signMediaUrl(deps.config, upload.id, actor.id, relativeOf(upload.id, upload.meta.posterKey)) : null,
    duration,
    volume: VIDEO_DEFAULT_VOLUME,
    // The files' bytes by the route every file of the activity is read by (upload.read_content: the same policy).
    text_tracks: captionTracksOf(upload.name, held).map((track) => ({
      src: `/api/uploads/${track.uploadId}/blob?preview=true`,
      srclang: track.srclang,
      name: track.name,
    })),
  };
}

/** Player options for an anonymous visitor (spec §6): signed for user 0, nothing recorded, no seeking forward when the activity refuses it. */
export async function guestPlayerOptions(deps: AppDeps, activity: ActivityRow, upload: UploadRow): Promise<PlayerOptions> {
  if (upload.type !== 'video') throw AppError.field('id', 'This file is not a video');
  const videos = await listVideosOf(deps.db, [upload.id]);
  const duration = upload.meta.duration ?? videos[0]?.duration ?? null;
  return {
    resolutions: signedResolutions(deps, upload, videos, 0),
    default_resolution: defaultResolution(videos),
    seekable: !activity.isForwardSeekingRefused,
    last_played: 0,
    max_played: 0,
    unplayed_segments: duration === null ? [] : [[0, duration]],
    copyright_notice: copyrightOf(activity),
    poster_url: upload.meta.posterKey ? signMediaUrl(deps.config, upload.id, 0, relativeOf(upload.id, upload.meta.posterKey)) : null,
    duration,
    volume: VIDEO_DEFAULT_VOLUME,
    // A visitor reads no file by /api/uploads: no caption tracks for guests yet (decision 0146, left).
    text_tracks: [],
  };
}

/**
 * `POST /api/uploads/{id}/play-progress` (spec §3 Activity read record, §4):
 * credits the reported ranges by creditReport (wall-clock budget since the last
 * report, capped at MAX_REPORT_GAP_SECONDS; with forward seeking refused, only
 * play continuing from the furthest position) and stores the read record.
 * Course-team members' reports are credited the same way. Then recomputes the
 * learner's course study completeness (an `activity.read` event) when the record
 * is new or has just completed, or another activity was the last one. Answers what is credited.
 */
export async function reportProgress(deps: AppDeps, actor: Actor, uploadId: number, body: PlayProgressBody): Promise<PlayProgress> {
  const { activity, upload } = await authorize(deps, actor, 'upload.in_activity', { activityId: body.activity_id, uploadId: uploadId });
  if (upload.type !== 'video' && upload.type !== 'audio') throw AppError.field('id', 'Only video and audio report play progress');
  const isForwardRefused = activity.isForwardSeekingRefused;
  const duration = upload.meta.duration ?? null;
  const key = { activityId: activity.id, userId: actor.id, uploadId: upload.id };
  const outcome = await transaction(deps, async (tx) => {
    const created = await insertReadRecordIfAbsent(tx, key);
    const record = await findReadRecordForUpdate(tx, key);
    const now = new Date();
    const elapsed = Math.min(MAX_REPORT_GAP_SECONDS, (now.getTime() - record!.updatedAt.getTime()) / 1000);
    const credit = creditReport({
      viewed: record!.viewedRanges,
      maxPosition: record!.maxPosition,
      reported: body.ranges as Range[],
      elapsedSeconds: elapsed,
      isForwardRefused,
      duration,
    });
    let lastPosition = duration === null ? body.position : Math.min(body.position, duration);
    if (isForwardRefused) lastPosition = Math.min(lastPosition, credit.maxPosition + CONTINUATION_TOLERANCE_SECONDS);
    const percent = activity.completionCriterion === 'video_percent' ? (activity.completionPercent ?? 100) : 100;
    const isCompleted = record!.isCompleted || (duration !== null && duration > 0 && coveredSeconds(credit.viewed) >= (duration * percent) / 100 - 0.5);
    await updateReadRecordPlay(tx, record!.id, { viewedRanges: credit.viewed, maxPosition: credit.maxPosition, lastPosition, isCompleted, updatedAt: now });
    const isChanged = created || (isCompleted && !record!.isCompleted);
    if (isChanged) await emit(deps, tx, readEvent(activity, actor.id, upload.id));
    return { progress: { viewed_ranges: credit.viewed, max_position: credit.maxPosition, last_position: lastPosition }, isChanged };
  });
  // The percentage moves only when this record is new or completes; the last activity only when it was another one.
  // Otherwise the stored study completeness is still true and the whole course is not read again (spec §3).
  if (!outcome.isChanged && (await findState(deps.db, activity.courseId, actor.id))?.lastActivityId !== activity.id) {
    await emit(deps, deps.db, readEvent(activity, actor.id, upload.id));
  }
  return outcome.progress;
}

/**
 * `POST /api/uploads/{id}/seek` (spec §4 no forward seeking): allowed unless the
 * activity refuses forward seeking, the actor is a learner, and `position` is
 * beyond the furthest played position (+1 s). Throws MEDIA_FORWARD_SEEK_REFUSED.
 */
export async function checkSeek(deps: AppDeps, actor: Actor, uploadId: number, activityId: number, position: number): Promise<{ allowed: true }> {
  const { activity, upload, isTeam } = await authorize(deps, actor, 'upload.in_activity', { activityId: activityId, uploadId: uploadId });
  if (isTeam || !activity.isForwardSeekingRefused) return { allowed: true };
  const record = await readRecord(deps, activityId, actor.id, upload.id);
  if (position > (record?.maxPosition ?? 0) + CONTINUATION_TOLERANCE_SECONDS) {
    throw new AppError('MEDIA_FORWARD_SEEK_REFUSED', 'Forward seeking is not allowed: play up to this point first');
  }
  return { allowed: true };
}

/** The signed URL of a playable audio: the normalised AAC once processed, else null. */
function audioUrl(deps: AppDeps, row: UploadRow, userId: number): string | null {
  if (row.type !== 'audio' || row.status !== 'ready' || !row.meta.audioKey) return null;
  return signMediaUrl(deps.config, row.id, userId, relativeOf(row.id, row.meta.audioKey), playLife(deps, row));
}

/** How an audio may be played: free seeking and nothing remembered unless an activity says otherwise. */
type AudioPlay = Pick<AudioSource, 'seekable' | 'last_played' | 'max_played'>;
const FREE_PLAY: AudioPlay = { seekable: true, last_played: 0, max_played: 0 };

/** The answer of the audio calls for an upload already authorised; UPLOAD_NOT_FOUND with the spec §8 message when not playable. */
export function presentAudio(deps: AppDeps, row: UploadRow, userId: number, play: AudioPlay = FREE_PLAY): AudioSource {
  const url = audioUrl(deps, row, userId);
  if (!url) throw new AppError('UPLOAD_NOT_FOUND', AUDIO_MISSING_MESSAGE);
  return { id: row.id, url, status: row.status, duration: row.meta.duration ?? null, ...play };
}

/**
 * `GET /api/uploads/audio/{id}[?activity_id=]` (spec §7): through the activity when
 * given, else as a course file. In an activity it starts a viewing session like the
 * video player options, and answers the learner's positions and whether forward
 * seeking is refused (spec §4 audio: the same rule as video). Outside an activity an
 * exam subject's audio is refused to learners (getUploadContent). Throws ACTIVITY_NOT_FOUND,
 * FORBIDDEN, the activity's access-forbidden codes, UPLOAD_NOT_FOUND (spec §8 message when not playable).
 */
export async function audioSource(deps: AppDeps, actor: Actor, uploadId: number, activityId: number | undefined): Promise<AudioSource> {
  if (!activityId) return presentAudio(deps, (await authorize(deps, actor, 'upload.read_content', { uploadId: uploadId })).row, actor.id);
  const { activity, upload, isTeam } = await authorize(deps, actor, 'upload.in_activity', { activityId: activityId, uploadId: uploadId });
  const source = presentAudio(deps, upload, actor.id);
  const record = await startViewingSession(deps, activity, actor.id, upload.id);
  return { ...source, seekable: isTeam || !activity.isForwardSeekingRefused, last_played: record?.lastPosition ?? 0, max_played: record?.maxPosition ?? 0 };
}

// ------------------------------------------------------------------ exam play limits

async function examContext(deps: AppDeps, actor: Actor, subjectId: number, uploadId: number) {
  const subject = await findExamSubject(deps.db, subjectId);
  // A subject of the course's bank (no exam) plays nothing here: random draws leave out subjects with media.
  if (!subject || subject.activityId === null) throw new AppError('NOT_FOUND', 'This exam question does not exist');
  const access = await authorize(deps, actor, 'activity.open', { activityId: subject.activityId });
  if (!subject.uploadIds.includes(uploadId)) throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  const upload = await findUpload(deps.db, uploadId);
  if (upload && upload.orgId !== actor.orgId) throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  return { subject, upload, access };
}

type ExamStatus = ExamPlayStatusResult['status'];

/** Spec §4 exam video: deleted → missedFile; not audio/video → canNotPlay; processing → processing; ready or failed → playable. */
function mediaStatusOf(upload: UploadRow | undefined): ExamStatus {
  if (!upload || upload.deletedAt || upload.status === 'deleted') return 'missedFile';
  if (upload.type !== 'video' && upload.type !== 'audio') return 'canNotPlay';
  if (!upload.receivedAt) return 'canNotPlay';
  if (upload.status === 'processing') return 'processing';
  if (upload.status === 'ready' || upload.status === 'failed') return 'playable';
  return 'canNotPlay';
}

/** `GET /api/exam-subjects/{subjectId}/uploads/{uploadId}/play-status` (spec §3 Exam video settings, §4, §8). */
export async function examPlayStatus(deps: AppDeps, actor: Actor, subjectId: number, uploadId: number): Promise<ExamPlayStatusResult> {
  const { subject, upload } = await examContext(deps, actor, subjectId, uploadId);
  const played = await findPlayCount(deps.db, { subjectId, uploadId, userId: actor.id });
  const remaining = subject.isPlayLimited ? Math.max(0, subject.playLimitTimes - (played ?? 0)) : null;
  let status = mediaStatusOf(upload);
  if ((status === 'playable' || status === 'processing') && remaining === 0) status = 'overLimit';
  return { play_limit: subject.isPlayLimited, play_limit_times: subject.playLimitTimes, remaining, status };
}

/** A signed URL to play an exam upload: the default rendition's HLS playlist, else its MP4, else the audio, else the original bytes. */
async function examMediaUrl(deps: AppDeps, upload: UploadRow, userId: number): Promise<string> {
  if (upload.type === 'video') {
    const videos = await listVideosOf(deps.db, [upload.id]);
    const chosen = videos.find((v) => v.resolution === defaultResolution(videos));
    const key = chosen?.hlsKey ?? chosen?.mp4Key;
    if (key) return signMediaUrl(deps.config, upload.id, userId, relativeOf(upload.id, key), playLife(deps, upload));
  }
  return audioUrl(deps, upload, userId) ?? signMediaUrl(deps.config, upload.id, userId, 'original', playLife(deps, upload));
}

/**
 * `POST /api/exam-subjects/{subjectId}/uploads/{uploadId}/play`: counts one play
 * and answers a signed URL. With a play limit, the count rises only while it is
 * below `play_limit_times`, in one conditional upsert, so concurrent requests
 * cannot exceed the limit. Throws MEDIA_MISSED_FILE (deleted), MEDIA_PLAY_LIMIT_REACHED,
 * VALIDATION_FAILED (not playable media).
 */
export async function examPlay(deps: AppDeps, actor: Actor, subjectId: number, uploadId: number): Promise<ExamPlayResult> {
  const { subject, upload } = await examContext(deps, actor, subjectId, uploadId);
  const status = mediaStatusOf(upload);
  if (status === 'missedFile') throw new AppError('MEDIA_MISSED_FILE', 'This file was deleted (missedFile)');
  if (status === 'canNotPlay' || !upload) throw AppError.field('uploadId', 'This file cannot be played (canNotPlay)');
  const limit = subject.playLimitTimes;
  if (subject.isPlayLimited && limit <= 0) throw new AppError('MEDIA_PLAY_LIMIT_REACHED', 'No plays left (overLimit)');
  const counted = await countPlay(deps.db, { subjectId, uploadId, userId: actor.id }, subject.isPlayLimited ? limit : null);
  if (counted === undefined) throw new AppError('MEDIA_PLAY_LIMIT_REACHED', 'No plays left (overLimit)');
  const live = (await findLiveUpload(deps.db, uploadId)) ?? upload;
  return {
    remaining: subject.isPlayLimited ? Math.max(0, limit - counted) : null,
    url: await examMediaUrl(deps, live, actor.id),
    kind: upload.type === 'video' ? 'video' : 'audio',
  };
}

// ------------------------------------------------------------------ serving signed media

const DERIVED_PATH = /^[a-z0-9][a-z0-9/_.-]*$/;

/**
 * The object a verified signed URL names: `original` (the upload's own bytes) or
 * a derived object under the upload's prefix. UPLOAD_NOT_FOUND for a deleted
 * upload, an odd path or a missing object.
 */
export async function openSignedMedia(deps: AppDeps, uploadId: number, relative: string): Promise<{ key: string; mimeType: string; size: number }> {
  const row = await findLiveUpload(deps.db, uploadId);
  if (!row || !row.receivedAt) throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  let key: string;
  let type: string;
  if (relative === 'original') {
    key = row.key;
    type = row.mimeType ?? (mime.lookup(row.name) || 'application/octet-stream');
  } else {
    if (!DERIVED_PATH.test(relative) || relative.split('/').some((p) => p.startsWith('.')) || relative.startsWith('scorm/'))
      throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
    key = `${derivedPrefix(row.id)}/${relative}`;
    type = relative.endsWith('.m3u8')
      ? 'application/vnd.apple.mpegurl'
      : relative.endsWith('.ts')
        ? 'video/mp2t'
        : mime.lookup(relative) || 'application/octet-stream';
  }
  const stat = await deps.storage.stat(key);
  if (!stat) throw new AppError('UPLOAD_NOT_FOUND', 'This file does not exist (yet)');
  return { key, mimeType: type, size: stat.size };
}
