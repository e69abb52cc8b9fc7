import { App, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult, NotFoundResult } from '../../../components/status-results';
import { RequireAuth } from '../../auth/components/require-auth';
import { useInclassOverview } from '../api';
import { LearnerRoom } from '../components/learner-room';
import { TeamRoom } from '../components/team-room';
import '../components/inclass.css';

function Room({ courseId }: { courseId: number }) {
  const { t } = useTranslation('inclass');
  const [params] = useSearchParams();
  const overview = useInclassOverview(courseId, true);
  const code = params.get('code');
  const activity = Number(params.get('activity'));
  let body;
  if (overview.isPending) body = <PageSpinner minHeight="40vh" />;
  else if (overview.isError) body = <ApiErrorResult error={overview.error} onRetry={() => void overview.refetch()} pageTitle />;
  else if (overview.data.can_run) body = <TeamRoom overview={overview.data} activityId={Number.isInteger(activity) && activity > 0 ? activity : null} />;
  else body = <LearnerRoom overview={overview.data} codeFromLink={code && /^\d{4}$/.test(code) ? code : null} />;
  return (
    <div className={`inclass-shell${overview.data && !overview.data.can_run ? ' inclass-shell-learner' : ''}`}>
      <header className="inclass-bar">
        <Link to={`/course/${courseId}/content`}>
          <ArrowLeftOutlined /> {t('backToCourse')}
        </Link>
        <Typography.Title level={1} className="inclass-title">
          {t('title')}
          {overview.data && <Typography.Text type="secondary"> · {overview.data.course_name}</Typography.Text>}
        </Typography.Title>
      </header>
      <main className="inclass-main">{body}</main>
    </div>
  );
}

/**
 * `/inclass/courses/{courseId}` (spec §2: in-class mode, opened in a new window; decision 0155): the course team's
 * screen for running a class, or a learner's phone-sized page to check in and answer. Signed-in users only.
 */
export function InclassPage() {
  const { courseId } = useParams();
  const id = Number(courseId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundResult pageTitle />;
  return (
    <App>
      <RequireAuth>
        <Room courseId={id} />
      </RequireAuth>
    </App>
  );
}
