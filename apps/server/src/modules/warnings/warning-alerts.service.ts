import type { AppDeps } from '../../lib/deps.js';
import { emit, transaction } from '../events/events.service.js';
import { effectiveRules } from './warning-rules.js';
import { listWatchedCourses, syncWarningAlerts, type WatchedCourse } from './warning-alerts.repository.js';
import { evaluateCourseWarnings } from './warnings.service.js';

/** Courses evaluated per page of the daily job: one page's ids and rules are read at a time, never every course's data. */
export const WARNING_ALERT_PAGE = 50;

/**
 * The daily early-warning job (issue 25 item 4; `warning-alerts` in jobs/workers.ts): evaluates every watched
 * course (listWatchedCourses: published, running, with students) in pages of `pageSize` (WARNING_ALERT_PAGE)
 * by id, and for each remembers who is flagged for which rule (warning_alerts). A (student, rule) not flagged
 * at the run before is new: the course's new ones are emitted as one `warning.students_flagged` in the
 * transaction that remembers them, which the notifications module turns into one notice per team member
 * counting the students. A student no longer flagged for a rule is forgotten, so a relapse is told again; a
 * second run on the same facts tells nothing. A course whose evaluation fails is logged and left for the next
 * run. Answers how many students were flagged anew, over all courses. Per course: five SELECTs to evaluate,
 * then one statement to remember (with begin and commit, the event and its handling when something is new).
 */
export async function notifyNewWarnings(deps: AppDeps, now = new Date(), options: { pageSize?: number } = {}): Promise<number> {
  const pageSize = options.pageSize ?? WARNING_ALERT_PAGE;
  let flaggedAnew = 0;
  for (let afterId = 0; ;) {
    const page = await listWatchedCourses(deps.db, afterId, pageSize, now);
    for (const course of page) {
      try {
        flaggedAnew += await alertCourse(deps, course, now);
      } catch (error) {
        deps.log.error({ err: error, courseId: course.id }, 'early warning: evaluating a course failed (the next run tries again)');
      }
    }
    if (page.length < pageSize) return flaggedAnew;
    afterId = page.at(-1)!.id;
  }
}

/** One course of the job: evaluate, remember, and emit what is new. Answers how many students were flagged anew. */
async function alertCourse(deps: AppDeps, course: WatchedCourse, now: Date): Promise<number> {
  const rules = effectiveRules(course.orgRules, course.courseRules);
  const { flagged } = await evaluateCourseWarnings(deps.db, course.id, rules, now);
  const keys = flagged.flatMap((student) => student.reasons.map((reason) => ({ userId: student.user.id, rule: reason.rule })));
  return transaction(deps, async (tx) => {
    const added = await syncWarningAlerts(tx, course.id, keys, now);
    if (added.length === 0) return 0;
    const userIds = [...new Set(added.map((a) => a.userId))];
    await emit(deps, tx, {
      type: 'warning.students_flagged',
      payload: { course_id: course.id, user_ids: userIds, alerts: added.map((a) => ({ user_id: a.userId, rule: a.rule })) },
    });
    return userIds.length;
  });
}
