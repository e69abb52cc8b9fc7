import { Card, Empty, Segmented, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiErrorResult } from '../../../components/status-results';
import { canTeach } from '../../courses/lib/course-display';
import { useCourseContext } from '../../courses/pages/course-page';
import { useForumSummary } from '../api';
import { ForumBoard } from '../components/forum-board';
import { useUrlListState } from '../components/topic-list';
import { positiveId } from '../lib/forum-hash';
import { useHashRoute } from '../lib/use-hash-route';

/**
 * Group topics (spec §2 `/course/{id}/group-set#/topics/{topicId}?groupId={g}`; issue 18 §2): the
 * topics of one group of the course, seen by its members and the team only; without a topic id the
 * group's list (`#/topics?groupId={g}`), with a switch between the reader's groups.
 */
export function GroupSetPage() {
  const { t } = useTranslation('forum');
  const course = useCourseContext();
  const summary = useForumSummary(course.id);
  const hash = useHashRoute();
  const listState = useUrlListState();
  const groups = summary.data?.groups ?? [];
  const groupId = positiveId(hash.params.get('groupId')) ?? groups[0]?.id ?? null;
  const topicId = hash.segments[0] === 'topics' ? positiveId(hash.segments[1]) : null;
  const group = groups.find((g) => g.id === groupId);

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {group ? t('groups.titleOf', { name: group.name }) : t('groups.title')}
      </Typography.Title>
      {summary.isPending ? (
        <Skeleton active />
      ) : summary.isError ? (
        <ApiErrorResult error={summary.error} onRetry={() => void summary.refetch()} />
      ) : groupId === null ? (
        <Empty description={t('groups.none')} />
      ) : (
        <>
          {groups.length > 1 && topicId === null && (
            <Segmented
              aria-label={t('groups.choose')}
              value={groupId}
              onChange={(g) => hash.go(['topics'], { groupId: g })}
              options={groups.map((g) => ({ value: g.id, label: g.name }))}
              style={{ marginBottom: 16 }}
            />
          )}
          <ForumBoard
            key={groupId}
            source={{ kind: 'course', courseId: course.id, groupId }}
            courseId={course.id}
            topicId={topicId}
            replyId={positiveId(hash.params.get('reply'))}
            onOpenTopic={(id) => hash.go(['topics', id], { groupId })}
            onCloseTopic={() => hash.go(['topics'], { groupId })}
            listState={listState}
            groups={group ? [group] : [{ id: groupId, name: t('groups.unnamed', { id: groupId }) }]}
            defaultGroupId={groupId}
            canUploadImages={summary.data.can_moderate || canTeach(course)}
            showGroup={false}
            emptyText={t('empty.groupTopics')}
            backLabel={t('groups.back')}
          />
        </>
      )}
    </Card>
  );
}
