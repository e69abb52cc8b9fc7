import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ForbiddenResult } from '../../../components/status-results';
import { canTeach } from '../../courses/lib/course-display';
import { useCourseContext } from '../../courses/pages/course-page';
import { ForumBoard } from '../components/forum-board';
import { TeamMeetings } from '../components/team-meetings';
import { useUrlListState } from '../components/topic-list';
import { positiveId } from '../lib/forum-hash';
import { useHashRoute } from '../lib/use-hash-route';

/**
 * The teaching team's space (spec §2 `/course/{id}/teaching-team#/forum/{id}` and `#/meeting/{id}`;
 * issue 18 §3): for the course team only — its own forum (`#/forum/{topicId}` opens a topic) and
 * the team's meetings from the calendar (`#/meeting/{id}` shows one).
 */
export function TeachingTeamPage() {
  const { t } = useTranslation('forum');
  const course = useCourseContext();
  const hash = useHashRoute();
  const listState = useUrlListState();
  if (!canTeach(course)) return <ForbiddenResult title={t('team.forbidden')} />;
  const [section, id] = hash.segments;
  const tab = section === 'meeting' || section === 'meetings' ? 'meetings' : 'forum';
  const topicId = tab === 'forum' ? positiveId(id) : null;
  const meetingId = tab === 'meetings' ? positiveId(id) : null;

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('team.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('team.help')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => hash.go([key === 'meetings' ? 'meeting' : 'forum'])}
        items={[
          {
            key: 'forum',
            label: t('team.forum'),
            children: (
              <ForumBoard
                source={{ kind: 'team', courseId: course.id }}
                courseId={course.id}
                topicId={topicId}
                replyId={positiveId(hash.params.get('reply'))}
                onOpenTopic={(topic) => hash.go(['forum', topic])}
                onCloseTopic={() => hash.go(['forum'])}
                listState={listState}
                canUploadImages
                showGroup={false}
                emptyText={t('empty.teamTopics')}
                backLabel={t('team.back')}
              />
            ),
          },
          {
            key: 'meetings',
            label: t('team.meetings'),
            children: <TeamMeetings courseId={course.id} meetingId={meetingId} onOpen={(mid) => hash.go(mid ? ['meeting', mid] : ['meeting'])} />,
          },
        ]}
      />
    </Card>
  );
}
