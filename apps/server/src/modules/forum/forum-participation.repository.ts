import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { forumReplies, forumTopics } from './forum.table.js';

/**
 * Posts per author in one forum activity (issue 18 §1 participation grades): their live topics of
 * the activity (group topics included) plus their live replies to its live topics. Imported posts
 * (no `author_id`) count for nobody. Only `userIds` when given. Two grouped SELECTs.
 */
export async function countPostsByAuthor(db: Db, activityId: number, userIds?: readonly number[]): Promise<Map<number, number>> {
  const only = (column: typeof forumTopics.authorId | typeof forumReplies.authorId) =>
    userIds === undefined ? isNotNull(column) : inArray(column, [...userIds]);
  if (userIds !== undefined && userIds.length === 0) return new Map();
  const topics = await db
    .select({ authorId: forumTopics.authorId, posts: count() })
    .from(forumTopics)
    .where(and(eq(forumTopics.activityId, activityId), eq(forumTopics.space, 'course'), isNull(forumTopics.deletedAt), only(forumTopics.authorId)))
    .groupBy(forumTopics.authorId);
  const replies = await db
    .select({ authorId: forumReplies.authorId, posts: count() })
    .from(forumReplies)
    .innerJoin(forumTopics, eq(forumTopics.id, forumReplies.topicId))
    .where(
      and(
        eq(forumTopics.activityId, activityId),
        eq(forumTopics.space, 'course'),
        isNull(forumTopics.deletedAt),
        isNull(forumReplies.deletedAt),
        only(forumReplies.authorId),
      ),
    )
    .groupBy(forumReplies.authorId);
  const posts = new Map<number, number>();
  for (const row of [...topics, ...replies]) if (row.authorId !== null) posts.set(row.authorId, (posts.get(row.authorId) ?? 0) + Number(row.posts));
  return posts;
}
