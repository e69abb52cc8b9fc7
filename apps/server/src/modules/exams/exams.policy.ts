import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { activityAccess } from '../activities/activities.policy.js';
import { findActivity, type ActivityRow } from '../activities/activities.repository.js';
import { courseFor } from '../courses/courses.policy.js';
import { findAttempt, type AttemptRow } from './exams.repository.js';

/**
 * The exam policy (issue 15, decision 0080's model): an exam is an activity, so taking one
 * is `activity.open` (published activity and module, its window, checkpoint) and managing
 * its subjects and scores is the course team's `manage_content`; an attempt belongs to its
 * learner (`attempt.answer`: nobody else sees it exists) and is graded by the course team
 * (`attempt.grade`).
 */

const NOT_AN_EXAM = () => new AppError('NOT_AN_EXAM', 'This activity is not an exam');
const NO_ATTEMPT = () => new AppError('ATTEMPT_NOT_FOUND', 'This attempt does not exist');

/** `activity.open` on an exam: the activity and whether the actor is on the course team (a preview attempt). 404/403 as activityAccess; 409 NOT_AN_EXAM. */
export async function examToTake(deps: AppDeps, actor: Actor, activityId: number, now: Date): Promise<{ activity: ActivityRow; isTeam: boolean }> {
  const access = await activityAccess(deps, actor, activityId, undefined, now);
  if (access.activity.type !== 'exam') throw NOT_AN_EXAM();
  return { activity: access.activity, isTeam: access.isTeam };
}

/** `activity.manage` on an exam: the course team (manage_content). ACTIVITY_NOT_FOUND, COURSE_NOT_FOUND, FORBIDDEN, NOT_AN_EXAM. */
export async function examToManage(deps: AppDeps, actor: Actor, activityId: number): Promise<ActivityRow> {
  const activity = await findActivity(deps.db, activityId);
  if (!activity) throw new AppError('ACTIVITY_NOT_FOUND', 'This activity does not exist or was deleted');
  await courseFor(deps, actor, activity.courseId, 'manage_content');
  if (activity.type !== 'exam') throw NOT_AN_EXAM();
  return activity;
}

/** `attempt.answer`: the actor's own attempt (ATTEMPT_NOT_FOUND for anyone else's, naming nothing). */
export async function ownAttempt(deps: AppDeps, actor: Actor, attemptId: number): Promise<AttemptRow> {
  const attempt = await findAttempt(deps.db, attemptId);
  if (!attempt || attempt.userId !== actor.id) throw NO_ATTEMPT();
  return attempt;
}

/** `attempt.grade`: an attempt of an exam whose course the actor's team manages; ATTEMPT_NOT_FOUND otherwise (never FORBIDDEN, which would confirm it exists). */
export async function attemptToGrade(deps: AppDeps, actor: Actor, attemptId: number): Promise<{ attempt: AttemptRow; activity: ActivityRow }> {
  const attempt = await findAttempt(deps.db, attemptId);
  if (!attempt) throw NO_ATTEMPT();
  try {
    return { attempt, activity: await examToManage(deps, actor, attempt.activityId) };
  } catch (error) {
    if (error instanceof AppError) throw NO_ATTEMPT();
    throw error;
  }
}
