import { useLocation, useNavigate } from 'react-router';
import type { Activity } from '@atrium/contracts';
import { ForumBoard, SubscribeSwitch } from './forum-board';
import { useLocalListState } from './topic-list';
import { positiveId } from '../lib/forum-hash';
import { useForumSummary } from '../api';

/**
 * A forum activity inside the learning-activity page (spec §2 activity type `forum`): its topics and,
 * with `?topic={id}` (and `&reply={r}`), one topic — the hash stays the activity's (`#/{activityId}`).
 */
export function ForumActivityView({ activity }: { activity: Pick<Activity, 'id' | 'course_id'> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const listState = useLocalListState();
  const summary = useForumSummary(activity.course_id);
  const forum = summary.data?.forums.find((f) => f.id === activity.id);
  // The hash names the activity (`#/{activityId}`): it stays as it is.
  const go = (topic: number | null) => {
    const next = new URLSearchParams(location.search);
    next.delete('reply');
    if (topic) next.set('topic', String(topic));
    else next.delete('topic');
    const query = next.toString();
    void navigate({ pathname: location.pathname, search: query ? `?${query}` : '', hash: location.hash }, { preventScrollReset: true });
  };
  return (
    <ForumBoard
      source={{ kind: 'activity', activityId: activity.id, courseId: activity.course_id }}
      courseId={activity.course_id}
      topicId={positiveId(search.get('topic'))}
      replyId={positiveId(search.get('reply'))}
      onOpenTopic={go}
      onCloseTopic={() => go(null)}
      listState={listState}
      groups={summary.data?.groups}
      canUploadImages={summary.data?.can_moderate}
      toolbar={forum && <SubscribeSwitch target={{ kind: 'activity', id: forum.id }} subscribed={forum.subscribed} />}
    />
  );
}
