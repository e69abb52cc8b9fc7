import type { AppDeps } from '../../lib/deps.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor } from '../courses/courses.policy.js';
import { isOrgAdmin, myCourses } from './calendar-scope.js';
import { findUserOrgId, listCourseStudents } from './calendar-scope.repository.js';

/**
 * `GET /api/calendar-events/users/{id}/courses` (spec §7): the live courses of user `id`
 * with the role held (one row per course, the highest role). Only the user themself or
 * an admin of their org (403); 404 for an unknown user.
 */
export async function userCalendarCourses(deps: AppDeps, actor: Actor, userId: number) {
  if (userId !== actor.id) {
    const orgId = await findUserOrgId(deps.db, userId);
    if (orgId !== actor.orgId) throw new AppError('USER_NOT_FOUND', 'This user does not exist');
    if (!isOrgAdmin(actor)) throw new AppError('FORBIDDEN', 'You see only your own courses');
  }
  const rank = ['instructor', 'instructor_assistant', 'student'] as const;
  const courses = [...(await myCourses(deps.db, userId)).entries()].map(([id, c]) => ({
    id,
    name: c.name,
    role: rank.find((r) => c.roles.includes(r)) ?? 'student',
  }));
  return { courses: courses.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id) };
}

/** `GET /api/course/{id}/students` (spec §7): the course's students, by name; see_members only (403/404 as courses.policy.ts). */
export async function courseStudents(deps: AppDeps, actor: Actor, courseId: number) {
  await courseFor(deps, actor, courseId, 'see_members');
  return { students: await listCourseStudents(deps.db, courseId) };
}
