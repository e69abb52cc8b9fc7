import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../users/users.table.js';
import { forumSubscriptions, forumTopics } from './forum.table.js';

/**
 * Questions on files (issue 18 §4): a question is a `forum_topics` row of space `question` on a
 * file (`upload_id`) in the activity that holds it (`activity_id`); its answers are the topic's
 * `forum_replies`. These are the questions' own insert, list and count (the forum core keeps
 * topics and replies in general).
 */

/** One question as listed, with what the reader's view needs. */
export interface QuestionRow {
  id: number;
  courseId: number;
  activityId: number | null;
  uploadId: number | null;
  anchorPage: number | null;
  anchorSecond: number | null;
  title: string;
  content: string;
  authorId: number | null;
  authorName: string | null;
  isAuthorTeam: boolean;
  isPinned: boolean;
  isLocked: boolean;
  isClosed: boolean;
  isHidden: boolean;
  replyCount: number;
  likeCount: number;
  liked: boolean;
  subscribed: boolean;
  unread: boolean;
  answered: boolean;
  lastActivityAt: Date;
  createdAt: Date;
  editedAt: Date | null;
}

/** The columns of a QuestionRow for `viewerId`. */
function columnsFor(viewerId: number) {
  return {
    id: forumTopics.id,
    courseId: forumTopics.courseId,
    activityId: forumTopics.activityId,
    uploadId: forumTopics.uploadId,
    anchorPage: forumTopics.anchorPage,
    anchorSecond: forumTopics.anchorSecond,
    title: forumTopics.title,
    content: forumTopics.content,
    authorId: forumTopics.authorId,
    authorName: sql<string | null>`coalesce(${users.name}, ${forumTopics.authorName})`,
    isAuthorTeam: sql<boolean>`exists (select 1 from enrolments e where e.course_id = ${forumTopics.courseId} and e.user_id = ${forumTopics.authorId} and e.role <> 'student')`,
    isPinned: forumTopics.isPinned,
    isLocked: forumTopics.isLocked,
    isClosed: forumTopics.isClosed,
    isHidden: forumTopics.isHidden,
    replyCount: forumTopics.replyCount,
    likeCount: forumTopics.likeCount,
    liked: sql<boolean>`exists (select 1 from forum_likes l where l.topic_id = ${forumTopics.id} and l.reply_id = 0 and l.user_id = ${viewerId})`,
    subscribed: sql<boolean>`exists (select 1 from forum_subscriptions s where s.topic_id = ${forumTopics.id} and s.user_id = ${viewerId})`,
    unread: sql<boolean>`not exists (select 1 from forum_reads fr where fr.topic_id = ${forumTopics.id} and fr.user_id = ${viewerId} and fr.read_at >= ${forumTopics.lastActivityAt})`,
    answered: sql<boolean>`exists (
      select 1 from forum_replies r
      join enrolments e on e.course_id = r.course_id and e.user_id = r.author_id and e.role <> 'student'
      where r.topic_id = ${forumTopics.id} and r.deleted_at is null and not r.is_hidden)`,
    lastActivityAt: forumTopics.lastActivityAt,
    createdAt: forumTopics.createdAt,
    editedAt: forumTopics.editedAt,
  };
}

/** What the reader may see of an activity's (or one file's) questions: not deleted; hidden ones only for the team (and, in lists, their author). */
export interface QuestionScope {
  activityId: number;
  /** One file's questions, or every file's of the activity. */
  uploadId?: number | null;
  anchorPage?: number | undefined;
  viewerId: number;
  isTeam: boolean;
  /** Lists show an author their own hidden question (marked hidden); counts do not. */
  withOwnHidden: boolean;
}

function whereOf(scope: QuestionScope): SQL {
  return and(
    eq(forumTopics.space, 'question'),
    eq(forumTopics.activityId, scope.activityId),
    scope.uploadId ? eq(forumTopics.uploadId, scope.uploadId) : undefined,
    scope.anchorPage !== undefined ? eq(forumTopics.anchorPage, scope.anchorPage) : undefined,
    isNull(forumTopics.deletedAt),
    scope.isTeam
      ? undefined
      : scope.withOwnHidden
        ? sql`(not ${forumTopics.isHidden} or ${forumTopics.authorId} = ${scope.viewerId})`
        : eq(forumTopics.isHidden, false),
  )!;
}

/** One page of the questions in `scope`, newest first, with the total (`count(*) over ()`). One SELECT (two for a page past the end). */
export async function listQuestionsPage(db: Db, scope: QuestionScope, limit: number, offset: number): Promise<{ rows: QuestionRow[]; total: number }> {
  const rows = await db
    .select({ ...columnsFor(scope.viewerId), total: sql<number>`(count(*) over ())::int` })
    .from(forumTopics)
    .leftJoin(users, eq(users.id, forumTopics.authorId))
    .where(whereOf(scope))
    .orderBy(desc(forumTopics.createdAt), desc(forumTopics.id))
    .limit(limit)
    .offset(offset);
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total };
  if (offset === 0) return { rows: [], total: 0 };
  return { rows: [], total: await countQuestions(db, scope) };
}

/** How many questions `scope` holds. One SELECT. */
export async function countQuestions(db: Db, scope: QuestionScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(forumTopics)
    .where(whereOf(scope));
  return row?.n ?? 0;
}

/** One question by id, as `viewerId` reads it (no visibility check: the caller's). One SELECT. */
export async function findQuestion(db: Db, id: number, viewerId: number): Promise<QuestionRow | undefined> {
  const [row] = await db
    .select(columnsFor(viewerId))
    .from(forumTopics)
    .leftJoin(users, eq(users.id, forumTopics.authorId))
    .where(and(eq(forumTopics.id, id), eq(forumTopics.space, 'question')));
  return row;
}

/** A new question (space `question`); its author is subscribed to it (replies reach them). Two statements, in the caller's transaction. Answers its id. */
export async function insertQuestion(
  db: Db,
  values: {
    courseId: number;
    activityId: number;
    uploadId: number;
    anchorPage: number | null;
    anchorSecond: number | null;
    title: string;
    content: string;
    searchText: string;
    authorId: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(forumTopics)
    .values({ ...values, space: 'question' })
    .returning({ id: forumTopics.id });
  await db.insert(forumSubscriptions).values({ userId: values.authorId, courseId: values.courseId, topicId: row!.id }).onConflictDoNothing();
  return row!.id;
}

/** Which of `userIds` are members of the course (any role). One SELECT. */
export async function courseMembersAmong(db: Db, courseId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute(
    sql`select distinct e.user_id from enrolments e where e.course_id = ${courseId} and e.user_id = any(${`{${userIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])`,
  );
  return (result as unknown as { rows: { user_id: number }[] }).rows.map((r) => Number(r.user_id));
}
