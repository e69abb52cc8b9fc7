import { CheckCircleFilled, ClockCircleOutlined, LockOutlined, MinusCircleOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type ActivitySummary } from '@atrium/contracts';
import './content.css';

/** Markers of one activity for the requester: completed, locked, not started, ended, unpublished (plain elements: 600 rows draw quickly). */
export function ActivityStatus({ activity, showCompletion }: { activity: ActivitySummary; showCompletion: boolean }) {
  const { t } = useTranslation('activities');
  const time = (iso: string | null) => (iso ? dayjs(iso).format(TIME_FORMAT.accessForbidden) : '');
  return (
    <>
      {!activity.is_published && <span className="content-chip">{t('status.unpublished')}</span>}
      {activity.access === 'locked' && (
        <span className="content-chip is-warning" data-testid="activity-locked">
          <LockOutlined aria-hidden /> {t('status.locked')}
        </span>
      )}
      {activity.access === 'not_started' && (
        <span className="content-chip is-info">
          <ClockCircleOutlined aria-hidden /> {t('status.notStarted', { time: time(activity.start_time) })}
        </span>
      )}
      {activity.access === 'ended' && (
        <span className="content-chip">
          <StopOutlined aria-hidden /> {t('status.ended', { time: time(activity.end_time) })}
        </span>
      )}
      {showCompletion &&
        (activity.is_completed ? (
          <span className="content-chip is-success" data-testid="activity-completed">
            <CheckCircleFilled aria-hidden /> {t('status.completed')}
          </span>
        ) : (
          <span className="content-chip" data-testid="activity-not-completed">
            <MinusCircleOutlined aria-hidden /> {t('status.notCompleted')}
          </span>
        ))}
    </>
  );
}
