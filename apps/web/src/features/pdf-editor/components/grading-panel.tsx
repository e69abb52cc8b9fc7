import { Button, Descriptions, Flex, Form, Input, InputNumber, Space, Tag, Tooltip, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { GradingSubmission } from '../api';

/** The score and feedback being edited; score null until one is typed. */
export interface GradeDraft {
  score: number | null;
  feedback: string;
}

/**
 * The grading side panel (issue 16 item 2): who handed in and when, the files
 * of the submission, score 0–100 and feedback, Save, and next/previous
 * submission. `scoreError` is the translated refusal of the server, shown on
 * the score field.
 */
export function GradingPanel({
  submission,
  currentUploadId,
  draft,
  onDraft,
  scoreError,
  isSaving,
  isChanged,
  onSave,
  onOpenUpload,
  onNavigate,
}: {
  submission: GradingSubmission;
  currentUploadId: number | null;
  draft: GradeDraft;
  onDraft: (draft: GradeDraft) => void;
  scoreError: string | null;
  isSaving: boolean;
  isChanged: boolean;
  onSave: () => void;
  onOpenUpload: (uploadId: number) => void;
  onNavigate: (submissionId: number) => void;
}) {
  const { t } = useTranslation('pdfEditor');
  return (
    <aside className="atrium-pdf-editor-panel" aria-label={t('panel.label')}>
      <Flex justify="space-between" align="center" gap={8}>
        <Tooltip title={t('panel.previous')}>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('panel.previous')}
            disabled={submission.previous_id === null}
            onClick={() => submission.previous_id !== null && onNavigate(submission.previous_id)}
          />
        </Tooltip>
        <Flex vertical align="center" style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
            {submission.user_name}
          </Typography.Title>
          {submission.group_name && <Typography.Text type="secondary">{submission.group_name}</Typography.Text>}
        </Flex>
        <Tooltip title={t('panel.next')}>
          <Button
            icon={<RightOutlined />}
            aria-label={t('panel.next')}
            disabled={submission.next_id === null}
            onClick={() => submission.next_id !== null && onNavigate(submission.next_id)}
          />
        </Tooltip>
      </Flex>
      <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('panel.submittedAt')}>
          <Space size={4} wrap>
            {submission.submitted_at ? dayjs(submission.submitted_at).format('YYYY-MM-DD HH:mm') : '—'}
            {submission.is_late && <Tag color="orange">{t('panel.late')}</Tag>}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {submission.uploads.length > 0 && (
        <nav aria-label={t('panel.files')} className="atrium-pdf-editor-files">
          <Typography.Text type="secondary">{t('panel.files')}</Typography.Text>
          <ul>
            {submission.uploads.map((upload) => (
              <li key={upload.id}>
                <Button
                  type={upload.id === currentUploadId ? 'link' : 'text'}
                  size="small"
                  aria-current={upload.id === currentUploadId ? 'page' : undefined}
                  onClick={() => onOpenUpload(upload.id)}
                  style={{ maxWidth: '100%' }}
                >
                  <Typography.Text ellipsis style={{ maxWidth: 230, color: 'inherit', fontWeight: upload.id === currentUploadId ? 600 : undefined }}>
                    {upload.name}
                  </Typography.Text>
                </Button>
                {upload.annotated_upload_id !== null && <Tag color="blue">{t('panel.annotated')}</Tag>}
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Form layout="vertical" style={{ marginTop: 12 }} onFinish={onSave} requiredMark={false}>
        <Form.Item label={t('panel.score')} validateStatus={scoreError ? 'error' : undefined} help={scoreError ?? t('panel.scoreHint')}>
          <InputNumber
            aria-label={t('panel.score')}
            min={0}
            step={1}
            style={{ width: '100%' }}
            value={draft.score}
            onChange={(value) => onDraft({ ...draft, score: typeof value === 'number' ? value : null })}
          />
        </Form.Item>
        <Form.Item label={t('panel.feedback')}>
          <Input.TextArea
            aria-label={t('panel.feedback')}
            autoSize={{ minRows: 4, maxRows: 12 }}
            maxLength={10_000}
            value={draft.feedback}
            onChange={(event) => onDraft({ ...draft, feedback: event.target.value })}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isSaving} disabled={!isChanged}>
          {t('panel.save')}
        </Button>
      </Form>
    </aside>
  );
}
