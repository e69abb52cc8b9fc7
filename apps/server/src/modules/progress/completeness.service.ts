import type { AppDeps } from '../../lib/deps.js';
import { loadCourseStudy, type CourseStudy } from '../activities/course-study.js';
import { findCourseLearningMode } from '../courses/courses.repository.js';
import { findState, upsertState, type CourseUserState } from './progress.repository.js';

/** What recomputeCourseCompleteness wrote. */
export interface CourseCompleteness {
  /** 0..100 percent of published, completable activities completed. */
  studyCompleteness: number;
  lastActivity: { id: number; title: string } | null;
  lastUpdateCompletenessTime: Date | null;
  /** Activities the user has completed (isActivityCompleted). */
  completedActivityIds: number[];
}

/**
 * Recomputes one user's study completeness in one course (spec §3 Study
 * completeness, §4 course completeness) from their activity read records and
 * writes it to course_user_states: the percentage, the last activity (the one
 * whose read record changed last) and `last_update_completeness_time` (now,
 * when the percentage changed or was never computed). Call it after any change
 * to read records — `POST /api/activities/{id}/reads` does; issue 5's video
 * play-progress endpoint should too.
 */
export async function recomputeCourseCompleteness(deps: AppDeps, courseId: number, userId: number, now = new Date()): Promise<CourseCompleteness> {
  const course = await findCourseLearningMode(deps.db, courseId);
  const study = await loadCourseStudy(deps.db, courseId, userId, { mode: course?.learningMode ?? 'free', bypass: true, now });
  return storeCompleteness(deps, courseId, userId, study, await findState(deps.db, courseId, userId), now);
}

/**
 * Writes what `study` (loadCourseStudy of this user) says to course_user_states
 * (see recomputeCourseCompleteness), given the stored `state`. Also used by the
 * content tree, so a learner's stored completeness follows content changes
 * (activities added, published, deleted) the next time they look.
 */
export async function storeCompleteness(
  deps: AppDeps,
  courseId: number,
  userId: number,
  study: CourseStudy,
  state: CourseUserState | undefined,
  now = new Date(),
): Promise<CourseCompleteness> {
  let last: { id: number; title: string; at: number } | null = null;
  for (const r of study.records) {
    const activity = study.byId.get(r.activityId);
    if (activity && (!last || r.updatedAt.getTime() > last.at)) last = { id: activity.row.id, title: activity.row.title, at: r.updatedAt.getTime() };
  }
  const changed = !state?.lastUpdateCompletenessTime || state.studyCompleteness !== study.completeness;
  const time = changed ? now : state.lastUpdateCompletenessTime;
  await upsertState(deps.db, courseId, userId, {
    studyCompleteness: study.completeness,
    lastActivityId: last?.id ?? null,
    lastActivityTitle: last?.title ?? null,
    lastUpdateCompletenessTime: time,
  });
  return {
    studyCompleteness: study.completeness,
    lastActivity: last ? { id: last.id, title: last.title } : null,
    lastUpdateCompletenessTime: time,
    completedActivityIds: study.ordered.filter((a) => a.isCompleted).map((a) => a.row.id),
  };
}
