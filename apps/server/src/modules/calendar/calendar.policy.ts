import type { CourseRole } from '@atrium/contracts';
import { USER_ROLE } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../plugins/auth.js';
import { isOrgAdmin } from '../courses/courses.policy.js';

/**
 * The calendar item policy (issue 14 §1, decision 0080; spec §6 calendar views,
 * decision 0021 meetings): who adds, changes and reviews events, timetables and
 * meetings. Each check throws 403 FORBIDDEN naming the rule, or returns.
 * Course roles come from the caller's own calendar scope (`myCourses`), so a
 * check runs no statement.
 */

/** Course roles that manage a course's calendar items (timetables, course events, meetings). */
export const CALENDAR_MANAGER_ROLES: readonly CourseRole[] = ['instructor', 'instructor_assistant'];

/** Does someone with `roles` in a course manage its calendar? */
export function managesCourseCalendar(roles: readonly CourseRole[]): boolean {
  return roles.some((r) => CALENDAR_MANAGER_ROLES.includes(r));
}

/** `calendar.write` on a course's timetable or meetings: org admins, or the course's instructors and assistants. */
export function assertManagesCourseCalendar(actor: Actor, roles: readonly CourseRole[], message: string): void {
  if (!isOrgAdmin(actor) && !managesCourseCalendar(roles)) throw new AppError('FORBIDDEN', message);
}

/** Events addressed to departments: org admins only. */
export function assertAddressesDepartments(actor: Actor): void {
  if (!isOrgAdmin(actor)) throw new AppError('FORBIDDEN', 'Only organisation administrators address departments');
}

/** A meeting is changed by its host, its creator or an org admin. */
export function mayChangeMeeting(actor: Actor, meeting: { hostUserId: number | null; createdById: number | null }): boolean {
  return isOrgAdmin(actor) || meeting.hostUserId === actor.id || meeting.createdById === actor.id;
}

/** Students do not create meetings (spec §6). */
export function assertMayCreateMeeting(actor: Actor): void {
  if (actor.role === USER_ROLE.student) throw new AppError('FORBIDDEN', 'Students do not create meetings');
}

/** `calendar.review`: the meeting overview and approvals are the org admins'. */
export function assertReviewsMeetings(actor: Actor): void {
  if (!isOrgAdmin(actor)) throw new AppError('FORBIDDEN', 'Only organisation administrators see the meeting overview');
}

/** A personal or course event is changed by its creator only. */
export function assertChangesEvent(actor: Actor, event: { createdById: number }): void {
  if (event.createdById !== actor.id) throw new AppError('FORBIDDEN', 'Only the event’s creator changes it');
}
