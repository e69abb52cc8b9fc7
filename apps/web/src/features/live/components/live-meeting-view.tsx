import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, List, Space, Tag, Typography } from 'antd';
import { PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type Activity } from '@atrium/contracts';
import { LiveAnnouncement } from '../../../components/live-announcement';
import { ApiError } from '../../../lib/api-client';
import { formatInZone } from '../../../lib/zone-format';
import { activityKeys, useCourseContent } from '../../activities/api';
import { useAccountTimeZone } from '../../calendar/lib/account-zone';
import { useJoinLive } from '../api';
import { countdown, replaysOf, statusAt, STATUS_COLORS, windowOf } from '../lib/live';
import { LiveAttendanceTable } from './live-attendance-table';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The message of a refused join: the window's codes by name, else the server's message. */
function joinErrorKey(error: unknown): 'join.notStarted' | 'join.ended' | 'join.failed' {
  if (error instanceof ApiError && error.code === 'LIVE_NOT_STARTED') return 'join.notStarted';
  if (error instanceof ApiError && error.code === 'LIVE_ENDED') return 'join.ended';
  return 'join.failed';
}

/**
 * A meeting or live activity's detail (spec §2 `/course/{id}/live-activities#/{id}/detail`; decisions
 * 0070, 0150): provider, schedule and status; the Join button asks the server for the address
 * (`POST /api/activities/{id}/join`, which records a learner's attendance) and opens it in a new tab,
 * with the address shown as a link too should the browser block the tab. Before the window a
 * countdown and "available from"; once the window opens on this page the activity is read again.
 * Replays (after the meeting, for learners) as links; for the course team the attendance table.
 */
export function LiveMeetingView({ activity }: { activity: Activity }) {
  const { t } = useTranslation(['live', 'activities']);
  const queryClient = useQueryClient();
  const zone = useAccountTimeZone();
  const content = useCourseContent(activity.course_id);
  const isTeam = content.data?.can_edit === true;
  const join = useJoinLive(activity.course_id);
  const window_ = windowOf(activity);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const status = statusAt(window_, now);
  const withheld = str(activity.data.join_withheld);
  const url = str(activity.data.join_url);
  // The window opened since the activity was read: read it again so the server's answer follows.
  useEffect(() => {
    if (status === 'live' && !url && withheld === 'not_started') void queryClient.invalidateQueries({ queryKey: activityKeys.detail(activity.id) });
  }, [status, url, withheld, now, activity.id, queryClient]);
  const format = (iso: string | null) => (iso ? formatInZone(iso, zone, TIME_FORMAT.display) : t('noTime'));
  const replays = replaysOf(activity.data);
  const canJoin = isTeam || (status === 'live' && withheld === '');
  const left = window_.start && status === 'upcoming' ? countdown(window_.start, now) : null;

  const onJoin = () => {
    join.mutate(activity.id, {
      onSuccess: (answer) => {
        window.open(answer.join_url, '_blank', 'noopener,noreferrer');
      },
    });
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'provider', label: t('provider'), children: str(activity.data.provider) || t(`activities:types.${activity.type}`) },
          { key: 'start', label: t('start'), children: format(window_.start) },
          { key: 'end', label: t('end'), children: format(window_.end) },
          {
            key: 'status',
            label: t('statusLabel'),
            children: (
              <Tag color={STATUS_COLORS[status]} data-testid="live-status">
                {t(`status.${status}`)}
              </Tag>
            ),
          },
        ]}
      />
      <Space direction="vertical">
        <Button type="primary" icon={<VideoCameraOutlined />} disabled={!canJoin} loading={join.isPending} onClick={onJoin}>
          {t('join.button')}
        </Button>
        {!canJoin && status === 'upcoming' && (
          <Typography.Text type="secondary" data-testid="live-available-from">
            {t('join.availableFrom', { time: format(window_.start) })}
            {left && ` · ${t('join.countdown', left)}`}
          </Typography.Text>
        )}
        {!canJoin && status !== 'upcoming' && <Typography.Text type="secondary">{t('join.over')}</Typography.Text>}
        {join.isSuccess && (
          <Typography.Text>
            {t('join.opened')}{' '}
            <a href={join.data.join_url} target="_blank" rel="noopener noreferrer">
              {t('join.openAgain')}
            </a>
          </Typography.Text>
        )}
        {join.isError && <Alert type="error" showIcon message={t(joinErrorKey(join.error))} />}
        <LiveAnnouncement text={join.isSuccess ? t('join.opened') : join.isError ? t(joinErrorKey(join.error)) : ''} />
      </Space>
      <section aria-labelledby={`live-replays-${activity.id}`}>
        <Typography.Title level={3} id={`live-replays-${activity.id}`} style={{ fontSize: 16 }}>
          {t('replays.title')}
        </Typography.Title>
        {replays.length > 0 ? (
          <List
            size="small"
            dataSource={replays}
            renderItem={(replay) => (
              <List.Item>
                <a href={replay.url} target="_blank" rel="noopener noreferrer">
                  <PlayCircleOutlined /> {replay.title}
                </a>
              </List.Item>
            )}
          />
        ) : (
          <Typography.Text type="secondary">{status === 'ended' ? t('replays.none') : t('replays.later')}</Typography.Text>
        )}
      </section>
      {isTeam && <LiveAttendanceTable activityId={activity.id} />}
    </Space>
  );
}
