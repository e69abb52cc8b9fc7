import type { StudyCompleteness } from '@atrium/contracts';
import { useActivity } from '../features/activities/api';

/** A learner's `GET /api/courses/{id}/study-completeness` at `percent` (0..100), `lastActivity` last opened, the completion popup not seen yet. */
export function studyCompletenessOf(percent: number, lastActivity: { id: number; title: string }): StudyCompleteness {
  return {
    last_activity: lastActivity,
    study_completeness: percent,
    last_update_completeness_time: '2030-01-01T10:00:00.000Z',
    can_view: true,
    forbidden_reason: null,
    start_time: null,
    end_time: null,
    completion_popup_seen: false,
  };
}

/** What the learning-activity page shows of the activity it read (`useActivity`): its completed tag, `activity-completed-tag`. */
export function CompletedTag({ activityId }: { activityId: number }) {
  const activity = useActivity(activityId);
  return activity.data?.is_completed ? <span data-testid="activity-completed-tag">Completed</span> : null;
}
