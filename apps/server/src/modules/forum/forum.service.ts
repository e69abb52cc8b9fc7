import { excerptOf } from '../../lib/html-text.js';
import type {
  CourseTopicListQuery,
  ForumAuthor,
  ForumReport,
  ForumSummary,
  ForumToggleAnswer,
  Reply,
  ReplyBody,
  ReplyThread,
  Topic,
  TopicBody,
  TopicDetail,
  TopicListQuery,
  TopicPage,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { hasVisibleRichText, sanitizeRichText } from '../../lib/sanitize-html.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { emit, transaction } from '../events/events.service.js';
import { markDeleted } from '../uploads/uploads.repository.js';
import { takeOverFiles } from '../uploads/take-over.js';
import type { ForumAccess, ForumPlace, TopicGrant } from './forum.policy.js';
import { bumpForumCourse, bumpForumReader, forumListCacheOf, type TopicOrder } from './forum-list-cache.js';
import {
  REPLY_PARENT,
  TOPIC_PARENT,
  countTopicsByPlace,
  deleteReplyThread,
  listReplyAuthors,
  findReplyView,
  findReport,
  findTopicView,
  insertEdit,
  insertReply,
  insertReport,
  insertTopic,
  listForumSubscriptions,
  listAttachments,
  listEdits,
  listGroups,
  listReplies,
  listReports,
  listTopicAttachments,
  listTopicsPage,
  findTopicViews,
  lockTopic,
  markTopicRead,
  searchQuery,
  membersAmong,
  resolveReport as resolveReportRow,
  searchMembers,
  setLike,
  subscribe,
  touchTopicOnReply,
  unsubscribe,
  updateReply,
  updateTopic,
  type ForumAttachmentRow,
  type ReplyViewRow,
  type SubscriptionTarget,
  type TopicScope,
  type TopicViewRow,
} from './forum.repository.js';
import { plainText, searchTextOf, searchWords } from './forum.search.js';

/**
 * The course forum, group topics and the teaching team's forum (issue 18 §1–3, decision 0110).
 * Topics and replies hold sanitised rich text (lib/sanitize-html.ts; @mention spans kept);
 * attachments are the author's own uploads taken over (uploads/take-over.ts) with parent types
 * `forum_topic` / `forum_reply`. Every post emits `topic.created` / `topic.replied` in its
 * transaction, with the @mentioned course members who may read the topic. Unread: a topic is
 * unread for a reader never having opened it or when its last activity is after their read mark;
 * an author's own post moves their mark, so it never makes the topic unread for them.
 */

const iso = (d: Date) => d.toISOString();

function authorOf(id: number | null, userName: string | null, importedName: string | null, isTeam: boolean): ForumAuthor {
  return { id, name: (id !== null ? userName : null) ?? importedName ?? userName ?? '', avatar_url: null, is_team: Boolean(isTeam) };
}

function presentTopic(row: TopicViewRow): Topic {
  return {
    id: row.id,
    course_id: row.courseId,
    space: row.space as Topic['space'],
    activity_id: row.activityId,
    group_id: row.groupId,
    group_name: row.groupName,
    upload_id: row.uploadId,
    anchor_page: row.anchorPage,
    anchor_second: row.anchorSecond,
    title: row.title,
    excerpt: excerptOf(row.content, 160),
    author: authorOf(row.authorId, row.userName, row.authorName, row.authorIsTeam),
    is_pinned: row.isPinned,
    is_locked: row.isLocked,
    is_closed: row.isClosed,
    is_hidden: row.isHidden,
    reply_count: row.replyCount,
    like_count: row.likeCount,
    liked: Boolean(row.liked),
    subscribed: Boolean(row.subscribed),
    unread: Boolean(row.unread),
    last_activity_at: iso(row.lastActivityAt),
    created_at: iso(row.createdAt),
    edited_at: row.editedAt ? iso(row.editedAt) : null,
  };
}

const attachmentsOf = (rows: readonly ForumAttachmentRow[], parentType: string, parentId: number) =>
  rows.filter((a) => a.parentType === parentType && a.parentId === parentId).map(({ id, name, type, size }) => ({ id, name, type, size }));

function presentReply(row: ReplyViewRow, attachments: readonly ForumAttachmentRow[], actor: Actor, isTeam: boolean): Reply {
  return {
    id: row.id,
    topic_id: row.topicId,
    parent_id: row.parentId,
    content: row.content,
    author: authorOf(row.authorId, row.userName, row.authorName, row.authorIsTeam),
    attachments: attachmentsOf(attachments, REPLY_PARENT, row.id),
    like_count: row.likeCount,
    liked: Boolean(row.liked),
    is_hidden: row.isHidden,
    created_at: iso(row.createdAt),
    edited_at: row.editedAt ? iso(row.editedAt) : null,
    can_edit: isTeam || (row.authorId !== null && row.authorId === actor.id),
  };
}

/** Replies threaded two levels deep: first-level replies oldest first, each with its answers oldest first (answers to a reply the reader cannot see are left out). */
export function thread(replies: readonly Reply[]): ReplyThread[] {
  const firsts = replies.filter((r) => r.parent_id === null).map((r) => ({ ...r, replies: [] as Reply[] }));
  const byId = new Map(firsts.map((r) => [r.id, r]));
  for (const r of replies) if (r.parent_id !== null) byId.get(r.parent_id)?.replies.push(r);
  return firsts;
}

/** A title as plain text: tags (and script/style text) removed, whitespace collapsed. 400 naming `title` when nothing is left. */
function cleanTitle(title: string): string {
  // Until stable: an escaped tag (`&lt;script&gt;`) decoded by one pass is removed by the next.
  let plain = title.replace(/</g, ' <');
  for (let i = 0; i < 3; i++) {
    const next = plainText(plain);
    if (next === plain) break;
    plain = next;
  }
  if (!plain) throw AppError.field('title', 'A title is required');
  return plain.slice(0, 200);
}

/** The user ids a sanitised HTML fragment @mentions (`<span class="mention" data-user-id="12">`). */
export function mentionedIds(html: string): number[] {
  const ids = new Set<number>();
  for (const [tag] of html.matchAll(/<span\b[^>]*>/gi)) {
    if (!/\bclass="[^"]*\bmention\b[^"]*"/i.test(tag)) continue;
    const id = /\bdata-user-id="(\d{1,9})"/i.exec(tag)?.[1];
    if (id) ids.add(Number(id));
  }
  return [...ids];
}

/** The mentioned course members who may read a topic (not its writer): group topics their group and the team, the team space the team. */
async function mentionsFor(
  db: Db,
  html: string,
  topic: { courseId: number; space: string; groupId: number | null; isHidden: boolean },
  writerId: number,
): Promise<number[]> {
  const ids = mentionedIds(html).filter((id) => id !== writerId);
  if (ids.length === 0) return [];
  const members = await membersAmong(db, topic.courseId, ids.slice(0, 50), topic.groupId);
  return members
    .filter((m) => (topic.space === 'team' || topic.isHidden ? m.isTeam : m.isTeam || m.inGroup))
    .map((m) => m.userId)
    .sort((a, b) => a - b);
}

function scopeOf(
  access: ForumAccess,
  actor: Actor,
  space: TopicScope['space'],
  places: { activityIds: readonly number[] | null; general: boolean },
): TopicScope {
  return { courseId: access.courseId, space, userId: actor.id, isTeam: access.isTeam, groupIds: access.groupIds, ...places };
}

/** What a list page's order depends on besides the course's posts (forum-list-cache.ts); null for the per-reader filters, which are not cached. */
function orderKey(scope: TopicScope, query: TopicListQuery): string | null {
  if (query.filter === 'unread' || query.filter === 'subscribed') return null;
  const places = scope.activityIds === null ? '*' : scope.activityIds.join(',');
  const who = scope.isTeam ? 'team' : `g${scope.groupIds.join(',')}`;
  return JSON.stringify([
    scope.space,
    scope.userId,
    who,
    places,
    scope.general,
    query.filter ?? '',
    query.group_id ?? 0,
    query.q ?? '',
    query.page,
    query.page_size,
  ]);
}

async function page(deps: AppDeps, scope: TopicScope, query: TopicListQuery): Promise<TopicPage> {
  const cache = forumListCacheOf(deps);
  const key = orderKey(scope, query);
  const cached = key === null ? undefined : cache.get(scope.courseId, key);
  let rows: TopicViewRow[];
  let order: TopicOrder;
  if (cached) {
    // Same generation: the same topics in the same order; their fields are read afresh.
    rows = await findTopicViews(deps.db, cached.ids, scope.userId);
    order = cached;
  } else {
    const generation = cache.generation(scope.courseId);
    const computed = await listTopicsPage(
      deps.db,
      scope,
      { filter: query.filter, ...(query.group_id ? { groupId: query.group_id } : {}), query: searchQuery(query.q), queryText: searchWords(query.q).join(' ') },
      { limit: query.page_size, offset: (query.page - 1) * query.page_size },
    );
    rows = computed.rows;
    order = { ids: rows.map((r) => r.id), total: computed.total, exact: computed.exact };
    if (key !== null) cache.set(scope.courseId, generation, key, order);
  }
  return {
    items: rows.map(presentTopic),
    page: query.page,
    page_size: query.page_size,
    pages: Math.max(1, Math.ceil(order.total / query.page_size)),
    total: order.total,
    total_exact: order.exact,
  };
}

/**
 * The epoch ms until which a reader's list answer may be served as computed now: the next start or
 * end of a forum activity of the course (the learner's open forums follow them); never for a
 * learner of a checkpoint course (their open forums follow their progress): 0. The team: no bound.
 */
function answerLifetime(access: ForumAccess, now: number): number {
  if (access.isTeam) return Number.POSITIVE_INFINITY;
  if (access.ctx.learningMode === 'checkpoint') return 0;
  let until = Number.POSITIVE_INFINITY;
  for (const f of access.ctx.forums) for (const t of [f.start, f.end]) if (t !== null && t > now && t < until) until = t;
  return until;
}

/**
 * A list answer as sent (UTF-8 JSON bytes of a TopicPage), from the reader's answer cache when it
 * holds a fresh one (forum-list-cache.ts: no statement at all), else computed by `compute` — which
 * authorizes (its errors propagate) — and kept. `place` names the list; the key adds the reader,
 * their organisation and role (what `authorize` reads from the session) and the query.
 */
async function listAnswer(
  deps: AppDeps,
  actor: Actor,
  place: string,
  query: TopicListQuery | CourseTopicListQuery,
  compute: () => Promise<{ access: ForumAccess; page: TopicPage }>,
): Promise<Buffer> {
  const key = JSON.stringify([actor.id, actor.orgId, actor.role, place, query]);
  return forumListCacheOf(deps).answer(key, actor.id, async (now) => {
    const { access, page: answer } = await compute();
    return { courseId: access.courseId, until: answerLifetime(access, now), answer };
  });
}

/**
 * `GET /api/forum/{activityId}/topics`: a page of a forum activity's topics the reader may see
 * (group topics of their groups, hidden ones only their own; the team all), pinned first then
 * latest activity (with `q`: matches, latest activity first; forum.repository.ts listTopicsPage);
 * `filter` unread|mine|subscribed, `group_id`. Answers the TopicPage as JSON bytes: no
 * statement when the reader's answer is cached; else four (session, context, page and count
 * together), five with `q` (one probe of the matching replies first).
 */
export async function listForumTopics(deps: AppDeps, actor: Actor, activityId: number, query: TopicListQuery): Promise<Buffer> {
  return listAnswer(deps, actor, `forum:${activityId}`, query, async () => {
    const access = await authorize(deps, actor, 'forum.read', { activityId });
    return { access, page: await page(deps, scopeOf(access, actor, 'course', { activityIds: [activityId], general: false }), query) };
  });
}

/** The places of the course-wide list the reader sees: every open forum activity (the team: every one) and the general category, or the one `activity_id` names. */
function coursePlaces(access: ForumAccess, activityId: number | undefined): { activityIds: readonly number[] | null; general: boolean } {
  if (activityId === 0) return { activityIds: [], general: true };
  const open = access.openForums.map((f) => f.id);
  if (activityId !== undefined) {
    if (!open.includes(activityId))
      throw new AppError('FORUM_NOT_FOUND', 'This forum does not exist or you cannot see it', { activity_id: ['Not a forum of this course'] });
    return { activityIds: [activityId], general: false };
  }
  return { activityIds: open, general: true };
}

/** `GET /api/courses/{courseId}/forum/topics`: the course forum (every forum activity the reader may open and the general category), as JSON bytes (listForumTopics). */
export async function listCourseTopics(deps: AppDeps, actor: Actor, courseId: number, query: CourseTopicListQuery): Promise<Buffer> {
  return listAnswer(deps, actor, `course:${courseId}`, query, async () => {
    const access = await authorize(deps, actor, 'forum.read', { courseId, space: 'course' });
    return { access, page: await page(deps, scopeOf(access, actor, 'course', coursePlaces(access, query.activity_id)), query) };
  });
}

/** `GET /api/courses/{courseId}/teaching-team/topics`: the teaching team's forum (the team only; FORUM_NOT_FOUND to others), as JSON bytes (listForumTopics). */
export async function listTeamTopics(deps: AppDeps, actor: Actor, courseId: number, query: TopicListQuery): Promise<Buffer> {
  return listAnswer(deps, actor, `team:${courseId}`, query, async () => {
    const access = await authorize(deps, actor, 'forum.read', { courseId, space: 'team' });
    return { access, page: await page(deps, scopeOf(access, actor, 'team', { activityIds: [], general: false }), query) };
  });
}

/** `GET /api/courses/{courseId}/forum`: the course forum's places with topic and unread counts, the reader's groups, and whether they moderate. Five statements (session, context, then counts, groups and subscriptions together). */
export async function forumSummary(deps: AppDeps, actor: Actor, courseId: number): Promise<ForumSummary> {
  const access = await authorize(deps, actor, 'forum.read', { courseId, space: 'course' });
  const scope = scopeOf(access, actor, 'course', { activityIds: access.openForums.map((f) => f.id), general: true });
  const [counts, groups, subscribed] = await Promise.all([
    countTopicsByPlace(deps.db, scope),
    listGroups(deps.db, courseId, access.isTeam ? null : access.groupIds),
    listForumSubscriptions(deps.db, actor.id, courseId),
  ]);
  const place = (id: number | null, title: string) => ({
    id,
    title,
    topic_count: counts.get(id ?? 0)?.topics ?? 0,
    unread_count: counts.get(id ?? 0)?.unread ?? 0,
    subscribed: subscribed.includes(id ?? 0),
  });
  return {
    course_id: courseId,
    general: place(null, 'General'),
    forums: access.openForums.map((f) => place(f.id, f.title)),
    groups,
    can_moderate: access.isTeam,
  };
}

/**
 * Posts a topic in a place (`POST /api/forum/{activityId}/topics`, `/api/courses/{id}/forum/topics`
 * for the general category, `/api/courses/{id}/teaching-team/topics`): title as plain text,
 * sanitised content, an optional group (a group topic), the author's own uploads as attachments.
 * The author is subscribed to it and has read it; `topic.created` is emitted with the mentioned
 * members. 400 naming the field, nothing written, on bad input.
 */
export async function createTopic(deps: AppDeps, actor: Actor, place: ForumPlace, body: TopicBody): Promise<Topic> {
  const access = await authorize(deps, actor, 'forum.post', { ...place, groupId: body.group_id ?? null });
  const title = cleanTitle(body.title);
  const content = sanitizeRichText(body.content);
  const space = 'space' in place ? place.space : 'course';
  const activityId = 'activityId' in place ? place.activityId : null;
  const groupId = body.group_id ?? null;
  const topicId = await transaction(deps, async (tx) => {
    const row = await insertTopic(tx, {
      courseId: access.courseId,
      space,
      activityId,
      groupId,
      title,
      content,
      searchText: searchTextOf(title, content),
      authorId: actor.id,
    });
    await takeOverFiles(tx, actor, { type: TOPIC_PARENT, id: row.id }, body.upload_ids, []);
    await subscribe(tx, actor.id, { courseId: access.courseId, activityId: null, topicId: row.id });
    await markTopicRead(tx, row.id, actor.id);
    const mentioned = await mentionsFor(tx, content, { courseId: access.courseId, space, groupId, isHidden: false }, actor.id);
    await emit(deps, tx, {
      type: 'topic.created',
      payload: {
        course_id: access.courseId,
        topic_id: row.id,
        space: space,
        activity_id: activityId,
        group_id: groupId,
        upload_id: null,
        author_id: actor.id,
        title,
        mentioned_user_ids: mentioned,
      },
    });
    return row.id;
  });
  await bumpForumCourse(deps, access.courseId);
  return presentTopic((await findTopicView(deps.db, topicId, actor.id))!);
}

/**
 * `GET /api/topics/{topicId}`: the topic with its content, attachments and replies threaded two
 * levels deep, and what the reader may do; marks it read. Six statements (session, topic and
 * context together, then replies, attachments and the read mark together).
 */
export async function getTopic(deps: AppDeps, actor: Actor, topicId: number): Promise<TopicDetail> {
  const grant = await authorize(deps, actor, 'topic.read', { topicId });
  const [replies, attachments, wasUnread] = await Promise.all([
    listReplies(deps.db, topicId, { userId: actor.id, isTeam: grant.isTeam }),
    listTopicAttachments(deps.db, topicId),
    markTopicRead(deps.db, topicId, actor.id),
  ]);
  // A topic read again changes none of the reader's lists: their cached answers stay.
  if (wasUnread) await bumpForumReader(deps, actor.id);
  return detailOf(grant, replies, attachments, actor);
}

function detailOf(grant: TopicGrant, replies: readonly ReplyViewRow[], attachments: readonly ForumAttachmentRow[], actor: Actor): TopicDetail {
  // Opening it reads it.
  const topic = presentTopic({ ...grant.topic, unread: false });
  return {
    ...topic,
    content: grant.topic.content,
    attachments: attachmentsOf(attachments, TOPIC_PARENT, grant.topic.id),
    replies: thread(replies.map((r) => presentReply(r, attachments, actor, grant.isTeam))),
    can_reply: grant.canReply,
    can_edit: grant.canEdit,
    can_moderate: grant.canModerate,
  };
}

/** `PUT /api/topics/{id}`: its author or the team edits title and/or content; the previous version goes to the edit history, `edited_at` is set. */
export async function editTopic(deps: AppDeps, actor: Actor, topicId: number, body: { title?: string; content?: string }): Promise<Topic> {
  const grant = await authorize(deps, actor, 'topic.edit', { topicId });
  const title = body.title !== undefined ? cleanTitle(body.title) : undefined;
  const content = body.content !== undefined ? sanitizeRichText(body.content) : undefined;
  await transaction(deps, async (tx) => {
    const locked = await lockTopic(tx, topicId);
    if (!locked) throw new AppError('TOPIC_NOT_FOUND', 'This topic does not exist or was deleted');
    const nextTitle = title ?? locked.title;
    const nextContent = content ?? locked.content;
    if (nextTitle === locked.title && nextContent === locked.content) return;
    await insertEdit(tx, { topicId, editorId: actor.id, title: locked.title, content: locked.content });
    await updateTopic(tx, topicId, { title: nextTitle, content: nextContent, searchText: searchTextOf(nextTitle, nextContent), editedAt: new Date() });
  });
  await bumpForumCourse(deps, grant.topic.courseId);
  return presentTopic((await findTopicView(deps.db, topicId, actor.id))!);
}

/** `DELETE /api/topics/{id}`: its author while it has no replies, or the team (soft delete; its attachments deleted). */
export async function deleteTopic(deps: AppDeps, actor: Actor, topicId: number): Promise<void> {
  const grant = await authorize(deps, actor, 'topic.edit', { topicId });
  await transaction(deps, async (tx) => {
    const locked = await lockTopic(tx, topicId);
    if (!locked) return;
    if (!grant.isTeam && locked.replyCount > 0) throw new AppError('FORBIDDEN', 'A topic with replies can only be removed by the course team');
    for (const file of await listAttachments(tx, [topicId], [])) await markDeleted(tx, file.id);
    const replyAuthors = await listReplyAuthors(tx, topicId);
    await updateTopic(tx, topicId, { deletedAt: new Date() });
    const authors = [...new Set([...(locked.authorId === null ? [] : [locked.authorId]), ...replyAuthors])];
    await emit(deps, tx, {
      type: 'forum.posts_deleted',
      payload: {
        course_id: locked.courseId,
        topic_id: topicId,
        space: locked.space as 'course' | 'team' | 'question',
        activity_id: locked.activityId,
        author_ids: authors,
      },
    });
  });
  await bumpForumCourse(deps, grant.topic.courseId);
}

/** `PUT /api/topics/{id}/moderation` (the team): pin, lock, close or hide a topic. */
export async function moderateTopic(
  deps: AppDeps,
  actor: Actor,
  topicId: number,
  body: { is_pinned?: boolean; is_locked?: boolean; is_closed?: boolean; is_hidden?: boolean },
): Promise<Topic> {
  const grant = await authorize(deps, actor, 'topic.moderate', { topicId });
  const set = {
    ...(body.is_pinned !== undefined ? { isPinned: body.is_pinned } : {}),
    ...(body.is_locked !== undefined ? { isLocked: body.is_locked } : {}),
    ...(body.is_closed !== undefined ? { isClosed: body.is_closed } : {}),
    ...(body.is_hidden !== undefined ? { isHidden: body.is_hidden } : {}),
  };
  if (Object.keys(set).length > 0) {
    await updateTopic(deps.db, topicId, set);
    await bumpForumCourse(deps, grant.topic.courseId);
  }
  return presentTopic((await findTopicView(deps.db, topicId, actor.id))!);
}

/** `GET /api/topics/{id}/edits` / `GET /api/replies/{id}/edits`: prior versions, newest first (the topic's readers). */
export async function listEditHistory(deps: AppDeps, actor: Actor, target: { topicId: number } | { replyId: number }) {
  await authorize(deps, actor, 'topic.read', target);
  const rows = await listEdits(deps.db, target);
  return {
    items: rows.map((r) => ({
      id: r.id,
      editor: r.editorId !== null ? { id: r.editorId, name: r.editorName ?? '', avatar_url: null, is_team: false } : null,
      title: r.title,
      content: r.content,
      created_at: iso(r.createdAt),
    })),
  };
}

/**
 * `POST /api/topics/{topicId}/replies`: a reply to the topic (`parent_id` null) or to a first-level
 * reply of the same topic; a reply to a second-level reply is attached to that reply's first-level
 * parent (two levels, decision 0110). 400 naming `parent_id` for a reply of another topic or one the
 * reader cannot see, `content` when nothing visible is left after sanitising. Touches the topic's
 * counters, marks it read for the writer, emits `topic.replied`.
 */
export async function createReply(deps: AppDeps, actor: Actor, topicId: number, body: ReplyBody): Promise<Reply> {
  const grant = await authorize(deps, actor, 'topic.reply', { topicId });
  const content = sanitizeRichText(body.content);
  if (!hasVisibleRichText(content)) throw AppError.field('content', 'A reply needs some content');
  let parentId: number | null = null;
  let parentAuthorId: number | null = null;
  if (body.parent_id) {
    const parent = await findReplyView(deps.db, body.parent_id, actor.id);
    const visible = parent && !parent.deletedAt && parent.topicId === topicId && (!parent.isHidden || grant.isTeam || parent.authorId === actor.id);
    if (!parent || !visible) throw AppError.field('parent_id', 'parent_id is not a reply of this topic');
    if (parent.parentId === null) {
      parentId = parent.id;
      parentAuthorId = parent.authorId;
    } else {
      parentId = parent.parentId;
      parentAuthorId = parent.authorId;
    }
  }
  const topic = grant.topic;
  const replyId = await transaction(deps, async (tx) => {
    const locked = await lockTopic(tx, topicId);
    if (!locked) throw new AppError('TOPIC_NOT_FOUND', 'This topic does not exist or was deleted');
    const row = await insertReply(tx, { topicId, courseId: topic.courseId, parentId, content, searchText: searchTextOf(null, content), authorId: actor.id });
    await takeOverFiles(tx, actor, { type: REPLY_PARENT, id: row.id }, body.upload_ids, []);
    await touchTopicOnReply(tx, topicId, row.id);
    await markTopicRead(tx, topicId, actor.id);
    const mentioned = await mentionsFor(tx, content, topic, actor.id);
    await emit(deps, tx, {
      type: 'topic.replied',
      payload: {
        course_id: topic.courseId,
        topic_id: topicId,
        reply_id: row.id,
        parent_id: parentId,
        space: topic.space as 'course' | 'team' | 'question',
        activity_id: topic.activityId,
        group_id: topic.groupId,
        author_id: actor.id,
        by_team: grant.isTeam,
        topic_author_id: topic.authorId,
        parent_author_id: parentAuthorId,
        title: topic.title,
        mentioned_user_ids: mentioned,
      },
    });
    return row.id;
  });
  await bumpForumCourse(deps, topic.courseId);
  return presentOneReply(deps, actor, replyId, grant.isTeam);
}

/** The reply of a grant asked with `replyId`. */
function replyOf(grant: { reply?: ReplyViewRow | undefined }): ReplyViewRow {
  if (!grant.reply) throw new AppError('REPLY_NOT_FOUND', 'This reply does not exist or was deleted');
  return grant.reply;
}

async function presentOneReply(deps: AppDeps, actor: Actor, replyId: number, isTeam: boolean): Promise<Reply> {
  const [row, attachments] = await Promise.all([findReplyView(deps.db, replyId, actor.id), listAttachments(deps.db, [], [replyId])]);
  return presentReply(row!, attachments, actor, isTeam);
}

/** `PUT /api/replies/{id}`: its author or the team edits the content; the previous text goes to the edit history. */
export async function editReply(deps: AppDeps, actor: Actor, replyId: number, body: { content: string }): Promise<Reply> {
  const grant = await authorize(deps, actor, 'topic.edit', { replyId });
  const reply = replyOf(grant);
  const content = sanitizeRichText(body.content);
  if (!hasVisibleRichText(content)) throw AppError.field('content', 'A reply needs some content');
  if (content !== reply.content) {
    await transaction(deps, async (tx) => {
      await insertEdit(tx, { replyId, editorId: actor.id, content: reply.content });
      await updateReply(tx, replyId, { content, searchText: searchTextOf(null, content), editedAt: new Date() });
    });
    await bumpForumCourse(deps, grant.topic.courseId);
  }
  return presentOneReply(deps, actor, replyId, grant.isTeam);
}

/** `DELETE /api/replies/{id}`: its author or the team removes a reply and its answers (soft delete; the topic's count follows). */
export async function deleteReply(deps: AppDeps, actor: Actor, replyId: number): Promise<void> {
  const grant = await authorize(deps, actor, 'topic.edit', { replyId });
  const reply = replyOf(grant);
  await transaction(deps, async (tx) => {
    const locked = await lockTopic(tx, reply.topicId);
    if (!locked) return;
    const authors = await deleteReplyThread(tx, reply.topicId, replyId, new Date());
    if (authors.length === 0) return;
    await emit(deps, tx, {
      type: 'forum.posts_deleted',
      payload: {
        course_id: locked.courseId,
        topic_id: reply.topicId,
        space: locked.space as 'course' | 'team' | 'question',
        activity_id: locked.activityId,
        author_ids: authors,
      },
    });
  });
  await bumpForumCourse(deps, grant.topic.courseId);
}

/** `PUT /api/replies/{id}/moderation` (the team): hide or show a reply. */
export async function moderateReply(deps: AppDeps, actor: Actor, replyId: number, body: { is_hidden: boolean }): Promise<Reply> {
  const grant = await authorize(deps, actor, 'topic.moderate', { replyId });
  await updateReply(deps.db, replyId, { isHidden: body.is_hidden });
  await bumpForumCourse(deps, grant.topic.courseId);
  return presentOneReply(deps, actor, replyId, grant.isTeam);
}

/** `PUT|DELETE /api/topics/{id}/like`: like or unlike a topic (idempotent; the counter stays exact). */
export async function likeTopic(deps: AppDeps, actor: Actor, topicId: number, on: boolean): Promise<ForumToggleAnswer> {
  const grant = await authorize(deps, actor, 'topic.react', { topicId });
  await transaction(deps, async (tx) => setLike(tx, topicId, 0, actor.id, on));
  await bumpForumCourse(deps, grant.topic.courseId);
  const row = await findTopicView(deps.db, topicId, actor.id);
  return { liked: Boolean(row!.liked), like_count: row!.likeCount };
}

/** `PUT|DELETE /api/replies/{id}/like`: like or unlike a reply (idempotent). */
export async function likeReply(deps: AppDeps, actor: Actor, replyId: number, on: boolean): Promise<ForumToggleAnswer> {
  const grant = await authorize(deps, actor, 'topic.react', { replyId });
  const reply = replyOf(grant);
  await transaction(deps, async (tx) => setLike(tx, reply.topicId, replyId, actor.id, on));
  await bumpForumCourse(deps, grant.topic.courseId);
  const row = await findReplyView(deps.db, replyId, actor.id);
  return { liked: Boolean(row!.liked), like_count: row!.likeCount };
}

async function toggleSubscription(deps: AppDeps, actor: Actor, target: SubscriptionTarget, on: boolean): Promise<ForumToggleAnswer> {
  if (on) await subscribe(deps.db, actor.id, target);
  else await unsubscribe(deps.db, actor.id, target);
  await bumpForumReader(deps, actor.id);
  return { subscribed: on };
}

/** `PUT|DELETE /api/topics/{id}/subscription`. */
export async function subscribeTopic(deps: AppDeps, actor: Actor, topicId: number, on: boolean): Promise<ForumToggleAnswer> {
  const grant = await authorize(deps, actor, 'topic.read', { topicId });
  return toggleSubscription(deps, actor, { courseId: grant.topic.courseId, activityId: null, topicId }, on);
}

/** `PUT|DELETE /api/forum/{activityId}/subscription`: every new topic of a forum activity. */
export async function subscribeForum(deps: AppDeps, actor: Actor, activityId: number, on: boolean): Promise<ForumToggleAnswer> {
  const access = await authorize(deps, actor, 'forum.read', { activityId });
  return toggleSubscription(deps, actor, { courseId: access.courseId, activityId, topicId: null }, on);
}

/** `PUT|DELETE /api/courses/{courseId}/forum/subscription`: the general category. */
export async function subscribeGeneral(deps: AppDeps, actor: Actor, courseId: number, on: boolean): Promise<ForumToggleAnswer> {
  const access = await authorize(deps, actor, 'forum.read', { courseId, space: 'course' });
  return toggleSubscription(deps, actor, { courseId: access.courseId, activityId: null, topicId: null }, on);
}

/** `PUT /api/topics/{id}/read`: marks a topic read (idempotent). */
export async function markRead(deps: AppDeps, actor: Actor, topicId: number): Promise<Topic> {
  const grant = await authorize(deps, actor, 'topic.read', { topicId });
  if (await markTopicRead(deps.db, topicId, actor.id)) await bumpForumReader(deps, actor.id);
  return presentTopic({ ...grant.topic, unread: false });
}

/** `POST /api/topics/{id}/report`, `POST /api/replies/{id}/report`: a reader reports a topic or reply to the course team. */
export async function report(deps: AppDeps, actor: Actor, target: { topicId: number } | { replyId: number }, reason: string): Promise<{ id: number }> {
  const grant = await authorize(deps, actor, 'topic.read', target);
  const replyId = 'replyId' in target ? target.replyId : null;
  const id = await insertReport(deps.db, { courseId: grant.topic.courseId, topicId: grant.topic.id, replyId, reporterId: actor.id, reason });
  return { id };
}

/** The course team of a course, for the report routes: FORBIDDEN to its other members. */
async function teamOf(deps: AppDeps, actor: Actor, courseId: number): Promise<ForumAccess> {
  const access = await authorize(deps, actor, 'forum.read', { courseId, space: 'course' });
  if (!access.isTeam) throw new AppError('FORBIDDEN', 'Only the course team handles reports');
  return access;
}

/** `GET /api/courses/{courseId}/forum/reports` (the team): open reports (or all), newest first. */
export async function listCourseReports(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  query: { page: number; page_size: number; status: 'open' | 'all' },
): Promise<{ items: ForumReport[]; page: number; page_size: number; pages: number; total: number }> {
  await teamOf(deps, actor, courseId);
  const rows = await listReports(deps.db, courseId, query.status === 'open', { limit: query.page_size, offset: (query.page - 1) * query.page_size });
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.map((r) => ({
      id: r.id,
      topic_id: r.topicId,
      topic_title: r.topicTitle,
      reply_id: r.replyId,
      reporter: { id: r.reporterId, name: r.reporterName ?? '' },
      reason: r.reason,
      created_at: iso(r.createdAt),
      resolved_at: r.resolvedAt ? iso(r.resolvedAt) : null,
    })),
    page: query.page,
    page_size: query.page_size,
    pages: Math.max(1, Math.ceil(total / query.page_size)),
    total,
  };
}

/** `PUT /api/forum/reports/{id}` (the team of its course): resolves or reopens a report. FORUM_REPORT_NOT_FOUND to anyone outside the course. */
export async function resolveReport(deps: AppDeps, actor: Actor, reportId: number, resolved: boolean): Promise<{ id: number; resolved: boolean }> {
  const row = await findReport(deps.db, reportId);
  const missing = () => new AppError('FORUM_REPORT_NOT_FOUND', 'This report does not exist');
  if (!row) throw missing();
  try {
    await teamOf(deps, actor, row.courseId);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'COURSE_NOT_FOUND' || (error.code === 'FORBIDDEN' && !/team/.test(error.message)))) throw missing();
    throw error;
  }
  await resolveReportRow(deps.db, reportId, resolved, actor.id);
  return { id: reportId, resolved };
}

/** `GET /api/courses/{courseId}/forum/mentionable?q=`: up to 10 course members whose name contains `q` (the @ picker). */
export async function mentionable(deps: AppDeps, actor: Actor, courseId: number, q: string) {
  await authorize(deps, actor, 'forum.read', { courseId, space: 'course' });
  const rows = await searchMembers(deps.db, courseId, q);
  return { items: rows.map((r) => ({ id: r.id, name: r.name, avatar_url: null })) };
}
