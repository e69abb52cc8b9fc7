import type { ReactNode } from 'react';
import { Badge, Card, Empty, Flex, List, Progress, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@atrium/contracts';
import { NotificationItem } from '../../notifications/components/notification-item';
import { useOpenNotification } from '../../notifications/hooks/use-open-notification';
import { formatInZone } from '../lib/today';

/** A home page card: its title and link, a skeleton while loading, its list or its empty text. */
function HomeCard({ title, extra, loading, testId, children }: { title: ReactNode; extra?: ReactNode; loading: boolean; testId: string; children: ReactNode }) {
  return (
    <Card title={title} extra={extra} loading={loading} data-testid={testId} style={{ height: '100%' }}>
      {children}
    </Card>
  );
}

/** Today's timetable: lessons of my courses' timetables and my calendar events, all-day first, then by start (times in my zone). */
export function TodayCard({ data, loading, zone }: { data: Dashboard | undefined; loading: boolean; zone: string }) {
  const { t } = useTranslation('courses');
  const lessons = data?.today.lessons ?? [];
  return (
    <HomeCard title={t('home.today.title')} extra={<Link to="/user/calendar">{t('home.today.calendar')}</Link>} loading={loading} testId="home-today">
      {lessons.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.today.empty')} />
      ) : (
        <List
          size="small"
          dataSource={lessons}
          rowKey={(l) => `${l.kind}-${l.id}-${l.start_time}`}
          renderItem={(l) => (
            <List.Item>
              <Flex gap={8} align="baseline" wrap style={{ width: '100%' }}>
                <Typography.Text strong style={{ minWidth: 96 }}>
                  {l.all_day ? t('home.today.allDay') : `${formatInZone(l.start_time, zone, 'time')}–${formatInZone(l.end_time, zone, 'time')}`}
                </Typography.Text>
                <Badge color={l.color ?? undefined} />
                {l.course_id !== null ? <Link to={`/course/${l.course_id}`}>{l.title}</Link> : <span>{l.title}</span>}
                <Tag>{t(l.kind === 'timetable' ? 'home.today.lesson' : 'home.today.event')}</Tag>
                {l.location && <Typography.Text type="secondary">{l.location}</Typography.Text>}
              </Flex>
            </List.Item>
          )}
        />
      )}
    </HomeCard>
  );
}

/** Exams and homework due within 7 days that I have not handed in, soonest first, each linking to its activity. */
export function DeadlinesCard({ data, loading, zone }: { data: Dashboard | undefined; loading: boolean; zone: string }) {
  const { t } = useTranslation('courses');
  const items = data?.deadlines.items ?? [];
  return (
    <HomeCard title={t('home.deadlines.title')} loading={loading} testId="home-deadlines">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.deadlines.empty')} />
      ) : (
        <List
          size="small"
          dataSource={items}
          rowKey="activity_id"
          renderItem={(d) => (
            <List.Item>
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Flex gap={8} align="baseline" wrap>
                  <Tag color={d.type === 'exam' ? 'volcano' : 'blue'}>{t(`home.deadlines.types.${d.type}`)}</Tag>
                  <Link to={d.url}>{d.title}</Link>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {d.course_name} · {t('home.deadlines.due', { time: formatInZone(d.end_time, zone, 'datetime') })}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </HomeCard>
  );
}

/** My courses, the one I studied last first, with my study completeness (spec §3) where I am a student. */
export function RecentCoursesCard({ data, loading }: { data: Dashboard | undefined; loading: boolean }) {
  const { t } = useTranslation('courses');
  const courses = data?.recent_courses ?? [];
  return (
    <HomeCard title={t('home.recent.title')} extra={<Link to="/user/courses">{t('home.allCourses')}</Link>} loading={loading} testId="home-courses">
      {courses.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />
      ) : (
        <List
          size="small"
          dataSource={courses}
          rowKey="id"
          renderItem={(c) => (
            <List.Item>
              <Flex vertical gap={2} style={{ width: '100%' }}>
                <Flex justify="space-between" gap={8}>
                  <Link to={`/course/${c.id}`}>{c.name}</Link>
                  {c.study_completeness === null && <Tag color="gold">{t('home.recent.teaching')}</Tag>}
                </Flex>
                {c.study_completeness !== null && (
                  <Progress percent={c.study_completeness} size="small" aria-label={t('home.recent.completeness', { name: c.name })} />
                )}
                {c.last_activity && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('home.recent.lastActivity', { title: c.last_activity.title })}
                  </Typography.Text>
                )}
              </Flex>
            </List.Item>
          )}
        />
      )}
    </HomeCard>
  );
}

/** My unread notifications: how many, and the newest few (opening one marks it read and goes to its page). */
export function NotificationsCard({ data, loading }: { data: Dashboard | undefined; loading: boolean }) {
  const { t } = useTranslation('courses');
  const open = useOpenNotification();
  const unread = data?.notifications.unread_count ?? 0;
  return (
    <HomeCard
      title={
        <Flex gap={8} align="center">
          {t('home.notifications.title')}
          {/* The count is read out by the line below it ("3 unread notifications"); aria-label is not allowed on the badge's plain span. */}
          <Badge count={unread} overflowCount={99} aria-hidden />
        </Flex>
      }
      extra={<Link to="/user/notifications">{t('home.notifications.all')}</Link>}
      loading={loading}
      testId="home-notifications"
    >
      {unread === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.notifications.empty')} />
      ) : (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('home.notifications.unread', { count: unread })}</Typography.Text>
          {data?.notifications.latest.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={open} />
          ))}
        </Flex>
      )}
    </HomeCard>
  );
}

/** The newest bulletins of my organisation and my courses; unread ones bold. */
export function BulletinsCard({ data, loading, zone }: { data: Dashboard | undefined; loading: boolean; zone: string }) {
  const { t } = useTranslation('courses');
  const bulletins = data?.bulletins ?? [];
  return (
    <HomeCard
      title={t('home.bulletins.title')}
      extra={<Link to="/bulletin-list/?type=org">{t('home.bulletins.all')}</Link>}
      loading={loading}
      testId="home-bulletins"
    >
      {bulletins.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.bulletins.empty')} />
      ) : (
        <List
          size="small"
          dataSource={bulletins}
          rowKey="id"
          renderItem={(b) => (
            <List.Item>
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Flex gap={8} align="baseline">
                  <Tag>{b.type === 'org' ? t('home.bulletins.org') : (b.course_name ?? t('home.bulletins.course'))}</Tag>
                  <Link to={b.url} style={{ fontWeight: b.is_read ? undefined : 600 }}>
                    {b.title}
                  </Link>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatInZone(b.publish_at, zone, 'datetime')}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </HomeCard>
  );
}
