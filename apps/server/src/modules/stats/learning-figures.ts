import { LEARNING_STATS_MAX_DAYS, type LearningStatsQuery, type LearningStudent } from '@atrium/contracts';
import type { CourseUserActivity } from '@atrium/stats';
import { AppError } from '../../lib/app-error.js';
import type { ActivityUploadRow, ReadRecordFacts, StudyRows, TreeActivityRow } from '../activities/activities.repository.js';
import { isActivityCompleted, watchedPercent } from '../activities/completion.js';
import { completionByLearner } from '../activities/course-study.js';
import type { ForumPostsRow, ResultGradeRow, ResultItemRow } from './learning.repository.js';

/**
 * The figures of a course's learning statistics (issue 25 item 3; decision 0147 "Learning statistics"), pure: the
 * period of a query, and from the main database's rows (CourseFacts) who completed what and when, each student's
 * video coverage and published scores, and a student's row of the table. learning.service.ts loads and answers.
 */

/** A day in milliseconds. */
export const DAY_MS = 24 * 3600_000;
/** A student of the course (gradebook listCourseStudents). */
export type Student = { id: number; name: string; userNo: string | null };
/** The students' read records of the course, each with its learner. */
export type Records = readonly (ReadRecordFacts & { userId: number })[];

/** Rounded to 4 decimals (rates). */
export const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
/** Rounded to 2 decimals (scores, seconds). */
export const round2 = (value: number) => Math.round(value * 100) / 100;
/** `part` over `whole` as a rate 0–1 (4 decimals); 0 when `whole` is 0. */
export const rateOf = (part: number, whole: number) => (whole > 0 ? round4(Math.min(1, Math.max(0, part / whole))) : 0);
/** The UTC day `YYYY-MM-DD` of an instant (epoch ms). */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The mean of a non-empty list. */
export const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** A period of inclusive UTC days: its bounds, every day in order, and its instants [`since`, `until`). */
export interface LearningPeriod {
  from: string;
  to: string;
  days: string[];
  since: Date;
  until: Date;
}

function parseDay(field: 'from' | 'to', value: string): number {
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (!Number.isFinite(ms) || dayOf(ms) !== value) throw AppError.field(field, 'Not a day of the calendar');
  return ms;
}

/**
 * The period of a query at `now`: `from`–`to` (inclusive UTC days), by default the 30 days ending today (a missing
 * `from` is 29 days before `to`, a missing `to` is today). 400 VALIDATION_FAILED naming `from` or `to` for a day
 * that does not exist, `to` for a period that ends before it starts, `from` for one longer than
 * LEARNING_STATS_MAX_DAYS.
 */
export function learningPeriod(query: LearningStatsQuery, now: Date): LearningPeriod {
  const to = query.to === undefined ? Date.parse(`${dayOf(now.getTime())}T00:00:00Z`) : parseDay('to', query.to);
  const from = query.from === undefined ? to - 29 * DAY_MS : parseDay('from', query.from);
  if (from > to) throw AppError.field('to', 'The period ends before it starts');
  const maxDays = LEARNING_STATS_MAX_DAYS;
  if ((to - from) / DAY_MS + 1 > maxDays) throw AppError.field('from', `The period is longer than ${maxDays} days`);
  const days: string[] = [];
  for (let at = from; at <= to; at += DAY_MS) days.push(dayOf(at));
  return { from: dayOf(from), to: dayOf(to), days, since: new Date(from), until: new Date(to + DAY_MS) };
}

/** What the figures of a course are computed from (main database): its students, content, their read records, results and grades. */
export interface CourseFacts {
  students: readonly Student[];
  rows: Pick<StudyRows, 'modules' | 'activities' | 'uploads'>;
  records: Records;
  items: readonly ResultItemRow[];
  grades: readonly ResultGradeRow[];
}

/** A video or audio activity with each student's coverage (0–1). */
export interface VideoFacts {
  activity: TreeActivityRow;
  durationS: number | null;
  coverageOf: Map<number, number>;
  watchers: Set<number>;
}

/** An exam or homework with its maximum and each student's published score (in its points) and rate (score ÷ maximum). */
export interface ResultFacts {
  activity: TreeActivityRow;
  item: ResultItemRow;
  scoreOf: Map<number, number>;
  rateOf: Map<number, number>;
}

/** The course's activities as its students meet them, and who did what. */
export interface Analysis {
  /** Published activities of published modules, in content order. */
  visible: TreeActivityRow[];
  counted: TreeActivityRow[];
  completedBy: Map<number, Set<number>>;
  viewedBy: Map<number, Set<number>>;
  /** Completions of counted activities: when (epoch ms) each student completed each, by the read record that completed it. */
  completions: { activityId: number; userId: number; at: number }[];
  videos: VideoFacts[];
  results: ResultFacts[];
  /** Each student's latest read record (epoch ms). */
  lastReadOf: Map<number, number>;
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/**
 * When a completed activity was completed: the `updatedAt` of the read record that made its rule hold — the first
 * record, in the order they were last written, after which isActivityCompleted is true of the records so far.
 */
function completedAt(activity: TreeActivityRow, uploads: readonly ActivityUploadRow[], records: readonly ReadRecordFacts[]): number {
  const rule = { type: activity.type, criterion: activity.completionCriterion, percent: activity.completionPercent, uploads };
  const ordered = [...records].sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime());
  for (let i = 0; i < ordered.length; i++) if (isActivityCompleted(rule, ordered.slice(0, i + 1))) return ordered[i]!.updatedAt.getTime();
  return ordered.at(-1)?.updatedAt.getTime() ?? 0;
}

/**
 * Who completed what and when, each student's coverage of each video or audio activity and published scores, from
 * a course's facts: completion by each activity's own rule (completionByLearner, as learners' completeness), dated
 * by completedAt; videos are the visible activities holding video or audio (coverage: merged read ranges clipped to
 * each file's duration, over the summed durations known); results the visible exams and homework, scores only once
 * published (what the learners see), rescaled to the item's maximum as the gradebook does.
 */
export function analyse(facts: CourseFacts): Analysis {
  const { completedBy, viewedBy, ordered, counted } = completionByLearner(facts.rows, facts.records);
  const modulePublished = new Map(facts.rows.modules.map((m) => [m.id, m.isPublished]));
  const visible = ordered.filter((a) => a.isPublished && (modulePublished.get(a.moduleId) ?? false));
  const uploadsOf = groupBy(
    facts.rows.uploads.filter((u) => !u.inTrash),
    (u) => u.activityId,
  );
  const recordsOf = new Map<number, Map<number, (ReadRecordFacts & { userId: number })[]>>();
  const lastReadOf = new Map<number, number>();
  for (const record of facts.records) {
    let byUser = recordsOf.get(record.activityId);
    if (!byUser) recordsOf.set(record.activityId, (byUser = new Map()));
    byUser.set(record.userId, [...(byUser.get(record.userId) ?? []), record]);
    lastReadOf.set(record.userId, Math.max(lastReadOf.get(record.userId) ?? 0, record.updatedAt.getTime()));
  }
  const completions = counted.flatMap((activity) =>
    [...(completedBy.get(activity.id) ?? [])].map((userId) => ({
      activityId: activity.id,
      userId,
      at: completedAt(activity, uploadsOf.get(activity.id) ?? [], recordsOf.get(activity.id)?.get(userId) ?? []),
    })),
  );
  const videos: VideoFacts[] = [];
  for (const activity of visible) {
    const media = (uploadsOf.get(activity.id) ?? []).filter((u) => u.type === 'video' || u.type === 'audio');
    if (media.length === 0) continue;
    const known = media.filter((u) => u.duration !== null && u.duration > 0);
    const total = known.reduce((sum, u) => sum + u.duration!, 0);
    const coverageOf = new Map<number, number>();
    const watchers = new Set<number>();
    for (const [userId, records] of recordsOf.get(activity.id) ?? []) {
      const byUpload = new Map(records.map((r) => [r.uploadId, r]));
      if (media.some((u) => (byUpload.get(u.id)?.viewedRanges.length ?? 0) > 0)) watchers.add(userId);
      const seconds = known.reduce((sum, u) => sum + (watchedPercent(byUpload.get(u.id)?.viewedRanges ?? [], u.duration) / 100) * u.duration!, 0);
      coverageOf.set(userId, total > 0 ? Math.min(1, seconds / total) : 0);
    }
    videos.push({ activity, durationS: total > 0 ? round2(total) : null, coverageOf, watchers });
  }
  const itemOf = new Map(facts.items.map((item) => [item.activityId, item]));
  const gradesOf = groupBy(facts.grades, (g) => g.activityId);
  const results: ResultFacts[] = [];
  for (const activity of visible) {
    const item = itemOf.get(activity.id);
    if (!item) continue;
    const scoreOf = new Map<number, number>();
    const rates = new Map<number, number>();
    // Only published scores: what the learners themselves see (gradebook).
    if (item.publishedAt !== null)
      for (const grade of gradesOf.get(activity.id) ?? []) {
        const max = item.maxScore;
        scoreOf.set(grade.userId, grade.maxScore > 0 && grade.maxScore !== max ? round2((grade.score / grade.maxScore) * max) : grade.score);
        if (grade.maxScore > 0) rates.set(grade.userId, Math.min(1, Math.max(0, grade.score / grade.maxScore)));
      }
    results.push({ activity, item, scoreOf, rateOf: rates });
  }
  return { visible, counted, completedBy, viewedBy, completions, videos, results, lastReadOf };
}

/** The median of `values` (2 decimals), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return round2(sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** One student's row of the table (all time). `activity`: their rollup activity (embedded statistics), `posts`: their forum posts. */
export function studentRow(student: Student, analysis: Analysis, activity: CourseUserActivity | undefined, posts: ForumPostsRow | undefined): LearningStudent {
  const completed = analysis.counted.filter((a) => analysis.completedBy.get(a.id)?.has(student.id)).length;
  const lastAt = Math.max(analysis.lastReadOf.get(student.id) ?? 0, activity?.last_at ?? 0);
  const rates = analysis.results.flatMap((r) => (r.rateOf.has(student.id) ? [r.rateOf.get(student.id)!] : []));
  return {
    user_id: student.id,
    name: student.name,
    user_no: student.userNo,
    completed_count: completed,
    completion_rate: rateOf(completed, analysis.counted.length),
    last_active_at: lastAt > 0 ? new Date(lastAt).toISOString() : null,
    video_coverage: analysis.videos.length > 0 ? round4(mean(analysis.videos.map((v) => v.coverageOf.get(student.id) ?? 0))) : null,
    score_rate: rates.length > 0 ? round4(mean(rates)) : null,
    forum_posts: (posts?.topics ?? 0) + (posts?.replies ?? 0),
  };
}
