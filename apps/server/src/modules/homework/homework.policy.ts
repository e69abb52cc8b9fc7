import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { activityAccess } from '../activities/activities.policy.js';
import { findActivity, type ActivityRow } from '../activities/activities.repository.js';
import { isCourseTeam } from '../courses/courses.policy.js';
import { findCourse } from '../courses/courses.repository.js';
import { rolesInCourse } from '../enrolments/enrolments.repository.js';
import { findGradeItemPublishedAt } from '../gradebook/gradebook.repository.js';
import type { UploadParentAccess, UploadParentResolver } from '../uploads/upload-parents.js';
import { findActivityForTeam, findSubmission, findSubmissionOfUpload, isGroupMember, type SubmissionRow } from './homework.repository.js';

/**
 * The homework policy (issue 16, decision 0080's model): handing in is `activity.open` on a
 * homework (published activity and module, its window, checkpoint); the submission list, scores
 * and annotations are the course team's (`manage_content`, action `submission.grade`); a
 * submission is read by its learner, or in group homework by every member of its group
 * (`submission.read`), and by the team. Anyone else meets SUBMISSION_NOT_FOUND, which names
 * nothing. A submission's files are reached through it (registered as the upload parent
 * `submission`): the learner's own files by the learner and the team; the team's feedback files
 * and annotated copies by the learner once the homework's scores are published.
 */

const NOT_HOMEWORK = () => new AppError('NOT_HOMEWORK', 'This activity is not homework');
const NO_SUBMISSION = () => new AppError('SUBMISSION_NOT_FOUND', 'This submission does not exist');

/** `activity.open` on homework: the activity and whether the actor is on the course team. 404/403 as activityAccess; 409 NOT_HOMEWORK. */
export async function homeworkToSubmit(deps: AppDeps, actor: Actor, activityId: number, now = new Date()): Promise<{ activity: ActivityRow; isTeam: boolean }> {
  const access = await activityAccess(deps, actor, activityId, undefined, now);
  if (access.activity.type !== 'homework') throw NOT_HOMEWORK();
  return { activity: access.activity, isTeam: access.isTeam };
}

/**
 * `activity.manage` on homework: the course team. ACTIVITY_NOT_FOUND, COURSE_NOT_FOUND, FORBIDDEN,
 * NOT_HOMEWORK. The checks of courseFor(…, 'manage_content'), in its order and with its errors, on
 * the activity, course and roles read in one statement (the submission list and the grading
 * routes run this on every request; bench/grading, issue 16).
 */
export async function homeworkToManage(deps: AppDeps, actor: Actor, activityId: number): Promise<ActivityRow> {
  const found = await findActivityForTeam(deps.db, activityId, actor.id);
  if (!found) throw new AppError('ACTIVITY_NOT_FOUND', 'This activity does not exist or was deleted');
  const { activity, course, roles } = found;
  if (!course || course.deletedAt) throw new AppError('COURSE_NOT_FOUND', 'This course does not exist or was deleted');
  if (course.orgId !== actor.orgId) throw new AppError('FORBIDDEN', 'This course belongs to another organisation');
  if (!isCourseTeam(actor, course, roles)) throw new AppError('FORBIDDEN', 'Your role in this course does not allow this');
  if (activity.type !== 'homework') throw NOT_HOMEWORK();
  return activity;
}

/** `submission.grade`: a submission of homework whose course the actor's team manages; SUBMISSION_NOT_FOUND otherwise (never FORBIDDEN, which would confirm it exists). */
export async function submissionToGrade(deps: AppDeps, actor: Actor, submissionId: number): Promise<{ submission: SubmissionRow; activity: ActivityRow }> {
  const submission = await findSubmission(deps.db, submissionId);
  if (!submission) throw NO_SUBMISSION();
  try {
    return { submission, activity: await homeworkToManage(deps, actor, submission.activityId) };
  } catch (error) {
    if (error instanceof AppError) throw NO_SUBMISSION();
    throw error;
  }
}

/** Is the actor the submission's learner, or a member of its group? */
async function ownsSubmission(deps: AppDeps, actor: Actor, submission: SubmissionRow): Promise<boolean> {
  if (submission.groupId === null) return submission.userId === actor.id;
  return submission.userId === actor.id || (await isGroupMember(deps.db, submission.groupId, actor.id));
}

/**
 * `submission.read`: the team (as submission.grade) or the submission's own learner / group member
 * (a draft only to them). Answers who reads it; SUBMISSION_NOT_FOUND for anyone else.
 */
export async function submissionToRead(
  deps: AppDeps,
  actor: Actor,
  submissionId: number,
): Promise<{ submission: SubmissionRow; activity: ActivityRow; isTeam: boolean }> {
  const submission = await findSubmission(deps.db, submissionId);
  if (!submission) throw NO_SUBMISSION();
  if (await ownsSubmission(deps, actor, submission)) {
    const activity = await findActivity(deps.db, submission.activityId);
    if (!activity) throw NO_SUBMISSION();
    return { submission, activity, isTeam: false };
  }
  if (submission.status !== 'submitted') throw NO_SUBMISSION();
  return { ...(await submissionToGrade(deps, actor, submissionId)), isTeam: true };
}

/**
 * The upload parent `submission` (registered at start-up, upload-parents.ts): the course team
 * reads every file of a handed-in submission; its learner (or group) reads their own files, and
 * the team's feedback files and annotated copies once the homework's scores are published; the
 * learner manages their files only while the submission is a draft.
 */
export const submissionUploadParent: UploadParentResolver = async (deps, actor, row): Promise<UploadParentAccess> => {
  const held = row.id ? await findSubmissionOfUpload(deps.db, row.id) : undefined;
  const submission = held?.submission ?? (row.parentId ? await findSubmission(deps.db, row.parentId) : undefined);
  if (!submission) return row.ownerId === actor.id ? 'manage' : 'missing';
  const role = held?.role ?? 'submission';
  if (await ownsSubmission(deps, actor, submission)) {
    if (role === 'submission') return submission.status === 'draft' && row.ownerId === actor.id ? 'manage' : 'view';
    const publishedAt = await findGradeItemPublishedAt(deps.db, submission.activityId);
    return publishedAt && submission.score !== null ? 'view' : 'none';
  }
  const course = await findCourse(deps.db, submission.courseId);
  if (!course || course.orgId !== actor.orgId) return 'missing';
  const roles = await rolesInCourse(deps.db, course.id, actor.id);
  if (!isCourseTeam(actor, course, roles)) return 'none';
  return submission.status === 'submitted' ? 'view' : 'none';
};
