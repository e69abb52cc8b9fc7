import { VideoCameraOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseContent } from '@atrium/contracts';
import { isMeetingType } from '../../activities/lib/activity-rules';

/** A link from the course content to `/course/{id}/live-activities` (decision 0150), shown only when the content holds a meeting or live activity. */
export function LiveActivitiesLink({ courseId, content }: { courseId: number; content: CourseContent }) {
  const { t } = useTranslation('live');
  const hasLive = content.modules.some((m) => m.activities.some((a) => isMeetingType(a.type)));
  if (!hasLive) return null;
  return (
    <Link to={`/course/${courseId}/live-activities`}>
      <VideoCameraOutlined /> {t('title')}
    </Link>
  );
}
