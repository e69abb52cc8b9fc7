import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Dropdown, Flex, Form, Skeleton, Space, Tag, Typography } from 'antd';
import type { MenuProps } from 'antd';
import {
  ArrowLeftOutlined,
  BellFilled,
  BellOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  FlagOutlined,
  HistoryOutlined,
  LikeFilled,
  LikeOutlined,
  LockOutlined,
  MessageOutlined,
  PushpinOutlined,
  SettingOutlined,
  StopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Reply, ReplyThread, TopicDetail } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { RichHtml } from '../../activities/components/views/rich-html';
import { whenIdle } from '../../../lib/when-idle';
import { useTopicLive } from '../../notifications/hooks/use-topic-live';
import {
  forumKeys,
  useCreateReply,
  useDeleteReply,
  useDeleteTopic,
  useEditReply,
  useEditTopic,
  useHideReply,
  useLike,
  useMarkTopicRead,
  useModerateTopic,
  useSubscription,
  useTopic,
  type TopicModeration,
} from '../api';
import { AuthorAvatar, AuthorName, AuthorNameText, ForumAttachments, ForumTime } from './forum-bits';
import { lazyNamed } from '../../../lib/lazy-named';
import { MountWhenOpened } from '../../../components/mount-when-opened';
import { ForumEditor } from './forum-editor';
import '../forum.css';

/** The edit, history and report dialogs load on first use (most readers never open them). */
const EditHistoryModal = lazyNamed(() => import('./forum-dialogs'), 'EditHistoryModal');
const ReportModal = lazyNamed(() => import('./forum-dialogs'), 'ReportModal');
const EditModal = lazyNamed(() => import('./forum-dialogs'), 'EditModal');

type ReplyAction = 'like' | 'reply' | 'edit' | 'history' | 'report' | 'hide' | 'delete';
type Target = { kind: 'topics' | 'replies'; id: number };
type TFunction = ReturnType<typeof useTranslation<'forum'>>['t'];

/** The words of a reply, translated once per topic (not once per reply). */
function replyLabelsOf(t: TFunction) {
  return {
    edited: t('topic.edited'),
    hidden: t('state.hidden'),
    reply: t('actions.reply'),
    edit: t('actions.edit'),
    history: t('actions.history'),
    report: t('actions.report'),
    remove: t('actions.delete'),
    hide: t('moderation.hideReply'),
    unhide: t('moderation.unhideReply'),
    team: t('author.team'),
    imported: t('author.imported'),
    like: (count: number) => t('actions.likeReply', { count }),
    answersTo: (name: string) => t('topic.answersTo', { name }),
  };
}
type ReplyLabels = ReturnType<typeof replyLabelsOf>;

/**
 * One reply with its actions, as plain markup (a topic of 500 replies draws fast: no antd component
 * per reply, `content-visibility: auto` skips the off-screen ones). Memoised: a change elsewhere in
 * the topic does not draw it again.
 */
const ReplyItem = memo(function ReplyItem({
  reply,
  highlighted,
  canModerate,
  canReply,
  onAction,
  labels,
  children,
}: {
  reply: Reply;
  highlighted: boolean;
  canModerate: boolean;
  canReply: boolean;
  onAction: (action: ReplyAction, reply: Reply) => void;
  labels: ReplyLabels;
  children?: React.ReactNode;
}) {
  return (
    <li
      id={`reply-${reply.id}`}
      className="forum-reply"
      data-testid="reply"
      data-reply-id={reply.id}
      data-highlighted={highlighted}
      data-hidden={reply.is_hidden}
    >
      <div className="forum-reply-body">
        <div className="forum-reply-head">
          <AuthorAvatar author={reply.author} />
          <AuthorNameText author={reply.author} team={labels.team} imported={labels.imported} />
          <span className="forum-meta">
            <ForumTime instant={reply.created_at} />
            {reply.edited_at && ` · ${labels.edited}`}
          </span>
          {reply.is_hidden && <span className="forum-team-badge">{labels.hidden}</span>}
        </div>
        <RichHtml html={reply.content} />
        {reply.attachments.length > 0 && <ForumAttachments files={reply.attachments} />}
        <div className="forum-actions">
          <button
            type="button"
            className="forum-action"
            aria-pressed={reply.liked}
            onClick={() => onAction('like', reply)}
            aria-label={labels.like(reply.like_count)}
          >
            {reply.liked ? <LikeFilled aria-hidden /> : <LikeOutlined aria-hidden />} {reply.like_count}
          </button>
          {canReply && (
            <button type="button" className="forum-action" onClick={() => onAction('reply', reply)}>
              {labels.reply}
            </button>
          )}
          {reply.can_edit && (
            <button type="button" className="forum-action" onClick={() => onAction('edit', reply)}>
              {labels.edit}
            </button>
          )}
          {reply.edited_at && (
            <button type="button" className="forum-action" onClick={() => onAction('history', reply)}>
              {labels.history}
            </button>
          )}
          <button type="button" className="forum-action" onClick={() => onAction('report', reply)}>
            {labels.report}
          </button>
          {canModerate && (
            <button type="button" className="forum-action" onClick={() => onAction('hide', reply)}>
              {reply.is_hidden ? labels.unhide : labels.hide}
            </button>
          )}
          {(canModerate || reply.can_edit) && (
            <button type="button" className="forum-action" data-danger="true" onClick={() => onAction('delete', reply)}>
              {labels.remove}
            </button>
          )}
        </div>
      </div>
      {children}
    </li>
  );
});

/** A first-level reply with its answers (second level) and, while answering it, the inline reply box. Memoised like ReplyItem. */
const ThreadItem = memo(function ThreadItem({
  thread,
  highlightId,
  canModerate,
  canReply,
  onAction,
  labels,
  composer,
}: {
  thread: ReplyThread;
  highlightId: number | null;
  canModerate: boolean;
  canReply: boolean;
  onAction: (action: ReplyAction, reply: Reply) => void;
  labels: ReplyLabels;
  composer: React.ReactNode;
}) {
  return (
    <ReplyItem reply={thread} highlighted={highlightId === thread.id} canModerate={canModerate} canReply={canReply} onAction={onAction} labels={labels}>
      {(thread.replies.length > 0 || composer) && (
        <ol className="forum-subreplies" aria-label={labels.answersTo(thread.author.name)}>
          {thread.replies.map((reply) => (
            <ReplyItem
              key={reply.id}
              reply={reply}
              highlighted={highlightId === reply.id}
              canModerate={canModerate}
              canReply={canReply}
              onAction={onAction}
              labels={labels}
            />
          ))}
          {composer && <li style={{ paddingTop: 8 }}>{composer}</li>}
        </ol>
      )}
    </ReplyItem>
  );
});

/**
 * Stands in for the editor until it loads (a box of the editor's size): focusing or clicking it, or
 * the page falling idle, loads the editor. An antd form control that ignores `value`/`onChange`.
 */
function EditorStandIn({ label, minHeight, onActivate }: { label: string; minHeight: number; onActivate: () => void; value?: string; onChange?: unknown }) {
  return (
    <div
      role="textbox"
      tabIndex={0}
      aria-label={label}
      className="forum-editor-stand-in"
      style={{ minHeight: minHeight + 42 }}
      onFocus={onActivate}
      onPointerDown={onActivate}
      data-testid="editor-stand-in"
    />
  );
}

/**
 * The reply box: the forum editor and Send; Ctrl/⌘+Enter sends. Focus lands in it when `autoFocus`.
 * With `deferEditor` (the topic's own box, under a long topic) the editor's chunk loads only once the
 * page is idle or the reader reaches for the box, so it does not compete with drawing the replies.
 */
function ReplyComposer({
  topicId,
  courseId,
  parent,
  canUploadImages,
  autoFocus,
  deferEditor = false,
  onDone,
  onCancel,
}: {
  topicId: number;
  courseId: number;
  parent: Reply | null;
  canUploadImages: boolean;
  autoFocus?: boolean;
  deferEditor?: boolean;
  onDone?: (reply: Reply) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('forum');
  const toast = useToast();
  const [form] = Form.useForm<{ content: string }>();
  const create = useCreateReply(topicId);
  const box = useRef<HTMLDivElement>(null);
  const [editorShown, setEditorShown] = useState(!deferEditor);
  const [focusWanted, setFocusWanted] = useState(false);
  useEffect(() => (editorShown ? undefined : whenIdle(() => setEditorShown(true))), [editorShown]);
  const focusEditor = autoFocus === true || focusWanted;
  useEffect(() => {
    if (!focusEditor) return;
    // The editor loads as its own chunk: focus its area once it is there.
    const timer = window.setInterval(() => {
      const area = box.current?.querySelector<HTMLElement>('[contenteditable="true"], textarea');
      if (area) {
        area.focus();
        window.clearInterval(timer);
      }
    }, 50);
    const stop = window.setTimeout(() => window.clearInterval(timer), 5_000);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(stop);
    };
  }, [focusEditor]);
  const send = ({ content }: { content: string }) =>
    create.mutate(
      { content: content ?? '', parent_id: parent?.id ?? null },
      {
        onSuccess: (reply) => {
          form.resetFields();
          toast.success(t('reply.sent'));
          onDone?.(reply);
        },
        onError: (error) => toast.error(error, t('reply.failed')),
      },
    );
  const label = parent ? t('reply.toLabel', { name: parent.author.name }) : t('reply.label');
  return (
    <div
      ref={box}
      data-testid={parent ? 'inline-reply-composer' : 'reply-composer'}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          form.submit();
        }
      }}
    >
      <Form form={form} onFinish={send} layout="vertical">
        <Form.Item
          name="content"
          label={label}
          trigger="onChange"
          validateTrigger={[]}
          rules={[
            {
              validator: (_r, value: string | undefined) =>
                value?.replace(/<[^>]*>/g, '').trim() || value?.includes('<img') ? Promise.resolve() : Promise.reject(new Error(t('reply.required'))),
            },
          ]}
        >
          {editorShown ? (
            <ForumEditor courseId={courseId} aria-label={label} minHeight={parent ? 80 : 120} canUploadImages={canUploadImages} />
          ) : (
            <EditorStandIn
              label={label}
              minHeight={parent ? 80 : 120}
              onActivate={() => {
                setEditorShown(true);
                setFocusWanted(true);
              }}
            />
          )}
        </Form.Item>
        <Flex gap={8} justify="flex-end">
          {onCancel && <Button onClick={onCancel}>{t('common:action.cancel')}</Button>}
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('reply.send')}
          </Button>
        </Flex>
      </Form>
    </div>
  );
}

/**
 * Threads drawn at once; the rest follow in steps, a task each, so a long topic shows at once. Few, large
 * steps: each step costs a frame (style, layout, paint) besides its replies, so 60-thread steps drew a
 * 400-thread topic ~100 ms later than 200-thread ones (bench/forum, headless Chromium).
 */
const FIRST_THREADS = 20;
const THREAD_STEP = 200;

/** How many of `total` items to draw: `first` at once, then `THREAD_STEP` more per task until all are there. */
function useProgressiveCount(total: number, first: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() => setCount((current) => current + THREAD_STEP), 0);
    return () => window.clearTimeout(timer);
  }, [count, total]);
  return Math.max(count, first);
}

function findReply(topic: TopicDetail, id: number): Reply | undefined {
  for (const thread of topic.replies) {
    if (thread.id === id) return thread;
    const inner = thread.replies.find((r) => r.id === id);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * A topic as read (issue 18): title and state tags, author, content, attachments, like, subscribe,
 * edit (author) with its history, report; the team's moderation menu (pin, lock, close, hide,
 * delete; hide a reply); replies threaded two levels (an answer to a first-level reply sits under
 * it); the reply box, or why there is none (locked, closed). `replyId` (`?reply=`) scrolls to that
 * reply and highlights it. New replies appear live (the notification stream's topic events). A long
 * topic draws its first 20 threads at once and the rest in 200-thread steps right after (bench/forum
 * measures a cold open of 500 replies).
 */
export function TopicView({
  topicId,
  courseId,
  replyId = null,
  onBack,
  backLabel,
  onDeleted,
}: {
  topicId: number;
  courseId: number;
  replyId?: number | null;
  onBack?: () => void;
  backLabel?: string;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('forum');
  const toast = useToast();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const topic = useTopic(topicId);
  const like = useLike(topicId);
  const subscription = useSubscription();
  const moderate = useModerateTopic(topicId);
  const removeTopic = useDeleteTopic();
  const removeReply = useDeleteReply(topicId);
  const hideReply = useHideReply(topicId);
  const editTopic = useEditTopic(topicId);
  const editReply = useEditReply(topicId);
  const { mutate: markRead } = useMarkTopicRead();
  const [replyingTo, setReplyingTo] = useState<Reply | null>(null);
  const [history, setHistory] = useState<Target | null>(null);
  const [report, setReport] = useState<Target | null>(null);
  const [editing, setEditing] = useState<(Target & { title?: string; content: string }) | null>(null);
  const data = topic.data;
  const highlightIndex = data && replyId ? data.replies.findIndex((th) => th.id === replyId || th.replies.some((r) => r.id === replyId)) : -1;
  const shownThreads = useProgressiveCount(data?.replies.length ?? 0, Math.max(FIRST_THREADS, highlightIndex + 1));
  const labels = useMemo(() => replyLabelsOf(t), [t]);

  // Opening a topic reads it (the server marks it read): the lists show it read at once.
  const loadedId = data?.id ?? null;
  useEffect(() => {
    if (loadedId === null) return;
    queryClient.setQueriesData<{ items?: { id: number; unread: boolean }[] }>({ queryKey: forumKeys.lists }, (page) =>
      page && Array.isArray(page.items) ? { ...page, items: page.items.map((x) => (x.id === loadedId ? { ...x, unread: false } : x)) } : page,
    );
    void queryClient.invalidateQueries({ queryKey: ['forum', 'summary'] });
  }, [loadedId, queryClient]);

  // `?reply=`: scroll to that reply and highlight it, once it is drawn.
  useEffect(() => {
    if (!replyId || !data) return;
    const element = document.getElementById(`reply-${replyId}`);
    element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [replyId, data]);

  // Live: a reply announced on the notification stream is read in (and the topic stays read).
  useTopicLive(topicId, (event) => {
    const current = queryClient.getQueryData<TopicDetail>(forumKeys.topic(topicId));
    if (current && findReply(current, event.reply_id)) return;
    void queryClient.invalidateQueries({ queryKey: forumKeys.topic(topicId) });
    markRead(topicId);
  });

  const { mutate: likeMutate } = like;
  const { mutate: hideMutate } = hideReply;
  const { mutateAsync: removeReplyAsync } = removeReply;
  const onAction = useCallback(
    (action: ReplyAction, reply: Reply) => {
      switch (action) {
        case 'like':
          likeMutate({ kind: 'replies', id: reply.id, liked: !reply.liked }, { onError: (error) => toast.error(error, t('errors.like')) });
          return;
        case 'reply': {
          // Two levels: an answer to a second-level reply goes under its first-level reply.
          const current = queryClient.getQueryData<TopicDetail>(forumKeys.topic(topicId));
          const parent = reply.parent_id !== null && current ? (findReply(current, reply.parent_id) ?? reply) : reply;
          setReplyingTo(parent);
          return;
        }
        case 'edit':
          setEditing({ kind: 'replies', id: reply.id, content: reply.content });
          return;
        case 'history':
          setHistory({ kind: 'replies', id: reply.id });
          return;
        case 'report':
          setReport({ kind: 'replies', id: reply.id });
          return;
        case 'hide':
          hideMutate(
            { id: reply.id, is_hidden: !reply.is_hidden },
            {
              onSuccess: () => toast.success(reply.is_hidden ? t('moderation.unhiddenReply') : t('moderation.hiddenReply')),
              onError: (error) => toast.error(error, t('errors.moderate')),
            },
          );
          return;
        case 'delete':
          modal.confirm({
            title: t('delete.replyTitle'),
            content: t('delete.replyText'),
            okText: t('delete.ok'),
            okButtonProps: { danger: true },
            cancelText: t('common:action.cancel'),
            onOk: () =>
              removeReplyAsync(reply.id).then(
                () => toast.success(t('delete.replyDone')),
                (error: unknown) => toast.error(error, t('delete.failed')),
              ),
          });
          return;
      }
    },
    [topicId, queryClient, t, toast, modal, likeMutate, hideMutate, removeReplyAsync],
  );

  if (topic.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (topic.isError) return <ApiErrorResult error={topic.error} onRetry={() => void topic.refetch()} />;
  const detail = topic.data;
  const canModerate = detail.can_moderate;
  const canUploadImages = canModerate;

  const moderateTo = (change: TopicModeration, done: string) =>
    moderate.mutate(change, { onSuccess: () => toast.success(done), onError: (error) => toast.error(error, t('errors.moderate')) });
  const deleteTopic = () =>
    modal.confirm({
      title: t('delete.topicTitle'),
      content: t('delete.topicText', { title: detail.title }),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () =>
        removeTopic.mutateAsync(detail.id).then(
          () => {
            toast.success(t('delete.topicDone'));
            onDeleted?.();
          },
          (error: unknown) => toast.error(error, t('delete.failed')),
        ),
    });
  const moderationItems: MenuProps['items'] = [
    {
      key: 'pin',
      icon: <PushpinOutlined aria-hidden />,
      label: detail.is_pinned ? t('moderation.unpin') : t('moderation.pin'),
      onClick: () => moderateTo({ is_pinned: !detail.is_pinned }, detail.is_pinned ? t('moderation.unpinned') : t('moderation.pinned')),
    },
    {
      key: 'lock',
      icon: <LockOutlined aria-hidden />,
      label: detail.is_locked ? t('moderation.unlock') : t('moderation.lock'),
      onClick: () => moderateTo({ is_locked: !detail.is_locked }, detail.is_locked ? t('moderation.unlocked') : t('moderation.locked')),
    },
    {
      key: 'close',
      icon: <StopOutlined aria-hidden />,
      label: detail.is_closed ? t('moderation.reopen') : t('moderation.close'),
      onClick: () => moderateTo({ is_closed: !detail.is_closed }, detail.is_closed ? t('moderation.reopened') : t('moderation.closed')),
    },
    {
      key: 'hide',
      icon: <EyeInvisibleOutlined aria-hidden />,
      label: detail.is_hidden ? t('moderation.unhide') : t('moderation.hide'),
      onClick: () => moderateTo({ is_hidden: !detail.is_hidden }, detail.is_hidden ? t('moderation.unhidden') : t('moderation.hidden')),
    },
    { type: 'divider' },
    { key: 'delete', icon: <DeleteOutlined aria-hidden />, danger: true, label: t('moderation.delete'), onClick: deleteTopic },
  ];
  const focusComposer = () => {
    const box = document.getElementById(`reply-box-${detail.id}`);
    box?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    box?.querySelector<HTMLElement>('[contenteditable="true"], textarea')?.focus();
  };
  const noReplyReason = detail.is_locked ? t('reply.locked') : detail.is_closed ? t('reply.closed') : t('reply.notAllowed');
  const threads: ReplyThread[] = detail.replies;

  return (
    <article data-testid="topic-view" aria-labelledby={`topic-title-${detail.id}`}>
      {onBack && (
        <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} style={{ paddingLeft: 0, marginBottom: 8 }}>
          {backLabel ?? t('topic.back')}
        </Button>
      )}
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Space size={[6, 6]} wrap style={{ marginBottom: 4 }}>
            {detail.is_pinned && (
              <Tag icon={<PushpinOutlined aria-hidden />} color="gold">
                {t('state.pinned')}
              </Tag>
            )}
            {detail.is_locked && (
              <Tag icon={<LockOutlined aria-hidden />} color="red">
                {t('state.locked')}
              </Tag>
            )}
            {detail.is_closed && <Tag icon={<StopOutlined aria-hidden />}>{t('state.closed')}</Tag>}
            {detail.is_hidden && (
              <Tag icon={<EyeInvisibleOutlined aria-hidden />} color="purple">
                {t('state.hidden')}
              </Tag>
            )}
            {detail.group_name && (
              <Tag icon={<TeamOutlined aria-hidden />} color="cyan">
                {detail.group_name}
              </Tag>
            )}
          </Space>
          <Typography.Title level={2} id={`topic-title-${detail.id}`} style={{ fontSize: 22, margin: 0 }}>
            {detail.title}
          </Typography.Title>
          <div className="forum-reply-head" style={{ marginTop: 8 }}>
            <AuthorAvatar author={detail.author} />
            <AuthorName author={detail.author} />
            <span className="forum-meta">
              <ForumTime instant={detail.created_at} />
              {detail.edited_at && ` · ${t('topic.edited')}`}
            </span>
          </div>
        </div>
        {canModerate && (
          <Dropdown menu={{ items: moderationItems }} trigger={['click']}>
            <Button icon={<SettingOutlined aria-hidden />} data-testid="moderation-menu">
              {t('moderation.menu')}
            </Button>
          </Dropdown>
        )}
      </Flex>
      <div style={{ marginTop: 16 }}>
        <RichHtml html={detail.content} testId="topic-content" />
      </div>
      <ForumAttachments files={detail.attachments} />
      <Space wrap style={{ marginTop: 16 }}>
        {detail.can_reply && (
          <Button type="primary" icon={<MessageOutlined aria-hidden />} onClick={focusComposer}>
            {t('reply.write')}
          </Button>
        )}
        <Button
          icon={detail.liked ? <LikeFilled aria-hidden /> : <LikeOutlined aria-hidden />}
          aria-pressed={detail.liked}
          onClick={() => like.mutate({ kind: 'topics', id: detail.id, liked: !detail.liked }, { onError: (error) => toast.error(error, t('errors.like')) })}
        >
          {t('actions.like', { count: detail.like_count })}
        </Button>
        <Button
          icon={detail.subscribed ? <BellFilled aria-hidden /> : <BellOutlined aria-hidden />}
          aria-pressed={detail.subscribed}
          onClick={() =>
            subscription.mutate(
              { target: { kind: 'topic', id: detail.id }, subscribed: !detail.subscribed },
              {
                onSuccess: () => toast.success(detail.subscribed ? t('subscription.off') : t('subscription.on')),
                onError: (error) => toast.error(error, t('errors.subscribe')),
              },
            )
          }
        >
          {detail.subscribed ? t('subscription.following') : t('subscription.follow')}
        </Button>
        {detail.can_edit && (
          <Button
            icon={<EditOutlined aria-hidden />}
            onClick={() => setEditing({ kind: 'topics', id: detail.id, title: detail.title, content: detail.content })}
          >
            {t('actions.edit')}
          </Button>
        )}
        {detail.edited_at && (
          <Button icon={<HistoryOutlined aria-hidden />} onClick={() => setHistory({ kind: 'topics', id: detail.id })}>
            {t('actions.history')}
          </Button>
        )}
        <Button icon={<FlagOutlined aria-hidden />} onClick={() => setReport({ kind: 'topics', id: detail.id })}>
          {t('actions.report')}
        </Button>
      </Space>

      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
        {t('topic.replies', { count: detail.reply_count })}
      </Typography.Title>
      {threads.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('empty.replies')}</Typography.Paragraph>
      ) : (
        <ol className="forum-replies" aria-label={t('topic.repliesLabel')} data-testid="replies">
          {threads.slice(0, shownThreads).map((thread) => (
            <ThreadItem
              key={thread.id}
              thread={thread}
              highlightId={replyId === thread.id || thread.replies.some((r) => r.id === replyId) ? replyId : null}
              canModerate={canModerate}
              canReply={detail.can_reply}
              onAction={onAction}
              labels={labels}
              composer={
                replyingTo?.id === thread.id ? (
                  <ReplyComposer
                    topicId={detail.id}
                    courseId={courseId}
                    parent={thread}
                    canUploadImages={canUploadImages}
                    autoFocus
                    onDone={() => setReplyingTo(null)}
                    onCancel={() => setReplyingTo(null)}
                  />
                ) : null
              }
            />
          ))}
        </ol>
      )}

      <div style={{ marginTop: 24 }} id={`reply-box-${detail.id}`}>
        {detail.can_reply ? (
          <ReplyComposer topicId={detail.id} courseId={courseId} parent={null} canUploadImages={canUploadImages} deferEditor={threads.length > FIRST_THREADS} />
        ) : (
          <Alert type="info" showIcon icon={detail.is_locked ? <LockOutlined /> : <StopOutlined />} title={noReplyReason} data-testid="reply-disabled" />
        )}
      </div>

      <MountWhenOpened open={history !== null}>
        <EditHistoryModal target={history} onClose={() => setHistory(null)} />
      </MountWhenOpened>
      <MountWhenOpened open={report !== null}>
        <ReportModal target={report} onClose={() => setReport(null)} />
      </MountWhenOpened>
      <MountWhenOpened open={editing !== null}>
        <EditModal
          target={editing}
          courseId={courseId}
          canUploadImages={canUploadImages}
          isSaving={editTopic.isPending || editReply.isPending}
          onClose={() => setEditing(null)}
          onSave={(values) =>
            editing?.kind === 'topics'
              ? editTopic.mutateAsync({ title: values.title, content: values.content })
              : editReply.mutateAsync({ id: editing?.id ?? 0, content: values.content })
          }
        />
      </MountWhenOpened>
    </article>
  );
}
