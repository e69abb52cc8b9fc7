import type { ActivitiesForCourses, ActivityStat } from '@atrium/contracts';
import type { Actor } from '../../plugins/auth.js';
import type { AppDeps } from '../../lib/deps.js';
import { authorize } from '../access/authorize.js';
import { listStudentReadRecords, readStudyRows, type ReadRecordFacts } from '../activities/activities.repository.js';
import { isActivityCompleted } from '../activities/completion.js';
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
    const byActivity = new Map<number, Map<number, ReadRecordFacts[]>>();
    for (const record of records) {
      let byUser = byActivity.get(record.activityId);
      if (!byUser) byActivity.set(record.activityId, (byUser = new Map()));
      const list = byUser.get(record.userId);
      if (list) list.push(record);
      else byUser.set(record.userId, [record]);
    }
    const students = counts.get(courseId) ?? 0;
    const moduleOrder = new Map(rows.modules.map((m, index) => [m.id, index]));
    const ordered = [...rows.activities].sort((a, b) => (moduleOrder.get(a.moduleId) ?? 0) - (moduleOrder.get(b.moduleId) ?? 0));
    const activities: ActivityStat[] = ordered.map((activity) => {
      const uploads = rows.uploads.filter((u) => u.activityId === activity.id && !u.inTrash);
      const rule = { type: activity.type, criterion: activity.completionCriterion, percent: activity.completionPercent, uploads };
      const byUser = byActivity.get(activity.id) ?? new Map<number, ReadRecordFacts[]>();
      let completed = 0;
      for (const userRecords of byUser.values()) if (isActivityCompleted(rule, userRecords)) completed++;
      return {
        id: activity.id,
        module_id: activity.moduleId,
        type: activity.type,
        title: activity.title,
        is_published: activity.isPublished,
        viewed_count: byUser.size,
        completed_count: completed,
        completion_rate: students > 0 ? Math.round((completed / students) * 10_000) / 10_000 : 0,
      };
    });
    items.push({ course_id: courseId, student_count: students, activities });
  }
  return { items };
}
