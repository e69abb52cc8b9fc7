import { Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Activity } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { HomeworkAttachments } from '../components/homework-attachments';
import { HomeworkFacts, HomeworkLearnerView } from '../components/homework-learner-view';
import { SubmissionList } from '../components/submission-list';
import { homeworkSettingsOf } from '../lib/homework-settings';

/**
 * A homework activity's own part of the learning-activity page (issue 16; spec §2 `#/{homeworkId}`,
 * `?view=scores`): for the course team (`isTeam`) two tabs, the homework as learners see it (dates,
 * rules, attached files) and the submissions to grade, the second opened directly by `?view=scores`;
 * for a learner, their submission (HomeworkLearnerView). `isTeam` undefined: not known yet.
 */
export function HomeworkPage({ activity, isTeam, isScoresView }: { activity: Activity; isTeam: boolean | undefined; isScoresView: boolean }) {
  const { t } = useTranslation('homework');
  const navigate = useNavigate();
  if (isTeam === undefined) return <PageSpinner minHeight={160} />;
  if (!isTeam) return <HomeworkLearnerView activity={activity} />;
  const settings = homeworkSettingsOf(activity.data);
  return (
    <Tabs
      activeKey={isScoresView ? 'submissions' : 'homework'}
      onChange={(key) => void navigate({ hash: key === 'submissions' ? `/${activity.id}?view=scores` : `/${activity.id}` })}
      items={[
        {
          key: 'homework',
          label: t('team.homeworkTab'),
          children: (
            <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="homework-team-overview">
              <HomeworkFacts settings={settings} due={settings.due_date ?? null} cutOff={settings.cut_off_date ?? null} />
              <HomeworkAttachments ids={settings.attachment_upload_ids ?? []} />
              <Typography.Text type="secondary">{t('team.hint')}</Typography.Text>
            </Space>
          ),
        },
        { key: 'submissions', label: t('team.submissionsTab'), children: <SubmissionList courseId={activity.course_id} activityId={activity.id} /> },
      ]}
    />
  );
}
