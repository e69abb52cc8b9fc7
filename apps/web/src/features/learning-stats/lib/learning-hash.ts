/**
 * The hash of the management learning-progress page (spec §2 `#/{courseId}/alert-list`; issue 25 item 3):
 * `#/{courseId}` or `#/{courseId}/overview` the course dashboard, `#/{courseId}/students` the students table,
 * `#/{courseId}/students/{userId}` one student, `#/{courseId}/alert-list` the early-warning list.
 */

/** What the page shows of the chosen course. */
export type LearningView = { tab: 'overview' } | { tab: 'students' } | { tab: 'student'; userId: number } | { tab: 'alert-list' };

/** A course and what the page shows of it. */
export interface LearningLocation {
  courseId: number;
  view: LearningView;
}

const HASH = /^#\/(\d+)(?:\/(overview|students|alert-list)(?:\/(\d+))?)?\/?$/;

function positiveId(digits: string | undefined): number | null {
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The course and view of a hash, or null for any other hash (a bad id, an unknown view, a user id after a view other than students). */
export function parseLearningHash(hash: string): LearningLocation | null {
  const match = HASH.exec(hash);
  if (!match) return null;
  const courseId = positiveId(match[1]);
  if (courseId === null) return null;
  const [, , tab, user] = match;
  if (user !== undefined) {
    const userId = positiveId(user);
    return tab === 'students' && userId !== null ? { courseId, view: { tab: 'student', userId } } : null;
  }
  if (tab === 'students') return { courseId, view: { tab: 'students' } };
  if (tab === 'alert-list') return { courseId, view: { tab: 'alert-list' } };
  return { courseId, view: { tab: 'overview' } };
}

/** The hash of a course's view: `#/{courseId}/overview`, `/students`, `/students/{userId}` or `/alert-list`. */
export function learningHash(courseId: number, view: LearningView): string {
  switch (view.tab) {
    case 'student':
      return `#/${courseId}/students/${view.userId}`;
    default:
      return `#/${courseId}/${view.tab}`;
  }
}

/**
 * The view another course opens in when the picker changes: the same tab (a student's page becomes the
 * students table, the student being the last course's); with no course chosen yet, the alert list (the
 * page's address in spec §2).
 */
export function viewForOtherCourse(current: LearningView | null): LearningView {
  if (current === null) return { tab: 'alert-list' };
  return current.tab === 'student' ? { tab: 'students' } : current;
}
