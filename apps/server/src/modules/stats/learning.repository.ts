import { and, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities } from '../activities/activities.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { forumReplies, forumTopics } from '../forum/forum.table.js';
import { gradeItems, grades } from '../gradebook/gradebook.table.js';

/**
 * The main database's side of a course's learning statistics (issue 25 item 3; decision 0147 "Learning
 * statistics"): exam and homework results and forum posts of the course's students. Each function is one
 * statement, whatever the number of students or activities.
 */

/** Whether `userColumn` is a student of `courseId` (an enrolment as student). */
const isStudent = (courseId: number, userColumn: SQL | typeof grades.userId) =>
  sql`exists (select 1 from ${enrolments} e where e.course_id = ${courseId} and e.user_id = ${userColumn} and e.role = 'student')`;

/** A live exam or homework of a course with its gradebook column's settings and its students' submissions. */
export interface ResultItemRow {
  activityId: number;
  type: 'exam' | 'homework';
  /** Points a full score is worth, as the gradebook reckons it (gradebook.service maxScoreOf). */
  maxScore: number;
  /** When its scores were published to the learners (gradebook column), or null. */
  publishedAt: Date | null;
  /** Students who handed it in: an exam attempt submitted or graded (previews left out); a homework submission (a group's counts for each member). */
  submittedCount: number;
  /** Students whose work is graded: an exam attempt graded; a homework submission with a score. */
  gradedCount: number;
}

/**
 * The course's live exams and homework with their maximum (the team's setting, else homework 100, else the
 * largest maximum their grades carry, else 100 — as the gradebook's maxScoreOf), publication and the students'
 * submitted and graded counts. One SELECT.
 */
export async function listResultItems(db: Db, courseId: number): Promise<ResultItemRow[]> {
  const examUsers = (status: SQL) => sql`(
    select count(distinct x.user_id) from exam_attempts x
    where x.activity_id = ${activities.id} and not x.is_preview and ${status} and ${isStudent(courseId, sql`x.user_id`)})`;
  const homeworkUsers = (graded: SQL) => sql`(
    select count(distinct coalesce(m.user_id, s.user_id)) from homework_submissions s
    left join course_group_members m on m.group_id = s.group_id
    where s.activity_id = ${activities.id} and s.status = 'submitted' and ${graded} and ${isStudent(courseId, sql`coalesce(m.user_id, s.user_id)`)})`;
  const rows = await db
    .select({
      activityId: activities.id,
      type: activities.type,
      maxScore: sql<number>`coalesce(${gradeItems.maxScore}, case when ${activities.type} = 'homework' then 100 end,
        (select max(g.max_score) from ${grades} g where g.activity_id = ${activities.id}), 100)::float8`,
      publishedAt: gradeItems.publishedAt,
      submittedCount: sql<number>`(case when ${activities.type} = 'exam' then ${examUsers(sql`x.status <> 'in_progress'`)} else ${homeworkUsers(sql`true`)} end)::int`,
      gradedCount: sql<number>`(case when ${activities.type} = 'exam' then ${examUsers(sql`x.status = 'graded'`)} else ${homeworkUsers(sql`s.score is not null`)} end)::int`,
    })
    .from(activities)
    .leftJoin(gradeItems, eq(gradeItems.activityId, activities.id))
    .where(and(eq(activities.courseId, courseId), isNull(activities.deletedAt), inArray(activities.type, ['exam', 'homework'])));
  return rows.map((row) => ({
    ...row,
    type: row.type as ResultItemRow['type'],
    maxScore: Number(row.maxScore),
    submittedCount: Number(row.submittedCount),
    gradedCount: Number(row.gradedCount),
  }));
}

/** A student's score on an exam or homework (points out of `maxScore`, as the gradebook stores it). */
export interface ResultGradeRow {
  activityId: number;
  userId: number;
  score: number;
  maxScore: number;
}

/** The students' scores (not null) on the course's live exams and homework; only `userId`'s when given. One SELECT. */
export async function listResultGrades(db: Db, courseId: number, userId?: number): Promise<ResultGradeRow[]> {
  const rows = await db
    .select({ activityId: grades.activityId, userId: grades.userId, score: grades.score, maxScore: grades.maxScore })
    .from(grades)
    .innerJoin(activities, eq(activities.id, grades.activityId))
    .where(
      and(
        eq(grades.courseId, courseId),
        userId === undefined ? undefined : eq(grades.userId, userId),
        sql`${grades.score} is not null`,
        isNull(activities.deletedAt),
        inArray(activities.type, ['exam', 'homework']),
        isStudent(courseId, grades.userId),
      ),
    );
  return rows.map((row) => ({ ...row, score: row.score! }));
}

/** One student's posts in the course forum: live topics, and live replies to live topics. */
export interface ForumPostsRow {
  userId: number;
  topics: number;
  replies: number;
}

/**
 * Posts per student author in the course's forum, every space (its forums, the general category and questions;
 * the team space holds none of theirs): live topics and live replies to live topics, written in [`since`, `until`)
 * when given, only `userId`'s when given. Imported posts (no author) count for nobody. Authors without a post are
 * absent. One SELECT (a UNION ALL grouped).
 */
export async function countForumPosts(db: Db, courseId: number, filter: { since?: Date; until?: Date; userId?: number } = {}): Promise<ForumPostsRow[]> {
  const within = (column: typeof forumTopics.createdAt | typeof forumReplies.createdAt) =>
    and(filter.since ? gte(column, filter.since) : undefined, filter.until ? lt(column, filter.until) : undefined);
  const author = (column: typeof forumTopics.authorId | typeof forumReplies.authorId) =>
    filter.userId === undefined ? sql`${column} is not null` : eq(column, filter.userId);
  const topics = db
    .select({ userId: sql<number>`${forumTopics.authorId}`.as('user_id'), topics: sql<number>`1`.as('topics'), replies: sql<number>`0`.as('replies') })
    .from(forumTopics)
    .where(and(eq(forumTopics.courseId, courseId), isNull(forumTopics.deletedAt), author(forumTopics.authorId), within(forumTopics.createdAt)));
  const replies = db
    .select({ userId: sql<number>`${forumReplies.authorId}`.as('user_id'), topics: sql<number>`0`.as('topics'), replies: sql<number>`1`.as('replies') })
    .from(forumReplies)
    .innerJoin(forumTopics, eq(forumTopics.id, forumReplies.topicId))
    .where(
      and(
        eq(forumReplies.courseId, courseId),
        isNull(forumReplies.deletedAt),
        isNull(forumTopics.deletedAt),
        author(forumReplies.authorId),
        within(forumReplies.createdAt),
      ),
    );
  const posts = topics.unionAll(replies).as('posts');
  const rows = await db
    .select({ userId: posts.userId, topics: sql<number>`sum(${posts.topics})::int`, replies: sql<number>`sum(${posts.replies})::int` })
    .from(posts)
    // Qualified by hand: a bare alias column would resolve to the enrolment's own user_id inside the subquery.
    .where(isStudent(courseId, sql`posts.user_id`))
    .groupBy(posts.userId);
  return rows.map((row) => ({ userId: Number(row.userId), topics: Number(row.topics), replies: Number(row.replies) }));
}
