import { CheckCircleFilled, ClockCircleOutlined, LockOutlined, MinusCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type ActivitySummary } from '@atrium/contracts';
import { formatInZone } from '../../../lib/zone-format';
import { useAccountTimeZone } from '../../calendar/lib/account-zone';
import './content.css';

/** A not-started or ended marker's text, its time in the account's zone as the calendar shows it (only these rows ask for the zone). */
function TimedMarker({ textKey, iso }: { textKey: 'status.notStarted' | 'status.ended'; iso: string | null }) {
  const { t } = useTranslation('activities');
  const zone = useAccountTimeZone();
  return <>{t(textKey, { time: iso ? formatInZone(iso, zone, TIME_FORMAT.accessForbidden) : '' })}</>;
}

/** Markers of one activity for the requester: completed, locked, not started, ended, unpublished (plain elements: 600 rows draw quickly). */
export function ActivityStatus({ activity, showCompletion }: { activity: ActivitySummary; showCompletion: boolean }) {
  const { t } = useTranslation('activities');
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
          <ClockCircleOutlined aria-hidden /> <TimedMarker textKey="status.notStarted" iso={activity.start_time} />
        </span>
      )}
      {activity.access === 'ended' && (
        <span className="content-chip">
          <StopOutlined aria-hidden /> <TimedMarker textKey="status.ended" iso={activity.end_time} />
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
