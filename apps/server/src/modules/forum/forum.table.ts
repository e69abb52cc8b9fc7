import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { courseGroups } from '../enrolments/course-groups.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';

/** PostgreSQL's `tsvector` (full-text search document; works on PGlite too). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A forum topic (issue 18; spec §2 `/course/{id}/forum`, `#/forum/{id}`, group topics, questions on
 * files). One table for every kind of discussion start, told apart by `space`:
 *
 *   course    a topic of the course forum: of a forum activity (`activity_id`) or of the general
 *             category (`activity_id` null); with `group_id`, a group topic (spec §2
 *             `/course/{id}/group-set#/topics/{topicId}?groupId={g}`): only that group's members and the team see it
 *   team      the teaching team's forum (`/course/{id}/teaching-team#/forum/{id}`): the course team only
 *   question  a learner's question on a file (`upload_id`, in the activity `activity_id` that holds it),
 *             anchored at `anchor_page` (documents, from 1) or `anchor_second` (media, seconds)
 *
 * `content` is sanitised HTML; `search_text` is the plain text of title and content prepared for
 * the `search` document (CJK characters spaced so each is a token; see forum.search.ts). Counters
 * (`reply_count`, `like_count`, `last_activity_at`) are kept by the writes. `author_name` holds an
 * imported author's name (Moodle users are not imported), shown when `author_id` is null.
 */
export const forumTopics = pgTable(
  'forum_topics',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** course | team | question */
    space: text('space').notNull().default('course'),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => courseGroups.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id').references(() => uploads.id, { onDelete: 'cascade' }),
    anchorPage: integer('anchor_page'),
    anchorSecond: doublePrecision('anchor_second'),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    isPinned: boolean('is_pinned').notNull().default(false),
    /** Locked: nobody but the team may reply. */
    isLocked: boolean('is_locked').notNull().default(false),
    /** Closed: resolved / finished; shown as such, replies still refused to learners like locked. */
    isClosed: boolean('is_closed').notNull().default(false),
    /** Hidden by the team: only the team (and its author, marked hidden) see it. */
    isHidden: boolean('is_hidden').notNull().default(false),
    replyCount: integer('reply_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    lastReplyId: integer('last_reply_id'),
    /** Set when the content or title was edited (history in forum_edits). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Where an imported topic came from (e.g. `moodle:discussion:12`), so a re-import does not repeat it. */
    sourceRef: text('source_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('forum_topics_list_idx').on(t.courseId, t.space, t.activityId, t.isPinned, t.lastActivityAt),
    // The course-wide list (every forum activity and the general category): pinned first, then latest activity (decision 0110).
    index('forum_topics_course_order_idx').on(t.courseId, t.space, t.isPinned, t.lastActivityAt, t.id),
    index('forum_topics_activity_idx').on(t.activityId, t.isPinned, t.lastActivityAt),
    // A list's total, counted from the index alone: every column the visibility rules read (forum.repository.ts visibleTopics).
    index('forum_topics_count_idx')
      .on(t.courseId, t.space, t.activityId, t.groupId, t.isHidden, t.authorId)
      .where(sql`${t.deletedAt} is null`),
    // A search for a common word walks the course's topics by latest activity (forum.repository.ts listTopicsPage).
    index('forum_topics_recent_idx').on(t.courseId, t.space, t.lastActivityAt, t.id),
    index('forum_topics_group_idx')
      .on(t.groupId)
      .where(sql`${t.groupId} is not null`),
    index('forum_topics_upload_idx')
      .on(t.uploadId, t.anchorPage)
      .where(sql`${t.uploadId} is not null`),
    index('forum_topics_author_idx').on(t.authorId),
    index('forum_topics_search_idx').using('gin', t.search),
  ],
);

/**
 * A reply to a topic. Threaded two levels deep: `parent_id` null answers the topic, otherwise it
 * answers a first-level reply (whose own `parent_id` is null). `course_id` is the topic's, kept for
 * course-wide search and counts.
 */
export const forumReplies = pgTable(
  'forum_replies',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    content: text('content').notNull(),
    searchText: text('search_text').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    likeCount: integer('like_count').notNull().default(0),
    isHidden: boolean('is_hidden').notNull().default(false),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    sourceRef: text('source_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('forum_replies_topic_idx').on(t.topicId, t.createdAt),
    index('forum_replies_parent_idx')
      .on(t.parentId)
      .where(sql`${t.parentId} is not null`),
    index('forum_replies_course_idx').on(t.courseId),
    index('forum_replies_author_idx').on(t.authorId),
    index('forum_replies_search_idx').using('gin', t.search),
  ],
);

/** Edit history: the title and content a topic or reply had before each edit (exactly one of topic_id / reply_id). */
export const forumEdits = pgTable(
  'forum_edits',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id').references(() => forumTopics.id, { onDelete: 'cascade' }),
    replyId: integer('reply_id').references(() => forumReplies.id, { onDelete: 'cascade' }),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title'),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forum_edits_topic_idx').on(t.topicId), index('forum_edits_reply_idx').on(t.replyId)],
);

/** A like of a topic (`reply_id` 0) or of one of its replies; one per user. */
export const forumLikes = pgTable(
  'forum_likes',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    /** 0 for the topic itself. */
    replyId: integer('reply_id').notNull().default(0),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.replyId, t.userId] }), index('forum_likes_user_idx').on(t.userId)],
);

/**
 * A subscription: to a whole forum (`activity_id`; the general category is `activity_id` null with
 * `topic_id` null) or to one topic (`topic_id`). Authors are subscribed to their own topics.
 */
export const forumSubscriptions = pgTable(
  'forum_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id').references(() => forumTopics.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('forum_subscriptions_key').using('btree', t.userId, t.courseId, sql`coalesce(${t.activityId}, 0)`, sql`coalesce(${t.topicId}, 0)`),
    index('forum_subscriptions_activity_idx').on(t.activityId),
    index('forum_subscriptions_topic_idx').on(t.topicId),
  ],
);

/** Unread tracking: when a user last read a topic; unread when the topic's `last_activity_at` is later (or never read). */
export const forumReads = pgTable(
  'forum_reads',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] }), index('forum_reads_user_idx').on(t.userId)],
);

/** A report to the course team of a topic (`reply_id` null) or a reply; open until the team resolves it. */
export const forumReports = pgTable(
  'forum_reports',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    replyId: integer('reply_id').references(() => forumReplies.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('forum_reports_course_idx').on(t.courseId, t.resolvedAt)],
);
