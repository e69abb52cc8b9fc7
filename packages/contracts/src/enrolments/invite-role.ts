/** Spec §6: the invite role defaults to student if invitable, else instructor_assistant, else instructor. */
export function defaultInviteRole(invitable: readonly string[]): 'student' | 'instructor_assistant' | 'instructor' {
  if (invitable.includes('student')) return 'student';
  if (invitable.includes('instructor_assistant')) return 'instructor_assistant';
  return 'instructor';
}
