import type { Course, CoursePage, CreateCourseBody, MyCourseTerms, MyCoursesQuery } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { emit, transaction } from '../events/events.service.js';
import type { AppDeps } from '../../lib/deps.js';
import { offsetOf, toPage } from '../../lib/pagination.js';
import type { Actor } from '../../plugins/auth.js';
import { isDepartmentOfOrg } from '../orgs/orgs.repository.js';
import { insertEnrolment, instructorsOf, rolesInCourse, studentCountsOf } from '../enrolments/enrolments.repository.js';
import { latestImportsOf } from '../imports/imports.repository.js';
import { canCreateCourse, isCourseViewer } from './courses.policy.js';
import { presentCourse } from './courses.presenter.js';
import { findCourse, insertCourse, listCoursesOfUser, listTermsOfUser } from './courses.repository.js';

/**
 * Creates a course in the actor's organisation and enrols the actor as its
 * instructor, in one transaction. Throws FORBIDDEN for students and wg admins,
 * VALIDATION_FAILED naming `department_id` for a department of another org.
 */
export async function createCourse(deps: AppDeps, actor: Actor, input: CreateCourseBody): Promise<Course> {
  if (!canCreateCourse(actor)) throw new AppError('FORBIDDEN', 'Only instructors and administrators create courses');
  const created = await transaction(deps, async (tx) => {
    if (input.department_id !== undefined) {
      if (!(await isDepartmentOfOrg(tx, input.department_id, actor.orgId))) throw AppError.field('department_id', 'No such department in your organisation');
    }
    const row = await insertCourse(tx, {
      orgId: actor.orgId,
      departmentId: input.department_id ?? actor.departmentId,
      name: input.name,
      displayName: input.display_name || null,
      courseCode: input.course_code,
      academicYear: input.academic_year || null,
      semester: input.semester || null,
      courseType: input.course_type ?? 0,
      createdById: actor.id,
    });
    await insertEnrolment(tx, row.id, actor.id, 'instructor');
    await emit(deps, tx, { type: 'enrolment.created', payload: { course_id: row.id, user_id: actor.id, role: 'instructor' } });
    return row;
  });
  return getCourse(deps, actor, created.id);
}

/** A course the actor may see. Throws COURSE_NOT_FOUND (also for other organisations' courses) or FORBIDDEN. */
export async function getCourse(deps: AppDeps, actor: Actor, courseId: number): Promise<Course> {
  const row = await findCourse(deps.db, courseId);
  if (!row || row.orgId !== actor.orgId || row.deletedAt) throw new AppError('COURSE_NOT_FOUND', 'This course does not exist or was deleted');
  const roles = await rolesInCourse(deps.db, courseId, actor.id);
  if (!isCourseViewer(actor, row, roles)) throw new AppError('FORBIDDEN', 'You are not a member of this course');
  const [instructors, counts, imports] = await Promise.all([
    instructorsOf(deps.db, [row.id]),
    studentCountsOf(deps.db, [row.id]),
    latestImportsOf(deps.db, [row.id]),
  ]);
  return presentCourse(row, {
    instructors: instructors.get(row.id) ?? [],
    studentCount: counts.get(row.id) ?? 0,
    myRoles: roles,
    latestImport: imports.get(row.id),
  });
}

/**
 * The courses the actor is enrolled in, newest first, one page (spec §2 `/user/courses`, and with
 * `course_type` 7 or 8 `/user/studios` and `/user/project`), filtered by term, current or archived
 * (end date passed) and course type.
 */
export async function listMyCourses(deps: AppDeps, actor: Actor, query: MyCoursesQuery): Promise<CoursePage> {
  const filter = { academicYear: query.academic_year, semester: query.semester, status: query.status, courseType: query.course_type };
  const { rows, total } = await listCoursesOfUser(deps.db, actor.id, query.page_size, offsetOf(query.page, query.page_size), filter);
  return toPage(
    rows.map((r) => presentCourse(r.course, r)),
    total,
    query.page,
    query.page_size,
  );
}

/** `GET /api/user/course-terms`: the term names of my courses for the list's filters; years newest first, semesters by name. */
export async function myCourseTerms(deps: AppDeps, actor: Actor): Promise<MyCourseTerms> {
  const { academicYears, semesters } = await listTermsOfUser(deps.db, actor.id);
  return { academic_years: [...academicYears].sort((a, b) => b.localeCompare(a)), semesters: [...semesters].sort((a, b) => a.localeCompare(b)) };
}
