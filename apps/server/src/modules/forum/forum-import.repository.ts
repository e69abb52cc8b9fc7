import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities } from '../activities/activities.table.js';
import { reparentUploads } from '../uploads/uploads.repository.js';
import { type PlannedTopic } from './forum-import.js';
import { searchTextOf } from './forum.search.js';
import { forumReplies, forumTopics } from './forum.table.js';

/** Upload parent types of forum attachments (the forum core's `forum_topic` / `forum_reply`) with the topic's or reply's id. */
export const TOPIC_UPLOAD_PARENT = 'forum_topic';
export const REPLY_UPLOAD_PARENT = 'forum_reply';

/**
 * Writes imported topics of a forum activity with their replies (issue 18 §6) through `tx` (the
 * import's transaction): authors by name only (`author_id` null), times as planned, `source_ref`
 * kept; `search_text` by the forum's own rule (forum.search.ts); topics whose `source_ref` the activity already holds are left out. Counters are set as the
 * forum keeps them: `reply_count`, `last_activity_at` (the latest post), `last_reply_id`.
 * Attachments are re-parented to their topic / reply. Statements: one SELECT of the known refs,
 * then (when there is anything new) one INSERT of the topics, one per reply level, one UPDATE of
 * `last_reply_id`, one UPDATE per post with attachments. Answers the numbers of topics and replies written.
 */
export async function insertImportedTopics(
  tx: Db,
  target: { courseId: number; activityId: number },
  planned: readonly PlannedTopic[],
): Promise<{ topics: number; replies: number }> {
  if (planned.length === 0) return { topics: 0, replies: 0 };
  const known = await tx
    .select({ ref: forumTopics.sourceRef })
    .from(forumTopics)
    .where(
      and(
        eq(forumTopics.activityId, target.activityId),
        inArray(
          forumTopics.sourceRef,
          planned.map((t) => t.sourceRef),
        ),
      ),
    );
  const knownRefs = new Set(known.map((k) => k.ref));
  const topics = planned.filter((t) => !knownRefs.has(t.sourceRef));
  if (topics.length === 0) return { topics: 0, replies: 0 };
  const lastActivity = (t: PlannedTopic) => new Date(Math.max(t.createdAt.getTime(), ...t.replies.map((r) => r.createdAt.getTime())));
  const topicRows = await tx
    .insert(forumTopics)
    .values(
      topics.map((t) => ({
        courseId: target.courseId,
        space: 'course',
        activityId: target.activityId,
        title: t.title,
        content: t.content,
        searchText: searchTextOf(t.title, t.content),
        authorId: null,
        authorName: t.authorName,
        isPinned: t.isPinned,
        isLocked: t.isLocked,
        replyCount: t.replies.length,
        lastActivityAt: lastActivity(t),
        editedAt: t.editedAt,
        sourceRef: t.sourceRef,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
      })),
    )
    .returning({ id: forumTopics.id });
  const attachments: { parentType: string; parentId: number; uploadIds: number[] }[] = [];
  const replyIds = new Map<string, number>();
  let replies = 0;
  // First-level replies, then the second level (whose parents then have ids).
  for (const level of ['first', 'second'] as const) {
    const rows = topics.flatMap((t, i) =>
      t.replies.filter((r) => (level === 'first' ? r.parentRef === null : r.parentRef !== null)).map((r) => ({ r, topicId: topicRows[i]!.id })),
    );
    if (rows.length === 0) continue;
    const inserted = await tx
      .insert(forumReplies)
      .values(
        rows.map(({ r, topicId }) => ({
          topicId,
          courseId: target.courseId,
          parentId: r.parentRef === null ? null : (replyIds.get(r.parentRef) ?? null),
          content: r.content,
          searchText: searchTextOf(null, r.content),
          authorId: null,
          authorName: r.authorName,
          editedAt: r.editedAt,
          sourceRef: r.sourceRef,
          createdAt: r.createdAt,
          updatedAt: r.updatedAt,
        })),
      )
      .returning({ id: forumReplies.id });
    inserted.forEach((row, i) => {
      const { r } = rows[i]!;
      replyIds.set(r.sourceRef, row.id);
      if (r.attachmentUploadIds.length > 0) attachments.push({ parentType: REPLY_UPLOAD_PARENT, parentId: row.id, uploadIds: r.attachmentUploadIds });
    });
    replies += inserted.length;
  }
  topics.forEach((t, i) => {
    if (t.attachmentUploadIds.length > 0) attachments.push({ parentType: TOPIC_UPLOAD_PARENT, parentId: topicRows[i]!.id, uploadIds: t.attachmentUploadIds });
  });
  if (replies > 0) {
    const ids = topicRows.map((r) => r.id);
    await tx
      .update(forumTopics)
      .set({
        lastReplyId: sql`(select r.id from ${forumReplies} r where r.topic_id = ${forumTopics.id} and r.deleted_at is null order by r.created_at desc, r.id desc limit 1)`,
      })
      .where(and(inArray(forumTopics.id, ids), sql`${forumTopics.replyCount} > 0`));
  }
  // One file used by two posts belongs to the first (an upload has one parent).
  const claimed = new Set<number>();
  for (const a of attachments) {
    const ids = a.uploadIds.filter((id) => !claimed.has(id));
    ids.forEach((id) => claimed.add(id));
    if (ids.length > 0) await reparentUploads(tx, ids, a.parentType, a.parentId);
  }
  return { topics: topics.length, replies };
}

/**
 * The source refs (`…:discussion:<id>`) of the course's imported topics in live forum activities —
 * topics the team deleted included (a re-import does not bring them back); those of a deleted
 * forum are not (the forum is imported anew with them). One SELECT.
 */
export async function listImportedTopicRefs(db: Db, courseId: number): Promise<{ id: number; ref: string }[]> {
  const rows = await db
    .select({ id: forumTopics.id, ref: forumTopics.sourceRef })
    .from(forumTopics)
    .innerJoin(activities, and(eq(activities.id, forumTopics.activityId), isNull(activities.deletedAt)))
    .where(and(eq(forumTopics.courseId, courseId), isNotNull(forumTopics.sourceRef)));
  return rows.flatMap((r) => (r.ref ? [{ id: r.id, ref: r.ref }] : []));
}

/** An imported post as a test or a report reads it back. */
export interface ImportedPostRow {
  id: number;
  topicId: number;
  parentId: number | null;
  content: string;
  authorName: string | null;
  createdAt: Date;
  sourceRef: string | null;
}

/** The imported (source_ref set) topics of a forum activity, oldest first. One SELECT. */
export async function listImportedTopics(db: Db, activityId: number) {
  return db
    .select()
    .from(forumTopics)
    .where(and(eq(forumTopics.activityId, activityId), isNotNull(forumTopics.sourceRef)))
    .orderBy(forumTopics.createdAt, forumTopics.id);
}

/** The replies of these topics, oldest first. One SELECT (none for no ids). */
export async function listRepliesOfTopics(db: Db, topicIds: number[]): Promise<ImportedPostRow[]> {
  if (topicIds.length === 0) return [];
  return db
    .select({
      id: forumReplies.id,
      topicId: forumReplies.topicId,
      parentId: forumReplies.parentId,
      content: forumReplies.content,
      authorName: forumReplies.authorName,
      createdAt: forumReplies.createdAt,
      sourceRef: forumReplies.sourceRef,
    })
    .from(forumReplies)
    .where(inArray(forumReplies.topicId, topicIds))
    .orderBy(forumReplies.createdAt, forumReplies.id);
}
