import { Suspense, type ReactNode } from 'react';
import { Button, Empty, Space, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseOnlineVideoUrl, type Activity, type ActivityUpload } from '@atrium/contracts';
import { LaterReleaseState } from '../../../../components/later-release-state';
import { PageSpinner } from '../../../../components/page-spinner';
import { lazyNamed } from '../../../../lib/lazy-named';
import { isLaterType, isMeetingType, isOpenableLink } from '../../lib/activity-rules';
import { LiveMeetingView } from '../../../live/components/live-meeting-view';
import { LtiActivityView } from '../../../lti/components/lti-activity-view';
import { FileList, type ActivityFilesPreview } from './file-list';
import { RichHtml } from './rich-html';

// The forum activity's topics (issue 18), as their own chunk.
const ForumActivityView = lazyNamed(() => import('../../../forum/components/forum-activity-view'), 'ForumActivityView');
const ClassroomView = lazyNamed(() => import('../../../inclass/components/classroom-view'), 'ClassroomView');

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** An external link, http(s) only, opened in a new tab without opener or referrer; anything else is shown as not openable. */
function SafeLink({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation('activities');
  if (!isOpenableLink(url)) return <Typography.Text type="danger">{t('view.badLink')}</Typography.Text>;
  return (
    <Button type="primary" icon={<LinkOutlined />} href={url} target="_blank" rel="noopener noreferrer">
      {label}
    </Button>
  );
}

function OnlineVideoView({
  activity,
  onOpenFile,
  preview,
}: {
  activity: Activity;
  onOpenFile: (upload: ActivityUpload) => void;
  preview?: ActivityFilesPreview;
}) {
  const { t } = useTranslation('activities');
  const video = parseOnlineVideoUrl(str(activity.data.url));
  if (video) {
    return (
      <div style={{ position: 'relative', width: '100%', maxWidth: 960, aspectRatio: '16 / 9' }}>
        <iframe
          title={activity.title}
          src={video.embed_url}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          allow="encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
      </div>
    );
  }
  if (activity.uploads.length > 0) return <FileList uploads={activity.uploads} onOpen={onOpenFile} preview={preview} />;
  return <Empty description={t('view.noVideo')} />;
}

/**
 * The body of one learning activity by type (issue 7): material, scorm, lesson,
 * slide, h5_courseware files in the previewer; page as sanitised rich text with
 * formulas; web_link opened safely; online video embedded or in the previewer;
 * meeting and live types with their join button inside the time window; an
 * exam shows `exam` (the exams feature: taking, subjects, score list, and its
 * subjects' media under their play limits); homework shows `homework` (the homework
 * feature: handing in, the team's submissions); forum its topics (the forum feature); lti its Launch button or
 * "needs registering" (the lti feature); classroom opens in-class mode (the inclass feature); questionnaire (and an
 * exam or homework without its node) say plainly they are not yet available.
 */
export function ActivityView({
  activity,
  onOpenFile,
  preview,
  exam,
  homework,
}: {
  activity: Activity;
  onOpenFile: (upload: ActivityUpload) => void;
  /** How files open in the previewer (activity, course, rules, page callback, close). */
  preview?: ActivityFilesPreview;
  /** What an exam shows (the exams feature and its subjects' media). */
  exam?: ReactNode;
  /** What a homework shows (the homework feature). */
  homework?: ReactNode;
}) {
  const { t } = useTranslation('activities');
  if (activity.type === 'exam' && exam) return exam;
  if (activity.type === 'homework' && homework) return homework;
  if (activity.type === 'forum')
    return (
      <Suspense fallback={<PageSpinner minHeight={200} />}>
        <ForumActivityView activity={activity} />
      </Suspense>
    );
  if (activity.type === 'classroom')
    return (
      <Suspense fallback={<PageSpinner minHeight={200} />}>
        <ClassroomView activity={activity} />
      </Suspense>
    );
  if (isLaterType(activity.type)) {
    return <LaterReleaseState title={t(`types.${activity.type}`)} description={t('view.laterType', { type: t(`types.${activity.type}`) })} />;
  }
  if (isMeetingType(activity.type)) return <LiveMeetingView activity={activity} />;
  if (activity.type === 'lti') return <LtiActivityView activity={activity} />;
  switch (activity.type) {
    case 'page':
      return str(activity.data.content) ? <RichHtml html={str(activity.data.content)} testId="page-content" /> : <Empty description={t('view.emptyPage')} />;
    case 'web_link':
      return (
        <Space direction="vertical">
          <Typography.Text copyable={isOpenableLink(str(activity.data.url))}>{str(activity.data.url)}</Typography.Text>
          <SafeLink url={str(activity.data.url)} label={t('view.openLink')} />
        </Space>
      );
    case 'online_video':
      return <OnlineVideoView activity={activity} onOpenFile={onOpenFile} preview={preview} />;
    default:
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          {str(activity.data.url) && <SafeLink url={str(activity.data.url)} label={t('view.openLink')} />}
          {(activity.uploads.length > 0 || !str(activity.data.url)) && <FileList uploads={activity.uploads} onOpen={onOpenFile} preview={preview} />}
        </Space>
      );
  }
}
