import { USER_ROLE, type CourseRole } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { findCourseWithRoles, type CourseWithDepartment } from './courses.repository.js';

/**
 * The course policy (issue 14 §1, decision 0080): who someone is towards one
 * course and what each kind may do. `authorize` (modules/access/authorize.ts)
 * asks it for every `course.*` action; the upload, activity and note policies
 * ask it who is on the course team.
 */

/** Spec §6 org roles: an organisation's admin or wg admin administers every course and calendar of the organisation. */
export function isOrgAdmin(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === USER_ROLE.admin || actor.role === USER_ROLE.wgAdmin;
}

/** Spec §6: instructors and organisation admins create courses. */
export function canCreateCourse(actor: Actor): boolean {
  return actor.role === USER_ROLE.instructor || isOrgAdmin(actor);
}

export { COURSE_ACTIONS, type CourseAction, type CourseActorKind } from './course-actions.js';
import { COURSE_ACTIONS, type CourseAction, type CourseActorKind } from './course-actions.js';

/** Course roles an assistant may invite or assign; instructors and admins may use every role (decision 0010). */
export function invitableRoles(kinds: CourseActorKind[]): CourseRole[] {
  if (kinds.includes('instructor') || kinds.includes('admin')) return ['student', 'instructor_assistant', 'instructor'];
  if (kinds.includes('instructor_assistant')) return ['student'];
  return [];
}

/** A course as one actor meets it. */
export interface CourseAccess {
  course: CourseWithDepartment;
  roles: CourseRole[];
  kinds: CourseActorKind[];
}

/** True when any of `kinds` may do `action` (COURSE_ACTIONS). */
export function may(kinds: readonly CourseActorKind[], action: CourseAction): boolean {
  return kinds.some((k) => (COURSE_ACTIONS[action] as readonly CourseActorKind[]).includes(k));
}

/**
 * Loads a course for an action and checks COURSE_ACTIONS. Throws COURSE_NOT_FOUND
 * (404) when missing (or deleted, unless `includeDeleted`), FORBIDDEN (403) for
 * another organisation's course or a role the table does not allow.
 */
export async function courseFor(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  action: CourseAction,
  options: { includeDeleted?: boolean } = {},
): Promise<CourseAccess> {
  // The course and the actor's roles in one statement (decision 0140).
  const found = await findCourseWithRoles(deps.db, courseId, actor.id);
  const course = found?.course;
  if (!course || (course.deletedAt && !options.includeDeleted)) throw new AppError('COURSE_NOT_FOUND', 'This course does not exist or was deleted');
  if (course.orgId !== actor.orgId) throw new AppError('FORBIDDEN', 'This course belongs to another organisation');
  const roles = found.roles;
  const kinds = kindsOf(actor, course, roles);
  if (!may(kinds, action)) throw new AppError('FORBIDDEN', 'Your role in this course does not allow this');
  return { course, roles, kinds };
}

/** The kinds `actor` holds towards a course of organisation `course.orgId` given their course `roles`: the roles, plus 'admin' for an admin of that organisation. */
export function kindsOf(actor: Actor, course: { orgId: number }, roles: readonly CourseRole[]): CourseActorKind[] {
  return [...roles, ...(isOrgAdmin(actor) && actor.orgId === course.orgId ? (['admin'] as const) : [])];
}

/** The course team (instructors, assistants, org admins): COURSE_ACTIONS.manage_content. */
export function isCourseTeam(actor: Actor, course: { orgId: number }, roles: readonly CourseRole[]): boolean {
  return may(kindsOf(actor, course, roles), 'manage_content');
}

/** A course member or an org admin: COURSE_ACTIONS.view. */
export function isCourseViewer(actor: Actor, course: { orgId: number }, roles: readonly CourseRole[]): boolean {
  return may(kindsOf(actor, course, roles), 'view');
}
