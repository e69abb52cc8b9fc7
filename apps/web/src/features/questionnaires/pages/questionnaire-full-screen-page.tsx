import { useEffect, useRef } from 'react';
import { App, Card, Empty, Typography } from 'antd';
import { Result } from '../../../components/result';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult, NotFoundResult } from '../../../components/status-results';
import { RequireAuth } from '../../auth/components/require-auth';
import { useActivity, useCourseContent, useRecordRead } from '../../activities/api';
import { forbiddenViewOfError, isActivityOfTarget, parseActivityHash } from '../../activities/lib/activity-rules';
import { useCourse } from '../../courses/api';
import { QuestionnaireActivity } from './questionnaire-activity';
import '../components/questionnaires.css';

/** The page's body: the activity loaded, its read recorded once, then the questionnaire full screen. */
function FullScreenQuestionnaire({ courseId, activityId }: { courseId: number; activityId: number }) {
  const { t } = useTranslation('questionnaires');
  const course = useCourse(courseId);
  const activity = useActivity(activityId);
  const content = useCourseContent(courseId);
  const recordRead = useRecordRead(courseId);
  const recorded = useRef<number | null>(null);
  const record = useRef(recordRead.mutate);
  useEffect(() => {
    record.current = recordRead.mutate;
  });
  // An activity of another course is not found here (issue 20 §13); one of another type says so below.
  const isOtherCourse = activity.data !== undefined && !isActivityOfTarget(activity.data, courseId, { activityId, view: 'activity', isScoresView: false });
  const loaded = isOtherCourse || activity.data?.type !== 'questionnaire' ? undefined : activity.data;
  useEffect(() => {
    if (!loaded || recorded.current === loaded.id) return;
    recorded.current = loaded.id;
    record.current({ id: loaded.id, body: {} });
  }, [loaded]);

  // A result in place of the questionnaire is the page: its title is the page's h1 (decision 0146).
  let body;
  if (activity.isPending) body = <PageSpinner />;
  else if (activity.isError) {
    const forbidden = forbiddenViewOfError(activity.error);
    body = forbidden ? (
      <Result status="403" title={t(`activities:${forbidden.titleKey}`)} subTitle={forbidden.time ?? undefined} pageTitle />
    ) : (
      <ApiErrorResult error={activity.error} onRetry={() => void activity.refetch()} pageTitle />
    );
  } else if (isOtherCourse) body = <NotFoundResult pageTitle />;
  else if (activity.data.type !== 'questionnaire') body = <Empty description={t('view.notAQuestionnaire')} />;
  else {
    body = (
      <QuestionnaireActivity
        activity={activity.data}
        courseId={courseId}
        isTeam={content.data ? content.data.can_edit : content.isError ? false : undefined}
        isFullScreen
      />
    );
  }
  return (
    <div className="q-full-screen">
      <header className="q-full-screen-bar">
        <Link to={`/course/${courseId}/content`}>
          <ArrowLeftOutlined /> {t('view.backToCourse')}
        </Link>
        {course.data && (
          <Typography.Text type="secondary" ellipsis className="q-full-screen-course">
            {course.data.name}
          </Typography.Text>
        )}
      </header>
      <main className="q-full-screen-main">
        <Card>{body}</Card>
      </main>
    </div>
  );
}

/**
 * `/course/{id}/learning-activity/full-screen#/questionnaire/{activityId}` (spec §2; the
 * questionnaire notification opens it): the questionnaire alone, without the site and course
 * headers, for signed-in users (a 401 goes to the login page). Any other hash opens the
 * learning-activity page with it.
 */
export function QuestionnaireFullScreenPage() {
  const { id } = useParams();
  const location = useLocation();
  const courseId = Number(id);
  if (!Number.isInteger(courseId) || courseId <= 0) return <NotFoundResult pageTitle />;
  const target = parseActivityHash(location.hash);
  if (!target || target.view !== 'questionnaire') return <Navigate to={`/course/${courseId}/learning-activity${location.hash}`} replace />;
  return (
    <App>
      <RequireAuth>
        <FullScreenQuestionnaire courseId={courseId} activityId={target.activityId} />
      </RequireAuth>
    </App>
  );
}
