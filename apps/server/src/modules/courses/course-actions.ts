import type { CourseRole } from '@atrium/contracts';

/** Who someone is towards one course: the course roles held, plus 'admin' for an admin of its organisation. */
export type CourseActorKind = CourseRole | 'admin';

/**
 * The course actions of issues 3 and 7 and who may do each (spec §6; decision 0010).
 * One table: the server checks it and the role × action matrix test is generated
 * from it, so a new action cannot be added without deciding its roles.
 */
export const COURSE_ACTIONS = {
  view: ['student', 'instructor_assistant', 'instructor', 'admin'],
  publish: ['instructor', 'admin'],
  review: ['admin'],
  switch_type: ['instructor', 'admin'],
  invite: ['instructor_assistant', 'instructor', 'admin'],
  team_teaching: ['instructor', 'admin'],
  enrol: ['instructor', 'admin'],
  see_members: ['instructor_assistant', 'instructor', 'admin'],
  see_codes: ['instructor_assistant', 'instructor', 'admin'],
  preview: ['instructor_assistant', 'instructor'],
  inspect: ['admin'],
  edit: ['instructor', 'admin'],
  delete: ['instructor', 'admin'],
  restore: ['admin'],
  recommend: ['admin'],
  /** Issue 7: add, edit, order, publish and delete modules and activities; sees unpublished content and is never locked out. */
  manage_content: ['instructor_assistant', 'instructor', 'admin'],
  /** Issue 25: the course's learning statistics (activities-for-courses, the warning list). */
  read_statistics: ['instructor_assistant', 'instructor', 'admin'],
  /** Issue 7: the course's learning_mode (spec §3). */
  set_learning_mode: ['instructor', 'admin'],
} as const satisfies Record<string, readonly CourseActorKind[]>;
export type CourseAction = keyof typeof COURSE_ACTIONS;
