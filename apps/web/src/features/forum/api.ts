import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ForumAuthor, Reply, ReplyThread, Topic, TopicDetail, TopicPage } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/**
 * The forum's API (issue 18; spec §2 `/course/{id}/forum`, `/course/{id}/teaching-team#/forum/{id}`,
 * `/course/{id}/group-set#/topics/{topicId}?groupId={g}`), shapes from `forum.schemas.ts`.
 */

/** Where a topic list comes from: one forum activity, the course forum (every activity + general, or the general category only), or the teaching team's space. */
export type TopicSource =
  | { kind: 'activity'; activityId: number; courseId?: number }
  | { kind: 'course'; courseId: number; general?: boolean; groupId?: number }
  | { kind: 'team'; courseId: number };

export type TopicFilter = 'all' | 'unread' | 'mine' | 'subscribed';

export interface TopicListParams {
  page: number;
  page_size: number;
  q?: string;
  filter: TopicFilter;
  group_id?: number;
}

/** A forum activity of the course as the summary lists it. */
export interface ForumActivitySummary {
  id: number;
  title: string;
  topic_count: number;
  unread_count: number;
  subscribed: boolean;
}

/** `GET /api/courses/{courseId}/forum`: the course forum's categories, the reader's groups and whether they moderate. */
export interface ForumSummary {
  forums: ForumActivitySummary[];
  general: { topic_count: number; unread_count: number; subscribed: boolean };
  groups: { id: number; name: string }[];
  can_moderate: boolean;
}

export interface ForumEdit {
  id: number;
  editor: ForumAuthor | null;
  title: string | null;
  content: string;
  created_at: string;
}

/** A report to the course team (`reply_id` null: the topic itself). */
export interface ForumReport {
  id: number;
  topic_id: number;
  topic_title: string;
  reply_id: number | null;
  reporter: { id: number | null; name: string };
  reason: string;
  created_at: string;
  resolved_at: string | null;
}

export interface MentionCandidate {
  id: number;
  name: string;
  avatar_url?: string | null;
}

export interface TopicInput {
  title: string;
  content: string;
  group_id?: number | null;
  upload_ids: number[];
}

/** Query keys of the forum feature; `['forum']` covers them all. */
export const forumKeys = {
  all: ['forum'] as const,
  summary: (courseId: number) => ['forum', 'summary', courseId] as const,
  lists: ['forum', 'list'] as const,
  list: (source: TopicSource, params: TopicListParams) => ['forum', 'list', source, params] as const,
  topic: (id: number) => ['forum', 'topic', id] as const,
  edits: (kind: 'topics' | 'replies', id: number) => ['forum', 'edits', kind, id] as const,
  reports: (courseId: number) => ['forum', 'reports', courseId] as const,
  mentionable: (courseId: number, q: string) => ['forum', 'mentionable', courseId, q] as const,
};

/** The list (GET) and create (POST) address of a topic source. */
export function topicsPath(source: TopicSource): string {
  switch (source.kind) {
    case 'activity':
      return `/api/forum/${source.activityId}/topics`;
    case 'course':
      return `/api/courses/${source.courseId}/forum/topics`;
    case 'team':
      return `/api/courses/${source.courseId}/teaching-team/topics`;
  }
}

const num = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** Reads the summary answer leniently (older or richer servers name a few fields differently). */
export function summaryOf(raw: unknown): ForumSummary {
  const data = (raw ?? {}) as Record<string, unknown>;
  const forumsRaw = (Array.isArray(data.forums) ? data.forums : Array.isArray(data.activities) ? data.activities : []) as Record<string, unknown>[];
  const general = (data.general ?? {}) as Record<string, unknown>;
  const groups = (Array.isArray(data.groups) ? data.groups : []) as Record<string, unknown>[];
  return {
    forums: forumsRaw.map((f) => ({
      id: num(f.id),
      title: typeof f.title === 'string' ? f.title : '',
      topic_count: num(f.topic_count),
      unread_count: num(f.unread_count),
      subscribed: f.subscribed === true,
    })),
    general: { topic_count: num(general.topic_count), unread_count: num(general.unread_count), subscribed: general.subscribed === true },
    groups: groups.map((g) => ({ id: num(g.id), name: typeof g.name === 'string' ? g.name : '' })),
    can_moderate: data.can_moderate === true,
  };
}

/** `GET /api/courses/{courseId}/forum`. */
export function useForumSummary(courseId: number, enabled = true) {
  return useQuery({
    queryKey: forumKeys.summary(courseId),
    queryFn: async ({ signal }) => summaryOf(await api.get<unknown>(`/api/courses/${courseId}/forum`, undefined, signal)),
    enabled: enabled && courseId > 0,
  });
}

/** The query string of a list: `page`, `page_size`, `q`, `filter`, `group_id` and (course source) `activity_id=general`. */
export function listQueryOf(source: TopicSource, params: TopicListParams): Record<string, string | number | undefined> {
  return {
    page: params.page,
    page_size: params.page_size,
    q: params.q || undefined,
    filter: params.filter === 'all' ? undefined : params.filter,
    group_id: params.group_id ?? (source.kind === 'course' ? source.groupId : undefined),
    activity_id: source.kind === 'course' && source.general ? 'general' : undefined,
  };
}

/** A page of topics (pinned first, then by last activity — the server's order). */
export function useTopicList(source: TopicSource, params: TopicListParams, enabled = true) {
  return useQuery({
    queryKey: forumKeys.list(source, params),
    queryFn: ({ signal }) => api.get<TopicPage>(topicsPath(source), listQueryOf(source, params), signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /api/topics/{id}`: the topic with its threaded replies (the server marks it read). */
export function useTopic(id: number | null) {
  return useQuery(topicQuery(id));
}

/** `GET /api/topics/{id}` as a query (the hook's, and the router's preload at navigation). */
export function topicQuery(id: number | null) {
  return queryOptions({
    queryKey: forumKeys.topic(id ?? 0),
    queryFn: ({ signal }) => api.get<TopicDetail>(`/api/topics/${id}`, undefined, signal),
    enabled: id !== null && id > 0,
  });
}

/** Shows topic `id` as read in every cached list. */
function markReadInLists(queryClient: QueryClient, id: number) {
  queryClient.setQueriesData<TopicPage>({ queryKey: forumKeys.lists }, (page) =>
    page && Array.isArray(page.items) ? { ...page, items: page.items.map((t) => (t.id === id ? { ...t, unread: false } : t)) } : page,
  );
}

/** Reads the lists and the summary again (after a write). */
function refreshLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
  void queryClient.invalidateQueries({ queryKey: ['forum', 'summary'] });
}

/** `PUT /api/topics/{id}/read`: the lists show it read at once. */
export function useMarkTopicRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<unknown>(`/api/topics/${id}/read`),
    onMutate: (id) => markReadInLists(queryClient, id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['forum', 'summary'] }),
  });
}

/** Creates a topic in `source` (`POST` on the source's list address). 400 names `title`, `content`, `group_id` or `upload_ids`. */
export function useCreateTopic(source: TopicSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TopicInput) => api.post<Topic>(topicsPath(source), body),
    onSuccess: () => refreshLists(queryClient),
  });
}

/** `PUT /api/topics/{id}` `{ title?, content? }` (the author or the team). */
export function useEditTopic(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title?: string; content?: string }) => api.put<Topic>(`/api/topics/${id}`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: forumKeys.topic(id) });
      void queryClient.invalidateQueries({ queryKey: forumKeys.edits('topics', id) });
      void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
    },
  });
}

/** `DELETE /api/topics/{id}`. */
export function useDeleteTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/topics/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: forumKeys.topic(id) });
      refreshLists(queryClient);
    },
  });
}

export type TopicModeration = Partial<Record<'is_pinned' | 'is_locked' | 'is_closed' | 'is_hidden', boolean>>;

/** `PUT /api/topics/{id}/moderation` (the course team): the topic shows the change at once. */
export function useModerateTopic(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TopicModeration) => api.put<unknown>(`/api/topics/${id}/moderation`, body),
    onMutate: (body) => queryClient.setQueryData<TopicDetail>(forumKeys.topic(id), (topic) => (topic ? { ...topic, ...body } : topic)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: forumKeys.topic(id) });
      void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
    },
  });
}

/** Applies `change` to reply `replyId` wherever it sits in the topic's thread. */
export function updateReplyIn(topic: TopicDetail, replyId: number, change: (reply: Reply) => Reply): TopicDetail {
  return {
    ...topic,
    replies: topic.replies.map((thread) =>
      thread.id === replyId
        ? ({ ...change(thread), replies: thread.replies } as ReplyThread)
        : thread.replies.some((r) => r.id === replyId)
          ? { ...thread, replies: thread.replies.map((r) => (r.id === replyId ? change(r) : r)) }
          : thread,
    ),
  };
}

/** Adds `reply` to the topic's thread (under its parent when it has one); a reply already there is left as is. */
export function addReplyTo(topic: TopicDetail, reply: Reply): TopicDetail {
  const exists = topic.replies.some((thread) => thread.id === reply.id || thread.replies.some((r) => r.id === reply.id));
  if (exists) return topic;
  if (reply.parent_id === null) return { ...topic, reply_count: topic.reply_count + 1, replies: [...topic.replies, { ...reply, replies: [] }] };
  return {
    ...topic,
    reply_count: topic.reply_count + 1,
    replies: topic.replies.map((thread) => (thread.id === reply.parent_id ? { ...thread, replies: [...thread.replies, reply] } : thread)),
  };
}

/** `POST /api/topics/{topicId}/replies` `{ content, parent_id?, upload_ids }`: the reply joins the thread at once. */
export function useCreateReply(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { content: string; parent_id?: number | null; upload_ids?: number[] }) =>
      api.post<Reply>(`/api/topics/${topicId}/replies`, { upload_ids: [], ...body }),
    onSuccess: (reply) => {
      queryClient.setQueryData<TopicDetail>(forumKeys.topic(topicId), (topic) => (topic ? addReplyTo(topic, reply) : topic));
      void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
    },
  });
}

/** `PUT /api/replies/{id}` `{ content }`. */
export function useEditReply(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => api.put<Reply>(`/api/replies/${id}`, { content }),
    onSuccess: (reply, { id }) => {
      if (reply && typeof reply === 'object' && 'content' in reply)
        queryClient.setQueryData<TopicDetail>(forumKeys.topic(topicId), (topic) => (topic ? updateReplyIn(topic, id, (r) => ({ ...r, ...reply })) : topic));
      void queryClient.invalidateQueries({ queryKey: forumKeys.topic(topicId) });
      void queryClient.invalidateQueries({ queryKey: forumKeys.edits('replies', id) });
    },
  });
}

/** `DELETE /api/replies/{id}`. */
export function useDeleteReply(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/replies/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: forumKeys.topic(topicId) });
      void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
    },
  });
}

/** `PUT /api/replies/{id}/moderation` `{ is_hidden }` (the course team). */
export function useHideReply(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_hidden }: { id: number; is_hidden: boolean }) => api.put<unknown>(`/api/replies/${id}/moderation`, { is_hidden }),
    onMutate: ({ id, is_hidden }) =>
      queryClient.setQueryData<TopicDetail>(forumKeys.topic(topicId), (topic) => (topic ? updateReplyIn(topic, id, (r) => ({ ...r, is_hidden })) : topic)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: forumKeys.topic(topicId) }),
  });
}

/** `PUT`/`DELETE /api/{topics|replies}/{id}/like`: the count moves at once, and back on failure. */
export function useLike(topicId: number) {
  const queryClient = useQueryClient();
  const apply = (kind: 'topics' | 'replies', id: number, liked: boolean) =>
    queryClient.setQueryData<TopicDetail>(forumKeys.topic(topicId), (topic) => {
      if (!topic) return topic;
      const bump = <T extends { liked: boolean; like_count: number }>(item: T): T =>
        item.liked === liked ? item : { ...item, liked, like_count: Math.max(0, item.like_count + (liked ? 1 : -1)) };
      return kind === 'topics' ? bump(topic) : updateReplyIn(topic, id, bump);
    });
  return useMutation({
    mutationFn: ({ kind, id, liked }: { kind: 'topics' | 'replies'; id: number; liked: boolean }) =>
      liked ? api.put<unknown>(`/api/${kind}/${id}/like`) : api.delete<unknown>(`/api/${kind}/${id}/like`),
    onMutate: ({ kind, id, liked }) => apply(kind, id, liked),
    onError: (_error, { kind, id, liked }) => apply(kind, id, !liked),
    // The server answers the state after the call (`{ liked, like_count }`): its count wins.
    onSuccess: (answer, { kind, id }) => {
      const state = answer as { liked?: boolean; like_count?: number } | undefined;
      if (typeof state?.like_count !== 'number') return;
      const count = state.like_count;
      queryClient.setQueryData<TopicDetail>(forumKeys.topic(topicId), (topic) => {
        if (!topic) return topic;
        const set = <T extends { liked: boolean; like_count: number }>(item: T): T => ({ ...item, like_count: count, liked: state.liked ?? item.liked });
        return kind === 'topics' ? set(topic) : updateReplyIn(topic, id, set);
      });
    },
  });
}

/** Subscription addresses: a topic, a forum activity, or the course forum's general category. */
export type SubscriptionTarget = { kind: 'topic'; id: number } | { kind: 'activity'; id: number } | { kind: 'course'; id: number };

function subscriptionPath(target: SubscriptionTarget): string {
  if (target.kind === 'topic') return `/api/topics/${target.id}/subscription`;
  if (target.kind === 'activity') return `/api/forum/${target.id}/subscription`;
  return `/api/courses/${target.id}/forum/subscription`;
}

/** `PUT`/`DELETE …/subscription`. */
export function useSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, subscribed }: { target: SubscriptionTarget; subscribed: boolean }) =>
      subscribed ? api.put<unknown>(subscriptionPath(target)) : api.delete<unknown>(subscriptionPath(target)),
    onMutate: ({ target, subscribed }) => {
      if (target.kind === 'topic') queryClient.setQueryData<TopicDetail>(forumKeys.topic(target.id), (topic) => (topic ? { ...topic, subscribed } : topic));
    },
    onSettled: (_answer, _error, { target }) => {
      if (target.kind === 'topic') void queryClient.invalidateQueries({ queryKey: forumKeys.topic(target.id) });
      void queryClient.invalidateQueries({ queryKey: ['forum', 'summary'] });
      void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
    },
  });
}

/** `POST /api/{topics|replies}/{id}/report` `{ reason }`. */
export function useReport() {
  return useMutation({
    mutationFn: ({ kind, id, reason }: { kind: 'topics' | 'replies'; id: number; reason: string }) =>
      api.post<unknown>(`/api/${kind}/${id}/report`, { reason }),
  });
}

/** `GET /api/{topics|replies}/{id}/edits`: earlier versions, newest first. */
export function useEdits(kind: 'topics' | 'replies', id: number, enabled: boolean) {
  return useQuery({
    queryKey: forumKeys.edits(kind, id),
    queryFn: async ({ signal }) => {
      const answer = await api.get<ForumEdit[] | { items: ForumEdit[] }>(`/api/${kind}/${id}/edits`, undefined, signal);
      return Array.isArray(answer) ? answer : (answer?.items ?? []);
    },
    enabled,
  });
}

/** `GET /api/courses/{courseId}/forum/reports?status=open` (the course team): open reports (first 100). */
export function useForumReports(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: forumKeys.reports(courseId),
    queryFn: async ({ signal }) => {
      const answer = await api.get<ForumReport[] | { items: ForumReport[] }>(
        `/api/courses/${courseId}/forum/reports`,
        { status: 'open', page_size: 100 },
        signal,
      );
      return Array.isArray(answer) ? answer : (answer?.items ?? []);
    },
    enabled,
  });
}

/** `PUT /api/forum/reports/{id}` `{ resolved: true }`. */
export function useResolveReport(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<unknown>(`/api/forum/reports/${id}`, { resolved: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: forumKeys.reports(courseId) }),
  });
}

/** `GET /api/courses/{courseId}/forum/mentionable?q=`: course members one may mention. */
export function useMentionable(courseId: number, q: string, enabled: boolean) {
  return useQuery({
    queryKey: forumKeys.mentionable(courseId, q),
    queryFn: async ({ signal }) => {
      const answer = await api.get<MentionCandidate[] | { items: MentionCandidate[] }>(
        `/api/courses/${courseId}/forum/mentionable`,
        { q: q || undefined },
        signal,
      );
      return Array.isArray(answer) ? answer : (answer?.items ?? []);
    },
    enabled: enabled && courseId > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
