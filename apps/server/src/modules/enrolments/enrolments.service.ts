import type { CourseRole, CourseRolesResponse, MemberPage } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { emit, transaction } from '../events/events.service.js';
import type { AppDeps } from '../../lib/deps.js';
import { offsetOf, toPage } from '../../lib/pagination.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor, invitableRoles, may } from '../courses/courses.policy.js';
import { userIdsInOrg } from '../users/users.repository.js';
import {
  countInstructors,
  deleteEnrolments,
  findEnrolments,
  findEnrolmentsOfUsers,
  holdsRole,
  insertEnrolmentIfAbsent,
  listMembersPage,
  setEnrolmentRole,
} from './enrolments.repository.js';

/** `GET /api/courses/{id}/members`: one page of the course's members by role then name (spec §9 page sizes). */
export async function listMembers(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  q: { page: number; page_size: number; role?: CourseRole | undefined },
): Promise<MemberPage> {
  await courseFor(deps, actor, courseId, 'see_members');
  const { rows, total } = await listMembersPage(deps.db, courseId, q.role, q.page_size, offsetOf(q.page, q.page_size));
  const items = rows.map((r) => ({
    enrollment_id: r.e.id,
    role: r.e.role,
    user: { id: r.e.userId, name: r.name, user_no: r.userNo, email: r.email },
    created_at: r.e.createdAt.toISOString(),
  }));
  return toPage(items, total, q.page, q.page_size);
}

/** `POST /api/courses/{id}/enrollments {user_ids, role}`: enrols users of the org. Throws VALIDATION_FAILED naming `user_ids` for unknown users. */
export async function addEnrolments(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  body: { user_ids: number[]; role: CourseRole },
): Promise<{ message: string; added: number }> {
  const { course } = await courseFor(deps, actor, courseId, 'enrol');
  const ids = [...new Set(body.user_ids)];
  const found = await userIdsInOrg(deps.db, ids, course.orgId);
  if (found.length !== ids.length) {
    const ok = new Set(found);
    throw AppError.field('user_ids', `No such users in this organisation: ${ids.filter((id) => !ok.has(id)).join(', ')}`);
  }
  let added = 0;
  await transaction(deps, async (tx) => {
    for (const id of ids) {
      if (!(await insertEnrolmentIfAbsent(tx, courseId, id, body.role))) continue;
      added += 1;
      await emit(deps, tx, { type: 'enrolment.created', payload: { course_id: courseId, user_id: id, role: body.role } });
    }
  });
  return { message: `${added} member(s) added`, added };
}

/** Loads enrolments by id and checks the actor may enrol in each of their courses. Throws ENROLMENT_NOT_FOUND naming `enrollment_ids`. */
async function enrolmentsFor(deps: AppDeps, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await findEnrolments(deps.db, unique);
  if (rows.length !== unique.length)
    throw new AppError('ENROLMENT_NOT_FOUND', 'Some of these members were already removed', { enrollment_ids: ['unknown enrolment'] });
  for (const courseId of new Set(rows.map((r) => r.courseId))) await courseFor(deps, actor, courseId, 'enrol');
  return rows;
}

/** Throws LAST_INSTRUCTOR when removing or re-roling `rows` would leave a course with no instructor. */
async function keepOneInstructor(deps: AppDeps, rows: { courseId: number; role: CourseRole }[]): Promise<void> {
  for (const courseId of new Set(rows.filter((r) => r.role === 'instructor').map((r) => r.courseId))) {
    const leaving = rows.filter((r) => r.courseId === courseId && r.role === 'instructor').length;
    if ((await countInstructors(deps.db, courseId)) - leaving < 1) {
      throw new AppError('LAST_INSTRUCTOR', 'A course keeps at least one instructor', { enrollment_ids: ['A course keeps at least one instructor'] });
    }
  }
}

/** `PUT /api/course/enrollments {enrollment_ids, role}`: changes the role of these members; a duplicate role collapses into one. */
export async function changeEnrolmentRole(deps: AppDeps, actor: Actor, body: { enrollment_ids: number[]; role: CourseRole }): Promise<{ message: string }> {
  const rows = await enrolmentsFor(deps, actor, body.enrollment_ids);
  if (body.role !== 'instructor') await keepOneInstructor(deps, rows);
  await transaction(deps, async (tx) => {
    for (const row of rows) {
      if (row.role === body.role) continue;
      if (await holdsRole(tx, row.courseId, row.userId, body.role)) await deleteEnrolments(tx, [row.id]);
      else await setEnrolmentRole(tx, row.id, body.role);
      await emit(deps, tx, { type: 'course.access_changed', payload: { course_id: row.courseId, user_id: row.userId, cause: 'role' } });
    }
  });
  return { message: `${rows.length} member(s) changed` };
}

/** `DELETE /api/course/enrollments {enrollment_ids}`: removes these members. */
export async function removeEnrolments(deps: AppDeps, actor: Actor, body: { enrollment_ids: number[] }): Promise<{ message: string }> {
  const rows = await enrolmentsFor(deps, actor, body.enrollment_ids);
  await keepOneInstructor(deps, rows);
  await transaction(deps, async (tx) => {
    await deleteEnrolments(
      tx,
      rows.map((r) => r.id),
    );
    // A member is removed from the course when no enrolment of theirs is left there.
    const left = new Set((await findEnrolmentsOfUsers(tx, rows)).map((r) => `${r.courseId}:${r.userId}`));
    const gone = [...new Map(rows.map((r) => [`${r.courseId}:${r.userId}`, r])).values()].filter((r) => !left.has(`${r.courseId}:${r.userId}`));
    await emit(
      deps,
      tx,
      gone.map((r) => ({ type: 'enrolment.removed' as const, payload: { course_id: r.courseId, user_id: r.userId } })),
    );
  });
  return { message: `${rows.length} member(s) removed` };
}

/** `GET /api/authz/course-roles?course_id`: every course role, those the actor may invite, and those they may assign. */
export async function courseRoles(deps: AppDeps, actor: Actor, courseId: number): Promise<CourseRolesResponse> {
  const { kinds } = await courseFor(deps, actor, courseId, 'view');
  return {
    roles: ['student', 'instructor_assistant', 'instructor'],
    invitable_roles: may(kinds, 'invite') ? invitableRoles(kinds) : [],
    assignable_roles: may(kinds, 'enrol') ? ['student', 'instructor_assistant', 'instructor'] : [],
  };
}
