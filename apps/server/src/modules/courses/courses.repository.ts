import { and, desc, eq, exists, gte, isNotNull, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CourseListFilter, CourseRole } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { departments } from '../orgs/orgs.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import type { LatestImport } from '../imports/imports.repository.js';
import { courseImports } from '../imports/imports.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { courses } from './courses.table.js';

export type CourseRow = typeof courses.$inferSelect;
export type CourseWithDepartment = CourseRow & { departmentName: string | null };

/** json columns arrive parsed from node-postgres and PGlite alike; a string (a driver that does not parse) is parsed here. */
function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export async function insertCourse(db: Db, values: typeof courses.$inferInsert): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(values).returning();
  if (!row) throw new Error('insert courses returned nothing');
  return row;
}

export async function findCourse(db: Db, id: number): Promise<CourseWithDepartment | undefined> {
  const [row] = await db
    .select({ course: courses, departmentName: departments.name })
    .from(courses)
    .leftJoin(departments, eq(departments.id, courses.departmentId))
    .where(eq(courses.id, id))
    .limit(1);
  return row ? { ...row.course, departmentName: row.departmentName } : undefined;
}

/**
 * A course with its department name and `userId`'s roles in it (enrolment order), or undefined when there is
 * no such course: one SELECT for the access check of every course route (decision 0140; it was two).
 */
export async function findCourseWithRoles(db: Db, id: number, userId: number): Promise<{ course: CourseWithDepartment; roles: CourseRole[] } | undefined> {
  const [row] = await db
    .select({
      course: courses,
      departmentName: departments.name,
      roles: sql<
        CourseRole[] | string
      >`(select coalesce(json_agg(e.role order by e.id), '[]'::json) from enrolments e where e.course_id = ${courses.id} and e.user_id = ${userId})`,
    })
    .from(courses)
    .leftJoin(departments, eq(departments.id, courses.departmentId))
    .where(eq(courses.id, id))
    .limit(1);
  return row ? { course: { ...row.course, departmentName: row.departmentName }, roles: parseJson(row.roles) } : undefined;
}

/**
 * A live upload, and — when its parent is a course — that course with its department name and
 * `userId`'s roles (as findCourseWithRoles): one SELECT for the upload policy (decision 0140).
 * `course` is undefined for other parents and when the parent course no longer exists; undefined
 * when there is no live upload of this id.
 */
export async function findUploadWithCourseRoles(
  db: Db,
  uploadId: number,
  userId: number,
): Promise<{ upload: typeof uploads.$inferSelect; course: CourseWithDepartment | undefined; roles: CourseRole[] } | undefined> {
  const [row] = await db
    .select({
      upload: uploads,
      course: courses,
      departmentName: departments.name,
      roles: sql<
        CourseRole[] | string
      >`(select coalesce(json_agg(e.role order by e.id), '[]'::json) from enrolments e where e.course_id = ${courses.id} and e.user_id = ${userId})`,
    })
    .from(uploads)
    .leftJoin(courses, and(eq(uploads.parentType, 'course'), eq(courses.id, uploads.parentId)))
    .leftJoin(departments, eq(departments.id, courses.departmentId))
    .where(and(eq(uploads.id, uploadId), isNull(uploads.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  return {
    upload: row.upload,
    course: row.course ? { ...row.course, departmentName: row.departmentName } : undefined,
    roles: row.course ? parseJson(row.roles) : [],
  };
}

/** The course's learning mode as `{ learningMode }`, or undefined when there is no such course. One SELECT. */
export async function findCourseLearningMode(db: Db, courseId: number): Promise<Pick<CourseRow, 'learningMode'> | undefined> {
  const [row] = await db.select({ learningMode: courses.learningMode }).from(courses).where(eq(courses.id, courseId));
  return row;
}

/** The organisation of a course, or undefined when there is no such course. One SELECT. */
export async function findCourseOrgId(db: Db, courseId: number): Promise<number | undefined> {
  const [row] = await db.select({ orgId: courses.orgId }).from(courses).where(eq(courses.id, courseId));
  return row?.orgId;
}

export async function findCourseByAccessCode(db: Db, accessCode: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.accessCode, accessCode)).limit(1);
  return row;
}

/** Sets the course's access code; answers false when another course already holds it (unique index). */
export async function trySetAccessCode(db: Db, courseId: number, accessCode: string): Promise<boolean> {
  try {
    await db.update(courses).set({ accessCode, updatedAt: new Date() }).where(eq(courses.id, courseId));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Filters of my course list (spec §2 `/user/courses`): term names, current or archived at `now` (end date passed), course type. */
export interface MyCourseFilter {
  academicYear?: string | undefined;
  semester?: string | undefined;
  status?: 'current' | 'archived' | undefined;
  courseType?: number | undefined;
  now?: Date;
}

/** The filter's conditions on `courses`. */
function myCourseWhere(filter: MyCourseFilter): (SQL | undefined)[] {
  const now = filter.now ?? new Date();
  return [
    filter.academicYear !== undefined ? eq(courses.academicYear, filter.academicYear) : undefined,
    filter.semester !== undefined ? eq(courses.semester, filter.semester) : undefined,
    filter.status === 'archived' ? lt(courses.endDate, now) : filter.status === 'current' ? or(isNull(courses.endDate), gte(courses.endDate, now)) : undefined,
    filter.courseType !== undefined ? eq(courses.courseType, filter.courseType) : undefined,
  ];
}

/** The `exists` condition: `userId` holds some role in the course. */
function isMemberOf(db: Db, userId: number): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(enrolments)
      .where(and(eq(enrolments.courseId, courses.id), eq(enrolments.userId, userId))),
  );
}

/** What a course list shows about each course besides its row: student count, instructors, the viewer's roles, the latest import. */
export interface CourseListFacts {
  studentCount: number;
  instructors: { id: number; name: string }[];
  myRoles: CourseRole[];
  latestImport: LatestImport | undefined;
}

/**
 * The select columns of a course list's facts for `viewerId`, as correlated subqueries on `courses`
 * (one statement answers a page with its facts, decision 0140): the filtered total (window count),
 * the student count, the instructors in enrolment order, the viewer's roles and the latest import.
 */
function courseListColumns(viewerId: number) {
  return {
    course: courses,
    departmentName: departments.name,
    total: sql<number>`(count(*) over ())::int`,
    studentCount: sql<number>`(select count(*)::int from enrolments e where e.course_id = ${courses.id} and e.role = 'student')`,
    instructors: sql<
      { id: number; name: string }[] | string
    >`(select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name) order by e.id), '[]'::json) from enrolments e join users u on u.id = e.user_id where e.course_id = ${courses.id} and e.role = 'instructor')`,
    myRoles: sql<
      CourseRole[] | string
    >`(select coalesce(json_agg(e.role order by e.id), '[]'::json) from enrolments e where e.course_id = ${courses.id} and e.user_id = ${viewerId})`,
    latestImport: sql<
      LatestImport | string | null
    >`(select json_build_object('importId', ci.id, 'status', ci.status, 'uploadId', ci.upload_id, 'name', iu.name) from ${courseImports} ci join ${uploads} iu on iu.id = ci.upload_id where ci.course_id = ${courses.id} order by ci.id desc limit 1)`,
  };
}

type CourseListRow = {
  course: CourseRow;
  departmentName: string | null;
  total: number;
  studentCount: number;
  instructors: { id: number; name: string }[] | string;
  myRoles: CourseRole[] | string;
  latestImport: LatestImport | string | null;
};

function toListed(r: CourseListRow): { course: CourseWithDepartment; total: number } & CourseListFacts {
  const latest = r.latestImport === null ? undefined : parseJson(r.latestImport);
  return {
    course: { ...r.course, departmentName: r.departmentName },
    total: Number(r.total ?? 0),
    studentCount: Number(r.studentCount),
    instructors: parseJson(r.instructors),
    myRoles: parseJson(r.myRoles),
    latestImport: latest
      ? { importId: Number(latest.importId), status: Number(latest.status) as 0 | 1 | 2, uploadId: Number(latest.uploadId), name: latest.name }
      : undefined,
  };
}

/**
 * One page of the courses `userId` is enrolled in (any role) under the filter, newest first, each with its
 * facts for `userId`, and the total: one SELECT (a second counts the total only for a page past the end).
 */
export async function listCoursesOfUser(db: Db, userId: number, limit: number, offset: number, filter: MyCourseFilter = {}) {
  const where = and(isMemberOf(db, userId), isNull(courses.deletedAt), ...myCourseWhere(filter));
  const rows = (
    await db
      .select(courseListColumns(userId))
      .from(courses)
      .leftJoin(departments, eq(departments.id, courses.departmentId))
      .where(where)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(limit)
      .offset(offset)
  ).map(toListed);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [count] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(courses)
      .where(where);
    total = Number(count?.total ?? 0);
  }
  return { rows, total };
}

/** The distinct academic years and semesters of the live courses `userId` is enrolled in (nulls left out). One SELECT. */
export async function listTermsOfUser(db: Db, userId: number): Promise<{ academicYears: string[]; semesters: string[] }> {
  const [row] = await db
    .select({
      academicYears: sql<string[] | null>`array_agg(distinct ${courses.academicYear}) filter (where ${courses.academicYear} is not null)`,
      semesters: sql<string[] | null>`array_agg(distinct ${courses.semester}) filter (where ${courses.semester} is not null)`,
    })
    .from(courses)
    .where(and(isMemberOf(db, userId), isNull(courses.deletedAt)));
  return { academicYears: row?.academicYears ?? [], semesters: row?.semesters ?? [] };
}

/** Changes a course's columns and stamps updatedAt. One UPDATE. */
export async function updateCourseRow(db: Db, courseId: number, values: Partial<typeof courses.$inferInsert>): Promise<void> {
  await db
    .update(courses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(courses.id, courseId));
}

/** Whose courses the management list shows: the organisation's, narrowed to the ones `teacherId` teaches unless null (admins). */
export interface ManagedScope {
  orgId: number;
  teacherId: number | null;
}

/** Escapes LIKE wildcards so a keyword matches literally. */
function likeContains(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function managedWhere(scope: ManagedScope, filter: CourseListFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(courses.orgId, scope.orgId)];
  if (scope.teacherId !== null) {
    parts.push(
      exists(
        sql`(select 1 from ${enrolments} where ${enrolments.courseId} = ${courses.id} and ${enrolments.userId} = ${scope.teacherId} and ${enrolments.role} in ('instructor', 'instructor_assistant'))`,
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

/** A management-list row: the course with its department name, the filtered total (window count) and its list facts for the viewer. */
export type ManagedCourseRow = { course: CourseWithDepartment; total: number } & CourseListFacts;

/**
 * One page of the management list, newest first: each row with the filtered total, student count,
 * instructors, `viewerId`'s roles and the latest import, in one SELECT (decision 0013: the list must
 * stay fast at 10,000 courses; decision 0140: one statement after the access check).
 */
export async function listManagedCoursesPage(
  db: Db,
  scope: ManagedScope,
  filter: CourseListFilter,
  viewerId: number,
  limit: number,
  offset: number,
): Promise<ManagedCourseRow[]> {
  const rows = await db
    .select(courseListColumns(viewerId))
    .from(courses)
    .leftJoin(departments, eq(departments.id, courses.departmentId))
    .where(managedWhere(scope, filter))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toListed);
}

/** How many courses of the scope match the filter. One SELECT. */
export async function countManagedCoursesMatching(db: Db, scope: ManagedScope, filter: CourseListFilter): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(courses)
    .where(managedWhere(scope, filter));
  return Number(count?.n ?? 0);
}

/** The scope's live courses counted as `{ total, published, unreviewed }` and its deleted ones as `deleted`. Two SELECTs. */
export async function countManagedCourseStates(
  db: Db,
  scope: ManagedScope,
): Promise<{ total: number; published: number; unreviewed: number; deleted: number }> {
  const [live] = await db
    .select({
      total: sql<number>`count(*)::int`,
      published: sql<number>`count(*) filter (where ${courses.isPublished})::int`,
      unreviewed: sql<number>`count(*) filter (where not ${courses.isReviewed})::int`,
    })
    .from(courses)
    .where(managedWhere(scope, {}));
  const [gone] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(courses)
    .where(managedWhere(scope, { deleted: true }));
  return {
    total: Number(live?.total ?? 0),
    published: Number(live?.published ?? 0),
    unreviewed: Number(live?.unreviewed ?? 0),
    deleted: Number(gone?.n ?? 0),
  };
}
