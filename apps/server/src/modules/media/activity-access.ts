import { and, eq, isNull } from 'drizzle-orm';
import type { CourseRole, LearningMode } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { assertOpen, studied } from '../activities/activities.service.js';
import { activities, activityUploads, courseModules } from '../activities/activities.table.js';
import { accessOf } from '../activities/completion.js';
import { isCourseTeam, isCourseViewer } from '../courses/courses.policy.js';
import { findCourse } from '../courses/courses.repository.js';
import { rolesInCourse } from '../enrolments/enrolments.repository.js';
import { findState } from '../progress/progress.repository.js';
import { findLiveUpload, type UploadRow } from '../uploads/uploads.repository.js';
import { NOT_FOUND_MESSAGE } from '../uploads/uploads.service.js';

export type ActivityRow = typeof activities.$inferSelect;

/** An activity, its course, the actor's roles and whether the actor is on the course team. */
export interface ActivityAccess {
  activity: ActivityRow;
  courseId: number;
  roles: CourseRole[];
  /** Instructor, assistant or org admin not previewing as a student (decision 0011): never refused by the access rules, never held to forward-seeking rules. */
  isTeam: boolean;
}

/** The live (not soft-deleted) activity, or undefined. */
export async function findLiveActivity(deps: AppDeps, activityId: number): Promise<ActivityRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(activities)
    .where(and(eq(activities.id, activityId), isNull(activities.deletedAt)))
    .limit(1);
  return row;
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
  const activity = await findLiveActivity(deps, activityId);
  if (!activity || (courseId !== undefined && activity.courseId !== courseId))
    throw new AppError('ACTIVITY_NOT_FOUND', 'This activity does not exist or was deleted');
  const course = await findCourse(deps.db, activity.courseId);
  if (!course || course.orgId !== actor.orgId || course.deletedAt) throw new AppError('ACTIVITY_NOT_FOUND', 'This activity does not exist or was deleted');
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
  const [module] = await deps.db.select({ isPublished: courseModules.isPublished }).from(courseModules).where(eq(courseModules.id, activity.moduleId)).limit(1);
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

/** Whether `activityId` holds `uploadId` (activity_uploads). */
export async function activityHoldsUpload(deps: AppDeps, activityId: number, uploadId: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: activityUploads.id })
    .from(activityUploads)
    .where(and(eq(activityUploads.activityId, activityId), eq(activityUploads.uploadId, uploadId)))
    .limit(1);
  return row !== undefined;
}

/**
 * An upload reached through an activity: activityAccess, then the activity must
 * hold the upload (activity_uploads) and the upload must be live, received and
 * of the activity's organisation. Throws ACTIVITY_NOT_FOUND, FORBIDDEN, UPLOAD_NOT_FOUND.
 */
export async function activityUpload(
  deps: AppDeps,
  actor: Actor,
  activityId: number,
  uploadId: number,
  courseId?: number,
): Promise<ActivityAccess & { upload: UploadRow }> {
  const access = await activityAccess(deps, actor, activityId, courseId);
  const upload = await findLiveUpload(deps.db, uploadId);
  if (!upload || upload.orgId !== actor.orgId || !upload.receivedAt || !(await activityHoldsUpload(deps, activityId, uploadId))) {
    throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  }
  return { ...access, upload };
}

/**
 * Spec §6 visitors: the activity a visitor may preview. Absent or deleted
 * activity: ACTIVITY_NOT_FOUND; the activity or its course unpublished or the
 * course deleted, or guest preview off: FORBIDDEN. Answers the activity and its
 * course's organisation.
 */
export async function guestActivity(deps: AppDeps, activityId: number): Promise<{ activity: ActivityRow; orgId: number }> {
  const activity = await findLiveActivity(deps, activityId);
  if (!activity) throw new AppError('ACTIVITY_NOT_FOUND', 'This activity does not exist or was deleted');
  const course = await findCourse(deps.db, activity.courseId);
  if (!course || course.deletedAt || !course.isPublished || !activity.isPublished || !activity.canGuestPreview) {
    throw new AppError('FORBIDDEN', 'Visitors cannot preview this activity');
  }
  return { activity, orgId: course.orgId };
}

/**
 * Spec §6 visitors: an anonymous visitor reaches an upload only through an
 * activity that exists, is published (in a published, live course), allows
 * guest preview and holds the upload. Absent activity: ACTIVITY_NOT_FOUND;
 * guest preview off or unpublished: FORBIDDEN; upload not held: UPLOAD_NOT_FOUND.
 * No error names or describes the upload.
 */
export async function guestUpload(deps: AppDeps, activityId: number, uploadId: number): Promise<{ activity: ActivityRow; upload: UploadRow }> {
  const { activity, orgId } = await guestActivity(deps, activityId);
  const upload = await findLiveUpload(deps.db, uploadId);
  if (!upload || !upload.receivedAt || upload.orgId !== orgId || !(await activityHoldsUpload(deps, activityId, uploadId))) {
    throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  }
  return { activity, upload };
}
