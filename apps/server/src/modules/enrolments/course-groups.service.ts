import type { CourseGroup, CourseGroupBody, CourseGroups } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor } from '../courses/courses.policy.js';
import { emit, transaction } from '../events/events.service.js';
import {
  deleteCourseGroupRow,
  deleteGroupMembers,
  insertCourseGroup,
  insertGroupMembers,
  isGroupNameTaken,
  isGroupOfCourse,
  listEnrolledGroupMembers,
  listGroupsOfCourse,
  renameCourseGroup,
} from './course-groups.repository.js';
import { enrolledUserIds } from './enrolments.repository.js';

/** The groups of a course with their members who are still enrolled (by name), ordered by group name. */
async function groupsOf(db: Db, courseId: number, onlyId?: number): Promise<CourseGroup[]> {
  const groups = await listGroupsOfCourse(db, courseId, onlyId);
  if (groups.length === 0) return [];
  const members = await listEnrolledGroupMembers(
    db,
    courseId,
    groups.map((g) => g.id),
  );
  return groups.map((g) => ({ ...g, members: members.filter((m) => m.groupId === g.id).map(({ id, name, user_no }) => ({ id, name, user_no })) }));
}

/**
 * `GET /api/courses/{id}/groups` (spec §7): the course's groups with their members, for
 * event targets and the members page. Instructors, assistants and org admins (see_members;
 * 403/404 as courses.policy.ts).
 */
export async function listCourseGroups(deps: AppDeps, actor: Actor, courseId: number): Promise<CourseGroups> {
  await courseFor(deps, actor, courseId, 'see_members');
  return { groups: await groupsOf(deps.db, courseId) };
}

/** Checks that every id of `memberIds` is enrolled in the course (400 on member_ids otherwise); answers them without repeats. */
async function checkMembers(db: Db, courseId: number, memberIds: number[]): Promise<number[]> {
  const unique = [...new Set(memberIds)];
  if (unique.length === 0) return [];
  const found = await enrolledUserIds(db, courseId, unique);
  if (found.length !== unique.length) throw AppError.field('member_ids', 'some users are not members of this course');
  return unique;
}

async function checkNameFree(db: Db, courseId: number, name: string, exceptId?: number): Promise<void> {
  if (await isGroupNameTaken(db, courseId, name, exceptId)) throw AppError.field('name', 'a group of this name exists');
}

/**
 * `POST /api/courses/{id}/groups`: creates a group of course members. Instructors and org
 * admins (the `enrol` action; 403/404 as courses.policy.ts). 400 on `name` (empty or taken)
 * or `member_ids` (not enrolled in the course).
 */
export async function createCourseGroup(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  body: Required<CourseGroupBody>,
): Promise<{ message: string; group: CourseGroup }> {
  await courseFor(deps, actor, courseId, 'enrol');
  await checkNameFree(deps.db, courseId, body.name);
  const memberIds = await checkMembers(deps.db, courseId, body.member_ids);
  let id: number;
  try {
    id = await transaction(deps, async (tx) => {
      const groupId = await insertCourseGroup(tx, courseId, body.name);
      await insertGroupMembers(tx, groupId, memberIds);
      await emit(deps, tx, groupChanged(courseId));
      return groupId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field('name', 'a group of this name exists');
    throw error;
  }
  return { message: 'created', group: (await groupsOf(deps.db, courseId, id))[0]! };
}

/** The event of a write to a course's groups (their names or members): who sees group-only things changed. */
const groupChanged = (courseId: number) => ({
  type: 'course.access_changed' as const,
  payload: { course_id: courseId, user_id: null, cause: 'group' as const },
});

async function groupIn(db: Db, courseId: number, groupId: number): Promise<void> {
  if (!(await isGroupOfCourse(db, courseId, groupId))) throw new AppError('COURSE_GROUP_NOT_FOUND', 'This group does not exist');
}

/** `PUT /api/courses/{id}/groups/{groupId}`: renames the group and replaces its members. Errors as createCourseGroup, 404 for a group of another course. */
export async function updateCourseGroup(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  groupId: number,
  body: Required<CourseGroupBody>,
): Promise<{ message: string; group: CourseGroup }> {
  await courseFor(deps, actor, courseId, 'enrol');
  await groupIn(deps.db, courseId, groupId);
  await checkNameFree(deps.db, courseId, body.name, groupId);
  const memberIds = await checkMembers(deps.db, courseId, body.member_ids);
  await transaction(deps, async (tx) => {
    await renameCourseGroup(tx, groupId, body.name);
    await deleteGroupMembers(tx, groupId);
    await insertGroupMembers(tx, groupId, memberIds);
    await emit(deps, tx, groupChanged(courseId));
  });
  return { message: 'updated', group: (await groupsOf(deps.db, courseId, groupId))[0]! };
}

/** `DELETE /api/courses/{id}/groups/{groupId}`: deletes the group (events addressed only to it reach nobody but their creator). Errors as updateCourseGroup. */
export async function deleteCourseGroup(deps: AppDeps, actor: Actor, courseId: number, groupId: number): Promise<{ message: string }> {
  await courseFor(deps, actor, courseId, 'enrol');
  await groupIn(deps.db, courseId, groupId);
  await transaction(deps, async (tx) => {
    await deleteCourseGroupRow(tx, groupId);
    await emit(deps, tx, groupChanged(courseId));
  });
  return { message: 'deleted' };
}
