import { USER_ROLE, type CourseRole } from '@atrium/contracts';
import type { Actor } from '../../plugins/auth.js';

/** Spec §6: instructors and organisation admins create courses. */
export function canCreateCourse(actor: Actor): boolean {
  return actor.role === USER_ROLE.instructor || actor.role === USER_ROLE.admin;
}

function isOrgAdmin(actor: Actor, courseOrgId: number): boolean {
  return actor.role === USER_ROLE.admin && actor.orgId === courseOrgId;
}

/** Anyone enrolled (any role) or an admin of the course's organisation may see the course. */
export function canViewCourse(actor: Actor, course: { orgId: number }, roles: CourseRole[]): boolean {
  return roles.length > 0 || isOrgAdmin(actor, course.orgId);
}

/**
 * Instructors, instructor assistants and org admins manage a course: read and
 * reset its access code, upload its files (spec §1, §6). Students do not.
 */
export function canManageCourse(actor: Actor, course: { orgId: number }, roles: CourseRole[]): boolean {
  return roles.includes('instructor') || roles.includes('instructor_assistant') || isOrgAdmin(actor, course.orgId);
}
