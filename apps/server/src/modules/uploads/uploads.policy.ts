import type { ActivityAccess as AccessState, CourseRole } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { activityAccess, guestActivity, learnerAccessOfHolders, type ActivityAccess } from '../activities/activities.policy.js';
import { listFileHolders, type ActivityRow } from '../activities/activities.repository.js';
import { isCourseTeam, isCourseViewer } from '../courses/courses.policy.js';
import { findCourseWithRoles, findUploadWithCourseRoles, type CourseWithDepartment } from '../courses/courses.repository.js';
import { uploadParentResolver } from './upload-parents.js';
import { activityHoldsUpload, findLiveUpload, type UploadRow } from './uploads.repository.js';

/**
 * The upload policy (issue 14 §1, decision 0080). A file is reached through its
 * parent: a course file by the course's members, a personal file by its owner,
 * and a file an activity holds (activity_uploads) or an exam subject lists
 * (decision 0030) by a learner only while one of those activities is open to
 * them (published activity and module, inside its start/end window, not locked
 * by a checkpoint: the activity policy). Every way to a file asks here: the
 * upload answer, its bytes, derived renditions, document URL, text, preview
 * providers, audio, SCORM launch and content, notes, and the anonymous API
 * (guestUpload). Refusals name no file and carry no URL.
 */

export const NOT_FOUND_MESSAGE = 'This file does not exist or was deleted';
/** Why a learner cannot open an exam subject's file outside the exam (decision 0030). */
export const EXAM_MEDIA_MESSAGE = 'This file plays only in its exam, within its play limit';
/** Why a learner cannot open a file whose every activity is closed to them (unpublished, not started, ended, locked). */
export const CLOSED_MESSAGE = 'You cannot open this file now';

/**
 * What the actor may do with an upload: 'manage' (course team, org admin, owner
 * of a personal file), 'view' (a course member, the file open to them), 'exam'
 * (only an open exam lists it: its answer without URLs; its bytes only through
 * the exam's play call).
 */
export type UploadAccessKind = 'manage' | 'view' | 'exam';
/** What a learner meets of one course file: open, exam-only, or closed (every holding activity closed). */
export type LearnerFileState = 'view' | 'exam' | 'closed';

/**
 * For a learner (member, not on the team) of `course`: the state of each of
 * `uploadIds`. A file no activity holds is 'view'; a file some open activity
 * holds is 'view'; a file only open exams list is 'exam'; any other held file is
 * 'closed'. Three statements at most (holders, exam listings, and the course
 * study in checkpoint mode).
 */
export async function learnerFileStates(
  deps: AppDeps,
  actor: Actor,
  course: Pick<CourseWithDepartment, 'id' | 'learningMode'>,
  uploadIds: readonly number[],
  now = new Date(),
): Promise<Map<number, LearnerFileState>> {
  return (await learnerFileView(deps, actor, course, uploadIds, now)).states;
}

/**
 * learnerFileStates, also answering the learner's access state of every activity
 * holding one of `uploadIds` (`activities`: activity id → 'open' or why not), for
 * lists that group files by activity (course resources, issue 19 §3). Same
 * statements as learnerFileStates.
 */
export async function learnerFileView(
  deps: AppDeps,
  actor: Actor,
  course: Pick<CourseWithDepartment, 'id' | 'learningMode'>,
  uploadIds: readonly number[],
  now = new Date(),
): Promise<{ states: Map<number, LearnerFileState>; activities: Map<number, AccessState> }> {
  const holders = await listFileHolders(deps.db, uploadIds);
  const access = await learnerAccessOfHolders(deps, actor, course, holders, now);
  const isOpen = (activityId: number) => (access.get(activityId) as AccessState | undefined) === 'open';
  const states = new Map<number, LearnerFileState>();
  for (const id of uploadIds) {
    const mine = holders.filter((h) => h.uploadId === id);
    if (mine.length === 0 || mine.some((h) => !h.viaExam && isOpen(h.activityId))) states.set(id, 'view');
    else if (mine.some((h) => h.viaExam && isOpen(h.activityId))) states.set(id, 'exam');
    else states.set(id, 'closed');
  }
  return { states, activities: access };
}

/**
 * The actor's access to an upload's parent: 'manage' (course team, org admin,
 * owner of a personal file), 'view' (course member), 'none' (same org, no right)
 * or 'missing' (no such parent, or another organisation's: answered as not found).
 * The parent only: uploadAccess adds the activity rules.
 */
export async function accessToParent(
  deps: AppDeps,
  actor: Actor,
  row: Pick<UploadRow, 'parentType' | 'parentId' | 'ownerId' | 'orgId'> & { id?: number },
  /** The parent course and the actor's roles, when already read with the upload (findUploadWithCourseRoles). */
  known?: { course: CourseWithDepartment | undefined; roles: CourseRole[] },
): Promise<{ access: 'missing' | 'none' | 'view' | 'manage'; course?: CourseWithDepartment }> {
  if (row.orgId !== actor.orgId) return { access: 'missing' };
  const resolver = uploadParentResolver(row.parentType);
  if (resolver) return { access: await resolver(deps, actor, { id: row.id ?? 0, ...row }) };
  if (row.parentType === 'course' && row.parentId !== null) {
    // The course and the actor's roles in one statement (decision 0140), or none when read with the upload.
    const found = known ?? (await findCourseWithRoles(deps.db, row.parentId, actor.id));
    const course = found?.course;
    if (!course || course.orgId !== actor.orgId) return { access: 'missing' };
    const roles = found.roles;
    if (isCourseTeam(actor, course, roles)) return { access: 'manage', course };
    if (isCourseViewer(actor, course, roles)) return { access: 'view', course };
    return { access: 'none', course };
  }
  return { access: row.ownerId === actor.id ? 'manage' : 'none' };
}

/**
 * `upload.read`: an upload the actor may see. Throws UPLOAD_NOT_FOUND (missing,
 * deleted, another organisation's, or not yet received and not the actor's),
 * FORBIDDEN (not a member of its course, someone else's personal file, or every
 * activity holding it closed to this learner: CLOSED_MESSAGE).
 */
export async function uploadAccess(deps: AppDeps, actor: Actor, uploadId: number, now = new Date()): Promise<{ row: UploadRow; access: UploadAccessKind }> {
  // The upload with its parent course and the actor's roles: one statement (decision 0140).
  const found = await findUploadWithCourseRoles(deps.db, uploadId, actor.id);
  if (!found) throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  const row = found.upload;
  const parent = await accessToParent(deps, actor, row, { course: found.course, roles: found.roles });
  if (parent.access === 'missing') throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  if (parent.access === 'none') throw new AppError('FORBIDDEN', 'You cannot open this file');
  if (!row.receivedAt && row.ownerId !== actor.id) throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  if (parent.access === 'manage') return { row, access: 'manage' };
  // A parent another module resolves (a submission) decided 'view' itself: no activity rules apply.
  if (!parent.course) return { row, access: parent.access === 'view' && uploadParentResolver(row.parentType) ? 'view' : 'manage' };
  const state = (await learnerFileStates(deps, actor, parent.course, [row.id], now)).get(row.id);
  if (state === 'closed') throw new AppError('FORBIDDEN', CLOSED_MESSAGE);
  return { row, access: state === 'exam' ? 'exam' : 'view' };
}

/**
 * `upload.read_content`: uploadAccess for calls that hand out an upload's bytes
 * or a URL of them (blob, derived files, text, document URL, preview providers,
 * audio and SCORM launch outside an activity): a file only an exam lists is
 * refused (FORBIDDEN, EXAM_MEDIA_MESSAGE) to anyone but the course team, so its
 * play limit cannot be walked around (decision 0030).
 */
export async function uploadContentAccess(deps: AppDeps, actor: Actor, uploadId: number): Promise<{ row: UploadRow; access: 'manage' | 'view' }> {
  const got = await uploadAccess(deps, actor, uploadId);
  if (got.access === 'exam') throw new AppError('FORBIDDEN', EXAM_MEDIA_MESSAGE);
  return { row: got.row, access: got.access };
}

/**
 * An upload reached through an activity: activityAccess (the activity open to
 * the actor), then the activity must hold the upload (activity_uploads) and the
 * upload must be live, received and of the activity's organisation. Throws
 * ACTIVITY_NOT_FOUND, FORBIDDEN, the access-forbidden codes, UPLOAD_NOT_FOUND.
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
  if (!upload || upload.orgId !== actor.orgId || !upload.receivedAt || !(await activityHoldsUpload(deps.db, activityId, uploadId))) {
    throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  }
  return { ...access, upload };
}

/**
 * `guest.read`, spec §6 visitors: an anonymous visitor reaches an upload only
 * through an activity that guestActivity allows (published activity, module
 * and course, guest preview on, inside its window) and that holds the upload.
 * Absent activity: ACTIVITY_NOT_FOUND; refused activity: FORBIDDEN; upload not
 * held: UPLOAD_NOT_FOUND. No error names or describes the upload.
 */
export async function guestUpload(deps: AppDeps, activityId: number, uploadId: number): Promise<{ activity: ActivityRow; upload: UploadRow }> {
  const { activity, orgId } = await guestActivity(deps, activityId);
  const upload = await findLiveUpload(deps.db, uploadId);
  if (!upload || !upload.receivedAt || upload.orgId !== orgId || !(await activityHoldsUpload(deps.db, activityId, uploadId))) {
    throw new AppError('UPLOAD_NOT_FOUND', NOT_FOUND_MESSAGE);
  }
  return { activity, upload };
}
