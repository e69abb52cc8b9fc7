import { sql, type SQL } from 'drizzle-orm';
import type { CourseRole } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { activities } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { examAnswers, examAttempts } from '../exams/exams.table.js';
import { homeworkSubmissions } from '../homework/homework.table.js';
import { users } from '../users/users.table.js';
import { researchPseudonymKeys } from './pseudonym-keys.table.js';

/**
 * The main database's side of the teaching statistics (issue 25 item 5; decision 0147 "Teaching statistics and
 * research export"): the courses in scope and their teams, content created, grading turnaround and the work waiting
 * to be graded. Each function is one statement, whatever the number of courses.
 */

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** A PostgreSQL integer array of ids, one parameter however many. */
const idArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** A course of the teaching statistics. */
export interface TeachingCourseRow {
  id: number;
  name: string;
  courseCode: string;
}

/**
 * The live courses of organisation `orgId` — all of them, or only those `teacherId` teaches (instructor or
 * assistant), or only `courseId` — by name. One SELECT.
 */
export async function listTeachingCourses(db: Db, scope: { orgId: number; teacherId: number | null; courseId?: number }): Promise<TeachingCourseRow[]> {
  const teaches =
    scope.teacherId === null
      ? sql``
      : sql`and exists (select 1 from ${enrolments} e where e.course_id = ${courses.id} and e.user_id = ${scope.teacherId}
          and e.role in ('instructor', 'instructor_assistant'))`;
  const only = scope.courseId === undefined ? sql`` : sql`and ${courses.id} = ${scope.courseId}`;
  const result = await db.execute(sql`
    select ${courses.id} as id, coalesce(nullif(${courses.displayName}, ''), ${courses.name}) as name, ${courses.courseCode} as course_code
    from ${courses}
    where ${courses.orgId} = ${scope.orgId} and ${courses.deletedAt} is null ${teaches} ${only}
    order by 2, 1`);
  return rowsOf<{ id: number; name: string; course_code: string }>(result).map((row) => ({ id: Number(row.id), name: row.name, courseCode: row.course_code }));
}

/** A member of a course's team: a user with the course roles `roles` (instructor, instructor_assistant). */
export interface TeamMemberRow {
  courseId: number;
  userId: number;
  name: string;
  roles: CourseRole[];
}

/** The instructors and assistants of `courseIds` with their names, one row per course and user. One SELECT. */
export async function listTeamMembers(db: Db, courseIds: readonly number[]): Promise<TeamMemberRow[]> {
  if (courseIds.length === 0) return [];
  const result = await db.execute(sql`
    select e.course_id, e.user_id, u.name, array_agg(e.role order by e.role) as roles
    from ${enrolments} e join ${users} u on u.id = e.user_id
    where e.course_id = any(${idArray(courseIds)}) and e.role in ('instructor', 'instructor_assistant')
    group by e.course_id, e.user_id, u.name`);
  return rowsOf<{ course_id: number; user_id: number; name: string; roles: CourseRole[] | string }>(result).map((row) => ({
    courseId: Number(row.course_id),
    userId: Number(row.user_id),
    name: row.name,
    // node-postgres parses text[]; PGlite may hand back its literal.
    roles: (Array.isArray(row.roles) ? row.roles : row.roles.replace(/^\{|\}$/g, '').split(',')) as CourseRole[],
  }));
}

/** The names of users `ids` (those with a figure who are on no team: an organisation admin who graded). One SELECT. */
export async function listUserNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`select id, name from ${users} where id = any(${idArray(ids)})`);
  return new Map(rowsOf<{ id: number; name: string }>(result).map((row) => [Number(row.id), row.name]));
}

/** Activities created in a course by one user (`userId` null: a creator since deleted, or none recorded). */
export interface ContentCreatedRow {
  courseId: number;
  userId: number | null;
  created: number;
}

/** Live activities of `courseIds` created in [`since`, `until`), per course and creator (`activities.created_by_id`). One SELECT. */
export async function countContentCreated(db: Db, courseIds: readonly number[], since: Date, until: Date): Promise<ContentCreatedRow[]> {
  if (courseIds.length === 0) return [];
  const result = await db.execute(sql`
    select ${activities.courseId} as course_id, ${activities.createdById} as user_id, count(*)::int as created
    from ${activities}
    where ${activities.courseId} = any(${idArray(courseIds)}) and ${activities.deletedAt} is null
      and ${activities.createdAt} >= ${since.toISOString()}::timestamptz and ${activities.createdAt} < ${until.toISOString()}::timestamptz
    group by 1, 2`);
  return rowsOf<{ course_id: number; user_id: number | null; created: number }>(result).map((row) => ({
    courseId: Number(row.course_id),
    userId: row.user_id === null ? null : Number(row.user_id),
    created: Number(row.created),
  }));
}

/**
 * One group of gradings: `courseId`, `graderId` and `kind` are null where the group spans them all (GROUPING SETS);
 * `median` and `p90` in hours.
 */
export interface TurnaroundRow {
  courseId: number | null;
  graderId: number | null;
  kind: 'homework' | 'exam' | null;
  /** Which of course, grader and kind the group keeps (PostgreSQL GROUPING bits: 4 course, 2 grader, 1 kind spanned). */
  spans: number;
  graded: number;
  median: number;
  p90: number;
}

/**
 * Grading turnaround of `courseIds` over the gradings made in [`since`, `until`), in hours, by course × grader ×
 * kind and every coarser combination (GROUPING SETS), the median and 90th percentile by percentile_cont:
 * - homework: live homework's submissions handed in (a group's once) and graded since their last hand-in
 *   (`graded_at ≥ submitted_at`), from `submitted_at` to `graded_at`, to the grader `graded_by_id`;
 * - exams: graded attempts (previews left out) of live exams that needed the team — an answer the key does not
 *   grade (`auto_score` null) graded by someone — from `submitted_at` to the last such grading, to its grader.
 * A grader since deleted is null (counted in the course's and the totals' groups, not a member's). One SELECT.
 */
export async function listTurnaround(db: Db, courseIds: readonly number[], since: Date, until: Date): Promise<TurnaroundRow[]> {
  if (courseIds.length === 0) return [];
  const from = sql`${since.toISOString()}::timestamptz`;
  const to = sql`${until.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with graded as (
      select s.course_id, s.graded_by_id as grader_id, 'homework'::text as kind,
        extract(epoch from (s.graded_at - s.submitted_at))::float8 / 3600 as hours
      from ${homeworkSubmissions} s join ${activities} a on a.id = s.activity_id
      where s.course_id = any(${idArray(courseIds)}) and a.deleted_at is null and s.status = 'submitted' and s.score is not null
        and s.submitted_at is not null and s.graded_at >= s.submitted_at and s.graded_at >= ${from} and s.graded_at < ${to}
      union all
      select a.course_id, g.grader_id, 'exam'::text, extract(epoch from (g.graded_at - x.submitted_at))::float8 / 3600
      from ${examAttempts} x join ${activities} a on a.id = x.activity_id
      join lateral (
        select e.graded_by_id as grader_id, e.graded_at from ${examAnswers} e
        where e.attempt_id = x.id and e.auto_score is null and e.graded_by_id is not null and e.graded_at is not null
        order by e.graded_at desc limit 1
      ) g on true
      where a.course_id = any(${idArray(courseIds)}) and a.deleted_at is null and not x.is_preview and x.status = 'graded'
        and x.submitted_at is not null and g.graded_at >= x.submitted_at and g.graded_at >= ${from} and g.graded_at < ${to}
    )
    select course_id, grader_id, kind, grouping(course_id, grader_id, kind)::int as spans, count(*)::int as graded,
      percentile_cont(0.5) within group (order by hours) as median, percentile_cont(0.9) within group (order by hours) as p90
    from graded
    group by grouping sets ((course_id, grader_id, kind), (course_id, grader_id), (course_id, kind), (course_id), (grader_id, kind), (grader_id), (kind), ())`);
  return rowsOf<{
    course_id: number | null;
    grader_id: number | null;
    kind: 'homework' | 'exam' | null;
    spans: number;
    graded: number;
    median: number | string;
    p90: number | string;
  }>(result).map((row) => ({
    courseId: row.course_id === null ? null : Number(row.course_id),
    graderId: row.grader_id === null ? null : Number(row.grader_id),
    kind: row.kind,
    spans: Number(row.spans),
    graded: Number(row.graded),
    median: Number(row.median),
    p90: Number(row.p90),
  }));
}

/** What waits to be graded in one course now. */
export interface WaitingRow {
  courseId: number;
  homework: number;
  exam: number;
}

/**
 * Per course of `courseIds` (those with none are absent), what waits to be graded now: live homework's submissions
 * handed in and not graded since (no score, or graded before the last hand-in), and attempts at live exams submitted
 * with an answer waiting for the team (status `submitted`; previews left out). One SELECT.
 */
export async function countWaiting(db: Db, courseIds: readonly number[]): Promise<WaitingRow[]> {
  if (courseIds.length === 0) return [];
  const result = await db.execute(sql`
    with waiting as (
      select s.course_id, 1 as homework, 0 as exam
      from ${homeworkSubmissions} s join ${activities} a on a.id = s.activity_id
      where s.course_id = any(${idArray(courseIds)}) and a.deleted_at is null and s.status = 'submitted'
        and (s.score is null or s.graded_at is null or s.graded_at < s.submitted_at)
      union all
      select a.course_id, 0, 1
      from ${examAttempts} x join ${activities} a on a.id = x.activity_id
      where a.course_id = any(${idArray(courseIds)}) and a.deleted_at is null and not x.is_preview and x.status = 'submitted'
    )
    select course_id, sum(homework)::int as homework, sum(exam)::int as exam from waiting group by course_id`);
  return rowsOf<{ course_id: number; homework: number; exam: number }>(result).map((row) => ({
    courseId: Number(row.course_id),
    homework: Number(row.homework),
    exam: Number(row.exam),
  }));
}

/**
 * The organisation's research-pseudonym key (hex), made from `candidateHex` on the first call and the stored one
 * ever after: one statement (insert or keep, then read back the stored row). Under two concurrent first calls the
 * loser's statement snapshot may predate the winner's row, so it reads once more.
 */
export async function orgPseudonymKeyHex(db: Db, orgId: number, candidateHex: string): Promise<string> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await db.execute(sql`
    WITH made AS (
      INSERT INTO ${researchPseudonymKeys} (org_id, key_hex) VALUES (${orgId}, ${candidateHex})
      ON CONFLICT (org_id) DO NOTHING
      RETURNING key_hex
    )
    SELECT key_hex FROM made
    UNION ALL
    SELECT key_hex FROM ${researchPseudonymKeys} WHERE org_id = ${orgId}
    LIMIT 1`);
    const row = rowsOf<{ key_hex: string }>(result)[0];
    if (row) return row.key_hex;
  }
  throw new Error(`no research-pseudonym key for organisation ${orgId}`);
}
