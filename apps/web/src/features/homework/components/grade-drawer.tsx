import { useState } from 'react';
import { Alert, Button, Descriptions, Divider, Drawer, Empty, Flex, Form, Input, InputNumber, Space, Tag, Typography } from 'antd';
import { EditOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOMEWORK_MAX_SCORE, TIME_FORMAT, type HomeworkSubmission } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { RichHtml } from '../../activities/components/views/rich-html';
import { useScoreSubmission, useSubmission } from '../api';
import { isEditable, pdfEditorPath } from '../lib/grading';
import { isScoreError } from '../lib/homework-settings';
import { UploadButton } from '../../uploads/components/upload-button';
import { UploadProgressList } from '../../uploads/components/upload-progress-list';
import { useAttachedFiles } from '../hooks/use-attached-files';
import { SubmissionFiles } from './submission-files';

/** Most feedback files a grader attaches (the server's limit). */
const MAX_FEEDBACK_FILES = 20;

interface GradeValues {
  score: number | null;
  feedback: string;
}

const format = (iso: string | null) => (iso ? dayjs(iso).format(TIME_FORMAT.display) : '—');

function GradeForm({ submission, activityId, onDone }: { submission: HomeworkSubmission; activityId: number; onDone: () => void }) {
  const { t } = useTranslation('homework');
  const toast = useToast();
  const navigate = useNavigate();
  const [form] = Form.useForm<GradeValues>();
  const grade = useScoreSubmission(activityId);
  const [formError, setFormError] = useState<string | null>(null);
  const editable = submission.uploads.filter(isEditable);
  const feedbackFiles = useAttachedFiles(submission.feedback_uploads);
  const addFeedbackFiles = (chosen: File[]) => {
    const room = Math.max(0, MAX_FEEDBACK_FILES - feedbackFiles.files.length - feedbackFiles.pending);
    if (chosen.length > room) toast.error(t('grade.tooManyFiles', { count: MAX_FEEDBACK_FILES }));
    if (room > 0) feedbackFiles.uploader.addFiles(chosen.slice(0, room));
  };

  const save = async () => {
    let values: GradeValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setFormError(null);
    try {
      await grade.mutateAsync({
        submissionId: submission.id,
        body: {
          score: values.score!,
          feedback: values.feedback.trim() ? values.feedback.trim() : null,
          feedback_upload_ids: feedbackFiles.files.map((file) => file.id),
        },
      });
      toast.success(t('grade.saved'));
      onDone();
    } catch (error) {
      if (isApiError(error, 400) && error.errors.feedback_upload_ids?.length) {
        setFormError(`${t('grade.feedbackFilesRefused')} ${error.errors.feedback_upload_ids.join(' ')}`);
        return;
      }
      if (isScoreError(error)) {
        // spec §5, §8: above 100 the server refuses with homework.scoreError and saves nothing.
        form.setFields([{ name: 'score', errors: [t('homework.scoreError')] }]);
        toast.error(t('homework.scoreError'));
        return;
      }
      setFormError(serverMessageOf(error) ?? t('grade.failed'));
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'learner', label: t('list.learner'), children: submission.user_name },
          ...(submission.group_name ? [{ key: 'group', label: t('list.group'), children: submission.group_name }] : []),
          {
            key: 'submitted',
            label: t('list.submittedAt'),
            children: (
              <Space size={6} wrap>
                {format(submission.submitted_at)}
                {submission.is_late && <Tag color="error">{t('state.late')}</Tag>}
                {submission.submission_count > 1 && <Tag>{t('state.count', { count: submission.submission_count })}</Tag>}
              </Space>
            ),
          },
          ...(submission.graded_by_name
            ? [{ key: 'graded', label: t('list.gradedBy'), children: `${submission.graded_by_name} · ${format(submission.graded_at)}` }]
            : []),
        ]}
      />
      <section aria-labelledby="grade-text-title">
        <Typography.Text strong id="grade-text-title">
          {t('grade.text')}
        </Typography.Text>
        {submission.content ? (
          <div className="homework-grade-text" data-testid="grade-text">
            <RichHtml html={submission.content} />
          </div>
        ) : (
          <Typography.Paragraph type="secondary">{t('grade.noText')}</Typography.Paragraph>
        )}
      </section>
      {submission.uploads.length > 0 && (
        <section aria-labelledby="grade-files-title">
          <Typography.Text strong id="grade-files-title" style={{ display: 'block', marginBottom: 8 }}>
            {t('grade.files')}
          </Typography.Text>
          <SubmissionFiles files={submission.uploads} />
          {editable.length > 0 && (
            <Flex gap={8} wrap style={{ marginTop: 8 }}>
              {editable.map((upload) => (
                <Button key={upload.id} icon={<EditOutlined aria-hidden />} onClick={() => void navigate(pdfEditorPath(submission.id, upload))}>
                  {t('grade.annotate', { name: upload.name })}
                </Button>
              ))}
            </Flex>
          )}
        </section>
      )}
      <Divider style={{ margin: 0 }} />
      {formError && <Alert type="error" showIcon role="alert" title={formError} />}
      <Form
        form={form}
        layout="vertical"
        name="homework-grade-form"
        initialValues={{ score: submission.score, feedback: submission.feedback ?? '' }}
        onFinish={() => void save()}
      >
        <Form.Item name="score" label={t('grade.score')} extra={t('grade.scoreHint')} rules={[{ required: true, message: t('grade.scoreRequired') }]}>
          {/* The server is the judge of the range (spec §5): values above 100 reach it and come back as homework.scoreError. */}
          <InputNumber min={0} precision={2} style={{ width: 160 }} suffix={`/ ${HOMEWORK_MAX_SCORE}`} />
        </Form.Item>
        <Form.Item name="feedback" label={t('grade.feedback')}>
          <Input.TextArea rows={5} maxLength={100_000} />
        </Form.Item>
        <section aria-labelledby="grade-feedback-files-title" style={{ marginBottom: 24 }}>
          <Typography.Text strong id="grade-feedback-files-title" style={{ display: 'block', marginBottom: 8 }}>
            {t('grade.feedbackFiles')}
          </Typography.Text>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <UploadButton onFiles={addFeedbackFiles} allowFolder={false} disabled={feedbackFiles.files.length >= MAX_FEEDBACK_FILES} />
            <UploadProgressList
              items={feedbackFiles.uploader.items}
              onRemove={feedbackFiles.uploader.remove}
              onClearFinished={feedbackFiles.uploader.clearFinished}
            />
            <SubmissionFiles files={feedbackFiles.files} onRemove={feedbackFiles.remove} emptyText={t('grade.noFeedbackFiles')} />
          </Space>
        </section>
        {feedbackFiles.isUploading && <Typography.Paragraph type="secondary">{t('grade.waitForUploads')}</Typography.Paragraph>}
        <Button type="primary" htmlType="submit" loading={grade.isPending} disabled={feedbackFiles.isUploading}>
          {t('grade.save')}
        </Button>
      </Form>
    </Space>
  );
}

/**
 * The team's grading drawer for one submission (issue 16 §2): the learner's online text and files
 * (each editable one opens in the PDF editor), score 0–100 and feedback saved with `PUT
 * /api/homework-submissions/{id}/score`; the server's refusal of a score above 100 shows
 * `homework.scoreError` on the field (spec §5, §8). Previous / next walk the submissions in the
 * team's order.
 */
export function GradeDrawer({
  submissionId,
  activityId,
  onClose,
  onNavigate,
}: {
  submissionId: number | null;
  activityId: number;
  onClose: () => void;
  onNavigate: (submissionId: number) => void;
}) {
  const { t } = useTranslation('homework');
  const submission = useSubmission(submissionId);
  let body = null;
  if (submissionId !== null) {
    if (submission.isPending) body = <PageSpinner minHeight={160} />;
    else if (submission.isError) body = <ApiErrorResult error={submission.error} onRetry={() => void submission.refetch()} />;
    else if (!submission.data) body = <Empty />;
    else body = <GradeForm key={`${submission.data.id}-${submission.dataUpdatedAt}`} submission={submission.data} activityId={activityId} onDone={onClose} />;
  }
  const data = submission.data;
  return (
    <Drawer
      open={submissionId !== null}
      onClose={onClose}
      title={data ? t('grade.titleOf', { name: data.user_name }) : t('grade.title')}
      size="large"
      destroyOnHidden
      data-testid="homework-grade-drawer"
      extra={
        data && (
          <Space>
            <Button icon={<LeftOutlined aria-hidden />} disabled={!data.previous_id} onClick={() => data.previous_id && onNavigate(data.previous_id)}>
              {t('grade.previous')}
            </Button>
            <Button icon={<RightOutlined aria-hidden />} iconPlacement="end" disabled={!data.next_id} onClick={() => data.next_id && onNavigate(data.next_id)}>
              {t('grade.next')}
            </Button>
          </Space>
        )
      }
    >
      {body}
    </Drawer>
  );
}
