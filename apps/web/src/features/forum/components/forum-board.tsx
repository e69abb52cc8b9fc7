import { useState, type ReactNode } from 'react';
import { Button, Switch, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast';
import { useSubscription, type SubscriptionTarget, type TopicSource } from '../api';
import type { ComposeTarget } from './topic-compose-drawer';
import { lazyNamed } from '../../../lib/lazy-named';
import { MountWhenOpened } from '../../../components/mount-when-opened';
import { TopicList, type ListState } from './topic-list';
import { TopicView } from './topic-view';

/** The new-topic drawer (editor, target and group pickers) loads when a topic is first composed. */
const TopicComposeDrawer = lazyNamed(() => import('./topic-compose-drawer'), 'TopicComposeDrawer');

/** "Follow this forum": new topics here reach me as notifications. */
export function SubscribeSwitch({ target, subscribed }: { target: SubscriptionTarget; subscribed: boolean }) {
  const { t } = useTranslation('forum');
  const toast = useToast();
  const subscription = useSubscription();
  return (
    <Tooltip title={t('subscription.forumHelp')}>
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <Switch
          size="small"
          checked={subscribed}
          loading={subscription.isPending}
          aria-label={t('subscription.forum')}
          onChange={(checked) =>
            subscription.mutate(
              { target, subscribed: checked },
              {
                onSuccess: () => toast.success(checked ? t('subscription.on') : t('subscription.off')),
                onError: (error) => toast.error(error, t('errors.subscribe')),
              },
            )
          }
        />
        <span aria-hidden>{t('subscription.forum')}</span>
      </span>
    </Tooltip>
  );
}

/**
 * A forum space: its topic list, or (with `topicId`) one topic; "New topic" opens the compose
 * drawer. Where the open topic lives in the address is the page's choice (`onOpenTopic`,
 * `onCloseTopic`): the hash on the forum pages, the query inside the learning-activity page.
 */
export function ForumBoard({
  source,
  courseId,
  topicId,
  replyId,
  onOpenTopic,
  onCloseTopic,
  listState,
  toolbar,
  composeTargets,
  defaultTarget,
  groups,
  defaultGroupId,
  canCompose = true,
  canUploadImages,
  showGroup,
  emptyText,
  backLabel,
}: {
  source: TopicSource;
  courseId: number;
  topicId: number | null;
  replyId?: number | null;
  onOpenTopic: (topicId: number) => void;
  onCloseTopic: () => void;
  listState: ListState;
  toolbar?: ReactNode;
  composeTargets?: ComposeTarget[];
  defaultTarget?: string;
  groups?: { id: number; name: string }[];
  defaultGroupId?: number | null;
  canCompose?: boolean;
  canUploadImages?: boolean;
  showGroup?: boolean;
  emptyText?: string;
  backLabel?: string;
}) {
  const { t } = useTranslation('forum');
  const [isComposing, setComposing] = useState(false);
  const targets = composeTargets ?? [{ key: 'here', label: '', source }];

  if (topicId !== null)
    return (
      <TopicView
        key={topicId}
        topicId={topicId}
        courseId={courseId}
        replyId={replyId ?? null}
        onBack={onCloseTopic}
        backLabel={backLabel}
        onDeleted={onCloseTopic}
      />
    );

  return (
    <>
      <TopicList
        source={source}
        state={listState}
        onOpen={(topic) => onOpenTopic(topic.id)}
        showGroup={showGroup}
        emptyText={emptyText}
        toolbar={
          <>
            {toolbar}
            {canCompose && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setComposing(true)}>
                {t('actions.newTopic')}
              </Button>
            )}
          </>
        }
      />
      {canCompose && (
        <MountWhenOpened open={isComposing}>
          <TopicComposeDrawer
            open={isComposing}
            courseId={courseId}
            targets={targets}
            defaultTarget={defaultTarget ?? targets[0]?.key ?? 'here'}
            groups={groups}
            defaultGroupId={defaultGroupId}
            canUploadImages={canUploadImages}
            onClose={() => setComposing(false)}
            onCreated={(topic) => onOpenTopic(topic.id)}
          />
        </MountWhenOpened>
      )}
    </>
  );
}
