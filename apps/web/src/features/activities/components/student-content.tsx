import { Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActivitySummary, CourseContent } from '@atrium/contracts';
import { activityPath, forbiddenViewOf, type ForbiddenView } from '../lib/activity-rules';
import { ActivityStatus } from './activity-status';
import { useAccountTimeZone } from '../../calendar/lib/account-zone';
import { ModuleSummary } from './module-summary';
import './content.css';

/**
 * A student's view of the content: published modules (title, then the sanitised
 * summary) and activities with their own completion and the lock / not-started / ended markers; an activity that
 * may not be opened shows the access-forbidden popup instead (spec §2, §6).
 */
export function StudentContent({ courseId, content, onForbidden }: { courseId: number; content: CourseContent; onForbidden: (view: ForbiddenView) => void }) {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  const zone = useAccountTimeZone();
  const open = (activity: ActivitySummary) => {
    const view = forbiddenViewOf(activity.access, activity.start_time, activity.end_time, zone);
    if (view) onForbidden(view);
    else void navigate(activityPath(courseId, activity));
  };
  return (
    <>
      {content.modules.map((module) => (
        <Card
          key={module.id}
          size="small"
          data-testid="content-module"
          style={{ marginBottom: 12 }}
          title={
            <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
              {module.title}
            </Typography.Title>
          }
        >
          {module.summary ? <ModuleSummary html={module.summary} /> : null}
          {module.activities.length === 0 ? (
            <Typography.Text type="secondary">{t('content.emptyModule')}</Typography.Text>
          ) : (
            <ul className="content-rows">
              {module.activities.map((activity) => (
                <li key={activity.id} className="content-row" data-testid="content-activity">
                  <span className="content-row-main">
                    <span className="content-chip">{t(`types.${activity.type}`)}</span>
                    <button
                      type="button"
                      className={`content-link-button${activity.access !== 'open' ? ' is-unavailable' : ''}`}
                      onClick={() => open(activity)}
                    >
                      {activity.title}
                    </button>
                    <ActivityStatus activity={activity} showCompletion />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ))}
    </>
  );
}
