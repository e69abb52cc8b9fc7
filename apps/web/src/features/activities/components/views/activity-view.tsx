import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button, Descriptions, Empty, Space, Typography } from 'antd';
import { LinkOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseOnlineVideoUrl, TIME_FORMAT, type Activity, type ActivityUpload } from '@atrium/contracts';
import { LaterReleaseState } from '../../../../components/later-release-state';
import { PageSpinner } from '../../../../components/page-spinner';
import { lazyNamed } from '../../../../lib/lazy-named';
import { formatInZone } from '../../../../lib/zone-format';
import { useAccountTimeZone } from '../../../calendar/lib/account-zone';
import { activityKeys } from '../../api';
import { isJoinWindowOpen, isLaterType, isMeetingType, isOpenableLink } from '../../lib/activity-rules';
import { FileList, type ActivityFilesPreview } from './file-list';
import { RichHtml } from './rich-html';

// The forum activity's topics (issue 18), as their own chunk.
const ForumActivityView = lazyNamed(() => import('../../../forum/components/forum-activity-view'), 'ForumActivityView');

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

/**
 * A meeting or live activity: provider, times and the join button inside the
 * window. The server hands a learner `join_url` only inside the window
 * (`join_withheld` otherwise, decision 0070), so when the window opens on this
 * page the activity is read again (every 30 s until the URL arrives).
 */
function MeetingView({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const queryClient = useQueryClient();
  const zone = useAccountTimeZone();
  const start = str(activity.data.meeting_start_time) || activity.start_time;
  const end = str(activity.data.meeting_end_time) || activity.end_time;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const isOpen = isJoinWindowOpen(start, end, now);
  const format = (iso: string | null) => (iso ? formatInZone(iso, zone, TIME_FORMAT.display) : t('view.noTime'));
  const url = str(activity.data.join_url);
  const withheld = str(activity.data.join_withheld);
  useEffect(() => {
    if (isOpen && !url && withheld === 'not_started') void queryClient.invalidateQueries({ queryKey: activityKeys.detail(activity.id) });
  }, [isOpen, url, withheld, now, activity.id, queryClient]);
  const isNotYet = withheld ? withheld === 'not_started' : Boolean(start && now < Date.parse(start));
  return (
    <Space direction="vertical" size="middle">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'provider', label: t('form.provider'), children: str(activity.data.provider) || t(`types.${activity.type}`) },
          { key: 'start', label: t('form.meetingStart'), children: format(start) },
          { key: 'end', label: t('form.meetingEnd'), children: format(end) },
        ]}
      />
      {isOpen && isOpenableLink(url) ? (
        <Button type="primary" icon={<VideoCameraOutlined />} href={url} target="_blank" rel="noopener noreferrer">
          {t('view.join')}
        </Button>
      ) : (
        <Space direction="vertical">
          <Button type="primary" icon={<VideoCameraOutlined />} disabled>
            {t('view.join')}
          </Button>
          <Typography.Text type="secondary">{isNotYet ? t('view.joinNotYet') : t('view.joinOver')}</Typography.Text>
        </Space>
      )}
    </Space>
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
 * feature: handing in, the team's submissions); forum its topics (the forum feature); questionnaire and classroom
 * (and an exam or homework without its node) say plainly they are not yet available.
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
  if (isLaterType(activity.type)) {
    return <LaterReleaseState title={t(`types.${activity.type}`)} description={t('view.laterType', { type: t(`types.${activity.type}`) })} />;
  }
  if (isMeetingType(activity.type)) return <MeetingView activity={activity} />;
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
