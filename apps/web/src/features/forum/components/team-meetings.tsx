import { useMemo, useState } from 'react';
import { Button, Descriptions, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { LeftOutlined, LinkOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Meeting } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useCalendarLists } from '../../calendar/api';
import { formatInZone, useUserZone } from '../../gradebook/hooks/use-user-zone';
import { isOpenableLink } from '../../activities/lib/activity-rules';

const DAY = 86_400_000;
/** The calendar API answers windows of at most 62 days: 60 days a page, starting a week back. */
const WINDOW_DAYS = 60;

const OFF = { timetable: false, event: false, cloudClassroom: false };

/**
 * The teaching team's meetings of one course (spec §2 `/course/{id}/teaching-team#/meeting/{id}`):
 * the course's meetings and instruction-team meetings from the calendar API, a window of 60 days
 * at a time (earlier / later), and the chosen meeting's details.
 */
export function TeamMeetings({ courseId, meetingId, onOpen }: { courseId: number; meetingId: number | null; onOpen: (id: number | null) => void }) {
  const { t } = useTranslation('forum');
  const zone = useUserZone();
  const [offset, setOffset] = useState(0);
  const [today] = useState(() => Math.floor(Date.now() / DAY) * DAY);
  const range = useMemo(() => {
    const start = new Date(today - 7 * DAY + offset * WINDOW_DAYS * DAY);
    return { start: start.toISOString(), end: new Date(start.getTime() + WINDOW_DAYS * DAY).toISOString() };
  }, [offset, today]);
  const { meetings, instruction } = useCalendarLists(range, { ...OFF, meeting: true, instructionMeeting: true });
  const isPending = meetings.isPending || instruction.isPending;
  const error = meetings.error ?? instruction.error;
  const list = useMemo(() => {
    const byId = new Map<number, Meeting>();
    for (const m of [...(meetings.data?.meetings ?? []), ...(instruction.data?.meetings ?? [])]) if (m.course_id === courseId) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  }, [meetings.data, instruction.data, courseId]);
  const chosen = meetingId ? list.find((m) => m.id === meetingId) : undefined;
  const when = (m: Meeting) => `${formatInZone(m.start_time, zone, 'YYYY-MM-DD HH:mm')} – ${formatInZone(m.end_time, zone, 'HH:mm')}`;

  return (
    <div className="forum-layout">
      <section className="forum-main" aria-label={t('meetings.list')}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Button icon={<LeftOutlined aria-hidden />} onClick={() => setOffset((o) => o - 1)}>
            {t('meetings.earlier')}
          </Button>
          <Typography.Text type="secondary">
            {formatInZone(range.start, zone, 'YYYY-MM-DD')} – {formatInZone(range.end, zone, 'YYYY-MM-DD')}
          </Typography.Text>
          <Button onClick={() => setOffset((o) => o + 1)}>
            {t('meetings.later')} <RightOutlined aria-hidden />
          </Button>
        </Flex>
        {isPending ? (
          <Skeleton active />
        ) : error ? (
          <ApiErrorResult
            error={error}
            onRetry={() => {
              void meetings.refetch();
              void instruction.refetch();
            }}
          />
        ) : list.length === 0 ? (
          <Empty description={t('meetings.none')} />
        ) : (
          <List
            dataSource={list}
            rowKey="id"
            data-testid="team-meetings"
            renderItem={(m) => (
              <List.Item style={{ background: m.id === meetingId ? '#f0f7ff' : undefined, paddingInline: 8 }}>
                <Flex vertical gap={2}>
                  <Button
                    type="link"
                    style={{ padding: 0, height: 'auto', textAlign: 'left' }}
                    onClick={() => onOpen(m.id)}
                    aria-current={m.id === meetingId || undefined}
                  >
                    {m.title}
                  </Button>
                  <Typography.Text type="secondary">
                    {when(m)} {m.is_ended ? <Tag>{t('meetings.ended')}</Tag> : m.is_started ? <Tag color="green">{t('meetings.now')}</Tag> : null}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </section>
      {meetingId !== null && (
        <aside style={{ flex: '0 0 340px' }} aria-label={t('meetings.details')} data-testid="team-meeting-detail">
          {chosen ? (
            <>
              <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
                {chosen.title}
              </Typography.Title>
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'time', label: t('meetings.time'), children: when(chosen) },
                  { key: 'host', label: t('meetings.host'), children: chosen.data.host_user.name },
                  { key: 'room', label: t('meetings.room'), children: chosen.room || '—' },
                  { key: 'people', label: t('meetings.participants'), children: chosen.participants.map((p) => p.name).join(', ') || '—' },
                  { key: 'about', label: t('meetings.description'), children: chosen.data.description || '—' },
                ]}
              />
              {chosen.data.join_url && isOpenableLink(chosen.data.join_url) && !chosen.is_ended && (
                <Button
                  type="primary"
                  icon={<LinkOutlined aria-hidden />}
                  href={chosen.data.join_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{ marginTop: 12 }}
                >
                  {t('meetings.join')}
                </Button>
              )}
              <Button type="link" onClick={() => onOpen(null)} style={{ display: 'block', paddingLeft: 0, marginTop: 8 }}>
                {t('meetings.closeDetails')}
              </Button>
            </>
          ) : isPending ? (
            <Skeleton active />
          ) : (
            <Empty description={t('meetings.notInWindow')} />
          )}
        </aside>
      )}
    </div>
  );
}
