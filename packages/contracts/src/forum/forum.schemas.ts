import { z } from 'zod';
import { PageQuerySchema } from '../common/pagination.schemas.js';

/**
 * Forum, group topics, the teaching team's forum and questions on files (issue 18; spec §2
 * `/course/{id}/forum`, `/course/{id}/teaching-team#/forum/{id}`,
 * `/course/{id}/group-set#/topics/{topicId}?groupId={g}`, the previewer's question panel; §7
 * `GET /api/activities/{id}/comment/count`). Shapes of the API the checks use:
 *
 *   POST /api/forum/{activityId}/topics   { title, content }            → Topic (201)
 *   GET  /api/forum/{activityId}/topics?page=&page_size=                → { items, total, … }
 *   POST /api/topics/{topicId}/replies    { content, parent_id? }       → Reply (201)
 *   GET  /api/topics/{topicId}                                          → TopicDetail (with replies)
 *
 * `content` is HTML, sanitised on the server (formulas, images, attachment links kept; scripts
 * never). Instants are ISO 8601. A topic's `space`: `course` (the course forum: a forum activity's
 * or, with `activity_id` null, the general category; with `group_id`, a group topic), `team` (the
 * teaching team's forum), `question` (a learner's question on a file, anchored at a page or second).
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

export const TOPIC_TITLE_MAX = 200;
export const FORUM_CONTENT_MAX = 200_000;
export const FORUM_SPACES = ['course', 'team', 'question'] as const;
export const ForumSpaceSchema = z.enum(FORUM_SPACES);
export type ForumSpace = (typeof FORUM_SPACES)[number];

/** Who wrote a topic or reply: a user (`id`), or an imported author known by name only (`id` null). */
export const ForumAuthorSchema = z.object({
  id: id.nullable(),
  name: z.string(),
  avatar_url: z.string().nullable().optional(),
  /** A member of the course team (instructor, assistant) — shown as such. */
  is_team: z.boolean(),
});
export type ForumAuthor = z.infer<typeof ForumAuthorSchema>;

export const ForumAttachmentSchema = z.object({ id, name: z.string(), type: z.string(), size: z.number() });

/** `POST /api/forum/{activityId}/topics` (and the general / team / group variants with the same fields). */
export const TopicBodySchema = z.object({
  title: z.string().trim().min(1).max(TOPIC_TITLE_MAX),
  content: z.string().max(FORUM_CONTENT_MAX).default(''),
  /** A group topic: a group of the course (the author must be in it, unless of the team). */
  group_id: id.nullish(),
  /** Uploads of the author the topic takes over as attachments. */
  upload_ids: z.array(id).max(20).default([]),
});
export type TopicBody = z.infer<typeof TopicBodySchema>;

/** `PUT /api/topics/{id}`: the author (or the team) edits; the previous text goes to the edit history. */
export const TopicEditBodySchema = z.object({
  title: z.string().trim().min(1).max(TOPIC_TITLE_MAX).optional(),
  content: z.string().max(FORUM_CONTENT_MAX).optional(),
});

/** `PUT /api/topics/{id}/moderation`: the course team pins, locks, closes or hides a topic. */
export const TopicModerationBodySchema = z.object({
  is_pinned: z.boolean().optional(),
  is_locked: z.boolean().optional(),
  is_closed: z.boolean().optional(),
  is_hidden: z.boolean().optional(),
});

/** `POST /api/topics/{topicId}/replies`. `parent_id`: the first-level reply this answers (two levels deep). */
export const ReplyBodySchema = z.object({
  content: z.string().trim().min(1).max(FORUM_CONTENT_MAX),
  parent_id: id.nullish(),
  upload_ids: z.array(id).max(20).default([]),
});
export type ReplyBody = z.infer<typeof ReplyBodySchema>;

/** `POST /api/topics/{id}/report` (and `/api/replies/{id}/report`): a member reports it to the course team. */
export const ForumReportBodySchema = z.object({ reason: z.string().trim().min(1).max(2000) });

/** One topic in a list. */
export const TopicSchema = z.object({
  id,
  course_id: id,
  space: ForumSpaceSchema,
  activity_id: id.nullable(),
  group_id: id.nullable(),
  group_name: z.string().nullable(),
  upload_id: id.nullable(),
  anchor_page: z.number().int().nullable(),
  anchor_second: z.number().nullable(),
  title: z.string(),
  /** Plain-text start of the content (list preview). */
  excerpt: z.string(),
  author: ForumAuthorSchema,
  is_pinned: z.boolean(),
  is_locked: z.boolean(),
  is_closed: z.boolean(),
  is_hidden: z.boolean(),
  reply_count: z.number().int(),
  like_count: z.number().int(),
  liked: z.boolean(),
  subscribed: z.boolean(),
  /** Never read, or something new since the last read. */
  unread: z.boolean(),
  last_activity_at: isoTime,
  created_at: isoTime,
  edited_at: isoTime.nullable(),
});
export type Topic = z.infer<typeof TopicSchema>;

/** One reply; `replies` holds its second-level answers (first-level replies only). */
export const ReplySchema = z.object({
  id,
  topic_id: id,
  parent_id: id.nullable(),
  content: z.string(),
  author: ForumAuthorSchema,
  attachments: z.array(ForumAttachmentSchema),
  like_count: z.number().int(),
  liked: z.boolean(),
  is_hidden: z.boolean(),
  created_at: isoTime,
  edited_at: isoTime.nullable(),
  can_edit: z.boolean(),
});
export type Reply = z.infer<typeof ReplySchema>;
export type ReplyThread = Reply & { replies: Reply[] };
export const ReplyThreadSchema: z.ZodType<ReplyThread> = ReplySchema.extend({ replies: z.array(ReplySchema) });

/** `GET /api/topics/{topicId}`: the topic, its content and its replies (threaded, oldest first). */
export const TopicDetailSchema = TopicSchema.extend({
  content: z.string(),
  attachments: z.array(ForumAttachmentSchema),
  replies: z.array(ReplyThreadSchema),
  /** What the reader may do here (the server enforces the same). */
  can_reply: z.boolean(),
  can_edit: z.boolean(),
  can_moderate: z.boolean(),
});
export type TopicDetail = z.infer<typeof TopicDetailSchema>;

/** `GET /api/forum/{activityId}/topics` query (and the course-wide list). `q`: full-text search. */
export const TopicListQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  group_id: z.coerce.number().int().positive().optional(),
  filter: z.enum(['all', 'unread', 'mine', 'subscribed']).default('all'),
});
export type TopicListQuery = z.infer<typeof TopicListQuerySchema>;

export const TopicPageSchema = z.object({
  items: z.array(TopicSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /** False when a search for a very common word counted only up to 100 matches past this page: `total` is then a lower bound ("120+"). */
  total_exact: z.boolean(),
});
export type TopicPage = z.infer<typeof TopicPageSchema>;

/** One prior version in a topic's or reply's edit history. */
export const ForumEditSchema = z.object({
  id,
  editor: ForumAuthorSchema.nullable(),
  title: z.string().nullable(),
  content: z.string(),
  created_at: isoTime,
});

/** `POST /api/uploads/{uploadId}/questions` (in activity `activity_id`): a learner's question on a file. */
export const QuestionBodySchema = z.object({
  activity_id: id,
  title: z.string().trim().min(1).max(TOPIC_TITLE_MAX),
  content: z.string().max(FORUM_CONTENT_MAX).default(''),
  /** Documents: the page (from 1). */
  anchor_page: z.number().int().min(1).nullish(),
  /** Media: the second. */
  anchor_second: z.number().min(0).nullish(),
});
export type QuestionBody = z.infer<typeof QuestionBodySchema>;

// ——— The rest of the forum API (decision 0110) ———

export const ForumActivityParamsSchema = z.object({ activityId: z.coerce.number().int().positive() });
export const ForumCourseParamsSchema = z.object({ courseId: z.coerce.number().int().positive() });
export const TopicIdParamsSchema = z.object({ topicId: z.coerce.number().int().positive() });
export const ReplyIdParamsSchema = z.object({ replyId: z.coerce.number().int().positive() });
export const ForumReportIdParamsSchema = z.object({ reportId: z.coerce.number().int().positive() });

/**
 * `GET /api/courses/{courseId}/forum/topics`: the course-wide list — every forum activity's topics
 * the reader may see and the general category's. `activity_id`: one forum activity, or `0` /
 * `general` for the general category only.
 */
export const CourseTopicListQuerySchema = TopicListQuerySchema.extend({
  activity_id: z
    .union([z.literal('general'), z.coerce.number().int().min(0)])
    .optional()
    .transform((v) => (v === 'general' ? 0 : v)),
});
export type CourseTopicListQuery = z.infer<typeof CourseTopicListQuerySchema>;

/** `PUT /api/replies/{id}`: the author (or the team) edits a reply; the previous text goes to the edit history. */
export const ReplyEditBodySchema = z.object({ content: z.string().trim().min(1).max(FORUM_CONTENT_MAX) });

/** `PUT /api/replies/{id}/moderation`: the course team hides or shows a reply. */
export const ReplyModerationBodySchema = z.object({ is_hidden: z.boolean() });

/** `GET /api/topics/{id}/edits`, `GET /api/replies/{id}/edits`: prior versions, newest first. */
export const ForumEditListSchema = z.object({ items: z.array(ForumEditSchema) });

/** One forum of the course summary: a forum activity, or the general category (`id` null). */
export const ForumPlaceSummarySchema = z.object({
  id: id.nullable(),
  title: z.string(),
  topic_count: z.number().int(),
  unread_count: z.number().int(),
  subscribed: z.boolean(),
});

/** `GET /api/courses/{courseId}/forum`: the course forum's places, the reader's groups (group-topic picker) and whether they moderate. */
export const ForumSummarySchema = z.object({
  course_id: id,
  general: ForumPlaceSummarySchema,
  forums: z.array(ForumPlaceSummarySchema),
  groups: z.array(z.object({ id, name: z.string() })),
  can_moderate: z.boolean(),
});
export type ForumSummary = z.infer<typeof ForumSummarySchema>;

/** `GET /api/courses/{courseId}/forum/mentionable?q=`: up to 10 course members whose name matches (the @ picker). */
export const MentionableQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
export const MentionableListSchema = z.object({
  items: z.array(z.object({ id, name: z.string(), avatar_url: z.string().nullable() })),
});

/** A report to the course team (`reply_id` null: the topic itself). */
export const ForumReportSchema = z.object({
  id,
  topic_id: id,
  topic_title: z.string(),
  reply_id: id.nullable(),
  reporter: z.object({ id: id.nullable(), name: z.string() }),
  reason: z.string(),
  created_at: isoTime,
  resolved_at: isoTime.nullable(),
});
export type ForumReport = z.infer<typeof ForumReportSchema>;

/** `GET /api/courses/{courseId}/forum/reports?status=open|all` (the team). */
export const ForumReportListQuerySchema = PageQuerySchema.extend({ status: z.enum(['open', 'all']).default('open') });
export const ForumReportPageSchema = z.object({
  items: z.array(ForumReportSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

/** `PUT /api/forum/reports/{id}` (the team): resolve (or reopen) a report. */
export const ForumReportResolveBodySchema = z.object({ resolved: z.boolean() });

/** Answer of like / subscription toggles: the state after the call. */
export const ForumToggleAnswerSchema = z.object({ liked: z.boolean().optional(), like_count: z.number().int().optional(), subscribed: z.boolean().optional() });
export type ForumToggleAnswer = z.infer<typeof ForumToggleAnswerSchema>;
