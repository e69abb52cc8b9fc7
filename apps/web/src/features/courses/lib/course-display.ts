import type { Course, User } from '@atrium/contracts';
import { USER_ROLE } from '@atrium/contracts';

/** The title a course is shown by: its display_name when set, else its name (spec §3 Course). */
export function courseTitle(course: Pick<Course, 'name' | 'display_name'>): string {
  return course.display_name.trim() || course.name;
}

/** "2025-2026 · Autumn": academic year and semester names that are set, joined. */
export function courseTerm(course: Pick<Course, 'academic_year' | 'semester'>): string {
  return [course.academic_year?.name, course.semester?.name].filter((part): part is string => Boolean(part)).join(' · ');
}

/** True when the user's course roles let them manage files and the access code (instructor or assistant). */
export function canTeach(course: Pick<Course, 'my_roles'>): boolean {
  return course.my_roles.includes('instructor') || course.my_roles.includes('instructor_assistant');
}

/** True when the user may create courses: instructors (role 0) and admins (role 2). */
export function canCreateCourse(user: Pick<User, 'role'> | undefined): boolean {
  return user?.role === USER_ROLE.instructor || user?.role === USER_ROLE.admin;
}
