import { DEFAULT_TIME_ZONE, type CourseRole } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { findUserAndOrgTimeZone, listCoursesOfOrg, listEnrolledCoursesOfUser } from './calendar-scope.repository.js';

/** Course roles that may put timetables and course events in a course's calendar (spec §1: instructors and assistants). */
export { CALENDAR_MANAGER_ROLES } from './calendar.policy.js';

/** The user's calendar time zone: their own, else their org's, else DEFAULT_TIME_ZONE (decision 0020). */
export async function timeZoneOf(db: Db, userId: number): Promise<string> {
  const row = await findUserAndOrgTimeZone(db, userId);
  return row?.tz ?? row?.orgTz ?? DEFAULT_TIME_ZONE;
}

/** Live (not deleted) courses of the user with the roles held: Map course id → { name, roles, endDate }. */
export async function myCourses(db: Db, userId: number): Promise<Map<number, { name: string; roles: CourseRole[]; endDate: Date | null }>> {
  const rows = await listEnrolledCoursesOfUser(db, userId);
  const map = new Map<number, { name: string; roles: CourseRole[]; endDate: Date | null }>();
  for (const r of rows) {
    if (r.deletedAt) continue;
    const entry = map.get(r.id) ?? { name: r.name, roles: [], endDate: r.endDate };
    entry.roles.push(r.role);
    map.set(r.id, entry);
  }
  return map;
}

/** Is the actor an administrator of their organisation (spec §6 org role admin or wg admin)? The course policy's rule. */
export { isOrgAdmin } from '../courses/courses.policy.js';

/** Courses of `ids` that belong to the actor's org and are live; answers the ids found. */
export async function liveCourseIdsInOrg(db: Db, orgId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await listCoursesOfOrg(db, orgId, ids);
  return new Set(rows.filter((r) => !r.deletedAt).map((r) => r.id));
}
