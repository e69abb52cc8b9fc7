import {
  USER_ROLE,
  type Course,
  type CourseCounts,
  type CourseListFilter,
  type CoursePage,
  type CourseSettings,
  type UpdateCourseBody,
  type DomainEventInput,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { offsetOf, toPage } from '../../lib/pagination.js';
import type { Actor } from '../../plugins/auth.js';
import { requireManagementAuth } from '../authcodes/authcodes.service.js';
import { studentContactsOf } from '../enrolments/enrolments.repository.js';
import { isDepartmentOfOrg, mergeOrgSettings } from '../orgs/orgs.repository.js';
import { assertPlanAllows } from '../orgs/plan-guard.js';
import { emit } from '../events/events.service.js';
import { courseFor, isOrgAdmin } from './courses.policy.js';
import { assertManagesOrganisation } from '../orgs/orgs.policy.js';
import { orgSettingsOf } from './course-header.service.js';
import { presentCourse } from './courses.presenter.js';
import { countManagedCourseStates, countManagedCoursesMatching, listManagedCoursesPage, updateCourseRow, type ManagedScope } from './courses.repository.js';
import { getCourse } from './courses.service.js';

function isManager(actor: Actor): boolean {
  return isOrgAdmin(actor) || actor.role === USER_ROLE.instructor;
}

/** The management list's scope for an actor: all of the org's courses for admins, the ones they teach otherwise. */
function scopeOf(actor: Actor): ManagedScope {
  return { orgId: actor.orgId, teacherId: isOrgAdmin(actor) ? null : actor.id };
}

async function requireManager(deps: AppDeps, actor: Actor): Promise<void> {
  if (!isManager(actor)) throw new AppError('FORBIDDEN', 'The management area is for instructors and administrators');
  await requireManagementAuth(deps, actor);
}

/**
 * `POST /api/courses?page&page_size` (spec §7): the management course list,
 * newest first, filtered by keyword (name or code, case-insensitive), academic
 * year, semester, department, published, type, review status, deleted.
 * Throws FORBIDDEN for students, AUTH_CODE_REQUIRED when the org asks for a code.
 */
export async function listManagedCourses(deps: AppDeps, actor: Actor, filter: CourseListFilter, page: number, pageSize: number): Promise<CoursePage> {
  await requireManager(deps, actor);
  const rows = await listManagedCoursesPage(deps.db, scopeOf(actor), filter, actor.id, pageSize, offsetOf(page, pageSize));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) total = await countManagedCoursesMatching(deps.db, scopeOf(actor), filter);
  const items: Course[] = rows.map((r) => presentCourse(r.course, r));
  return toPage(items, total, page, pageSize);
}

/** `GET /api/courses/count`: counts over the courses the management list shows the actor. */
export async function countManagedCourses(deps: AppDeps, actor: Actor): Promise<CourseCounts> {
  await requireManager(deps, actor);
  const { total, published, unreviewed, deleted } = await countManagedCourseStates(deps.db, scopeOf(actor));
  return { total, published, unpublished: total - published, unreviewed, deleted };
}

/** `PUT /api/courses/{id}`: edits a course. Throws VALIDATION_FAILED naming `department_id` for another org's department. */
export async function updateCourse(deps: AppDeps, actor: Actor, courseId: number, body: UpdateCourseBody): Promise<Course> {
  await courseFor(deps, actor, courseId, 'edit');
  if (body.hasAiAbility !== undefined && !isOrgAdmin(actor)) throw new AppError('FORBIDDEN', 'Only organisation administrators turn the AI panels on or off');
  if (body.department_id) {
    if (!(await isDepartmentOfOrg(deps.db, body.department_id, actor.orgId))) throw AppError.field('department_id', 'No such department in your organisation');
  }
  const start = body.start_date === undefined ? undefined : body.start_date ? new Date(body.start_date) : null;
  const end = body.end_date === undefined ? undefined : body.end_date ? new Date(body.end_date) : null;
  if (start && end && end <= start) throw AppError.field('end_date', 'The course must end after it starts');
  await updateCourseRow(deps.db, courseId, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.course_code !== undefined ? { courseCode: body.course_code } : {}),
    ...(body.display_name !== undefined ? { displayName: body.display_name || null } : {}),
    ...(body.academic_year !== undefined ? { academicYear: body.academic_year || null } : {}),
    ...(body.semester !== undefined ? { semester: body.semester || null } : {}),
    ...(body.department_id !== undefined ? { departmentId: body.department_id } : {}),
    ...(start !== undefined ? { startDate: start } : {}),
    ...(end !== undefined ? { endDate: end } : {}),
    ...(body.hasAiAbility !== undefined ? { hasAiAbility: body.hasAiAbility } : {}),
  });
  return getCourse(deps, actor, courseId);
}

/** `DELETE /api/courses/{id}`: soft delete; the course leaves every list and can be restored by an admin. */
export async function deleteCourse(deps: AppDeps, actor: Actor, courseId: number): Promise<{ message: string }> {
  await courseFor(deps, actor, courseId, 'delete');
  await updateCourseRow(deps.db, courseId, { deletedAt: new Date() });
  return { message: 'The course was deleted' };
}

/** `PUT /api/courses/{id}/restore`. Throws COURSE_NOT_FOUND when the course is not deleted. */
export async function restoreCourse(deps: AppDeps, actor: Actor, courseId: number): Promise<Course> {
  const { course } = await courseFor(deps, actor, courseId, 'restore', { includeDeleted: true });
  if (!course.deletedAt) throw new AppError('COURSE_NOT_FOUND', 'This course is not deleted');
  await updateCourseRow(deps.db, courseId, { deletedAt: null });
  return getCourse(deps, actor, courseId);
}

/** `PUT /api/courses/{id}/recommended {recommended}` (org admins). */
export async function setRecommended(deps: AppDeps, actor: Actor, courseId: number, recommended: boolean): Promise<{ recommended: boolean }> {
  await courseFor(deps, actor, courseId, 'recommend');
  await updateCourseRow(deps.db, courseId, { isRecommended: recommended });
  return { recommended };
}

/** `GET /api/courses/settings`: the organisation's course toggles (any signed-in member may read them). */
export async function readCourseSettings(deps: AppDeps, actor: Actor): Promise<CourseSettings> {
  const s = await orgSettingsOf(deps, actor.orgId);
  return { need_publish: s.courseNeedPublish, team_teaching: s.orgTeamTeaching, management_auth_code: s.managementAuthCode };
}

/** `PUT /api/courses/settings`: org admins change the course toggles of their organisation (spec §6); turning team teaching on when the plan leaves it out is 409 PLAN_FEATURE_NOT_INCLUDED. */
export async function updateCourseSettings(deps: AppDeps, actor: Actor, body: Partial<CourseSettings>): Promise<CourseSettings> {
  assertManagesOrganisation(actor, 'Only organisation administrators change course settings');
  const patch = {
    ...(body.need_publish !== undefined ? { courseNeedPublish: body.need_publish } : {}),
    ...(body.team_teaching !== undefined ? { orgTeamTeaching: body.team_teaching } : {}),
    ...(body.management_auth_code !== undefined ? { managementAuthCode: body.management_auth_code } : {}),
  };
  // Only what the body names is written: the stored settings keep the rest (never the plan's caps, decision 0151).
  await assertPlanAllows(deps.db, actor.orgId, { team_teaching: patch.orgTeamTeaching });
  if (Object.keys(patch).length > 0) await mergeOrgSettings(deps.db, actor.orgId, patch);
  return readCourseSettings(deps, actor);
}

/** `PUT /api/course/{id}/outline {course_outline}`. */
export async function updateOutline(deps: AppDeps, actor: Actor, courseId: number, outline: string): Promise<Course> {
  await courseFor(deps, actor, courseId, 'edit');
  await updateCourseRow(deps.db, courseId, { outline });
  return getCourse(deps, actor, courseId);
}

/**
 * `POST /api/outline/notify {course_ids}`: e-mails every student with an address
 * that the outline changed, through the outbox. All courses are checked before
 * anything is sent; answers how many e-mails were queued.
 */
export async function notifyOutline(deps: AppDeps, actor: Actor, courseIds: number[]): Promise<{ message: string; queued: number }> {
  const loaded: Awaited<ReturnType<typeof courseFor>>['course'][] = [];
  for (const id of [...new Set(courseIds)]) loaded.push((await courseFor(deps, actor, id, 'edit')).course);
  const students = await studentContactsOf(
    deps.db,
    loaded.map((c) => c.id),
  );
  // One event per course; its handler writes one e-mail per student to the outbox (decision 0081).
  const events = loaded.map((course): DomainEventInput => ({
    type: 'course.outline_announced',
    payload: {
      course_id: course.id,
      actor_id: actor.id,
      course_title: course.displayName ?? course.name,
      recipients: students.filter((s) => s.courseId === course.id).map((s) => ({ email: s.email, name: s.name })),
    },
  }));
  await emit(deps, deps.db, events);
  return { message: `${students.length} students were notified`, queued: students.length };
}
