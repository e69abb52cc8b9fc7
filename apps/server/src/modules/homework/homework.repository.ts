import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CourseRole } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { activities } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { courseGroupMembers, courseGroups } from '../enrolments/course-groups.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { gradeItems } from '../gradebook/gradebook.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';
import { homeworkAnnotations, homeworkSubmissions, homeworkSubmissionUploads } from './homework.table.js';

/** Homework submissions, their files and annotations (issue 16): the only door to these tables. */

export type SubmissionRow = typeof homeworkSubmissions.$inferSelect;
export type AnnotationRow = typeof homeworkAnnotations.$inferSelect;

/**
 * Prepared statements of this repository, per database handle: built once, and on PostgreSQL
 * prepared once per connection under their name, so the list's requests neither build nor plan
 * their SQL again (bench/grading, issue 16). `name` is one SQL text (one filter shape).
 */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

function prepared<T>(db: Db, name: string, make: (name: string) => T): T {
  let byName = preparedByDb.get(db);
  if (!byName) preparedByDb.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (!query) byName.set(name, (query = make(name)));
  return query;
}

/**
 * What the course team's check of a homework needs, in one SELECT (issue 16 benchmark: the list's
 * access chain was three round trips): the live activity, its course's organisation and deletion,
 * and the roles `userId` holds in that course. Undefined when the activity does not exist or was
 * deleted; `course` null when its course row is gone.
 */
export async function findActivityForTeam(
  db: Db,
  activityId: number,
  userId: number,
): Promise<
  { activity: typeof activities.$inferSelect; course: { id: number; orgId: number; deletedAt: Date | null } | null; roles: CourseRole[] } | undefined
> {
  const query = prepared(db, 'homework_activity_for_team', (name) =>
    db
      .select({
        activity: activities,
        courseId: courses.id,
        orgId: courses.orgId,
        deletedAt: courses.deletedAt,
        roles: sql<
          CourseRole[] | null
        >`(select array_agg(${enrolments.role})::text[] from ${enrolments} where ${enrolments.courseId} = ${activities.courseId} and ${enrolments.userId} = ${sql.placeholder('userId')})`,
      })
      .from(activities)
      .leftJoin(courses, eq(courses.id, activities.courseId))
      .where(and(eq(activities.id, sql.placeholder('activityId')), isNull(activities.deletedAt)))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ activityId, userId });
  if (!row) return undefined;
  return {
    activity: row.activity,
    course: row.courseId === null || row.orgId === null ? null : { id: row.courseId, orgId: row.orgId, deletedAt: row.deletedAt },
    roles: row.roles ?? [],
  };
}

/** The submission with this id, or undefined. One SELECT. */
export async function findSubmission(db: Db, id: number): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, id));
  return row;
}

/** The learner's (or, with `groupId`, the group's) submission of a homework, or undefined. One SELECT. */
export async function findOwnSubmission(db: Db, activityId: number, owner: { userId: number; groupId: number | null }): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(homeworkSubmissions)
    .where(
      and(
        eq(homeworkSubmissions.activityId, activityId),
        owner.groupId === null
          ? and(eq(homeworkSubmissions.userId, owner.userId), isNull(homeworkSubmissions.groupId))
          : eq(homeworkSubmissions.groupId, owner.groupId),
      ),
    );
  return row;
}

/**
 * Creates the owner's submission row when absent (concurrent first saves meet on the unique
 * indexes) and answers it locked FOR UPDATE for the rest of the transaction. Two statements.
 */
export async function lockOwnSubmission(
  tx: Db,
  values: { activityId: number; courseId: number; userId: number; groupId: number | null },
): Promise<SubmissionRow> {
  await tx.insert(homeworkSubmissions).values(values).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(homeworkSubmissions)
    .where(
      and(
        eq(homeworkSubmissions.activityId, values.activityId),
        values.groupId === null
          ? and(eq(homeworkSubmissions.userId, values.userId), isNull(homeworkSubmissions.groupId))
          : eq(homeworkSubmissions.groupId, values.groupId),
      ),
    )
    .for('update');
  return row!;
}

/** Locks one submission FOR UPDATE inside a transaction; undefined when it does not exist. */
export async function lockSubmission(tx: Db, id: number): Promise<SubmissionRow | undefined> {
  const [row] = await tx.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, id)).for('update');
  return row;
}

/** Writes fields of one submission (updated_at now) and answers the row. One UPDATE. */
export async function updateSubmission(tx: Db, id: number, set: Partial<typeof homeworkSubmissions.$inferInsert>): Promise<SubmissionRow> {
  const [row] = await tx
    .update(homeworkSubmissions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(homeworkSubmissions.id, id))
    .returning();
  return row!;
}

/** Replaces the files of one role of a submission by `uploadIds` (in that order). Two statements at most. */
export async function replaceSubmissionUploads(tx: Db, submissionId: number, role: 'submission' | 'feedback', uploadIds: readonly number[]): Promise<void> {
  await tx.delete(homeworkSubmissionUploads).where(and(eq(homeworkSubmissionUploads.submissionId, submissionId), eq(homeworkSubmissionUploads.role, role)));
  if (uploadIds.length === 0) return;
  await tx.insert(homeworkSubmissionUploads).values(uploadIds.map((uploadId, sort) => ({ submissionId, uploadId, role, sort })));
}

/** A file of a submission with what the answers show of it. */
export interface SubmissionFileRow {
  submissionId: number;
  uploadId: number;
  role: string;
  name: string;
  type: string;
  status: string;
  size: number;
  annotatedUploadId: number | null;
}

/** The live files of these submissions, in their order, with their annotated copy. One SELECT. */
export async function listSubmissionFiles(db: Db, submissionIds: readonly number[]): Promise<SubmissionFileRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .select({
      submissionId: homeworkSubmissionUploads.submissionId,
      uploadId: homeworkSubmissionUploads.uploadId,
      role: homeworkSubmissionUploads.role,
      name: uploads.name,
      type: uploads.type,
      status: uploads.status,
      size: uploads.size,
      annotatedUploadId: homeworkAnnotations.annotatedUploadId,
    })
    .from(homeworkSubmissionUploads)
    .innerJoin(uploads, and(eq(uploads.id, homeworkSubmissionUploads.uploadId), isNull(uploads.deletedAt)))
    .leftJoin(
      homeworkAnnotations,
      and(eq(homeworkAnnotations.submissionId, homeworkSubmissionUploads.submissionId), eq(homeworkAnnotations.uploadId, homeworkSubmissionUploads.uploadId)),
    )
    .where(inArray(homeworkSubmissionUploads.submissionId, [...submissionIds]))
    .orderBy(asc(homeworkSubmissionUploads.submissionId), asc(homeworkSubmissionUploads.sort));
}

/** How one upload belongs to a submission (the upload policy's question), or undefined when it does not. One SELECT. */
export async function findSubmissionOfUpload(
  db: Db,
  uploadId: number,
): Promise<{ submission: SubmissionRow; role: 'submission' | 'feedback' | 'annotated' } | undefined> {
  const [held] = await db
    .select({ submission: homeworkSubmissions, role: homeworkSubmissionUploads.role })
    .from(homeworkSubmissionUploads)
    .innerJoin(homeworkSubmissions, eq(homeworkSubmissions.id, homeworkSubmissionUploads.submissionId))
    .where(eq(homeworkSubmissionUploads.uploadId, uploadId))
    .limit(1);
  if (held) return { submission: held.submission, role: held.role === 'feedback' ? 'feedback' : 'submission' };
  const [annotated] = await db
    .select({ submission: homeworkSubmissions })
    .from(homeworkAnnotations)
    .innerJoin(homeworkSubmissions, eq(homeworkSubmissions.id, homeworkAnnotations.submissionId))
    .where(eq(homeworkAnnotations.annotatedUploadId, uploadId))
    .limit(1);
  return annotated ? { submission: annotated.submission, role: 'annotated' } : undefined;
}

/** The learner's group in a course (the lowest id when in several), or null. One SELECT. */
export async function findLearnerGroup(db: Db, courseId: number, userId: number): Promise<{ id: number; name: string } | null> {
  const [group] = await db
    .select({ id: courseGroups.id, name: courseGroups.name })
    .from(courseGroupMembers)
    .innerJoin(courseGroups, eq(courseGroups.id, courseGroupMembers.groupId))
    .where(and(eq(courseGroups.courseId, courseId), eq(courseGroupMembers.userId, userId)))
    .orderBy(asc(courseGroups.id))
    .limit(1);
  return group ?? null;
}

/** Members of a group still enrolled in its course (whom a group submission is for). One SELECT. */
export async function listGroupLearnerIds(db: Db, courseId: number, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: courseGroupMembers.userId })
    .from(courseGroupMembers)
    .innerJoin(enrolments, and(eq(enrolments.userId, courseGroupMembers.userId), eq(enrolments.courseId, courseId), eq(enrolments.role, 'student')))
    .where(eq(courseGroupMembers.groupId, groupId));
  return rows.map((r) => r.userId);
}

/** Is the user a member of this group? One SELECT. */
export async function isGroupMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: courseGroupMembers.userId })
    .from(courseGroupMembers)
    .where(and(eq(courseGroupMembers.groupId, groupId), eq(courseGroupMembers.userId, userId)));
  return !!row;
}

const grader = alias(users, 'grader');

/** A submission with its learner's, group's and grader's names. */
export type SubmissionListRow = SubmissionRow & {
  userName: string;
  userNo: string | null;
  groupName: string | null;
  gradedByName: string | null;
  fileCount: number;
};

export interface SubmissionFilter {
  state: 'all' | 'graded' | 'ungraded';
  late?: boolean;
  keyword?: string;
}

/** The conditions of the state and late filters on a handed-in submission. */
function matchingConditions(filter: Pick<SubmissionFilter, 'state' | 'late'>): SQL[] {
  const parts: SQL[] = [];
  if (filter.state === 'graded') parts.push(isNotNull(homeworkSubmissions.score));
  if (filter.state === 'ungraded') parts.push(isNull(homeworkSubmissions.score));
  if (filter.late !== undefined) parts.push(eq(homeworkSubmissions.isLate, filter.late));
  return parts;
}

function listWhere(activityId: number | Placeholder, filter: SubmissionFilter): SQL {
  const parts: (SQL | undefined)[] = [
    eq(homeworkSubmissions.activityId, activityId),
    eq(homeworkSubmissions.status, 'submitted'),
    ...matchingConditions(filter),
  ];
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(users.name, like), ilike(users.userNo, like), ilike(courseGroups.name, like)));
  }
  return and(...parts)!;
}

/** The team's order: first handed in first, then by id. */
const ORDER = [asc(homeworkSubmissions.submittedAt), asc(homeworkSubmissions.id)];

/**
 * One page of a homework's handed-in submissions (drafts are the learners' own) with names, the
 * grader's name and the file count: one SELECT, which stops after the page (the team's order is
 * the index's). `total` is the count under the filter when it names a keyword (a second SELECT, in
 * parallel); without one, null: submissionSummary counts it with the summary.
 */
export async function listSubmissionsPage(
  db: Db,
  activityId: number,
  filter: SubmissionFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: SubmissionListRow[]; total: number | null }> {
  const fileCount = sql<number>`(select count(*)::int from ${homeworkSubmissionUploads} where ${homeworkSubmissionUploads.submissionId} = ${homeworkSubmissions.id} and ${homeworkSubmissionUploads.role} = 'submission')`;
  const pageOf = (where: SQL) =>
    db
      .select({
        s: homeworkSubmissions,
        userName: users.name,
        userNo: users.userNo,
        groupName: courseGroups.name,
        gradedByName: grader.name,
        fileCount,
      })
      .from(homeworkSubmissions)
      .innerJoin(users, eq(users.id, homeworkSubmissions.userId))
      .leftJoin(courseGroups, eq(courseGroups.id, homeworkSubmissions.groupId))
      .leftJoin(grader, eq(grader.id, homeworkSubmissions.gradedById))
      .where(where)
      .orderBy(...ORDER)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  if (!filter.keyword) {
    // Without a keyword, one prepared statement per state and late filter.
    const query = prepared(db, `homework_list_page_${filter.state}_${filter.late ?? 'any'}`, (name) =>
      pageOf(listWhere(sql.placeholder('activityId'), filter)).prepare(name),
    );
    const rows = await query.execute({ activityId, limit: page.limit, offset: page.offset });
    return {
      rows: rows.map((r) => ({ ...r.s, userName: r.userName, userNo: r.userNo, groupName: r.groupName, gradedByName: r.gradedByName, fileCount: r.fileCount })),
      total: null,
    };
  }
  const where = listWhere(activityId, filter);
  const [rows, counted] = await Promise.all([
    pageOf(where).execute({ limit: page.limit, offset: page.offset }),
    db
      .select({ n: count() })
      .from(homeworkSubmissions)
      .innerJoin(users, eq(users.id, homeworkSubmissions.userId))
      .leftJoin(courseGroups, eq(courseGroups.id, homeworkSubmissions.groupId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.s, userName: r.userName, userNo: r.userNo, groupName: r.groupName, gradedByName: r.gradedByName, fileCount: r.fileCount })),
    total: counted[0]?.n ?? 0,
  };
}

/**
 * The team's summary of a homework in one SELECT: handed-in, graded and late counts, how many
 * learners (in group homework: groups with an enrolled learner) it expects, when its scores
 * were published in the gradebook (null: not published), and `matching`: how many handed-in
 * submissions the list's state and late filters keep (its keyword is not looked at).
 */
export async function submissionSummary(
  db: Db,
  activity: { id: number; courseId: number },
  groupMode: boolean,
  filter: Pick<SubmissionFilter, 'state' | 'late'> = { state: 'all' },
): Promise<{ submitted: number; graded: number; late: number; expected: number; matching: number; publishedAt: Date | null }> {
  const courseId = sql.placeholder('courseId');
  const activityId = sql.placeholder('activityId');
  const query = prepared(db, `homework_summary_${groupMode ? 'groups' : 'learners'}_${filter.state}_${filter.late ?? 'any'}`, (name) => {
    const expected = groupMode
      ? sql<number>`(select count(distinct ${courseGroups.id})::int from ${courseGroups}
        join ${courseGroupMembers} on ${courseGroupMembers.groupId} = ${courseGroups.id}
        join ${enrolments} on ${enrolments.userId} = ${courseGroupMembers.userId} and ${enrolments.courseId} = ${courseId} and ${enrolments.role} = 'student'
        where ${courseGroups.courseId} = ${courseId})`
      : sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.courseId} = ${courseId} and ${enrolments.role} = 'student')`;
    return db
      .select({
        submitted: sql<number>`count(${homeworkSubmissions.id})::int`,
        graded: sql<number>`count(${homeworkSubmissions.score})::int`,
        late: sql<number>`(count(*) filter (where ${homeworkSubmissions.isLate}))::int`,
        matching: sql<number>`(count(*) filter (where ${and(sql`true`, ...matchingConditions(filter))}))::int`,
        expected,
        publishedAt: sql<string | null>`(select ${gradeItems.publishedAt} from ${gradeItems} where ${gradeItems.activityId} = ${activityId})`,
      })
      .from(homeworkSubmissions)
      .where(and(eq(homeworkSubmissions.activityId, activityId), eq(homeworkSubmissions.status, 'submitted')))
      .prepare(name);
  });
  const [row] = await query.execute({ activityId: activity.id, courseId: activity.courseId });
  return {
    submitted: row?.submitted ?? 0,
    graded: row?.graded ?? 0,
    late: row?.late ?? 0,
    expected: Number(row?.expected ?? 0),
    matching: row?.matching ?? 0,
    publishedAt: row?.publishedAt ? new Date(row.publishedAt) : null,
  };
}

/** The handed-in submissions just before and after one in the team's order (for next/previous). Two SELECTs together. */
export async function neighbourSubmissionIds(
  db: Db,
  row: Pick<SubmissionRow, 'id' | 'activityId' | 'submittedAt'>,
): Promise<{ previous: number | null; next: number | null }> {
  if (!row.submittedAt) return { previous: null, next: null };
  const at = row.submittedAt;
  const base = and(eq(homeworkSubmissions.activityId, row.activityId), eq(homeworkSubmissions.status, 'submitted'));
  const [[before], [after]] = await Promise.all([
    db
      .select({ id: homeworkSubmissions.id })
      .from(homeworkSubmissions)
      .where(and(base, or(lt(homeworkSubmissions.submittedAt, at), and(eq(homeworkSubmissions.submittedAt, at), lt(homeworkSubmissions.id, row.id)))))
      .orderBy(desc(homeworkSubmissions.submittedAt), desc(homeworkSubmissions.id))
      .limit(1),
    db
      .select({ id: homeworkSubmissions.id })
      .from(homeworkSubmissions)
      .where(and(base, or(gt(homeworkSubmissions.submittedAt, at), and(eq(homeworkSubmissions.submittedAt, at), gt(homeworkSubmissions.id, row.id)))))
      .orderBy(...ORDER)
      .limit(1),
  ]);
  return { previous: before?.id ?? null, next: after?.id ?? null };
}

/** The names shown on one submission: its learner, group and grader. One SELECT. */
export async function submissionNames(
  db: Db,
  row: Pick<SubmissionRow, 'userId' | 'groupId' | 'gradedById'>,
): Promise<{ userName: string; groupName: string | null; gradedByName: string | null }> {
  const ids = [row.userId, ...(row.gradedById ? [row.gradedById] : [])];
  const [people, groups] = await Promise.all([
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)),
    row.groupId ? db.select({ name: courseGroups.name }).from(courseGroups).where(eq(courseGroups.id, row.groupId)) : Promise.resolve([]),
  ]);
  const name = (id: number | null) => people.find((p) => p.id === id)?.name ?? null;
  return { userName: name(row.userId) ?? '', groupName: groups[0]?.name ?? null, gradedByName: name(row.gradedById) };
}

/** The annotations of one file of a submission, or undefined. One SELECT. */
export async function findAnnotations(db: Db, submissionId: number, uploadId: number): Promise<AnnotationRow | undefined> {
  const [row] = await db
    .select()
    .from(homeworkAnnotations)
    .where(and(eq(homeworkAnnotations.submissionId, submissionId), eq(homeworkAnnotations.uploadId, uploadId)));
  return row;
}

/** Writes the annotations of one file of a submission. One INSERT … ON CONFLICT DO UPDATE. */
export async function upsertAnnotations(tx: Db, values: typeof homeworkAnnotations.$inferInsert): Promise<AnnotationRow> {
  const [row] = await tx
    .insert(homeworkAnnotations)
    .values(values)
    .onConflictDoUpdate({
      target: [homeworkAnnotations.submissionId, homeworkAnnotations.uploadId],
      set: { document: values.document, annotatedUploadId: values.annotatedUploadId, updatedById: values.updatedById, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/** Is this upload one of the submission's learner files? One SELECT. */
export async function submissionHoldsUpload(db: Db, submissionId: number, uploadId: number): Promise<boolean> {
  const [row] = await db
    .select({ uploadId: homeworkSubmissionUploads.uploadId })
    .from(homeworkSubmissionUploads)
    .where(
      and(
        eq(homeworkSubmissionUploads.submissionId, submissionId),
        eq(homeworkSubmissionUploads.uploadId, uploadId),
        eq(homeworkSubmissionUploads.role, 'submission'),
      ),
    );
  return !!row;
}
