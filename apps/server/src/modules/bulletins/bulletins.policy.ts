import type { BulletinType } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor, isCourseTeam, isCourseViewer, isOrgAdmin } from '../courses/courses.policy.js';
import { findCourse } from '../courses/courses.repository.js';
import { rolesInCourse } from '../enrolments/enrolments.repository.js';
import type { UploadParentAccess, UploadParentResolver } from '../uploads/upload-parents.js';
import type { CourseRole } from '@atrium/contracts';
import { findBulletin, listCoursesOfMember, type BulletinRow, type BulletinScope } from './bulletins.repository.js';

/**
 * The bulletin policy (issue 17 §3, decision 0080's model). An organisation bulletin is read by
 * every user of its organisation and managed (written, edited, deleted) by its org admins (role
 * admin or wg admin); a course bulletin is read by the course's members and managed by the course
 * team (instructors, assistants, and the org admins as everywhere). A bulletin whose publish time
 * is ahead is seen only by those who manage it. Anyone who may not read a bulletin — another
 * organisation's user, a user outside the course, a reader before its publish time — meets
 * BULLETIN_NOT_FOUND, which names nothing; a reader who may not manage it meets FORBIDDEN.
 * Attachments are uploads with parent type `bulletin`, reached through the same rules
 * (`bulletinUploadParent`, registered at start-up).
 */

const NOT_FOUND = () => new AppError('BULLETIN_NOT_FOUND', 'This bulletin does not exist or was deleted');

/** What `actor` may do with one bulletin at `now`: manage, view, none (same organisation, no right), missing (answered as not found). At most two statements (course, roles). */
export async function accessToBulletin(deps: AppDeps, actor: Actor, row: BulletinRow, now = new Date()): Promise<UploadParentAccess> {
  if (row.orgId !== actor.orgId) return 'missing';
  let manage = false;
  let view = true;
  if (row.type === 'org') {
    manage = isOrgAdmin(actor);
  } else {
    const course = row.courseId === null ? undefined : await findCourse(deps.db, row.courseId);
    if (!course || course.deletedAt || course.orgId !== actor.orgId) return 'missing';
    const roles = await rolesInCourse(deps.db, course.id, actor.id);
    manage = isCourseTeam(actor, course, roles);
    view = isCourseViewer(actor, course, roles);
  }
  if (manage) return 'manage';
  if (!view) return 'none';
  return row.publishAt.getTime() <= now.getTime() ? 'view' : 'missing';
}

/** `bulletin.read`: the bulletin and whether the actor manages it. BULLETIN_NOT_FOUND to anyone who may not read it. */
export async function bulletinToRead(
  deps: AppDeps,
  actor: Actor,
  bulletinId: number,
  now = new Date(),
): Promise<{ bulletin: BulletinRow; canManage: boolean }> {
  const bulletin = await findBulletin(deps.db, bulletinId);
  if (!bulletin) throw NOT_FOUND();
  const access = await accessToBulletin(deps, actor, bulletin, now);
  if (access === 'missing' || access === 'none') throw NOT_FOUND();
  return { bulletin, canManage: access === 'manage' };
}

/** `bulletin.manage`: a bulletin the actor manages. BULLETIN_NOT_FOUND to those who may not read it, FORBIDDEN to its readers. */
export async function bulletinToManage(deps: AppDeps, actor: Actor, bulletinId: number): Promise<BulletinRow> {
  const { bulletin, canManage } = await bulletinToRead(deps, actor, bulletinId);
  if (!canManage)
    throw new AppError(
      'FORBIDDEN',
      bulletin.type === 'org' ? 'Only organisation admins change organisation bulletins' : 'Only the course team changes course bulletins',
    );
  return bulletin;
}

/**
 * `bulletin.create`: where a new bulletin goes. `org`: the actor's organisation, for its org admins
 * (FORBIDDEN otherwise); `course`: a live course of the actor's organisation whose team the actor
 * is on — COURSE_NOT_FOUND naming `course_id` when missing or deleted, FORBIDDEN otherwise.
 */
export async function bulletinToCreate(
  deps: AppDeps,
  actor: Actor,
  target: { type: BulletinType; courseId?: number | null },
): Promise<{ orgId: number; courseId: number | null }> {
  if (target.type === 'org') {
    if (!isOrgAdmin(actor)) throw new AppError('FORBIDDEN', 'Only organisation admins post organisation bulletins');
    return { orgId: actor.orgId, courseId: null };
  }
  if (!target.courseId) throw AppError.field('course_id', 'course_id is required for a course bulletin');
  const { course } = await courseNamed(deps, actor, target.courseId, 'manage_content');
  return { orgId: course.orgId, courseId: course.id };
}

/** courseFor, with COURSE_NOT_FOUND naming the `course_id` field. */
async function courseNamed(deps: AppDeps, actor: Actor, courseId: number, action: 'view' | 'manage_content') {
  try {
    return await courseFor(deps, actor, courseId, action);
  } catch (error) {
    if (error instanceof AppError && error.code === 'COURSE_NOT_FOUND') throw new AppError(error.code, error.message, { course_id: [error.message] });
    if (error instanceof AppError && error.code === 'FORBIDDEN' && action === 'manage_content') {
      throw new AppError('FORBIDDEN', 'Only the course team posts course bulletins');
    }
    throw error;
  }
}

/**
 * `bulletin.list`: what the actor's list covers. `org`: their organisation's bulletins (every user;
 * unpublished ones too for its admins). `course` with `courseId`: that course's, for its members
 * (COURSE_NOT_FOUND naming `course_id`, FORBIDDEN outside it); without: every live course of their
 * organisation they are enrolled in. One statement at most beyond the course check.
 */
export async function bulletinScope(deps: AppDeps, actor: Actor, target: { type: BulletinType; courseId?: number | null }): Promise<BulletinScope> {
  if (target.type === 'org') {
    if (target.courseId) throw AppError.field('course_id', 'An organisation bulletin has no course_id');
    return { type: 'org', orgId: actor.orgId, manageAll: isOrgAdmin(actor) };
  }
  if (target.courseId) {
    const { course, roles } = await courseNamed(deps, actor, target.courseId, 'view');
    return { type: 'course', orgId: actor.orgId, courseIds: [course.id], managedCourseIds: isCourseTeam(actor, course, roles) ? [course.id] : [] };
  }
  const rows = await listCoursesOfMember(deps.db, actor.orgId, actor.id);
  const roles = new Map<number, CourseRole[]>();
  for (const r of rows) roles.set(r.courseId, [...(roles.get(r.courseId) ?? []), r.role as CourseRole]);
  const courseIds = [...roles.keys()];
  return {
    type: 'course',
    orgId: actor.orgId,
    courseIds,
    managedCourseIds: courseIds.filter((id) => isCourseTeam(actor, { orgId: actor.orgId }, roles.get(id) ?? [])),
  };
}

/**
 * The upload parent `bulletin` (registered at start-up, upload-parents.ts): a bulletin's
 * attachments are read by those who may read the bulletin and managed by those who manage it.
 */
export const bulletinUploadParent: UploadParentResolver = async (deps, actor, row) => {
  const bulletin = row.parentId === null ? undefined : await findBulletin(deps.db, row.parentId);
  if (!bulletin) return 'missing';
  return accessToBulletin(deps, actor, bulletin);
};
