import { Flex, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type Activity } from '@atrium/contracts';
import { RichHtml } from '../../activities/components/views/rich-html';
import { QuestionnairePanel } from '../components/questionnaire-panel';
import '../components/questionnaires.css';

/** `/course/{id}/learning-activity/full-screen#/questionnaire/{activityId}` (spec §2). */
export function fullScreenPath(courseId: number, activityId: number): string {
  return `/course/${courseId}/learning-activity/full-screen#/questionnaire/${activityId}`;
}

/** `/course/{id}/learning-activity#/questionnaire/{activityId}` (spec §2): the questionnaire beside the course outline. */
export function inlinePath(courseId: number, activityId: number): string {
  return `/course/${courseId}/learning-activity#/questionnaire/${activityId}`;
}

/**
 * A questionnaire activity as the learning-activity page shows it (issue 15 §5; spec §2
 * `#/questionnaire/{id}`), and as the full-screen page does: title, completion, time window and
 * description, a link to the other view (full screen, or back from it), then the questionnaire
 * (QuestionnairePanel). `isTeam` undefined: not known yet.
 */
export function QuestionnaireActivity({
  activity,
  courseId,
  isTeam,
  isFullScreen = false,
}: {
  activity: Activity;
  courseId: number;
  isTeam: boolean | undefined;
  isFullScreen?: boolean;
}) {
  const { t } = useTranslation('questionnaires');
  const { t: ta } = useTranslation('activities');
  const format = (iso: string | null) => (iso ? dayjs(iso).format(TIME_FORMAT.display) : '—');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="q-activity">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={isFullScreen ? 1 : 2} style={{ fontSize: isFullScreen ? 24 : 20, margin: 0 }} data-testid="activity-title">
          {activity.title}
        </Typography.Title>
        <Space wrap>
          <Tag>{ta('types.questionnaire')}</Tag>
          {activity.is_completed && (
            <Tag color="success" icon={<CheckCircleFilled />} data-testid="activity-completed-tag">
              {ta('status.completed')}
            </Tag>
          )}
          {isFullScreen ? (
            <Link to={inlinePath(courseId, activity.id)} data-testid="exit-full-screen">
              <FullscreenExitOutlined /> {t('view.exitFullScreen')}
            </Link>
          ) : (
            <Link to={fullScreenPath(courseId, activity.id)} data-testid="full-screen-link">
              <FullscreenOutlined /> {t('view.fullScreen')}
            </Link>
          )}
        </Space>
      </Flex>
      {(activity.start_time || activity.end_time) && (
        <Typography.Text type="secondary">{ta('view.window', { start: format(activity.start_time), end: format(activity.end_time) })}</Typography.Text>
      )}
      {activity.description && <RichHtml html={activity.description} testId="activity-description" />}
      <QuestionnairePanel activityId={activity.id} courseId={courseId} isTeam={isTeam} />
    </Space>
  );
}
