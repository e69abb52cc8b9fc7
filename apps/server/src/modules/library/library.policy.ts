import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { learnerFileView } from '../uploads/uploads.policy.js';
import { listFileHolders } from '../activities/activities.repository.js';
import { canCreateCourse, isCourseTeam, isCourseViewer } from '../courses/courses.policy.js';
import { findCourse } from '../courses/courses.repository.js';
import { rolesInCourse } from '../enrolments/enrolments.repository.js';
import type { UploadParentResolver } from '../uploads/upload-parents.js';
import { findItem, findItemOfUpload, type LibraryItemRow } from './library.repository.js';
import { shareReachesUpload } from '../resource-groups/resource-groups.repository.js';
import { listCourseReuses } from '../course-resources/course-resources.repository.js';

/**
 * The library policy (issue 19 §1, decision 0132 in decision 0080's model). A library is its owner's
 * alone: instructors and org admins (who make courses) have one; anyone else is refused (FORBIDDEN).
 * An item of another user, or a purged one, is LIBRARY_ITEM_NOT_FOUND, which names nothing. A library
 * file used by an activity (activity_uploads, by reference) is opened by that course's team, and by
 * its learners only while such an activity is open to them (learnerFileView), never otherwise.
 */

export const ITEM_NOT_FOUND = () => new AppError('LIBRARY_ITEM_NOT_FOUND', 'This folder or file does not exist or was deleted');

/** `library.read` / `library.write` without an item: the actor's own library. No statement. */
export function libraryOf(actor: Actor): { ownerId: number; orgId: number } {
  if (!canCreateCourse(actor)) throw new AppError('FORBIDDEN', 'Only instructors and organisation administrators have a library');
  return { ownerId: actor.id, orgId: actor.orgId };
}

/** `library.read` / `library.write` of one item: an item of the actor's own library (any state), else LIBRARY_ITEM_NOT_FOUND. One statement. */
export async function libraryItemOf(deps: AppDeps, actor: Actor, itemId: number): Promise<{ ownerId: number; orgId: number; item: LibraryItemRow }> {
  const library = libraryOf(actor);
  const item = await findItem(deps.db, itemId);
  if (!item || item.ownerId !== actor.id || item.orgId !== actor.orgId) throw ITEM_NOT_FOUND();
  return { ...library, item };
}

/**
 * The upload parent `library` (registered at start-up): its owner manages a library file; someone
 * else sees it only through the activities holding it — the course team of such an activity's
 * course, or a learner while one of them is open to them (not an exam-only listing) — or through
 * a course reusing it in its resources (decision 0131; not while it is in its owner's trash): that
 * course's team, and its learners under the rules of the course's own files (learnerFileView).
 * Everyone else: 'none'. Someone the file (or a folder above it) is shared with sees it too
 * (decision 0134). While the file is in its owner's trash, activities and courses no longer open it
 * (it is removed for them until restored). Statements: none for the owner; one for the shares,
 * three for the item, the holders and the reusing courses (together), then two per course, plus
 * the learner's.
 */
export const libraryUploadParent: UploadParentResolver = async (deps, actor, row) => {
  if (row.ownerId === actor.id) return 'manage';
  // Shared with the actor, or a folder above it (decision 0134): one statement.
  if (row.orgId === actor.orgId && (await shareReachesUpload(deps.db, row.id, actor.orgId, actor.id))) return 'view';
  const [item, holders, reuses] = await Promise.all([
    findItemOfUpload(deps.db, row.id),
    listFileHolders(deps.db, [row.id]),
    listCourseReuses(deps.db, [row.id], true),
  ]);
  // In its owner's trash (or its item gone): removed for the activities and courses using it.
  if (!item || item.trashedAt) return 'none';
  for (const courseId of new Set([...holders.map((h) => h.courseId), ...reuses.map((r) => r.courseId)])) {
    const course = await findCourse(deps.db, courseId);
    if (!course || course.orgId !== actor.orgId) continue;
    const roles = await rolesInCourse(deps.db, course.id, actor.id);
    if (isCourseTeam(actor, course, roles)) return 'view';
    if (!isCourseViewer(actor, course, roles)) continue;
    const { states } = await learnerFileView(deps, actor, course, [row.id]);
    if (states.get(row.id) === 'view') return 'view';
  }
  return 'none';
};
