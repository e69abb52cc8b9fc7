import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CourseTopicListQuerySchema,
  ErrorBodySchema,
  ForumActivityParamsSchema,
  ForumCourseParamsSchema,
  ForumEditListSchema,
  ForumReportBodySchema,
  ForumReportIdParamsSchema,
  ForumReportListQuerySchema,
  ForumReportPageSchema,
  ForumReportResolveBodySchema,
  ForumSummarySchema,
  ForumToggleAnswerSchema,
  MentionableListSchema,
  MentionableQuerySchema,
  ReplyBodySchema,
  ReplyEditBodySchema,
  ReplyIdParamsSchema,
  ReplyModerationBodySchema,
  ReplySchema,
  TopicBodySchema,
  TopicDetailSchema,
  TopicEditBodySchema,
  TopicIdParamsSchema,
  TopicListQuerySchema,
  TopicModerationBodySchema,
  TopicPageSchema,
  TopicSchema,
} from '@atrium/contracts';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import {
  createReply,
  createTopic,
  deleteReply,
  deleteTopic,
  editReply,
  editTopic,
  forumSummary,
  getTopic,
  likeReply,
  likeTopic,
  listCourseReports,
  listCourseTopics,
  listEditHistory,
  listForumTopics,
  listTeamTopics,
  markRead,
  mentionable,
  moderateReply,
  moderateTopic,
  report,
  resolveReport,
  subscribeForum,
  subscribeGeneral,
  subscribeTopic,
} from './forum.service.js';

import { presentedResponse, sendJson } from '../../lib/presented-response.js';
import { startForumListener } from './forum-list-cache.js';
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const tags = ['forum'];
const Created = z.object({ id: z.number().int() });

/**
 * The course forum, group topics and the teaching team's forum (issue 18; spec §2
 * `/course/{id}/forum`, `/course/{id}/teaching-team#/forum/{id}`,
 * `/course/{id}/group-set#/topics/{topicId}?groupId={g}`; decision 0110).
 */
export const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  // Other instances' forum writes reach this instance's list cache through NOTIFY (forum-list-cache.ts).
  let stopListening = async () => undefined as void;
  app.addHook('onReady', async () => {
    stopListening = await startForumListener(app.deps);
  });
  app.addHook('onClose', async () => stopListening());

  // ——— Lists and new topics, per place ———
  app.get('/api/forum/:activityId/topics', {
    config: { action: 'forum.read' },
    // Presenters typed against the contract: no zod response pass (a topic of 500 replies, a page of topics).
    ...presentedResponse,
    schema: {
      tags,
      summary:
        'A forum activity’s topics the reader may see: pinned first, then latest activity (by rank with `q`, full-text over topics and replies); `filter` unread|mine|subscribed, `group_id`',
      params: ForumActivityParamsSchema,
      querystring: TopicListQuerySchema,
      response: { 200: TopicPageSchema, ...errors },
    },
    handler: async (request, reply) => sendJson(reply, await listForumTopics(app.deps, actorOf(request), request.params.activityId, request.query)),
  });
  app.post('/api/forum/:activityId/topics', {
    config: { action: 'forum.post' },
    schema: {
      tags,
      summary: 'Start a topic in a forum activity (rich text sanitised; `group_id` for a group topic; the author’s uploads as attachments)',
      params: ForumActivityParamsSchema,
      body: TopicBodySchema,
      response: { 201: TopicSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createTopic(app.deps, actorOf(request), { activityId: request.params.activityId }, request.body)),
  });
  app.get('/api/courses/:courseId/forum', {
    config: { action: 'forum.read' },
    schema: {
      tags,
      summary: 'The course forum: its forum activities and the general category with topic and unread counts, the reader’s groups, whether they moderate',
      params: ForumCourseParamsSchema,
      response: { 200: ForumSummarySchema, ...errors },
    },
    handler: async (request) => forumSummary(app.deps, actorOf(request), request.params.courseId),
  });
  app.get('/api/courses/:courseId/forum/topics', {
    config: { action: 'forum.read' },
    // Presenters typed against the contract: no zod response pass (a topic of 500 replies, a page of topics).
    ...presentedResponse,
    schema: {
      tags,
      summary:
        'The course forum’s topics: every forum activity the reader may open and the general category (`activity_id` one forum, `0`/`general` the general category only); filters as a forum’s list',
      params: ForumCourseParamsSchema,
      querystring: CourseTopicListQuerySchema,
      response: { 200: TopicPageSchema, ...errors },
    },
    handler: async (request, reply) => sendJson(reply, await listCourseTopics(app.deps, actorOf(request), request.params.courseId, request.query)),
  });
  app.post('/api/courses/:courseId/forum/topics', {
    config: { action: 'forum.post' },
    schema: {
      tags,
      summary: 'Start a topic in the course forum’s general category (`group_id` for a group topic)',
      params: ForumCourseParamsSchema,
      body: TopicBodySchema,
      response: { 201: TopicSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createTopic(app.deps, actorOf(request), { courseId: request.params.courseId, space: 'course' }, request.body)),
  });
  app.get('/api/courses/:courseId/teaching-team/topics', {
    config: { action: 'course.manage_content' },
    // Presenters typed against the contract: no zod response pass (a topic of 500 replies, a page of topics).
    ...presentedResponse,
    schema: {
      tags,
      summary: 'The teaching team’s forum (the course team only; FORUM_NOT_FOUND to anyone else)',
      params: ForumCourseParamsSchema,
      querystring: TopicListQuerySchema,
      response: { 200: TopicPageSchema, ...errors },
    },
    handler: async (request, reply) => sendJson(reply, await listTeamTopics(app.deps, actorOf(request), request.params.courseId, request.query)),
  });
  app.post('/api/courses/:courseId/teaching-team/topics', {
    config: { action: 'course.manage_content' },
    schema: {
      tags,
      summary: 'Start a topic in the teaching team’s forum (the course team only)',
      params: ForumCourseParamsSchema,
      body: TopicBodySchema,
      response: { 201: TopicSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createTopic(app.deps, actorOf(request), { courseId: request.params.courseId, space: 'team' }, request.body)),
  });
  app.get('/api/courses/:courseId/forum/mentionable', {
    config: { action: 'forum.read' },
    schema: {
      tags,
      summary: 'Up to 10 course members whose name contains `q` (the @mention picker)',
      params: ForumCourseParamsSchema,
      querystring: MentionableQuerySchema,
      response: { 200: MentionableListSchema, ...errors },
    },
    handler: async (request) => mentionable(app.deps, actorOf(request), request.params.courseId, request.query.q),
  });

  // ——— Subscriptions to a forum ———
  for (const on of [true, false]) {
    const method = on ? 'put' : 'delete';
    app[method]('/api/forum/:activityId/subscription', {
      config: { action: 'forum.read' },
      schema: {
        tags,
        summary: on ? 'Subscribe to a forum activity’s new topics (idempotent)' : 'Unsubscribe from a forum activity (idempotent)',
        params: ForumActivityParamsSchema,
        response: { 200: ForumToggleAnswerSchema, ...errors },
      },
      handler: async (request) => subscribeForum(app.deps, actorOf(request), request.params.activityId, on),
    });
    app[method]('/api/courses/:courseId/forum/subscription', {
      config: { action: 'forum.read' },
      schema: {
        tags,
        summary: on ? 'Subscribe to the course forum’s general category (idempotent)' : 'Unsubscribe from the general category (idempotent)',
        params: ForumCourseParamsSchema,
        response: { 200: ForumToggleAnswerSchema, ...errors },
      },
      handler: async (request) => subscribeGeneral(app.deps, actorOf(request), request.params.courseId, on),
    });
    app[method]('/api/topics/:topicId/subscription', {
      config: { action: 'topic.read' },
      schema: {
        tags,
        summary: on ? 'Subscribe to a topic’s replies (idempotent)' : 'Unsubscribe from a topic (idempotent)',
        params: TopicIdParamsSchema,
        response: { 200: ForumToggleAnswerSchema, ...errors },
      },
      handler: async (request) => subscribeTopic(app.deps, actorOf(request), request.params.topicId, on),
    });
    app[method]('/api/topics/:topicId/like', {
      config: { action: 'topic.react' },
      schema: {
        tags,
        summary: on ? 'Like a topic (idempotent)' : 'Take back a like of a topic (idempotent)',
        params: TopicIdParamsSchema,
        response: { 200: ForumToggleAnswerSchema, ...errors },
      },
      handler: async (request) => likeTopic(app.deps, actorOf(request), request.params.topicId, on),
    });
    app[method]('/api/replies/:replyId/like', {
      config: { action: 'topic.react' },
      schema: {
        tags,
        summary: on ? 'Like a reply (idempotent)' : 'Take back a like of a reply (idempotent)',
        params: ReplyIdParamsSchema,
        response: { 200: ForumToggleAnswerSchema, ...errors },
      },
      handler: async (request) => likeReply(app.deps, actorOf(request), request.params.replyId, on),
    });
  }

  // ——— One topic ———
  app.get('/api/topics/:topicId', {
    config: { action: 'topic.read' },
    // Presenters typed against the contract: no zod response pass (a topic of 500 replies, a page of topics).
    ...presentedResponse,
    schema: {
      tags,
      summary: 'A topic with its replies threaded two levels deep (oldest first) and what the reader may do; marks it read',
      params: TopicIdParamsSchema,
      response: { 200: TopicDetailSchema, ...errors },
    },
    handler: async (request) => getTopic(app.deps, actorOf(request), request.params.topicId),
  });
  app.put('/api/topics/:topicId', {
    config: { action: 'topic.edit' },
    schema: {
      tags,
      summary: 'Edit a topic’s title and content (its author or the team); the previous version goes to the edit history',
      params: TopicIdParamsSchema,
      body: TopicEditBodySchema,
      response: { 200: TopicSchema, ...errors },
    },
    handler: async (request) => editTopic(app.deps, actorOf(request), request.params.topicId, request.body),
  });
  app.delete('/api/topics/:topicId', {
    config: { action: 'topic.edit' },
    schema: {
      tags,
      summary: 'Remove a topic: its author while it has no replies, or the team',
      params: TopicIdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await deleteTopic(app.deps, actorOf(request), request.params.topicId);
      return reply.status(204).send(null);
    },
  });
  app.put('/api/topics/:topicId/moderation', {
    config: { action: 'topic.moderate' },
    schema: {
      tags,
      summary: 'Pin, lock, close or hide a topic (the course team)',
      params: TopicIdParamsSchema,
      body: TopicModerationBodySchema,
      response: { 200: TopicSchema, ...errors },
    },
    handler: async (request) => moderateTopic(app.deps, actorOf(request), request.params.topicId, request.body),
  });
  app.get('/api/topics/:topicId/edits', {
    config: { action: 'topic.read' },
    schema: { tags, summary: 'A topic’s earlier versions, newest first', params: TopicIdParamsSchema, response: { 200: ForumEditListSchema, ...errors } },
    handler: async (request) => listEditHistory(app.deps, actorOf(request), { topicId: request.params.topicId }),
  });
  app.put('/api/topics/:topicId/read', {
    config: { action: 'topic.read' },
    schema: { tags, summary: 'Mark a topic read (idempotent)', params: TopicIdParamsSchema, response: { 200: TopicSchema, ...errors } },
    handler: async (request) => markRead(app.deps, actorOf(request), request.params.topicId),
  });
  app.post('/api/topics/:topicId/report', {
    config: { action: 'topic.read' },
    schema: {
      tags,
      summary: 'Report a topic to the course team',
      params: TopicIdParamsSchema,
      body: ForumReportBodySchema,
      response: { 201: Created, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await report(app.deps, actorOf(request), { topicId: request.params.topicId }, request.body.reason)),
  });
  app.post('/api/topics/:topicId/replies', {
    config: { action: 'topic.reply' },
    schema: {
      tags,
      summary:
        'Reply to a topic (`parent_id` null) or to one of its replies (an answer to a second-level reply joins its first-level thread); refused to learners on a locked or closed topic (TOPIC_LOCKED)',
      params: TopicIdParamsSchema,
      body: ReplyBodySchema,
      response: { 201: ReplySchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createReply(app.deps, actorOf(request), request.params.topicId, request.body)),
  });

  // ——— One reply ———
  app.put('/api/replies/:replyId', {
    config: { action: 'topic.edit' },
    schema: {
      tags,
      summary: 'Edit a reply (its author or the team); the previous text goes to the edit history',
      params: ReplyIdParamsSchema,
      body: ReplyEditBodySchema,
      response: { 200: ReplySchema, ...errors },
    },
    handler: async (request) => editReply(app.deps, actorOf(request), request.params.replyId, request.body),
  });
  app.delete('/api/replies/:replyId', {
    config: { action: 'topic.edit' },
    schema: { tags, summary: 'Remove a reply and its answers (its author or the team)', params: ReplyIdParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteReply(app.deps, actorOf(request), request.params.replyId);
      return reply.status(204).send(null);
    },
  });
  app.put('/api/replies/:replyId/moderation', {
    config: { action: 'topic.moderate' },
    schema: {
      tags,
      summary: 'Hide or show a reply (the course team)',
      params: ReplyIdParamsSchema,
      body: ReplyModerationBodySchema,
      response: { 200: ReplySchema, ...errors },
    },
    handler: async (request) => moderateReply(app.deps, actorOf(request), request.params.replyId, request.body),
  });
  app.get('/api/replies/:replyId/edits', {
    config: { action: 'topic.read' },
    schema: { tags, summary: 'A reply’s earlier versions, newest first', params: ReplyIdParamsSchema, response: { 200: ForumEditListSchema, ...errors } },
    handler: async (request) => listEditHistory(app.deps, actorOf(request), { replyId: request.params.replyId }),
  });
  app.post('/api/replies/:replyId/report', {
    config: { action: 'topic.read' },
    schema: {
      tags,
      summary: 'Report a reply to the course team',
      params: ReplyIdParamsSchema,
      body: ForumReportBodySchema,
      response: { 201: Created, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await report(app.deps, actorOf(request), { replyId: request.params.replyId }, request.body.reason)),
  });

  // ——— Reports (the team) ———
  app.get('/api/courses/:courseId/forum/reports', {
    config: { action: 'topic.moderate' },
    schema: {
      tags,
      summary: 'Reports of the course’s topics and replies (the course team): open ones (`status=all`: resolved too), newest first',
      params: ForumCourseParamsSchema,
      querystring: ForumReportListQuerySchema,
      response: { 200: ForumReportPageSchema, ...errors },
    },
    handler: async (request) => listCourseReports(app.deps, actorOf(request), request.params.courseId, request.query),
  });
  app.put('/api/forum/reports/:reportId', {
    config: { action: 'topic.moderate' },
    schema: {
      tags,
      summary: 'Resolve (or reopen) a report (the course team)',
      params: ForumReportIdParamsSchema,
      body: ForumReportResolveBodySchema,
      response: { 200: z.object({ id: z.number().int(), resolved: z.boolean() }), ...errors },
    },
    handler: async (request) => resolveReport(app.deps, actorOf(request), request.params.reportId, request.body.resolved),
  });
};
