import { useMemo } from 'react';
import { Badge, Card, Empty, Menu, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiErrorResult } from '../../../components/status-results';
import { useCourseContext } from '../../courses/pages/course-page';
import { canTeach } from '../../courses/lib/course-display';
import { useForumSummary, type SubscriptionTarget, type TopicSource } from '../api';
import { ForumBoard, SubscribeSwitch } from '../components/forum-board';
import { ForumReports } from '../components/forum-reports';
import type { ComposeTarget } from '../components/topic-compose-drawer';
import { useUrlListState } from '../components/topic-list';
import { positiveId } from '../lib/forum-hash';
import { useHashRoute } from '../lib/use-hash-route';
import '../forum.css';

/**
 * The course forum (spec §2 `/course/{id}/forum`; issue 18 §1): the forum activities and the general
 * category in a side menu with their unread counts (`?category=all|general|{activityId}`, plus the
 * team's reports), the chosen category's topics, and a topic at `#/topics/{topicId}?reply={r}`.
 */
export function CourseForumPage() {
  const { t } = useTranslation('forum');
  const course = useCourseContext();
  const summary = useForumSummary(course.id);
  const [search, setSearch] = useSearchParams();
  const listState = useUrlListState();
  const hash = useHashRoute();
  const topicId = hash.segments[0] === 'topics' ? positiveId(hash.segments[1]) : null;
  const replyId = positiveId(hash.params.get('reply')) ?? positiveId(search.get('reply'));
  const category = search.get('category') ?? 'all';
  const canModerate = summary.data?.can_moderate ?? canTeach(course);
  const forums = useMemo(() => summary.data?.forums ?? [], [summary.data]);
  const activityId = positiveId(category);
  const activity = activityId ? forums.find((f) => f.id === activityId) : undefined;

  const source: TopicSource =
    category === 'general'
      ? { kind: 'course', courseId: course.id, general: true }
      : activityId
        ? { kind: 'activity', activityId, courseId: course.id }
        : { kind: 'course', courseId: course.id };
  const subscription: { target: SubscriptionTarget; subscribed: boolean } | null = activity
    ? { target: { kind: 'activity', id: activity.id }, subscribed: activity.subscribed }
    : category === 'general' && summary.data
      ? { target: { kind: 'course', id: course.id }, subscribed: summary.data.general.subscribed }
      : null;
  const targets: ComposeTarget[] = [
    { key: 'general', label: t('categories.general'), source: { kind: 'course', courseId: course.id } },
    ...forums.map((f) => ({ key: `activity:${f.id}`, label: f.title, source: { kind: 'activity', activityId: f.id, courseId: course.id } as TopicSource })),
  ];
  const totalUnread = (summary.data?.general.unread_count ?? 0) + forums.reduce((sum, f) => sum + f.unread_count, 0);

  const choose = (key: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams();
        if (key !== 'all') next.set('category', key);
        if (current.get('page_size')) next.set('page_size', current.get('page_size') ?? '');
        return next;
      },
      { replace: false },
    );
  const label = (text: string, unread: number) => (
    <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{text}</span>
      {unread > 0 && <Badge count={unread} size="small" aria-label={t('categories.unread', { count: unread })} />}
    </span>
  );

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <div className="forum-layout">
        <nav className="forum-sidebar" aria-label={t('categories.label')}>
          {summary.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} title={false} />
          ) : summary.isError ? (
            <ApiErrorResult error={summary.error} onRetry={() => void summary.refetch()} />
          ) : (
            <Menu
              mode="inline"
              selectedKeys={[category]}
              onClick={({ key }) => choose(key)}
              style={{ borderInlineEnd: 0 }}
              data-testid="forum-categories"
              items={[
                { key: 'all', label: label(t('categories.all'), totalUnread) },
                { key: 'general', label: label(t('categories.general'), summary.data.general.unread_count) },
                ...(forums.length > 0
                  ? [
                      {
                        type: 'group' as const,
                        key: 'forums',
                        label: t('categories.forums'),
                        children: forums.map((f) => ({ key: String(f.id), label: label(f.title, f.unread_count) })),
                      },
                    ]
                  : []),
                ...(canModerate ? [{ type: 'divider' as const }, { key: 'reports', label: t('reports.menu') }] : []),
              ]}
            />
          )}
        </nav>
        <div className="forum-main">
          {category === 'reports' && canModerate ? (
            <ForumReports courseId={course.id} onOpenTopic={(id, reply) => hash.go(['topics', id], { reply })} />
          ) : activityId && summary.data && !activity ? (
            <Empty description={t('empty.noSuchForum')} />
          ) : (
            <ForumBoard
              key={category}
              source={source}
              courseId={course.id}
              topicId={topicId}
              replyId={replyId}
              onOpenTopic={(id) => hash.go(['topics', id])}
              onCloseTopic={() => hash.go([])}
              listState={listState}
              composeTargets={targets}
              defaultTarget={activity ? `activity:${activity.id}` : 'general'}
              groups={summary.data?.groups ?? []}
              canUploadImages={canModerate}
              backLabel={t('topic.backToForum')}
              toolbar={subscription && <SubscribeSwitch target={subscription.target} subscribed={subscription.subscribed} />}
              emptyText={t('empty.topics')}
            />
          )}
        </div>
      </div>
    </Card>
  );
}
