import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Divider, Empty, Flex, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, formatBytes, type Activity, type HomeworkSubmission, type MyHomework } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { RichHtml } from '../../activities/components/views/rich-html';
import { useMyHomework } from '../api';
import { homeworkSettingsOf, type HomeworkSettings } from '../lib/homework-settings';
import { DueTag } from './due-tag';
import { HomeworkAttachments } from './homework-attachments';
import { SubmissionFiles } from './submission-files';
import { SubmissionForm, SubmitErrorAlert, type SubmitErrorView } from './submission-form';

const format = (iso: string | null | undefined) => (iso ? dayjs(iso).format(TIME_FORMAT.display) : null);

/** The homework's dates and rules: due (with its relative tag) and cut-off in the user's zone, what may be handed in, group homework. */
export function HomeworkFacts({ settings, due, cutOff }: { settings: HomeworkSettings; due: string | null; cutOff: string | null }) {
  const { t } = useTranslation('homework');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      data-testid="homework-facts"
      items={[
        {
          key: 'due',
          label: t('view.dueDate'),
          children: (
            <Space size={6} wrap>
              <span>{format(due) ?? t('view.noDueDate')}</span>
              <DueTag due={due} cutOff={cutOff} />
            </Space>
          ),
        },
        { key: 'cutOff', label: t('view.cutOffDate'), children: format(cutOff) ?? t('view.noCutOff') },
        { key: 'type', label: t('view.submissionType'), children: t(`submissionTypes.${settings.submission_type}`) },
        ...(settings.submission_type !== 'text'
          ? [
              {
                key: 'limits',
                label: t('view.fileLimits'),
                children: t('form.fileLimits', { count: settings.max_files, size: formatBytes(settings.max_file_size) }),
              },
            ]
          : []),
        ...(settings.group_mode ? [{ key: 'group', label: t('view.mode'), children: <Tag icon={<TeamOutlined />}>{t('view.groupHomework')}</Tag> }] : []),
      ]}
    />
  );
}

/** Where the learner's submission stands: not handed in, draft, handed in on … (late, how many times), their group. */
function SubmissionState({ submission }: { submission: HomeworkSubmission | null }) {
  const { t } = useTranslation('homework');
  if (!submission || (submission.status === 'draft' && submission.submission_count === 0 && !submission.content && submission.uploads.length === 0))
    return (
      <Tag icon={<EditOutlined />} data-testid="homework-state">
        {t('state.notHandedIn')}
      </Tag>
    );
  return (
    <Space size={6} wrap data-testid="homework-state">
      {submission.status === 'draft' ? (
        <Tag icon={<EditOutlined />} color="default">
          {t('state.draft')}
        </Tag>
      ) : (
        <Tag icon={<CheckCircleFilled />} color="success">
          {t('state.submittedAt', { time: format(submission.submitted_at) ?? '—' })}
        </Tag>
      )}
      {submission.is_late && (
        <Tag icon={<ClockCircleOutlined />} color="error">
          {t('state.late')}
        </Tag>
      )}
      {submission.submission_count > 1 && <Tag>{t('state.count', { count: submission.submission_count })}</Tag>}
      {submission.group_name && <Tag icon={<TeamOutlined />}>{t('state.group', { name: submission.group_name })}</Tag>}
    </Space>
  );
}

/** After publication: the score out of 100, who graded it and when, the feedback and the team's feedback files. */
function SubmissionResult({ submission }: { submission: HomeworkSubmission }) {
  const { t } = useTranslation('homework');
  return (
    <Card size="small" title={t('result.title')} data-testid="homework-result">
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <Typography.Text style={{ fontSize: 24 }} strong data-testid="homework-score">
          {t('result.score', { score: submission.score })}
        </Typography.Text>
        {submission.graded_by_name && (
          <Typography.Text type="secondary">
            {t('result.gradedBy', { name: submission.graded_by_name, time: format(submission.graded_at) ?? '—' })}
          </Typography.Text>
        )}
        <Typography.Text strong>{t('result.feedback')}</Typography.Text>
        {submission.feedback ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="homework-feedback">
            {submission.feedback}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">{t('result.noFeedback')}</Typography.Text>
        )}
        {submission.feedback_uploads.length > 0 && (
          <>
            <Typography.Text strong>{t('result.feedbackFiles')}</Typography.Text>
            <SubmissionFiles files={submission.feedback_uploads} testId="homework-feedback-file" />
          </>
        )}
      </Space>
    </Card>
  );
}

/** What the learner handed in, read only (closed homework): the text and the files with their annotated copies. */
function SubmittedWork({ submission }: { submission: HomeworkSubmission }) {
  const { t } = useTranslation('homework');
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }} data-testid="homework-submitted-work">
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
        {t('view.yourWork')}
      </Typography.Title>
      {submission.content && <RichHtml html={submission.content} testId="homework-submitted-text" />}
      <SubmissionFiles files={submission.uploads} />
      {!submission.content && submission.uploads.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('view.nothingHandedIn')} />}
    </Space>
  );
}

function closedMessageKey(mine: MyHomework): string {
  switch (mine.closed_reason) {
    case 'graded':
      return 'closed.graded';
    case 'due':
      return 'closed.due';
    case 'no_group':
      return 'closed.noGroup';
    default:
      return 'closed.cutOff';
  }
}

/**
 * A learner's homework (issue 16 §1, spec §2 `#/{homeworkId}`): the dates with a relative tag,
 * the rules and attached files (the instructions are the activity's description, above), where
 * their submission stands, the answer form while they may hand in (else why not, and what they
 * handed in), and once the team published the scores: score, feedback, feedback files and the
 * annotated copies of their files.
 */
export function HomeworkLearnerView({ activity }: { activity: Activity }) {
  const { t } = useTranslation('homework');
  const mine = useMyHomework(activity.id);
  const [submitError, setSubmitError] = useState<SubmitErrorView | null>(null);
  // Handed in: the form opens on request, and closes again once the change is handed in (the count moves on).
  const [changingAt, setChangingAt] = useState<number | null>(null);
  const settings = homeworkSettingsOf(activity.data);
  if (mine.isPending) return <PageSpinner minHeight={160} />;
  if (mine.isError) return <ApiErrorResult error={mine.error} onRetry={() => void mine.refetch()} />;
  const { submission } = mine.data;
  const hasScore = submission !== null && submission.score !== null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="homework-learner">
      <HomeworkFacts settings={settings} due={mine.data.due_date} cutOff={mine.data.cut_off_date} />
      <HomeworkAttachments ids={settings.attachment_upload_ids ?? []} />
      <Divider style={{ margin: '4px 0' }} />
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('state.label')}</Typography.Text>
        <SubmissionState submission={submission} />
      </Flex>
      {hasScore && <SubmissionResult submission={submission} />}
      {submission?.status === 'submitted' && !hasScore && (
        <Typography.Text type="secondary" data-testid="homework-awaiting">
          {mine.data.scores_published ? t('result.notGraded') : t('result.notPublished')}
        </Typography.Text>
      )}
      {submitError && <SubmitErrorAlert error={submitError} onClose={() => setSubmitError(null)} />}
      {mine.data.can_submit && submission?.status === 'submitted' && changingAt !== submission.submission_count ? (
        <>
          <SubmittedWork submission={submission} />
          <div>
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setChangingAt(submission.submission_count)}>
              {t('form.change')}
            </Button>
          </div>
        </>
      ) : mine.data.can_submit ? (
        <SubmissionForm
          onError={setSubmitError}
          key={`${submission?.id ?? 0}-${submission?.submission_count ?? 0}-${submission?.status ?? ''}`}
          courseId={activity.course_id}
          activityId={activity.id}
          settings={settings}
          submission={submission}
        />
      ) : (
        <>
          <Alert
            type={mine.data.closed_reason === 'graded' ? 'info' : 'warning'}
            showIcon
            title={t(closedMessageKey(mine.data))}
            data-testid="homework-closed"
          />
          {submission && <SubmittedWork submission={submission} />}
        </>
      )}
    </Space>
  );
}
