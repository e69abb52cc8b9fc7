import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { courses } from '../courses/courses.table.js';
import { courseGroups } from '../enrolments/course-groups.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';
import { searchWords } from './forum.search.js';
import { forumEdits, forumLikes, forumReads, forumReplies, forumReports, forumSubscriptions, forumTopics } from './forum.table.js';

/** Topics, replies, likes, subscriptions, read marks, edit history and reports of the forum (issue 18): the only door to these tables. */

export type TopicRow = typeof forumTopics.$inferSelect;
export type ReplyRow = typeof forumReplies.$inferSelect;

/** Upload parent types of a topic's and a reply's attachments (upload-parents.ts). */
export const TOPIC_PARENT = 'forum_topic';
export const REPLY_PARENT = 'forum_reply';

/** A forum activity of a course as the context carries it (times in epoch ms). */
export interface ForumActivityInfo {
  id: number;
  title: string;
  /** The activity and its module are published. */
  published: boolean;
  start: number | null;
  end: number | null;
}

/** One course as one reader meets its forum: the course, their roles, preview state, groups and the course's forum activities. */
export interface ForumContextRow {
  courseId: number;
  orgId: number;
  deletedAt: Date | null;
  learningMode: string;
  roles: string[];
  previewAs: string | null;
  groupIds: number[];
  forums: ForumActivityInfo[];
}

/** Which course a context is about: given, or the course of an activity, topic or reply. */
export type ContextKey = { courseId: number } | { activityId: number } | { topicId: number } | { replyId: number };

/**
 * The forum context of one reader in one course (decision 0110: the whole access chain in one
 * statement, so the topic list stays within its budget). Undefined when the course (or the
 * activity, topic or reply naming it) does not exist. One SELECT.
 */
export async function loadForumContext(db: Db, userId: number, key: ContextKey): Promise<ForumContextRow | undefined> {
  const courseKey: SQL =
    'courseId' in key
      ? sql`${key.courseId}`
      : 'activityId' in key
        ? sql`(select a.course_id from activities a where a.id = ${key.activityId})`
        : 'topicId' in key
          ? sql`(select t.course_id from forum_topics t where t.id = ${key.topicId})`
          : sql`(select r.course_id from forum_replies r where r.id = ${key.replyId})`;
  const [row] = await db
    .select({
      courseId: courses.id,
      orgId: courses.orgId,
      deletedAt: courses.deletedAt,
      learningMode: courses.learningMode,
      roles: sql<string[]>`(select coalesce(json_agg(e.role), '[]'::json) from enrolments e where e.course_id = courses.id and e.user_id = ${userId})`,
      previewAs: sql<string | null>`(select s.preview_as from course_user_states s where s.course_id = courses.id and s.user_id = ${userId} limit 1)`,
      groupIds: sql<number[]>`(select coalesce(json_agg(m.group_id), '[]'::json) from course_group_members m
        join course_groups g on g.id = m.group_id where g.course_id = courses.id and m.user_id = ${userId})`,
      forums: sql<ForumActivityInfo[]>`(select coalesce(json_agg(json_build_object(
          'id', a.id, 'title', a.title, 'published', a.published and coalesce(m.published, false),
          'start', (extract(epoch from a.start_time) * 1000)::float8, 'end', (extract(epoch from a.end_time) * 1000)::float8)
          order by m.sort, a.sort, a.id), '[]'::json)
        from activities a left join course_modules m on m.id = a.module_id
        where a.course_id = courses.id and a.type = 'forum' and a.deleted_at is null)`,
    })
    .from(courses)
    .where(sql`${courses.id} = ${courseKey}`);
  return row;
}

/** What a reader's lists cover (decision 0110). */
export interface TopicScope {
  courseId: number;
  space: 'course' | 'team' | 'question';
  userId: number;
  /** The course team: sees group topics of every group and hidden topics. */
  isTeam: boolean;
  /** The reader's groups in the course (their group topics). */
  groupIds: readonly number[];
  /** Course space: the forum activities whose topics the list holds (null: every one the course has; [] none). */
  activityIds: readonly number[] | null;
  /** Course space: whether the general category (activity_id null) is in the list. */
  general: boolean;
}

/**
 * The tsquery of a user's search `q` (forum.search.ts), or null when it holds no word: every word
 * must match, a word's CJK characters as a phrase (`phraseto_tsquery('simple', '期 末')` = `'期' <-> '末'`).
 */
export function searchQuery(q: string | undefined): SQL | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  return sql`(${sql.join(
    words.map((w) => sql`phraseto_tsquery('simple', ${w})`),
    sql` && `,
  )})`;
}

export interface TopicFilter {
  filter: 'all' | 'unread' | 'mine' | 'subscribed';
  groupId?: number;
  /** A full-text query (forum.search.ts searchQuery). */
  query?: SQL | null;
  /** The words `query` was made of (forum.search.ts searchWords, joined), naming it in the common-search cache. */
  queryText?: string;
}

/** Topics the scope's reader may see (not deleted, their groups, hidden only to the team and the author). */
function visibleTopics(scope: TopicScope): SQL {
  const parts: (SQL | undefined)[] = [eq(forumTopics.courseId, scope.courseId), eq(forumTopics.space, scope.space), isNull(forumTopics.deletedAt)];
  if (scope.space === 'course') {
    const places: SQL[] = [];
    if (scope.general) places.push(isNull(forumTopics.activityId));
    if (scope.activityIds === null) places.push(sql`${forumTopics.activityId} is not null`);
    else if (scope.activityIds.length > 0) places.push(inArray(forumTopics.activityId, [...scope.activityIds]));
    parts.push(places.length > 0 ? or(...places) : sql`false`);
  }
  if (!scope.isTeam) {
    parts.push(
      scope.groupIds.length > 0 ? or(isNull(forumTopics.groupId), inArray(forumTopics.groupId, [...scope.groupIds])) : isNull(forumTopics.groupId),
      or(eq(forumTopics.isHidden, false), eq(forumTopics.authorId, scope.userId)),
    );
  }
  return and(...parts)!;
}

/** The reader's subscription reaching a topic: to it, or to its forum (its activity, or the general category). */
const subscribedSql = (userId: number) => sql<boolean>`exists(select 1 from forum_subscriptions s where s.user_id = ${userId}
  and (s.topic_id = ${forumTopics.id} or (s.topic_id is null and s.course_id = ${forumTopics.courseId}
  and coalesce(s.activity_id, 0) = coalesce(${forumTopics.activityId}, 0) and ${forumTopics.space} = 'course')))`;

function filterWhere(scope: TopicScope, filter: Omit<TopicFilter, 'query'>): SQL[] {
  const parts: SQL[] = [];
  if (filter.groupId !== undefined) parts.push(eq(forumTopics.groupId, filter.groupId));
  if (filter.filter === 'unread') parts.push(sql`(${forumReads.readAt} is null or ${forumTopics.lastActivityAt} > ${forumReads.readAt})`);
  if (filter.filter === 'mine') parts.push(eq(forumTopics.authorId, scope.userId));
  if (filter.filter === 'subscribed') parts.push(subscribedSql(scope.userId));
  return parts;
}

/** Replies the scope's reader may find: not deleted; hidden ones only the team's and their author's. */
const findableReplies = (scope: TopicScope) =>
  scope.isTeam ? sql`r.deleted_at is null` : sql`r.deleted_at is null and (not r.is_hidden or r.author_id = ${scope.userId})`;

/**
 * Past this many matching replies in a course, a search walks the topics by latest activity and asks
 * each whether a reply of its own matches, instead of gathering the matching replies' topics first
 * (a word in most posts would otherwise gather most of the course's replies for every search).
 */
export const SEARCH_REPLY_PROBE = 2000;
/** A search's total counts at most this many matching topics past the page it answers; more is a lower bound (`exact` false). */
export const SEARCH_COUNT_AHEAD = 100;

/**
 * Searches whose probe found more than SEARCH_REPLY_PROBE replies, per course and query text, for 5 minutes: paging through a common word's results walks the topics without
 * probing again. Both ways find the same topics, so a stale entry costs only speed; this
 * process only (another instance probes once itself).
 */
const commonSearches = new LRUCache<string, true>({ max: 2000, ttl: 5 * 60_000 });

const readByReader = (userId: number) => and(eq(forumReads.topicId, forumTopics.id), eq(forumReads.userId, userId));

/** An author's team membership in a topic's or reply's course: course instructor or assistant, or an org admin. */
const authorIsTeam = (
  authorId: SQL.Aliased | SQL | typeof forumTopics.authorId | typeof forumReplies.authorId,
  courseId: typeof forumTopics.courseId | typeof forumReplies.courseId,
) =>
  sql<boolean>`(coalesce(${users.role} in (2, 3), false) or exists(select 1 from enrolments e where e.course_id = ${courseId}
    and e.user_id = ${authorId} and e.role in ('instructor', 'instructor_assistant')))`;

/** A topic as one reader meets it (everything but the search document). */
function topicViewFields(userId: number) {
  return {
    id: forumTopics.id,
    courseId: forumTopics.courseId,
    space: forumTopics.space,
    activityId: forumTopics.activityId,
    groupId: forumTopics.groupId,
    uploadId: forumTopics.uploadId,
    anchorPage: forumTopics.anchorPage,
    anchorSecond: forumTopics.anchorSecond,
    title: forumTopics.title,
    content: forumTopics.content,
    authorId: forumTopics.authorId,
    authorName: forumTopics.authorName,
    isPinned: forumTopics.isPinned,
    isLocked: forumTopics.isLocked,
    isClosed: forumTopics.isClosed,
    isHidden: forumTopics.isHidden,
    replyCount: forumTopics.replyCount,
    likeCount: forumTopics.likeCount,
    lastActivityAt: forumTopics.lastActivityAt,
    createdAt: forumTopics.createdAt,
    editedAt: forumTopics.editedAt,
    deletedAt: forumTopics.deletedAt,
    userName: users.name,
    authorIsTeam: authorIsTeam(forumTopics.authorId, forumTopics.courseId),
    groupName: courseGroups.name,
    readAt: forumReads.readAt,
    /** Never read, or active since (compared in SQL: timestamps keep microseconds). */
    unread: sql<boolean>`(${forumReads.readAt} is null or ${forumTopics.lastActivityAt} > ${forumReads.readAt})`,
    liked: sql<boolean>`exists(select 1 from forum_likes l where l.topic_id = ${forumTopics.id} and l.reply_id = 0 and l.user_id = ${userId})`,
    subscribed: subscribedSql(userId),
  };
}

/**
 * One page of a scope's topics under the filter, as the reader meets them, and the total: pinned
 * first then latest activity. The page and the count run together (two statements, one round); the
 * page walks forum_topics_list_idx, the count forum_topics_count_idx (index only).
 *
 * With a full-text `query` (forum.search.ts), the topics whose title and content or a reply the
 * reader may see match, latest activity first (as Moodle's forum search orders them; a ranking of
 * every match would cost a common word its whole match set): first one probe of at most
 * SEARCH_REPLY_PROBE matching replies through their GIN index (skipped while commonSearches remembers the query as common). Fewer: their topics are the
 * candidates beside the topics' own GIN match, and the total is exact. More (a common word): the
 * page walks forum_topics_recent_idx asking each topic for a matching reply of its own, and the total
 * counts at most SEARCH_COUNT_AHEAD topics past the page (`exact` false). Three statements, two rounds.
 */
export async function listTopicsPage(
  db: Db,
  scope: TopicScope,
  filter: TopicFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TopicViewRow[]; total: number; exact: boolean }> {
  const query = filter.query;
  let match: SQL | undefined;
  let countLimit: number | undefined;
  if (query) {
    // Both ways find the same topics (only the total's exactness differs), so the key needs no reader.
    const searchKey = `${scope.courseId}:${filter.queryText ?? ''}`;
    let replyHits: { topic_id: number }[] | null = null;
    if (filter.queryText === undefined || !commonSearches.has(searchKey)) {
      const probe = await db.execute<{ topic_id: number }>(
        sql`select r.topic_id from forum_replies r where r.course_id = ${scope.courseId} and r.search @@ ${query} and ${findableReplies(scope)} limit ${SEARCH_REPLY_PROBE + 1}`,
      );
      replyHits = (probe as unknown as { rows: { topic_id: number }[] }).rows;
      if (replyHits.length > SEARCH_REPLY_PROBE && filter.queryText !== undefined) commonSearches.set(searchKey, true);
    }
    if (replyHits && replyHits.length <= SEARCH_REPLY_PROBE) {
      const ids = [...new Set(replyHits.map((r) => Number(r.topic_id)))];
      match =
        ids.length > 0
          ? sql`(${forumTopics.search} @@ ${query} or ${forumTopics.id} = any(${`{${ids.join(',')}}`}::int[]))`
          : sql`${forumTopics.search} @@ ${query}`;
    } else {
      // A scalar subquery, not EXISTS: PostgreSQL would turn EXISTS into one hashed set of every matching reply.
      match = sql`(${forumTopics.search} @@ ${query} or coalesce((select true from forum_replies r where r.topic_id = ${forumTopics.id} and r.search @@ ${query} and ${findableReplies(scope)} limit 1), false))`;
      countLimit = page.offset + page.limit + SEARCH_COUNT_AHEAD;
    }
  }
  const where = and(visibleTopics(scope), ...filterWhere(scope, filter), match);
  const order = query
    ? [desc(forumTopics.lastActivityAt), desc(forumTopics.id)]
    : [desc(forumTopics.isPinned), desc(forumTopics.lastActivityAt), desc(forumTopics.id)];
  const needsReads = filter.filter === 'unread';
  const counted = (
    needsReads
      ? db
          .select({ one: sql`1` })
          .from(forumTopics)
          .leftJoin(forumReads, readByReader(scope.userId))
      : db.select({ one: sql`1` }).from(forumTopics)
  ).where(where);
  const [rows, [count]] = await Promise.all([
    db
      .select(topicViewFields(scope.userId))
      .from(forumTopics)
      .leftJoin(forumReads, readByReader(scope.userId))
      .leftJoin(users, eq(users.id, forumTopics.authorId))
      .leftJoin(courseGroups, eq(courseGroups.id, forumTopics.groupId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from((countLimit === undefined ? counted : counted.limit(countLimit)).as('matches')),
  ]);
  const total = count?.n ?? 0;
  return { rows, total, exact: countLimit === undefined || total < countLimit };
}

/** Per forum place (activity id, 0 for the general category) of a scope: its topics and the reader's unread ones. One SELECT. */
export async function countTopicsByPlace(db: Db, scope: TopicScope): Promise<Map<number, { topics: number; unread: number }>> {
  const rows = await db
    .select({
      place: sql<number>`coalesce(${forumTopics.activityId}, 0)`,
      topics: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${forumReads.readAt} is null or ${forumTopics.lastActivityAt} > ${forumReads.readAt}))::int`,
    })
    .from(forumTopics)
    .leftJoin(forumReads, readByReader(scope.userId))
    .where(visibleTopics(scope))
    .groupBy(sql`coalesce(${forumTopics.activityId}, 0)`);
  return new Map(rows.map((r) => [Number(r.place), { topics: r.topics, unread: r.unread }]));
}

export type TopicViewRow = NonNullable<Awaited<ReturnType<typeof findTopicView>>>;
export type ReplyViewRow = NonNullable<Awaited<ReturnType<typeof findReplyView>>>;

/** One topic (deleted or not) as `userId` meets it, or undefined. One SELECT. */
export async function findTopicView(db: Db, topicId: number, userId: number) {
  const [row] = await db
    .select(topicViewFields(userId))
    .from(forumTopics)
    .leftJoin(forumReads, readByReader(userId))
    .leftJoin(users, eq(users.id, forumTopics.authorId))
    .leftJoin(courseGroups, eq(courseGroups.id, forumTopics.groupId))
    .where(eq(forumTopics.id, topicId));
  return row;
}

/** Topics by id as `userId` meets them, in the order of `ids` (ids not found are left out). One SELECT. */
export async function findTopicViews(db: Db, ids: readonly number[], userId: number): Promise<TopicViewRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(topicViewFields(userId))
    .from(forumTopics)
    .leftJoin(forumReads, readByReader(userId))
    .leftJoin(users, eq(users.id, forumTopics.authorId))
    .leftJoin(courseGroups, eq(courseGroups.id, forumTopics.groupId))
    .where(inArray(forumTopics.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TopicViewRow => r !== undefined);
}

/** Locks one live topic FOR UPDATE; undefined when missing or deleted. One SELECT. */
export async function lockTopic(
  tx: Db,
  topicId: number,
): Promise<Pick<TopicRow, 'id' | 'title' | 'content' | 'replyCount' | 'authorId' | 'courseId' | 'space' | 'activityId'> | undefined> {
  const [row] = await tx
    .select({
      id: forumTopics.id,
      title: forumTopics.title,
      content: forumTopics.content,
      replyCount: forumTopics.replyCount,
      authorId: forumTopics.authorId,
      courseId: forumTopics.courseId,
      space: forumTopics.space,
      activityId: forumTopics.activityId,
    })
    .from(forumTopics)
    .where(and(eq(forumTopics.id, topicId), isNull(forumTopics.deletedAt)))
    .for('update');
  return row;
}

export async function insertTopic(tx: Db, values: typeof forumTopics.$inferInsert): Promise<{ id: number; lastActivityAt: Date }> {
  const [row] = await tx.insert(forumTopics).values(values).returning({ id: forumTopics.id, lastActivityAt: forumTopics.lastActivityAt });
  return row!;
}

/** Writes fields of one topic (updated_at now). One UPDATE. */
export async function updateTopic(tx: Db, topicId: number, set: Partial<typeof forumTopics.$inferInsert>): Promise<void> {
  await tx
    .update(forumTopics)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(forumTopics.id, topicId));
}

/** A reply as one reader meets it. */
function replyViewFields(userId: number) {
  return {
    id: forumReplies.id,
    topicId: forumReplies.topicId,
    courseId: forumReplies.courseId,
    parentId: forumReplies.parentId,
    content: forumReplies.content,
    authorId: forumReplies.authorId,
    authorName: forumReplies.authorName,
    likeCount: forumReplies.likeCount,
    isHidden: forumReplies.isHidden,
    createdAt: forumReplies.createdAt,
    editedAt: forumReplies.editedAt,
    deletedAt: forumReplies.deletedAt,
    userName: users.name,
    authorIsTeam: authorIsTeam(forumReplies.authorId, forumReplies.courseId),
    liked: sql<boolean>`exists(select 1 from forum_likes l where l.topic_id = ${forumReplies.topicId} and l.reply_id = ${forumReplies.id} and l.user_id = ${userId})`,
  };
}

/** The live replies of a topic the reader may see (hidden ones: the team and their authors), oldest first. One SELECT. */
export async function listReplies(db: Db, topicId: number, reader: { userId: number; isTeam: boolean }): Promise<ReplyViewRow[]> {
  return db
    .select(replyViewFields(reader.userId))
    .from(forumReplies)
    .leftJoin(users, eq(users.id, forumReplies.authorId))
    .where(
      and(
        eq(forumReplies.topicId, topicId),
        isNull(forumReplies.deletedAt),
        reader.isTeam ? undefined : or(eq(forumReplies.isHidden, false), eq(forumReplies.authorId, reader.userId)),
      ),
    )
    .orderBy(asc(forumReplies.createdAt), asc(forumReplies.id));
}

/** One reply (deleted or not) as `userId` meets it, or undefined. One SELECT. */
export async function findReplyView(db: Db, replyId: number, userId: number) {
  const [row] = await db
    .select(replyViewFields(userId))
    .from(forumReplies)
    .leftJoin(users, eq(users.id, forumReplies.authorId))
    .where(eq(forumReplies.id, replyId));
  return row;
}

export async function insertReply(tx: Db, values: typeof forumReplies.$inferInsert): Promise<{ id: number; createdAt: Date }> {
  const [row] = await tx.insert(forumReplies).values(values).returning({ id: forumReplies.id, createdAt: forumReplies.createdAt });
  return row!;
}

export async function updateReply(tx: Db, replyId: number, set: Partial<typeof forumReplies.$inferInsert>): Promise<void> {
  await tx
    .update(forumReplies)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(forumReplies.id, replyId));
}

/** A new reply's effect on its topic: one more reply, latest activity at the reply's time, last reply. One UPDATE. */
export async function touchTopicOnReply(tx: Db, topicId: number, replyId: number): Promise<void> {
  await tx
    .update(forumTopics)
    .set({
      replyCount: sql`${forumTopics.replyCount} + 1`,
      lastActivityAt: sql`(select r.created_at from forum_replies r where r.id = ${replyId})`,
      lastReplyId: replyId,
    })
    .where(eq(forumTopics.id, topicId));
}

/**
 * Soft-deletes a reply and its second-level answers and takes them off the topic's reply count;
 * answers the distinct authors of what went (none when nothing was live). Two statements.
 */
export async function deleteReplyThread(tx: Db, topicId: number, replyId: number, at: Date): Promise<number[]> {
  const gone = await tx
    .update(forumReplies)
    .set({ deletedAt: at })
    .where(and(or(eq(forumReplies.id, replyId), eq(forumReplies.parentId, replyId)), isNull(forumReplies.deletedAt)))
    .returning({ id: forumReplies.id, authorId: forumReplies.authorId });
  if (gone.length > 0) {
    await tx
      .update(forumTopics)
      .set({ replyCount: sql`greatest(${forumTopics.replyCount} - ${gone.length}, 0)` })
      .where(eq(forumTopics.id, topicId));
  }
  return [...new Set(gone.flatMap((r) => (r.authorId === null ? [] : [r.authorId])))];
}

/** The distinct authors of a topic's live replies (imported ones have none). One SELECT. */
export async function listReplyAuthors(db: Db, topicId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ authorId: forumReplies.authorId })
    .from(forumReplies)
    .where(and(eq(forumReplies.topicId, topicId), isNull(forumReplies.deletedAt)));
  return rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId]));
}

/**
 * Marks a topic read by `userId`: now, or its last activity when that is later (timestamps keep
 * microseconds, so the mark is taken in SQL). A topic already read (its mark at or after its last
 * activity) keeps its mark: nothing a reader sees would change. One INSERT … ON CONFLICT.
 * @returns whether the topic was unread for `userId` (never read, or active since): what the reader's
 *   lists show changed, so their cached answers must go (forum-list-cache.ts).
 */
export async function markTopicRead(db: Db, topicId: number, userId: number): Promise<boolean> {
  const lastActivity = sql`(select t.last_activity_at from forum_topics t where t.id = ${topicId})`;
  const rows = await db
    .insert(forumReads)
    .values({ topicId, userId, readAt: sql`greatest(now(), ${lastActivity})` })
    .onConflictDoUpdate({
      target: [forumReads.topicId, forumReads.userId],
      set: { readAt: sql`greatest(${forumReads.readAt}, excluded.read_at)` },
      setWhere: sql`${forumReads.readAt} < ${lastActivity}`,
    })
    .returning({ topicId: forumReads.topicId });
  return rows.length > 0;
}

/** Records the text a topic or reply had before an edit. One INSERT. */
export async function insertEdit(tx: Db, values: typeof forumEdits.$inferInsert): Promise<void> {
  await tx.insert(forumEdits).values(values);
}

/** The edit history of a topic or a reply, newest first, with the editors' names. One SELECT. */
export async function listEdits(db: Db, target: { topicId: number } | { replyId: number }) {
  return db
    .select({
      id: forumEdits.id,
      editorId: forumEdits.editorId,
      editorName: users.name,
      title: forumEdits.title,
      content: forumEdits.content,
      createdAt: forumEdits.createdAt,
    })
    .from(forumEdits)
    .leftJoin(users, eq(users.id, forumEdits.editorId))
    .where('topicId' in target ? eq(forumEdits.topicId, target.topicId) : eq(forumEdits.replyId, target.replyId))
    .orderBy(desc(forumEdits.createdAt), desc(forumEdits.id));
}

/**
 * Likes (`on`) or unlikes a topic (`replyId` 0) or reply for `userId`, keeping its counter exact:
 * the counter moves only when the like row was inserted or deleted (idempotent). Two statements at most.
 */
export async function setLike(tx: Db, topicId: number, replyId: number, userId: number, on: boolean): Promise<void> {
  const changed = on
    ? await tx.insert(forumLikes).values({ topicId, replyId, userId }).onConflictDoNothing().returning({ userId: forumLikes.userId })
    : await tx
        .delete(forumLikes)
        .where(and(eq(forumLikes.topicId, topicId), eq(forumLikes.replyId, replyId), eq(forumLikes.userId, userId)))
        .returning({ userId: forumLikes.userId });
  if (changed.length === 0) return;
  const delta = on ? 1 : -1;
  if (replyId === 0)
    await tx
      .update(forumTopics)
      .set({ likeCount: sql`greatest(${forumTopics.likeCount} + ${delta}, 0)` })
      .where(eq(forumTopics.id, topicId));
  else
    await tx
      .update(forumReplies)
      .set({ likeCount: sql`greatest(${forumReplies.likeCount} + ${delta}, 0)` })
      .where(eq(forumReplies.id, replyId));
}

/** A subscription target: a topic, a forum activity, or the course's general category (both null). */
export interface SubscriptionTarget {
  courseId: number;
  activityId: number | null;
  topicId: number | null;
}

/** Subscribes `userId` (idempotent). One INSERT. */
export async function subscribe(db: Db, userId: number, target: SubscriptionTarget): Promise<void> {
  await db
    .insert(forumSubscriptions)
    .values({ userId, ...target })
    .onConflictDoNothing();
}

/** Unsubscribes `userId` (idempotent). One DELETE. */
export async function unsubscribe(db: Db, userId: number, target: SubscriptionTarget): Promise<void> {
  await db
    .delete(forumSubscriptions)
    .where(
      and(
        eq(forumSubscriptions.userId, userId),
        eq(forumSubscriptions.courseId, target.courseId),
        target.topicId === null ? isNull(forumSubscriptions.topicId) : eq(forumSubscriptions.topicId, target.topicId),
        target.activityId === null ? isNull(forumSubscriptions.activityId) : eq(forumSubscriptions.activityId, target.activityId),
      ),
    );
}

/** The forums of a course `userId` subscribed to: forum activity ids, 0 for the general category. One SELECT. */
export async function listForumSubscriptions(db: Db, userId: number, courseId: number): Promise<number[]> {
  const rows = await db
    .select({ activityId: forumSubscriptions.activityId })
    .from(forumSubscriptions)
    .where(and(eq(forumSubscriptions.userId, userId), eq(forumSubscriptions.courseId, courseId), isNull(forumSubscriptions.topicId)));
  return rows.map((r) => r.activityId ?? 0);
}

export async function insertReport(db: Db, values: typeof forumReports.$inferInsert): Promise<number> {
  const [row] = await db.insert(forumReports).values(values).returning({ id: forumReports.id });
  return row!.id;
}

/** A course's reports (open ones first, newest first), with the reporter's name and what was reported. One SELECT. */
export async function listReports(db: Db, courseId: number, open: boolean, page: { limit: number; offset: number }) {
  return db
    .select({
      id: forumReports.id,
      topicId: forumReports.topicId,
      replyId: forumReports.replyId,
      topicTitle: forumTopics.title,
      reporterId: forumReports.reporterId,
      reporterName: users.name,
      reason: forumReports.reason,
      createdAt: forumReports.createdAt,
      resolvedAt: forumReports.resolvedAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(forumReports)
    .innerJoin(forumTopics, eq(forumTopics.id, forumReports.topicId))
    .leftJoin(users, eq(users.id, forumReports.reporterId))
    .where(and(eq(forumReports.courseId, courseId), open ? isNull(forumReports.resolvedAt) : undefined))
    .orderBy(sql`${forumReports.resolvedAt} is not null`, desc(forumReports.createdAt), desc(forumReports.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findReport(db: Db, reportId: number) {
  const [row] = await db.select().from(forumReports).where(eq(forumReports.id, reportId));
  return row;
}

export async function resolveReport(db: Db, reportId: number, resolved: boolean, userId: number): Promise<void> {
  await db
    .update(forumReports)
    .set(resolved ? { resolvedAt: new Date(), resolvedById: userId } : { resolvedAt: null, resolvedById: null })
    .where(eq(forumReports.id, reportId));
}

/** Among `userIds`: the course's enrolled members, whether of its team, and the groups (of `groupId`) they are in. One SELECT. */
export async function membersAmong(db: Db, courseId: number, userIds: readonly number[], groupId: number | null) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: enrolments.userId,
      isTeam: sql<boolean>`bool_or(${enrolments.role} in ('instructor', 'instructor_assistant'))`,
      inGroup:
        groupId === null
          ? sql<boolean>`true`
          : sql<boolean>`exists(select 1 from course_group_members m where m.group_id = ${groupId} and m.user_id = ${enrolments.userId})`,
    })
    .from(enrolments)
    .where(and(eq(enrolments.courseId, courseId), inArray(enrolments.userId, [...userIds])))
    .groupBy(enrolments.userId);
}

/** Up to 10 enrolled members of a course whose name contains `q` (all when empty), by name. One SELECT. */
export async function searchMembers(db: Db, courseId: number, q: string) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(and(eq(enrolments.courseId, courseId), q ? ilike(users.name, like) : undefined))
    .orderBy(asc(users.name), asc(users.id))
    .limit(10);
}

/** The groups of a course (all of them, or those among `ids`), by name. One SELECT. */
export async function listGroups(db: Db, courseId: number, ids: readonly number[] | null) {
  if (ids !== null && ids.length === 0) return [];
  return db
    .select({ id: courseGroups.id, name: courseGroups.name })
    .from(courseGroups)
    .where(and(eq(courseGroups.courseId, courseId), ids === null ? undefined : inArray(courseGroups.id, [...ids])))
    .orderBy(asc(courseGroups.name), asc(courseGroups.id));
}

/** Whether group `groupId` belongs to course `courseId`, and whether `userId` is in it. One SELECT. */
export async function groupOfCourse(db: Db, courseId: number, groupId: number, userId: number) {
  const [row] = await db
    .select({
      id: courseGroups.id,
      member: sql<boolean>`exists(select 1 from course_group_members m where m.group_id = ${courseGroups.id} and m.user_id = ${userId})`,
    })
    .from(courseGroups)
    .where(and(eq(courseGroups.id, groupId), eq(courseGroups.courseId, courseId)));
  return row;
}

/** An attachment of a topic or reply: a live upload with parent type forum_topic / forum_reply. */
export interface ForumAttachmentRow {
  parentType: string;
  parentId: number;
  id: number;
  name: string;
  type: string;
  size: number;
}

/** The live attachments of a topic and of (some of) its replies, oldest first. One SELECT. */
export async function listAttachments(db: Db, topicIds: readonly number[], replyIds: readonly number[]): Promise<ForumAttachmentRow[]> {
  const parts: SQL[] = [];
  if (topicIds.length > 0) parts.push(and(eq(uploads.parentType, TOPIC_PARENT), inArray(uploads.parentId, [...topicIds]))!);
  if (replyIds.length > 0) parts.push(and(eq(uploads.parentType, REPLY_PARENT), inArray(uploads.parentId, [...replyIds]))!);
  if (parts.length === 0) return [];
  const rows = await db
    .select({ parentType: uploads.parentType, parentId: uploads.parentId, id: uploads.id, name: uploads.name, type: uploads.type, size: uploads.size })
    .from(uploads)
    .where(and(or(...parts), isNull(uploads.deletedAt)))
    .orderBy(asc(uploads.id));
  return rows.map((r) => ({ ...r, parentId: r.parentId!, size: Number(r.size) }));
}

/** The live attachments of a topic and of all its replies, oldest first. One SELECT. */
export async function listTopicAttachments(db: Db, topicId: number): Promise<ForumAttachmentRow[]> {
  const rows = await db
    .select({ parentType: uploads.parentType, parentId: uploads.parentId, id: uploads.id, name: uploads.name, type: uploads.type, size: uploads.size })
    .from(uploads)
    .where(
      and(
        or(
          and(eq(uploads.parentType, TOPIC_PARENT), eq(uploads.parentId, topicId)),
          and(eq(uploads.parentType, REPLY_PARENT), sql`${uploads.parentId} in (select r.id from forum_replies r where r.topic_id = ${topicId})`),
        ),
        isNull(uploads.deletedAt),
      ),
    )
    .orderBy(asc(uploads.id));
  return rows.map((r) => ({ ...r, parentId: r.parentId!, size: Number(r.size) }));
}
