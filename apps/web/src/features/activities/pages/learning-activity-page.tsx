import { Suspense, useEffect, useRef, useState } from 'react';
import { Button, Card, Empty, Flex, Layout, Menu, Space, Tag, Typography } from 'antd';
import { Result } from '../../../components/result';
import { ArrowLeftOutlined, CheckCircleFilled, LockOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type ActivityUpload, type CourseContent } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult, NotFoundResult } from '../../../components/status-results';
import { useCourseContext } from '../../courses/pages/course-page';
import { recordPreviewRead, useActivity, useCourseContent, useRecordRead, useRefreshAfterPreview } from '../api';
import { useCourseHeader } from '../../courses/header-api';
import { previewerContextOf } from '../lib/previewer-context';
import { questionTargetOf } from '../../forum-questions/lib/question-target';
import { ExamActivityMedia } from '../components/views/exam-activity-media';
import { lazyNamed } from '../../../lib/lazy-named';
import { formatInZone } from '../../../lib/zone-format';
import { useAccountTimeZone } from '../../calendar/lib/account-zone';
import { AccessForbiddenPopup } from '../components/access-forbidden-popup';
import { ActivityView } from '../components/views/activity-view';
import { RichHtml } from '../components/views/rich-html';
import { activityPath, forbiddenViewOf, forbiddenViewOfError, isActivityOfTarget, parseActivityHash, type ForbiddenView } from '../lib/activity-rules';

const ExamPage = lazyNamed(() => import('../../exams/pages/exam-page'), 'ExamPage');
const HomeworkPage = lazyNamed(() => import('../../homework/pages/homework-page'), 'HomeworkPage');
const QuestionnaireActivity = lazyNamed(() => import('../../questionnaires/pages/questionnaire-activity'), 'QuestionnaireActivity');

/** Outline of the course beside the activity: every activity the requester sees, with completion and lock markers. */
function ActivityOutline({
  courseId,
  content,
  currentId,
  onForbidden,
  zone,
}: {
  courseId: number;
  content: CourseContent;
  currentId: number;
  onForbidden: (view: ForbiddenView) => void;
  zone: string;
}) {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  const items = content.modules.map((module) => ({
    key: `module-${module.id}`,
    type: 'group' as const,
    label: module.title,
    children: module.activities.map((activity) => ({
      key: String(activity.id),
      label: (
        <Flex justify="space-between" align="center" gap={4}>
          <Typography.Text ellipsis style={{ maxWidth: 180 }}>
            {activity.title}
          </Typography.Text>
          {activity.is_completed ? (
            <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('status.completed')} />
          ) : activity.access !== 'open' ? (
            <LockOutlined aria-label={t(`access.${activity.access}`)} />
          ) : null}
        </Flex>
      ),
      onClick: () => {
        const view = forbiddenViewOf(activity.access, activity.start_time, activity.end_time, zone);
        if (view) onForbidden(view);
        else void navigate(activityPath(courseId, activity));
      },
    })),
  }));
  return <Menu mode="inline" selectedKeys={[String(currentId)]} items={items} aria-label={t('view.outline')} style={{ borderInlineEnd: 0 }} />;
}

/**
 * `/course/{id}/learning-activity` and its spec §2 hash targets (`#/{activityId}`,
 * `#/exam/{id}`, `#/exam/{id}/score-list`, `#/classroom/{id}`,
 * `#/questionnaire/{id}`, `#/{homeworkId}?view=scores`), the full-screen
 * questionnaire and `/live-activities#/{id}/detail`. Loads the activity; a 403
 * opens the access-forbidden popup. Opening it records a read (`POST
 * /api/activities/{id}/reads`), opening one of its files records a read of
 * that file, and each document page shown in the previewer records `{ upload_id,
 * page }`; video progress (play-progress) and SCORM status are recorded by the
 * players. When the previewer closes, the activity, content and completeness
 * are read again, so the course header's completion popup follows.
 */
export function LearningActivityPage({ isFullScreen = false }: { isFullScreen?: boolean }) {
  const { t } = useTranslation('activities');
  const course = useCourseContext();
  const location = useLocation();
  const target = parseActivityHash(location.hash);
  const activity = useActivity(target?.activityId ?? null);
  const content = useCourseContent(course.id);
  const recordRead = useRecordRead(course.id);
  const header = useCourseHeader(course.id);
  const refreshAfterPreview = useRefreshAfterPreview(course.id);
  // Times as the calendar shows them: in the account's zone (decision 0020).
  const zone = useAccountTimeZone();
  const [forbidden, setForbidden] = useState<ForbiddenView | null>(null);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const recorded = useRef(new Set<number>());
  const recordReadRef = useRef(recordRead.mutate);
  useEffect(() => {
    recordReadRef.current = recordRead.mutate;
  });

  // An activity of another course, or of another type than the hash names, is not this page's (issue 20 §13).
  const isMismatch = activity.data !== undefined && target !== null && !isActivityOfTarget(activity.data, course.id, target);
  const loaded = isMismatch ? undefined : activity.data;
  useEffect(() => {
    if (!loaded || recorded.current.has(loaded.id)) return;
    recorded.current.add(loaded.id);
    recordReadRef.current({ id: loaded.id, body: {} });
  }, [loaded]);

  const errorView = activity.isError ? forbiddenViewOfError(activity.error, zone) : null;
  const popupView = forbidden ?? (errorView && dismissedError !== activity.error ? errorView : null);

  const openFile = (upload: ActivityUpload) => {
    if (loaded) recordPreviewRead(loaded.id, { upload_id: upload.id });
  };

  let body;
  if (!target) body = <Empty description={t('view.choose')} />;
  else if (activity.isPending) body = <PageSpinner />;
  else if (isMismatch) body = <NotFoundResult />;
  else if (errorView) body = <Result status="403" title={t(errorView.titleKey)} subTitle={errorView.time ?? undefined} />;
  else if (activity.isError) body = <ApiErrorResult error={activity.error} onRetry={() => void activity.refetch()} />;
  else if (loaded?.type === 'questionnaire') {
    body = (
      <Suspense fallback={<PageSpinner minHeight={160} />}>
        <QuestionnaireActivity activity={loaded} courseId={course.id} isTeam={content.data ? content.data.can_edit : content.isError ? false : undefined} />
      </Suspense>
    );
  } else if (loaded) {
    const format = (iso: string | null) => (iso ? formatInZone(iso, zone, TIME_FORMAT.display) : null);
    body = (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }} data-testid="activity-title">
            {loaded.title}
          </Typography.Title>
          <Space wrap>
            <Tag>{t(`types.${loaded.type}`)}</Tag>
            {loaded.is_completed && (
              <Tag color="success" icon={<CheckCircleFilled />} data-testid="activity-completed-tag">
                {t('status.completed')}
              </Tag>
            )}
          </Space>
        </Flex>
        {(loaded.start_time || loaded.end_time) && (
          <Typography.Text type="secondary">
            {t('view.window', { start: format(loaded.start_time) ?? '—', end: format(loaded.end_time) ?? '—' })}
          </Typography.Text>
        )}
        {loaded.description && <RichHtml html={loaded.description} testId="activity-description" />}
        {target.isScoresView && loaded.type !== 'homework' && <Typography.Text type="secondary">{t('view.scoresLater')}</Typography.Text>}
        <ActivityView
          activity={loaded}
          onOpenFile={openFile}
          preview={{
            activityId: loaded.id,
            courseId: course.id,
            ...previewerContextOf(course, header.data),
            onPageView: (uploadId, page) => recordPreviewRead(loaded.id, { upload_id: uploadId, page }),
            onClose: () => refreshAfterPreview(loaded.id),
            openQuestion: questionTargetOf(location.hash),
          }}
          exam={
            loaded.type === 'exam' ? (
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                <Suspense fallback={<PageSpinner minHeight={160} />}>
                  <ExamPage
                    activity={loaded}
                    isTeam={content.data ? content.data.can_edit : content.isError ? false : undefined}
                    isScoreList={target.view === 'exam-score-list'}
                  />
                </Suspense>
                <ExamActivityMedia courseId={course.id} activityId={loaded.id} />
              </Space>
            ) : undefined
          }
          homework={
            loaded.type === 'homework' ? (
              <Suspense fallback={<PageSpinner minHeight={160} />}>
                <HomeworkPage
                  activity={loaded}
                  isTeam={content.data ? content.data.can_edit : content.isError ? false : undefined}
                  isScoresView={target.isScoresView}
                />
              </Suspense>
            ) : undefined
          }
        />
      </Space>
    );
  }

  return (
    <Layout style={{ background: 'transparent' }}>
      {!isFullScreen && (
        <Layout.Sider width={280} theme="light" breakpoint="lg" collapsedWidth={0} style={{ marginRight: 16, borderRadius: 8, overflow: 'auto' }}>
          <div style={{ padding: 12 }}>
            <Link to={`/course/${course.id}/content`}>
              <ArrowLeftOutlined /> {t('view.backToContent')}
            </Link>
          </div>
          {content.data ? (
            <ActivityOutline courseId={course.id} content={content.data} currentId={target?.activityId ?? 0} onForbidden={setForbidden} zone={zone} />
          ) : (
            <PageSpinner minHeight={120} />
          )}
        </Layout.Sider>
      )}
      <Layout.Content>
        <Card>
          {isFullScreen && (
            <Button type="link" style={{ paddingInline: 0, marginBottom: 8 }} href={`/course/${course.id}/content`} icon={<ArrowLeftOutlined />}>
              {t('view.backToContent')}
            </Button>
          )}
          {body}
        </Card>
      </Layout.Content>
      <AccessForbiddenPopup
        view={popupView}
        onClose={() => {
          setForbidden(null);
          if (activity.isError) setDismissedError(activity.error);
        }}
      />
    </Layout>
  );
}
