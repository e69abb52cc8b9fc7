import type { ActivitiesForCourses, ActivityStat } from '@atrium/contracts';
import type { Actor } from '../../plugins/auth.js';
import type { AppDeps } from '../../lib/deps.js';
import { authorize } from '../access/authorize.js';
import { listStudentReadRecords, readStudyRows } from '../activities/activities.repository.js';
import { completionByLearner } from '../activities/course-study.js';
import { studentCountsOf } from '../enrolments/enrolments.repository.js';

/**
 * `GET /api/stat/activities-for-courses` (spec §7; issue 25 item 3): for each course asked, its students and,
 * for each live activity in content order, how many of them opened it and how many completed it by its own
 * completion rule (the rule the learner's completeness uses: isActivityCompleted over their read records).
 * Computed from the main database (three statements a course), so the figures equal the course's own.
 * Every course must be one the actor may read statistics of (its team, its organisation's admins): else
 * COURSE_NOT_FOUND (404) or FORBIDDEN (403) for the first that is not, and nothing is answered.
 */
export async function activitiesForCourses(deps: AppDeps, actor: Actor, courseIds: readonly number[]): Promise<ActivitiesForCourses> {
  for (const courseId of courseIds) await authorize(deps, actor, 'course.read_statistics', { courseId });
  const counts = await studentCountsOf(deps.db, [...courseIds]);
  const items = [];
  for (const courseId of courseIds) {
    const [rows, records] = await Promise.all([readStudyRows(deps.db, courseId, 0), listStudentReadRecords(deps.db, courseId)]);
    const { ordered, completedBy, viewedBy } = completionByLearner(rows, records);
    const students = counts.get(courseId) ?? 0;
    const activities: ActivityStat[] = ordered.map((activity) => {
      const completed = completedBy.get(activity.id)?.size ?? 0;
      return {
        id: activity.id,
        module_id: activity.moduleId,
        type: activity.type,
        title: activity.title,
        is_published: activity.isPublished,
        viewed_count: viewedBy.get(activity.id)?.size ?? 0,
        completed_count: completed,
        completion_rate: students > 0 ? Math.round((completed / students) * 10_000) / 10_000 : 0,
      };
    });
    items.push({ course_id: courseId, student_count: students, activities });
  }
  return { items };
}
