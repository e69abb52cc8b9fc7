import { useEffect, useRef } from 'react';
import { Card } from 'antd';
import { Result } from '../../../components/result';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';
import { useJoinCourse } from '../api';

/**
 * `/course/join/{accessCode}` (spec §2): joins the course with `POST /api/course/join/{code}`
 * and opens it; on failure shows the server's message and a link to My courses.
 */
export function JoinCoursePage() {
  const { t } = useTranslation('courses');
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const join = useJoinCourse();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === code) return;
    started.current = code;
    join.mutate(code, {
      onSuccess: (answer) => void navigate(`/course/${answer.course_id}`, { replace: true }),
    });
  }, [code, join, navigate]);

  if (join.isError) {
    const message = serverMessageOf(join.error) ?? t('join.defaultError');
    return (
      <Card>
        <Result status="warning" title={t('join.failedTitle')} subTitle={message} extra={<Link to="/user/courses">{t('join.backToCourses')}</Link>} pageTitle />
      </Card>
    );
  }
  return (
    <Card>
      <PageSpinner />
      <p style={{ textAlign: 'center' }}>{t('join.joining')}</p>
    </Card>
  );
}
