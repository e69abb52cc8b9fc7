import { and, desc, eq, exists, inArray, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import {
  USER_ROLE,
  type Course,
  type CourseRole,
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
import { enrolments } from '../enrolments/enrolments.table.js';
import { departments, orgs } from '../orgs/orgs.table.js';
import { emit } from '../events/events.service.js';
import { users } from '../users/users.table.js';
import { courseFor } from './course-access.js';
import { orgSettingsOf } from './course-header.service.js';
import { latestImportsOf } from '../imports/imports.repository.js';
import { presentCourse } from './courses.presenter.js';
import { courses } from './courses.table.js';
import { getCourse } from './courses.service.js';

function isManager(actor: Actor): boolean {
  return actor.role === USER_ROLE.admin || actor.role === USER_ROLE.instructor;
}

/** Escapes LIKE wildcards so a keyword matches literally. */
function likeContains(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The courses the management list shows an actor: all of the org's for admins, the ones they teach otherwise. */
function scopeOf(actor: Actor, filter: CourseListFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(courses.orgId, actor.orgId)];
  if (actor.role !== USER_ROLE.admin) {
    parts.push(
      exists(
        sql`(select 1 from ${enrolments} where ${enrolments.courseId} = ${courses.id} and ${enrolments.userId} = ${actor.id} and ${enrolments.role} in ('instructor', 'instructor_assistant'))`,
      ),
    );
  }
  parts.push(filter.deleted ? isNotNull(courses.deletedAt) : isNull(courses.deletedAt));
  if (filter.keyword) parts.push(like(courses.searchText, likeContains(filter.keyword.toLowerCase())));
  if (filter.academic_year) parts.push(eq(courses.academicYear, filter.academic_year));
  if (filter.semester) parts.push(eq(courses.semester, filter.semester));
  if (filter.department_id) parts.push(eq(courses.departmentId, filter.department_id));
  if (filter.published !== undefined) parts.push(eq(courses.isPublished, filter.published));
  if (filter.type) parts.push(eq(courses.isLite, filter.type === 'lite'));
  if (filter.review_status) parts.push(eq(courses.isReviewed, filter.review_status === 'reviewed'));
  return and(...parts)!;
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
  const where = scopeOf(actor, filter);
  // One query answers the page, the total (window count) and each row's instructors,
  // student count and the actor's roles (decision 0013: the list must stay fast at 10,000 courses).
  const rows = await deps.db
    .select({
      course: courses,
      departmentName: departments.name,
      total: sql<number>`(count(*) over ())::int`,
      studentCount: sql<number>`(select count(*)::int from enrolments e where e.course_id = ${courses.id} and e.role = 'student')`,
      instructors: sql<
        { id: number; name: string }[]
      >`(select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name) order by e.id), '[]'::json) from enrolments e join users u on u.id = e.user_id where e.course_id = ${courses.id} and e.role = 'instructor')`,
      myRoles: sql<
        CourseRole[]
      >`(select coalesce(json_agg(e.role order by e.id), '[]'::json) from enrolments e where e.course_id = ${courses.id} and e.user_id = ${actor.id})`,
    })
    .from(courses)
    .leftJoin(departments, eq(departments.id, courses.departmentId))
    .where(where)
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [count] = await deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(courses)
      .where(where);
    total = Number(count?.n ?? 0);
  }
  const imports = await latestImportsOf(
    deps.db,
    rows.map((r) => r.course.id),
  );
  const items: Course[] = rows.map((r) =>
    presentCourse(
      { ...r.course, departmentName: r.departmentName },
      { instructors: parseJson(r.instructors), studentCount: Number(r.studentCount), myRoles: parseJson(r.myRoles), latestImport: imports.get(r.course.id) },
    ),
  );
  return toPage(items, total, page, pageSize);
}

/** json columns arrive parsed from node-postgres and PGlite alike; a string (a driver that does not parse) is parsed here. */
function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** `GET /api/courses/count`: counts over the courses the management list shows the actor. */
export async function countManagedCourses(deps: AppDeps, actor: Actor): Promise<CourseCounts> {
  await requireManager(deps, actor);
  const [live] = await deps.db
    .select({
      total: sql<number>`count(*)::int`,
      published: sql<number>`count(*) filter (where ${courses.isPublished})::int`,
      unreviewed: sql<number>`count(*) filter (where not ${courses.isReviewed})::int`,
    })
    .from(courses)
    .where(scopeOf(actor, {}));
  const [gone] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(courses)
    .where(scopeOf(actor, { deleted: true }));
  const total = Number(live?.total ?? 0);
  const published = Number(live?.published ?? 0);
  return { total, published, unpublished: total - published, unreviewed: Number(live?.unreviewed ?? 0), deleted: Number(gone?.n ?? 0) };
}

/** `PUT /api/courses/{id}`: edits a course. Throws VALIDATION_FAILED naming `department_id` for another org's department. */
export async function updateCourse(deps: AppDeps, actor: Actor, courseId: number, body: UpdateCourseBody): Promise<Course> {
  await courseFor(deps, actor, courseId, 'edit');
  if (body.hasAiAbility !== undefined && actor.role !== USER_ROLE.admin)
    throw new AppError('FORBIDDEN', 'Only organisation administrators turn the AI panels on or off');
  if (body.department_id) {
    const [dept] = await deps.db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, body.department_id), eq(departments.orgId, actor.orgId)));
    if (!dept) throw AppError.field('department_id', 'No such department in your organisation');
  }
  const start = body.start_date === undefined ? undefined : body.start_date ? new Date(body.start_date) : null;
  const end = body.end_date === undefined ? undefined : body.end_date ? new Date(body.end_date) : null;
  if (start && end && end <= start) throw AppError.field('end_date', 'The course must end after it starts');
  await deps.db
    .update(courses)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.course_code !== undefined ? { courseCode: body.course_code } : {}),
      ...(body.display_name !== undefined ? { displayName: body.display_name || null } : {}),
      ...(body.academic_year !== undefined ? { academicYear: body.academic_year || null } : {}),
      ...(body.semester !== undefined ? { semester: body.semester || null } : {}),
      ...(body.department_id !== undefined ? { departmentId: body.department_id } : {}),
      ...(start !== undefined ? { startDate: start } : {}),
      ...(end !== undefined ? { endDate: end } : {}),
      ...(body.hasAiAbility !== undefined ? { hasAiAbility: body.hasAiAbility } : {}),
      updatedAt: new Date(),
    })
    .where(eq(courses.id, courseId));
  return getCourse(deps, actor, courseId);
}

/** `DELETE /api/courses/{id}`: soft delete; the course leaves every list and can be restored by an admin. */
export async function deleteCourse(deps: AppDeps, actor: Actor, courseId: number): Promise<{ message: string }> {
  await courseFor(deps, actor, courseId, 'delete');
  await deps.db.update(courses).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(courses.id, courseId));
  return { message: 'The course was deleted' };
}

/** `PUT /api/courses/{id}/restore`. Throws COURSE_NOT_FOUND when the course is not deleted. */
export async function restoreCourse(deps: AppDeps, actor: Actor, courseId: number): Promise<Course> {
  const { course } = await courseFor(deps, actor, courseId, 'restore', { includeDeleted: true });
  if (!course.deletedAt) throw new AppError('COURSE_NOT_FOUND', 'This course is not deleted');
  await deps.db.update(courses).set({ deletedAt: null, updatedAt: new Date() }).where(eq(courses.id, courseId));
  return getCourse(deps, actor, courseId);
}

/** `PUT /api/courses/{id}/recommended {recommended}` (org admins). */
export async function setRecommended(deps: AppDeps, actor: Actor, courseId: number, recommended: boolean): Promise<{ recommended: boolean }> {
  await courseFor(deps, actor, courseId, 'recommend');
  await deps.db.update(courses).set({ isRecommended: recommended, updatedAt: new Date() }).where(eq(courses.id, courseId));
  return { recommended };
}

/** `GET /api/courses/settings`: the organisation's course toggles (any signed-in member may read them). */
export async function readCourseSettings(deps: AppDeps, actor: Actor): Promise<CourseSettings> {
  const s = await orgSettingsOf(deps, actor.orgId);
  return { need_publish: s.courseNeedPublish, team_teaching: s.orgTeamTeaching, management_auth_code: s.managementAuthCode };
}

/** `PUT /api/courses/settings`: org admins change the course toggles of their organisation (spec §6). */
export async function updateCourseSettings(deps: AppDeps, actor: Actor, body: Partial<CourseSettings>): Promise<CourseSettings> {
  if (actor.role !== USER_ROLE.admin) throw new AppError('FORBIDDEN', 'Only organisation administrators change course settings');
  const current = await orgSettingsOf(deps, actor.orgId);
  const next = {
    ...current,
    ...(body.need_publish !== undefined ? { courseNeedPublish: body.need_publish } : {}),
    ...(body.team_teaching !== undefined ? { orgTeamTeaching: body.team_teaching } : {}),
    ...(body.management_auth_code !== undefined ? { managementAuthCode: body.management_auth_code } : {}),
  };
  await deps.db.update(orgs).set({ settings: next }).where(eq(orgs.id, actor.orgId));
  return readCourseSettings(deps, actor);
}

/** `PUT /api/course/{id}/outline {course_outline}`. */
export async function updateOutline(deps: AppDeps, actor: Actor, courseId: number, outline: string): Promise<Course> {
  await courseFor(deps, actor, courseId, 'edit');
  await deps.db.update(courses).set({ outline, updatedAt: new Date() }).where(eq(courses.id, courseId));
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
  const students = await deps.db
    .select({ courseId: enrolments.courseId, email: users.email, name: users.name })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(
      and(
        inArray(
          enrolments.courseId,
          loaded.map((c) => c.id),
        ),
        eq(enrolments.role, 'student'),
        isNotNull(users.email),
      ),
    );
  // One event per course; its handler writes one e-mail per student to the outbox (decision 0081).
  const events = loaded.map((course): DomainEventInput => ({
    type: 'course.outline_announced',
    payload: {
      course_id: course.id,
      actor_id: actor.id,
      course_title: course.displayName ?? course.name,
      recipients: students.filter((s) => s.courseId === course.id).map((s) => ({ email: s.email!, name: s.name })),
    },
  }));
  await emit(deps, deps.db, events);
  return { message: `${students.length} students were notified`, queued: students.length };
}
