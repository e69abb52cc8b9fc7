import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { useCourseContext } from '../../courses/pages/course-page';
import { useGradebook } from '../api';
import { GradebookTable } from '../components/gradebook-table';
import { LearnerScores } from '../components/learner-scores';

/**
 * `/course/{id}/score` (spec §2; issue 16 §3): the course gradebook. The course team (the answer's
 * `can_manage`) sees every learner and graded activity with the tools to publish, weigh, categorise
 * and export; a learner sees their own published scores and total.
 */
export function CourseScorePage() {
  const { t } = useTranslation('gradebook');
  const course = useCourseContext();
  const gradebook = useGradebook(course.id);
  let body;
  if (gradebook.isPending) body = <PageSpinner minHeight={200} />;
  else if (gradebook.isError) body = <ApiErrorResult error={gradebook.error} onRetry={() => void gradebook.refetch()} />;
  else if (gradebook.data.can_manage) body = <GradebookTable courseId={course.id} gradebook={gradebook.data} />;
  else body = <LearnerScores gradebook={gradebook.data} />;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {gradebook.data && !gradebook.data.can_manage ? t('page.myTitle') : t('page.title')}
        </Typography.Title>
      }
    >
      {body}
    </Card>
  );
}
