import { ForumGradingSchema, type ForumGrading } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { countPostsByAuthor } from './forum-participation.repository.js';

/**
 * Participation grades of a forum activity (issue 18 §1 "forum activities may be graded on
 * participation"; decision 0091 "Participation grades"). The gradebook's handler asks here, as it
 * asks the exam and SCORM services for theirs; the forum module never writes grades.
 */

/** The forum's participation grading from its activity `data`, or null when it is not graded. */
export function participationGrading(data: unknown): ForumGrading | null {
  const parsed = ForumGradingSchema.safeParse((data as { grading?: unknown } | null | undefined)?.grading);
  return parsed.success ? parsed.data : null;
}

/** min(posts, posts_for_full) / posts_for_full × max_score, rounded to two decimals. */
export function participationScore(posts: number, grading: ForumGrading): number {
  const share = Math.min(Math.max(posts, 0), grading.posts_for_full) / grading.posts_for_full;
  return Math.round(share * grading.max_score * 100) / 100;
}

/**
 * The participation score (points out of `max_score`) of each of `userIds` — or of everyone who
 * posted, when not given — in the forum activity: 0 for a listed user without posts. `db` may be a
 * handler's transaction. Two SELECTs.
 */
export async function participationGradesOf(
  db: Db,
  activityId: number,
  grading: ForumGrading,
  userIds?: readonly number[],
): Promise<{ userId: number; posts: number; score: number; maxScore: number }[]> {
  const posts = await countPostsByAuthor(db, activityId, userIds);
  const ids = userIds ?? [...posts.keys()];
  return ids.map((userId) => {
    const n = posts.get(userId) ?? 0;
    return { userId, posts: n, score: participationScore(n, grading), maxScore: grading.max_score };
  });
}
