import type { ActivityAccess as AccessState, CourseRole, ErrorCode, LearningMode } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { isCourseTeam, isCourseViewer } from '../courses/courses.policy.js';
import { findCourse, type CourseWithDepartment } from '../courses/courses.repository.js';
import { rolesInCourse } from '../enrolments/enrolments.repository.js';
import { findState } from '../progress/progress.repository.js';
import { findActivity, findModule, type ActivityRow, type FileHolderRow } from './activities.repository.js';
import { accessOf } from './completion.js';
import { loadCourseStudy, type CourseStudy, type StudiedActivity } from './course-study.js';

/**
 * The activity policy (issue 14 §1, decision 0080): whether a learner may open
 * an activity (spec §6 view permission, §2 access-forbidden popup, §3
 * learning_mode; decision 0070), who is on its team, and what a visitor may
 * preview (spec §6 visitors). The upload policy asks it about every activity
 * that holds a file, so a file is never reachable where its activity is not.
 */

const NOT_FOUND = 'This activity does not exist or was deleted';

/** The forbidden codes and messages of the access-forbidden popup (spec §2). */
const FORBIDDEN: Record<Exclude<AccessState, 'open'>, { code: ErrorCode; message: string }> = {
  not_started: { code: 'ACTIVITY_NOT_STARTED', message: 'This activity has not started yet' },
  ended: { code: 'ACTIVITY_ENDED', message: 'This activity has ended' },
  unpublished: { code: 'ACTIVITY_UNPUBLISHED', message: 'This activity is not published' },
  locked: { code: 'ACTIVITY_LOCKED', message: 'Finish the previous activities first' },
};

/** An activity, its course, the actor's roles and whether the actor is on the course team. */
export interface ActivityAccess {
  activity: ActivityRow;
  courseId: number;
  roles: CourseRole[];
  /** Instructor, assistant or org admin not previewing as a student (decision 0011): never refused by the access rules, never held to forward-seeking rules. */
  isTeam: boolean;
}

/** One activity as the actor meets it (completion, access), from the whole course (checkpoint needs the earlier ones). ACTIVITY_NOT_FOUND when the course study does not hold it. */
export async function studied(
  deps: AppDeps,
  actor: Actor,
  row: ActivityRow,
  isTeamView: boolean,
  mode: LearningMode,
  now = new Date(),
): Promise<StudiedActivity> {
  return studiedIn(await loadCourseStudy(deps.db, row.courseId, actor.id, { mode, bypass: isTeamView, now }), row.id);
}

/** One activity of a course study already read. ACTIVITY_NOT_FOUND when the study does not hold it. */
export function studiedIn(study: CourseStudy, activityId: number): StudiedActivity {
  const found = study.byId.get(activityId);
  if (!found) throw new AppError('ACTIVITY_NOT_FOUND', NOT_FOUND);
  return found;
}

/** Throws the access-forbidden error (403 ACTIVITY_UNPUBLISHED / _NOT_STARTED / _ENDED / _LOCKED with start_time/end_time) unless the activity is open. */
export function assertOpen(a: Pick<StudiedActivity, 'access'> & { row: Pick<StudiedActivity['row'], 'startTime' | 'endTime'> }): void {
  if (a.access === 'open') return;
  const { code, message } = FORBIDDEN[a.access];
  throw new AppError(code, message, undefined, { start_time: a.row.startTime?.toISOString() ?? null, end_time: a.row.endTime?.toISOString() ?? null });
}

/**
 * The actor's access to an activity (issues 5 and 7): the activity must exist in
 * the actor's organisation (ACTIVITY_NOT_FOUND otherwise), the actor must be a
 * member of its course (FORBIDDEN), and a learner must be able to open it, by
 * the rule of `GET /api/activities/{id}` (decision 0070): ACTIVITY_UNPUBLISHED
 * (activity or module), ACTIVITY_NOT_STARTED, ACTIVITY_ENDED, ACTIVITY_LOCKED
 * (checkpoint), 403 with start_time/end_time. The course team (not previewing as
 * a student) is never refused. `courseId`, when given, must be the activity's
 * course (ACTIVITY_NOT_FOUND). Every media, SCORM, exam-play and notes call goes
 * through here, so nothing is played, credited or stored for a closed activity.
 */
export async function activityAccess(deps: AppDeps, actor: Actor, activityId: number, courseId?: number, now = new Date()): Promise<ActivityAccess> {
  const activity = await findActivity(deps.db, activityId);
  if (!activity || (courseId !== undefined && activity.courseId !== courseId)) throw new AppError('ACTIVITY_NOT_FOUND', NOT_FOUND);
  const course = await findCourse(deps.db, activity.courseId);
  if (!course || course.orgId !== actor.orgId || course.deletedAt) throw new AppError('ACTIVITY_NOT_FOUND', NOT_FOUND);
  const roles = await rolesInCourse(deps.db, course.id, actor.id);
  if (!isCourseViewer(actor, course, roles)) throw new AppError('FORBIDDEN', 'You are not a member of this course');
  const isTeam = isCourseTeam(actor, course, roles) && (await findState(deps.db, course.id, actor.id))?.previewAs == null;
  if (!isTeam) await assertLearnerMayOpen(deps, actor, activity, course.learningMode, now);
  return { activity, courseId: course.id, roles, isTeam };
}

/**
 * The access-forbidden refusal of opening `activity` for a learner (decision 0070).
 * In checkpoint mode the whole course is read (earlier activities may lock this
 * one: `studied`); otherwise the activity and its module decide, so a frequent
 * call (play-progress) does not read the course.
 */
async function assertLearnerMayOpen(deps: AppDeps, actor: Actor, activity: ActivityRow, mode: LearningMode, now: Date): Promise<void> {
  if (mode === 'checkpoint') return assertOpen(await studied(deps, actor, activity, false, mode, now));
  const module = await findModule(deps.db, activity.moduleId);
  const [access] = accessOf(
    [
      {
        isPublished: activity.isPublished,
        isModulePublished: module?.isPublished ?? false,
        startTime: activity.startTime?.getTime() ?? null,
        endTime: activity.endTime?.getTime() ?? null,
        criterion: activity.completionCriterion,
        isCompleted: false,
      },
    ],
    mode,
    now.getTime(),
    false,
  );
  assertOpen({ access: access!, row: activity });
}

/**
 * For a learner (not the course team) of `course`: the access state of each
 * activity in `holders` (the activities holding some files, listFileHolders),
 * by the same rules as activityAccess. Checkpoint courses read the learner's
 * whole course study once (earlier activities may lock later ones).
 */
export async function learnerAccessOfHolders(
  deps: AppDeps,
  actor: Actor,
  course: Pick<CourseWithDepartment, 'id' | 'learningMode'>,
  holders: readonly FileHolderRow[],
  now = new Date(),
): Promise<Map<number, AccessState>> {
  const result = new Map<number, AccessState>();
  if (holders.length === 0) return result;
  const study = course.learningMode === 'checkpoint' ? await loadCourseStudy(deps.db, course.id, actor.id, { mode: 'checkpoint', bypass: false, now }) : null;
  for (const h of holders) {
    if (result.has(h.activityId)) continue;
    const fromStudy = h.courseId === course.id ? study?.byId.get(h.activityId)?.access : undefined;
    const [access] = fromStudy
      ? [fromStudy]
      : accessOf(
          [
            {
              isPublished: h.isPublished,
              isModulePublished: h.isModulePublished,
              startTime: h.startTime?.getTime() ?? null,
              endTime: h.endTime?.getTime() ?? null,
              criterion: h.criterion,
              isCompleted: false,
            },
          ],
          'free',
          now.getTime(),
          false,
        );
    result.set(h.activityId, access!);
  }
  return result;
}

/**
 * Spec §6 visitors: the activity a visitor may preview. Absent or deleted
 * activity: ACTIVITY_NOT_FOUND; the activity, its module or its course
 * unpublished, the course deleted, guest preview off, or the activity not
 * started yet or ended: FORBIDDEN (naming nothing). Answers the activity and
 * its course's organisation.
 */
export async function guestActivity(deps: AppDeps, activityId: number, now = new Date()): Promise<{ activity: ActivityRow; orgId: number }> {
  const activity = await findActivity(deps.db, activityId);
  if (!activity) throw new AppError('ACTIVITY_NOT_FOUND', NOT_FOUND);
  const course = await findCourse(deps.db, activity.courseId);
  const refuse = () => new AppError('FORBIDDEN', 'Visitors cannot preview this activity');
  if (!course || course.deletedAt || !course.isPublished || !activity.isPublished || !activity.canGuestPreview) throw refuse();
  if ((activity.startTime && activity.startTime.getTime() > now.getTime()) || (activity.endTime && activity.endTime.getTime() < now.getTime())) throw refuse();
  const module = await findModule(deps.db, activity.moduleId);
  if (!module?.isPublished) throw refuse();
  return { activity, orgId: course.orgId };
}
