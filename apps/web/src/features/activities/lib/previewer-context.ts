import type { Course, CourseHeaderState } from '@atrium/contracts';
import { canTeach } from '../../courses/lib/course-display';

/** Who opens the file previewer from an activity (spec §5, §6): the previewer's rule props. */
export interface PreviewerContext {
  /** The course's hasAiAbility (spec §6); false unless the course says so. */
  hasAiAbility: boolean;
  /** A real instructor or assistant, or any preview / inspect mode (simulated views): no AI panels (spec §6). */
  isInstructorView: boolean;
  /** The course team outside a student preview: the file hypothesis statistics. */
  canSeeStatistics: boolean;
  /** The course team, or an admin inspecting: "retry transcode" on a failed file (the server refuses students). */
  canRetryTranscode?: boolean;
}

/**
 * The previewer context of a course for the current user, from the course
 * (`my_roles`, `hasAiAbility` as `GET /api/courses/{id}` answers it; false when
 * absent) and the course header state (`preview_as`, `inspecting`; undefined
 * while it loads).
 */
export function previewerContextOf(
  course: Pick<Course, 'my_roles'> & Partial<Pick<Course, 'hasAiAbility'>>,
  header: Pick<CourseHeaderState, 'preview_as' | 'inspecting'> | undefined,
): PreviewerContext {
  const isTeam = canTeach(course);
  const isSimulated = header?.preview_as != null || header?.inspecting === true;
  return {
    hasAiAbility: course.hasAiAbility === true,
    isInstructorView: isTeam || isSimulated,
    canSeeStatistics: isTeam && header?.preview_as == null,
    canRetryTranscode: isTeam || header?.inspecting === true,
  };
}
