import type { ActivityAccess, ActivityType, CompletionCriterion, LearningMode } from '@atrium/contracts';

/**
 * Activity completion and access rules (issue 7 "Completion", spec §3 Activity
 * read record, Study completeness, §4, §6). Pure functions: the services load
 * rows and pass plain values; nothing here reads the clock or the database.
 */

/** What the rules need of one upload an activity holds. `numPages`/`duration` come from processing (meta), seconds. */
export interface CompletionUpload {
  id: number;
  /** Upload type ('video', 'audio', 'document', 'image', …). */
  type: string;
  numPages?: number | null;
  /** Seconds. */
  duration?: number | null;
}

/** One learner's read record (activity_read_records): `uploadId` 0 is the activity itself. */
export interface CompletionRecord {
  uploadId: number;
  viewedPages: readonly number[];
  /** [start, end] pairs in seconds. */
  viewedRanges: readonly (readonly [number, number])[];
  /** Set by whoever knows better (submission, score; another issue's code). */
  isCompleted: boolean;
}

/** What the rules need of one activity. */
export interface CompletionActivity {
  type: ActivityType;
  criterion: CompletionCriterion;
  /** 1..100 for video_percent. */
  percent: number | null;
  uploads: readonly CompletionUpload[];
}

/**
 * Merges `[start, end]` ranges (seconds) into sorted, disjoint ranges; ranges
 * with end ≤ start and non-finite values are dropped, touching ranges join.
 */
export function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = ranges
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .map(([s, e]) => [Math.max(0, s), e] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/**
 * Share of a video watched, 0..100: the length of the merged ranges clipped to
 * [0, duration] over duration. 0 when the duration is unknown or not positive.
 */
export function watchedPercent(ranges: readonly (readonly [number, number])[], duration: number | null | undefined): number {
  if (!duration || !(duration > 0)) return 0;
  let seconds = 0;
  for (const [s, e] of mergeRanges(ranges)) seconds += Math.max(0, Math.min(e, duration) - Math.min(s, duration));
  return Math.min(100, (seconds / duration) * 100);
}

/** Types whose own feature judges `submitted` and `scored` (issue 15: exams and questionnaires; issue 16: homework). */
const SUBMITTABLE_TYPES: readonly string[] = ['exam', 'questionnaire', 'homework'];

/**
 * Whether an activity counts towards completeness (and, in checkpoint mode, must be finished
 * before the next): viewed and video_percent always; submitted and scored once a feature judges
 * them (exams, questionnaires: their read record is marked completed on submission or score,
 * decision 0090), so a course of other types can always be finished.
 */
export function isCompletable(criterion: CompletionCriterion, type?: string): boolean {
  if (criterion === 'viewed' || criterion === 'video_percent') return true;
  return type !== undefined && SUBMITTABLE_TYPES.includes(type);
}

const isMedia = (u: CompletionUpload) => u.type === 'video' || u.type === 'audio';
const isDocument = (u: CompletionUpload) => u.type === 'document';

/**
 * Whether one learner completed one activity, from their read records:
 * - the activity's own record (`uploadId` 0) flagged `isCompleted` completes it
 *   (submitted / scored are set so by their features); an upload's record
 *   flagged `isCompleted` (a video watched to its share, a SCO that reported
 *   completed/passed) completes that upload only;
 * - `submitted`, `scored`: otherwise not completed;
 * - type `scorm`: every SCORM upload completed by its runtime status (the
 *   record flagged by `PUT …/runtime`); opening a package is not enough;
 * - `video_percent`: every video/audio upload watched to at least `percent`
 *   (merged viewed_ranges / meta.duration); an activity without media uploads
 *   (an online video link, which the server cannot observe) needs a visit;
 * - `viewed`: every upload opened (a record for it); a document whose page
 *   count is known (PDF, or an Office file's converted PDF) needs all pages
 *   1..numPages viewed (the previewer reports each page it shows); a document
 *   whose page count is unknown counts as viewed once opened. Without uploads,
 *   the activity visited (any record).
 */
export function isActivityCompleted(activity: CompletionActivity, records: readonly CompletionRecord[]): boolean {
  if (records.some((r) => r.uploadId === 0 && r.isCompleted)) return true;
  // Submitted and scored are completed only by their feature's record (above), never by reading.
  if (activity.criterion === 'submitted' || activity.criterion === 'scored') return false;
  const recordOf = (uploadId: number) => records.find((r) => r.uploadId === uploadId);
  if (activity.type === 'scorm') {
    const packages = activity.uploads.filter((u) => u.type === 'scorm');
    if (packages.length > 0) return packages.every((u) => recordOf(u.id)?.isCompleted === true);
  }
  if (activity.criterion === 'video_percent') {
    const media = activity.uploads.filter(isMedia);
    if (media.length === 0) return records.length > 0;
    const percent = activity.percent ?? 100;
    return media.every((u) => {
      const record = recordOf(u.id);
      return record?.isCompleted === true || watchedPercent(record?.viewedRanges ?? [], u.duration) >= percent;
    });
  }
  if (activity.uploads.length === 0) return records.length > 0;
  return activity.uploads.every((u) => {
    const record = recordOf(u.id);
    if (!record) return false;
    if (record.isCompleted) return true;
    if (isDocument(u) && u.numPages && u.numPages > 0) {
      const seen = new Set(record.viewedPages);
      for (let p = 1; p <= u.numPages; p++) if (!seen.has(p)) return false;
    }
    return true;
  });
}

/** One activity of the course in content order, as the access rules see it. Times are epoch ms. */
export interface AccessActivity {
  isPublished: boolean;
  /** The module is published too (an unpublished module hides its activities). */
  isModulePublished: boolean;
  startTime: number | null;
  endTime: number | null;
  criterion: CompletionCriterion;
  isCompleted: boolean;
  /** The activity type (whether `submitted` / `scored` can be judged: isCompletable). */
  type?: string;
}

/**
 * Access of each activity for a learner (spec §6 view permission, §2 access
 * forbidden popup, §3 learning_mode), in content order (module sort, then
 * activity sort). The course team (`bypass`) always gets 'open'. Otherwise, in
 * this order: unpublished (activity or module) → 'unpublished'; before start →
 * 'not_started'; after end → 'ended'; in 'checkpoint' mode, after an earlier
 * published, completable (isCompletable) and unfinished activity → 'locked';
 * else 'open'. Activities the learner cannot see (unpublished) and those not
 * completable yet (submitted/scored) do not lock later ones, so a course can
 * always be finished.
 */
export function accessOf(ordered: readonly AccessActivity[], mode: LearningMode, now: number, bypass: boolean): ActivityAccess[] {
  if (bypass) return ordered.map(() => 'open');
  let blocked = false;
  return ordered.map((a) => {
    const visible = a.isPublished && a.isModulePublished;
    let access: ActivityAccess;
    if (!visible) access = 'unpublished';
    else if (a.startTime !== null && a.startTime > now) access = 'not_started';
    else if (a.endTime !== null && a.endTime < now) access = 'ended';
    else if (mode === 'checkpoint' && blocked) access = 'locked';
    else access = 'open';
    if (mode === 'checkpoint' && visible && isCompletable(a.criterion, a.type) && !a.isCompleted) blocked = true;
    return access;
  });
}

/**
 * Study completeness (spec §3), 0..100: the whole percentage (floored, so 100
 * means everything) of published, completable activities completed; 0 when
 * there are none.
 */
export function completenessPercent(
  activities: readonly Pick<AccessActivity, 'isPublished' | 'isModulePublished' | 'criterion' | 'isCompleted' | 'type'>[],
): number {
  const counted = activities.filter((a) => a.isPublished && a.isModulePublished && isCompletable(a.criterion, a.type));
  if (counted.length === 0) return 0;
  const done = counted.filter((a) => a.isCompleted).length;
  return Math.floor((done / counted.length) * 100);
}
