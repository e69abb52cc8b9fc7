import { Alert, Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type LiveActivity } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { formatInZone } from '../../../lib/zone-format';
import { LearningActivityPage } from '../../activities/pages/learning-activity-page';
import { parseActivityHash } from '../../activities/lib/activity-rules';
import { useAccountTimeZone } from '../../calendar/lib/account-zone';
import { useCourseContext } from '../../courses/pages/course-page';
import { useLiveActivities } from '../api';
import { liveDetailPath, STATUS_COLORS } from '../lib/live';

/** One row of the list: title (a link to the detail), type, provider, window and status. */
function LiveRow({ courseId, item, zone }: { courseId: number; item: LiveActivity; zone: string }) {
  const { t } = useTranslation(['live', 'activities']);
  const format = (iso: string | null) => (iso ? formatInZone(iso, zone, TIME_FORMAT.display) : t('noTime'));
  return (
    <List.Item
      data-testid={`live-item-${item.id}`}
      actions={[
        <Tag key="status" color={STATUS_COLORS[item.status]}>
          {t(`status.${item.status}`)}
        </Tag>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space wrap>
            <Link to={liveDetailPath(courseId, item.id)}>{item.title}</Link>
            <Tag>{t(`activities:types.${item.type}`)}</Tag>
            {!item.is_published && <Tag color="orange">{t('unpublished')}</Tag>}
          </Space>
        }
        description={
          <Space wrap split="·">
            <span>{item.provider}</span>
            <span>{t('window', { start: format(item.start_time), end: format(item.end_time) })}</span>
            {item.replay_count > 0 && <span>{t('replayCount', { count: item.replay_count })}</span>}
          </Space>
        }
      />
    </List.Item>
  );
}

/**
 * `/course/{id}/live-activities` (spec §2; issue 24 item 1; decision 0150): the course's meeting and
 * live activities by start with their status (upcoming, live, ended), provider, times in the
 * account's zone and replays; `#/{id}/detail` opens one (the learning-activity page with its
 * outline, access popup and read record, showing the live detail).
 */
export function LiveActivitiesPage() {
  const { t } = useTranslation('live');
  const course = useCourseContext();
  const location = useLocation();
  const zone = useAccountTimeZone();
  const target = parseActivityHash(location.hash);
  const list = useLiveActivities(course.id);
  if (target) return <LearningActivityPage />;

  let body;
  if (list.isPending) body = <PageSpinner minHeight={160} />;
  else if (list.isError)
    body = <Alert type="error" showIcon message={t('loadError')} action={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>} />;
  else if (list.data.items.length === 0) body = <Empty description={t('empty')} />;
  else body = <List itemLayout="horizontal" dataSource={list.data.items} renderItem={(item) => <LiveRow courseId={course.id} item={item} zone={zone} />} />;

  return (
    <Card>
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      {body}
    </Card>
  );
}
