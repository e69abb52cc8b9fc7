import { USER_ROLE, type UserSearchResult } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { emit, transaction } from '../events/events.service.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor } from '../courses/courses.policy.js';
import { updateCourseRow } from '../courses/courses.repository.js';
import { orgSettingsOf } from '../courses/course-header.service.js';
import { insertEnrolment } from '../enrolments/enrolments.repository.js';
import { listDepartmentNamesOfOrg, listOrgIdName } from '../orgs/orgs.repository.js';
import { searchUsersOfOrg, staffIdsInOrg } from '../users/users.repository.js';

function requireStaff(actor: Actor): void {
  if (actor.role !== USER_ROLE.instructor && actor.role !== USER_ROLE.admin)
    throw new AppError('FORBIDDEN', 'Only instructors and administrators look up users');
}

/**
 * `GET /api/toggle-opened-orgs?toggle=org_team_teaching`: organisations whose
 * team-teaching toggle is on. Team teaching stays inside one organisation
 * (decision 0011), so this is the actor's own org when its toggle is on.
 */
export async function toggleOpenedOrgs(deps: AppDeps, actor: Actor): Promise<{ orgs: { id: number; name: string }[] }> {
  requireStaff(actor);
  const settings = await orgSettingsOf(deps, actor.orgId);
  if (!settings.orgTeamTeaching) return { orgs: [] };
  const rows = await listOrgIdName(deps.db, actor.orgId);
  return { orgs: rows };
}

/** `GET /api/orgs/{id}/departments`. Throws FORBIDDEN for another organisation. */
export async function orgDepartments(deps: AppDeps, actor: Actor, orgId: number): Promise<{ departments: { id: number; name: string }[] }> {
  if (orgId !== actor.orgId) throw new AppError('FORBIDDEN', 'This organisation is not yours');
  const rows = await listDepartmentNamesOfOrg(deps.db, orgId);
  return { departments: rows };
}

/** `GET /api/user/search` (spec §7): users of the org by name or user number, at most 50. Throws FORBIDDEN for students or another org. */
export async function searchUsers(
  deps: AppDeps,
  actor: Actor,
  query: { keywords: string; exclude_student_role: boolean; org_id?: number | undefined; department_id?: number | undefined },
): Promise<{ users: UserSearchResult[] }> {
  requireStaff(actor);
  if (query.org_id !== undefined && query.org_id !== actor.orgId) throw new AppError('FORBIDDEN', 'This organisation is not yours');
  const like = `%${query.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await searchUsersOfOrg(deps.db, actor.orgId, {
    like: query.keywords ? like : undefined,
    excludeStudents: query.exclude_student_role,
    departmentId: query.department_id,
  });
  return { users: rows };
}

/**
 * `POST /api/courses/{id}/team-teaching {user_ids}`: enrols these users as
 * instructors. Every id must be an instructor or admin of the course's org with
 * the team-teaching toggle on; otherwise 400 naming `user_ids` and nothing changes.
 */
export async function addTeamTeachers(deps: AppDeps, actor: Actor, courseId: number, userIds: number[]): Promise<{ message: string }> {
  const { course } = await courseFor(deps, actor, courseId, 'team_teaching');
  if (!(await orgSettingsOf(deps, course.orgId)).orgTeamTeaching) throw new AppError('FORBIDDEN', 'Team teaching is not enabled for this organisation');
  const ids = [...new Set(userIds)];
  const found = await staffIdsInOrg(deps.db, ids, course.orgId);
  if (found.length !== ids.length) {
    const ok = new Set(found.map((f) => f.id));
    throw AppError.field('user_ids', `Not instructors of this organisation: ${ids.filter((id) => !ok.has(id)).join(', ')}`);
  }
  let added = 0;
  await transaction(deps, async (tx) => {
    for (const id of ids) {
      if (!(await insertEnrolment(tx, courseId, id, 'instructor'))) continue;
      added++;
      await emit(deps, tx, { type: 'enrolment.created', payload: { course_id: courseId, user_id: id, role: 'instructor' } });
    }
  });
  if (course.isLite && added > 0) {
    // A lite course has one instructor (decision 0011): a team makes it a normal course again.
    await updateCourseRow(deps.db, courseId, { isLite: false });
  }
  return { message: `${added} team-teaching instructor(s) added` };
}
