import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../users/users.table.js';
import { courseGroupMembers, courseGroups } from './course-groups.table.js';
import { enrolments } from './enrolments.table.js';

/** The groups of a course (or only group `onlyId` of it) as `{ id, name }`, by name then id. One SELECT. */
export async function listGroupsOfCourse(db: Db, courseId: number, onlyId?: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: courseGroups.id, name: courseGroups.name })
    .from(courseGroups)
    .where(onlyId === undefined ? eq(courseGroups.courseId, courseId) : and(eq(courseGroups.courseId, courseId), eq(courseGroups.id, onlyId)))
    .orderBy(asc(courseGroups.name), asc(courseGroups.id));
}

/**
 * The members of these groups who are still enrolled in `courseId`, as `{ groupId, id, name, user_no }`
 * (distinct), by name then user id. One SELECT.
 */
export async function listEnrolledGroupMembers(
  db: Db,
  courseId: number,
  groupIds: number[],
): Promise<{ groupId: number; id: number; name: string; user_no: string }[]> {
  return db
    .selectDistinct({ groupId: courseGroupMembers.groupId, id: users.id, name: users.name, user_no: users.userNo })
    .from(courseGroupMembers)
    .innerJoin(users, eq(users.id, courseGroupMembers.userId))
    .innerJoin(enrolments, and(eq(enrolments.userId, courseGroupMembers.userId), eq(enrolments.courseId, courseId)))
    .where(inArray(courseGroupMembers.groupId, groupIds))
    .orderBy(asc(users.name), asc(users.id));
}

/** Whether another group of the course (not `exceptId`) already has this name. One SELECT. */
export async function isGroupNameTaken(db: Db, courseId: number, name: string, exceptId?: number): Promise<boolean> {
  const clash = await db
    .select({ id: courseGroups.id })
    .from(courseGroups)
    .where(and(eq(courseGroups.courseId, courseId), eq(courseGroups.name, name), ...(exceptId === undefined ? [] : [ne(courseGroups.id, exceptId)])));
  return clash.length > 0;
}

/** Whether group `groupId` belongs to course `courseId`. One SELECT. */
export async function isGroupOfCourse(db: Db, courseId: number, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: courseGroups.id })
    .from(courseGroups)
    .where(and(eq(courseGroups.id, groupId), eq(courseGroups.courseId, courseId)));
  return !!row;
}

/** Creates a group and answers its id. One INSERT … RETURNING (throws a unique violation for a taken name). */
export async function insertCourseGroup(db: Db, courseId: number, name: string): Promise<number> {
  const [group] = await db.insert(courseGroups).values({ courseId, name }).returning({ id: courseGroups.id });
  if (!group) throw new Error('insert course_groups returned nothing');
  return group.id;
}

/** Adds these users to the group. One INSERT (none when `userIds` is empty). */
export async function insertGroupMembers(db: Db, groupId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(courseGroupMembers).values(userIds.map((userId) => ({ groupId, userId })));
}

/** Renames a group. One UPDATE. */
export async function renameCourseGroup(db: Db, groupId: number, name: string): Promise<void> {
  await db.update(courseGroups).set({ name }).where(eq(courseGroups.id, groupId));
}

/** Removes every member of a group. One DELETE. */
export async function deleteGroupMembers(db: Db, groupId: number): Promise<void> {
  await db.delete(courseGroupMembers).where(eq(courseGroupMembers.groupId, groupId));
}

/** Deletes a group (its members go with it). One DELETE. */
export async function deleteCourseGroupRow(db: Db, groupId: number): Promise<void> {
  await db.delete(courseGroups).where(eq(courseGroups.id, groupId));
}
