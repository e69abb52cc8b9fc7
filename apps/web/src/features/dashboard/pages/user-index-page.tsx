import { useMemo } from 'react';
import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiErrorResult } from '../../../components/status-results';
import { useCurrentUser } from '../../auth/api';
import { useOrg } from '../../calendar/api';
import { accountTimeZone } from '../../calendar/lib/account-zone';
import { CourseActions } from '../../courses/components/course-actions';
import { InviteConfirmPopup } from '../../courses/components/invite-confirm-popup';
import { useDashboard } from '../api';
import { BulletinsCard, DeadlinesCard, NotificationsCard, RecentCoursesCard, TodayCard } from '../components/dashboard-cards';
import { todayWindow } from '../lib/today';

/**
 * `/user/index` (issue 19 §5; spec §2): what to do today. Today's timetable (midnight to midnight
 * in my account's time zone), exams and homework due within 7 days, my recent courses with my
 * completeness, my unread notifications and the newest bulletins, from one call
 * (`GET /api/user/dashboard`). Each card shows its own skeleton and empty text; a failed load
 * shows the error with a retry.
 */
export function UserIndexPage() {
  const { t } = useTranslation('courses');
  const me = useCurrentUser();
  const org = useOrg();
  // Wait for the zone the calendar uses (mine, else my organisation's) so "today" is asked for once.
  const isZoneKnown = me.data !== undefined && (me.data.time_zone !== null || org.data !== undefined || org.isError);
  const zone = accountTimeZone(me.data, org.data);
  const window = useMemo(() => todayWindow(zone), [zone]);
  const dashboard = useDashboard(window, isZoneKnown);
  const user = me.data;
  const loading = !isZoneKnown || dashboard.isPending;
  const cards = { data: dashboard.data, loading };

  return (
    <section>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
            {t('home.welcome', { name: user?.name ?? '' })}
          </Typography.Title>
          {user && <Typography.Text type="secondary">{user.department ? `${user.org.name} · ${user.department.name}` : user.org.name}</Typography.Text>}
        </div>
        <CourseActions />
      </Flex>
      {dashboard.isError ? (
        <ApiErrorResult error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <TodayCard {...cards} zone={zone} />
          </Col>
          <Col xs={24} lg={12}>
            <DeadlinesCard {...cards} zone={zone} />
          </Col>
          <Col xs={24} lg={12}>
            <RecentCoursesCard {...cards} />
          </Col>
          <Col xs={24} lg={12}>
            <NotificationsCard {...cards} />
          </Col>
          <Col xs={24}>
            <BulletinsCard {...cards} zone={zone} />
          </Col>
        </Row>
      )}
      <InviteConfirmPopup />
    </section>
  );
}
