import { useState, type ReactNode } from 'react';
import { Empty, Flex, Input, Pagination, Segmented, Skeleton, Tag } from 'antd';
import { EyeInvisibleOutlined, LikeOutlined, LockOutlined, MessageOutlined, PushpinOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type Topic } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useTopicList, type TopicFilter, type TopicListParams, type TopicSource } from '../api';
import { positiveId } from '../lib/forum-hash';
import { AuthorName, ForumTime } from './forum-bits';
import '../forum.css';

export const DEFAULT_TOPIC_PAGE_SIZE = 20;
const FILTERS: TopicFilter[] = ['all', 'unread', 'mine', 'subscribed'];

/** A list's paging, search and filter, and how to change them. */
export interface ListState {
  params: TopicListParams;
  update: (patch: Partial<TopicListParams>) => void;
}

function normalise(patch: Partial<TopicListParams>, current: TopicListParams): TopicListParams {
  const next = { ...current, ...patch };
  // A new search, filter or page size starts again at page 1.
  if (
    ('q' in patch && patch.q !== current.q) ||
    ('filter' in patch && patch.filter !== current.filter) ||
    ('page_size' in patch && patch.page_size !== current.page_size)
  )
    next.page = 1;
  return next;
}

/** The list's state in the address (`?q=&filter=&page=&page_size=`), so Back and a shared link keep it. */
export function useUrlListState(): ListState {
  const [search, setSearch] = useSearchParams();
  const size = positiveId(search.get('page_size'));
  const filter = search.get('filter') as TopicFilter | null;
  const params: TopicListParams = {
    page: positiveId(search.get('page')) ?? 1,
    page_size: size && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_TOPIC_PAGE_SIZE,
    q: search.get('q') ?? undefined,
    filter: filter && FILTERS.includes(filter) ? filter : 'all',
  };
  const update = (patch: Partial<TopicListParams>) => {
    const next = normalise(patch, params);
    setSearch(
      (current) => {
        const out = new URLSearchParams(current);
        const set = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
        set('q', next.q?.trim() || null);
        set('filter', next.filter === 'all' ? null : next.filter);
        set('page', next.page > 1 ? String(next.page) : null);
        set('page_size', next.page_size !== DEFAULT_TOPIC_PAGE_SIZE ? String(next.page_size) : null);
        return out;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return { params, update };
}

/** The list's state held by the component (inside the learning-activity page, whose address belongs to it). */
export function useLocalListState(): ListState {
  const [params, setParams] = useState<TopicListParams>({ page: 1, page_size: DEFAULT_TOPIC_PAGE_SIZE, filter: 'all' });
  return { params, update: (patch) => setParams((current) => normalise(patch, current)) };
}

/** One topic: unread dot, title (opens it), tags, author with team badge, excerpt, counts, last activity. */
function TopicRow({ topic, onOpen, showGroup }: { topic: Topic; onOpen: (topic: Topic) => void; showGroup: boolean }) {
  const { t } = useTranslation('forum');
  return (
    <li className="forum-topic-row" data-testid="topic-row" data-unread={topic.unread} data-pinned={topic.is_pinned}>
      <span
        className="forum-unread-dot"
        data-unread={topic.unread}
        role="img"
        aria-label={topic.unread ? t('list.unread') : undefined}
        aria-hidden={!topic.unread}
      />
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={6} wrap align="center">
          {topic.is_pinned && (
            <Tag icon={<PushpinOutlined aria-hidden />} color="gold">
              {t('state.pinned')}
            </Tag>
          )}
          {topic.is_locked && (
            <Tag icon={<LockOutlined aria-hidden />} color="red">
              {t('state.locked')}
            </Tag>
          )}
          {topic.is_closed && (
            <Tag icon={<StopOutlined aria-hidden />} color="default">
              {t('state.closed')}
            </Tag>
          )}
          {topic.is_hidden && (
            <Tag icon={<EyeInvisibleOutlined aria-hidden />} color="purple">
              {t('state.hidden')}
            </Tag>
          )}
          {showGroup && topic.group_name && (
            <Tag icon={<TeamOutlined aria-hidden />} color="cyan">
              {topic.group_name}
            </Tag>
          )}
          <button type="button" className="forum-topic-title" data-unread={topic.unread} onClick={() => onOpen(topic)}>
            {topic.title}
          </button>
        </Flex>
        {topic.excerpt && <div className="forum-excerpt">{topic.excerpt}</div>}
        <Flex gap={6} wrap align="center" className="forum-meta">
          <AuthorName author={topic.author} />
          <span aria-hidden>·</span>
          <span>
            {t('list.lastActivity')} <ForumTime instant={topic.last_activity_at} />
          </span>
        </Flex>
      </Flex>
      <div className="forum-counts">
        <span aria-label={t('list.replyCount', { count: topic.reply_count })} title={t('list.replyCount', { count: topic.reply_count })}>
          <MessageOutlined aria-hidden /> {topic.reply_count}
        </span>
        <span aria-label={t('list.likeCount', { count: topic.like_count })} title={t('list.likeCount', { count: topic.like_count })}>
          <LikeOutlined aria-hidden /> {topic.like_count}
        </span>
      </div>
    </li>
  );
}

/**
 * A page of topics (issue 18): search (full text on the server), filters (all, unread, mine,
 * subscribed), pinned first (the server's order), paging, with `toolbar` (subscribe, new topic) on
 * the right; loading, empty and error states.
 */
export function TopicList({
  source,
  state,
  onOpen,
  toolbar,
  showGroup = true,
  emptyText,
}: {
  source: TopicSource;
  state: ListState;
  onOpen: (topic: Topic) => void;
  toolbar?: ReactNode;
  showGroup?: boolean;
  emptyText?: string;
}) {
  const { t } = useTranslation('forum');
  const { params, update } = state;
  const list = useTopicList(source, params);

  return (
    <section aria-label={t('list.label')} data-testid="topic-list-section">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Flex gap={8} wrap align="center">
          <Input.Search
            type="search"
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            allowClear
            key={params.q ?? ''}
            defaultValue={params.q ?? ''}
            onSearch={(value) => update({ q: value.trim() || undefined })}
            style={{ width: 240 }}
          />
          <Segmented<TopicFilter>
            aria-label={t('list.filter')}
            value={params.filter}
            onChange={(filter) => update({ filter })}
            options={FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`) }))}
          />
        </Flex>
        {toolbar && (
          <Flex gap={8} wrap>
            {toolbar}
          </Flex>
        )}
      </Flex>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <ApiErrorResult error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Empty description={params.q ? t('empty.search') : params.filter !== 'all' ? t('empty.filter') : (emptyText ?? t('empty.topics'))} />
      ) : (
        <ul className="forum-topic-list" aria-label={t('list.label')} data-testid="topic-list" aria-busy={list.isPlaceholderData}>
          {list.data.items.map((topic) => (
            <TopicRow key={topic.id} topic={topic} onOpen={onOpen} showGroup={showGroup} />
          ))}
        </ul>
      )}
      {list.data && list.data.total > 0 && (
        <Pagination
          align="end"
          style={{ marginTop: 16 }}
          current={params.page}
          pageSize={params.page_size}
          total={list.data.total}
          showSizeChanger
          showTotal={(total) => t(list.data.total_exact ? 'list.total' : 'list.totalAtLeast', { count: total })}
          pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
          onChange={(page, size) => update(size !== params.page_size ? { page_size: size } : { page })}
        />
      )}
    </section>
  );
}
