import type { ActivityAccess, LearningMode } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { readStudyRows, type ActivityUploadRow, type StudyRows, type ModuleRow, type ReadRecordFacts, type TreeActivityRow } from './activities.repository.js';
import { accessOf, completenessPercent, isActivityCompleted, isCompletable } from './completion.js';

/** One activity with the learner's completion and access. */
export interface StudiedActivity {
  row: TreeActivityRow;
  uploads: ActivityUploadRow[];
  isCompleted: boolean;
  access: ActivityAccess;
}

/** A course's content as one learner meets it: modules in order, each with its activities in order. */
export interface CourseStudy {
  modules: { row: ModuleRow; activities: StudiedActivity[] }[];
  /** Every activity in content order (module order, then activity order). */
  ordered: StudiedActivity[];
  byId: Map<number, StudiedActivity>;
  /** 0..100 (completenessPercent). */
  completeness: number;
  records: ReadRecordFacts[];
}

/**
 * Loads a course's modules, live activities, their uploads and one user's read
 * records (one statement, readStudyRows), and evaluates completion
 * (isActivityCompleted) and access (accessOf: `bypass` for the course team) at `now`.
 */
export async function loadCourseStudy(
  db: Db,
  courseId: number,
  userId: number,
  options: { mode: LearningMode; bypass: boolean; now?: Date },
): Promise<CourseStudy> {
  return studyOf(await readStudyRows(db, courseId, userId), options);
}

/** The study of rows read by readStudyRows (completion and access evaluated at `now`, `bypass` for the course team). */
export function studyOf(rows: StudyRows, options: { mode: LearningMode; bypass: boolean; now?: Date }): CourseStudy {
  const { modules: moduleRows, activities: activityRows, uploads: uploadRows, records } = rows;
  const uploadsOf = groupBy(uploadRows, (u) => u.activityId);
  const recordsOf = groupBy(records, (r) => r.activityId);
  const activitiesOf = groupBy(activityRows, (a) => a.moduleId);
  const modules = moduleRows.map((row) => ({
    row,
    activities: (activitiesOf.get(row.id) ?? []).map((a): StudiedActivity => {
      // A library file in its owner's trash is removed for learners (decision 0132); the team still sees it.
      const uploads = (uploadsOf.get(a.id) ?? []).filter((u) => options.bypass || !u.inTrash);
      const isCompleted = isActivityCompleted(
        { type: a.type, criterion: a.completionCriterion, percent: a.completionPercent, uploads },
        recordsOf.get(a.id) ?? [],
      );
      return { row: a, uploads, isCompleted, access: 'open' };
    }),
  }));
  const ordered = modules.flatMap((m) => m.activities);
  const moduleOf = new Map(moduleRows.map((m) => [m.id, m]));
  const accessInput = ordered.map((a) => ({
    isPublished: a.row.isPublished,
    isModulePublished: moduleOf.get(a.row.moduleId)?.isPublished ?? false,
    startTime: a.row.startTime?.getTime() ?? null,
    endTime: a.row.endTime?.getTime() ?? null,
    criterion: a.row.completionCriterion,
    isCompleted: a.isCompleted,
    type: a.row.type,
  }));
  const access = accessOf(accessInput, options.mode, (options.now ?? new Date()).getTime(), options.bypass);
  ordered.forEach((a, i) => (a.access = access[i]!));
  return { modules, ordered, byId: new Map(ordered.map((a) => [a.row.id, a])), completeness: completenessPercent(accessInput), records };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/**
 * Who completed what, over many learners at once (statistics, early warning): for each live activity of
 * `rows` (readStudyRows, any user), the learners among `records` (listStudentReadRecords) who completed it
 * by its own rule (isActivityCompleted over their records; library files in the trash left out, as learners
 * meet them). Also answers which activities count towards completeness (published, in a published module,
 * completable), in content order.
 */
export function completionByLearner(
  rows: Pick<StudyRows, 'modules' | 'activities' | 'uploads'>,
  records: readonly (ReadRecordFacts & { userId: number })[],
): { completedBy: Map<number, Set<number>>; viewedBy: Map<number, Set<number>>; ordered: TreeActivityRow[]; counted: TreeActivityRow[] } {
  const recordsOf = new Map<number, Map<number, ReadRecordFacts[]>>();
  for (const record of records) {
    let byUser = recordsOf.get(record.activityId);
    if (!byUser) recordsOf.set(record.activityId, (byUser = new Map()));
    const list = byUser.get(record.userId);
    if (list) list.push(record);
    else byUser.set(record.userId, [record]);
  }
  const uploadsOf = groupBy(
    rows.uploads.filter((u) => !u.inTrash),
    (u) => u.activityId,
  );
  const moduleIndex = new Map(rows.modules.map((m, index) => [m.id, index]));
  const modulePublished = new Map(rows.modules.map((m) => [m.id, m.isPublished]));
  const ordered = [...rows.activities].sort((a, b) => (moduleIndex.get(a.moduleId) ?? 0) - (moduleIndex.get(b.moduleId) ?? 0));
  const completedBy = new Map<number, Set<number>>();
  const viewedBy = new Map<number, Set<number>>();
  for (const activity of ordered) {
    const rule = {
      type: activity.type,
      criterion: activity.completionCriterion,
      percent: activity.completionPercent,
      uploads: uploadsOf.get(activity.id) ?? [],
    };
    const byUser = recordsOf.get(activity.id) ?? new Map<number, ReadRecordFacts[]>();
    const done = new Set<number>();
    for (const [userId, userRecords] of byUser) if (isActivityCompleted(rule, userRecords)) done.add(userId);
    completedBy.set(activity.id, done);
    viewedBy.set(activity.id, new Set(byUser.keys()));
  }
  const counted = ordered.filter((a) => a.isPublished && (modulePublished.get(a.moduleId) ?? false) && isCompletable(a.completionCriterion, a.type));
  return { completedBy, viewedBy, ordered, counted };
}
