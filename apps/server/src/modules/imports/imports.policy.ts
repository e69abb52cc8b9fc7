import { USER_ROLE } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../plugins/auth.js';

/**
 * The import policy (decision 0080): synchronous rules over the actor's organisation role, like
 * the calendar and organisation policies (no statement). Imports into an existing course are the
 * course team's (`manageableCourse` in imports.service, through courses.policy).
 */

/** Instructors and organisation administrators use the course package library and create courses from packages (spec §6). */
export function mayUseCoursePackages(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === USER_ROLE.instructor || actor.role === USER_ROLE.admin;
}

/** FORBIDDEN with `message` unless the actor may use the package library (`mayUseCoursePackages`). */
export function assertMayUseCoursePackages(actor: Pick<Actor, 'role'>, message: string): void {
  if (!mayUseCoursePackages(actor)) throw new AppError('FORBIDDEN', message);
}

/** FORBIDDEN unless the actor administers the organisation: only they edit a package's details. */
export function assertMayEditCoursePackages(actor: Pick<Actor, 'role'>): void {
  if (actor.role !== USER_ROLE.admin) throw new AppError('FORBIDDEN', 'Only administrators edit course package details');
}
