import { useEffect, useState } from 'react';
import { Alert, Empty, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TOPIC_TITLE_MAX } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { RichHtml } from '../../activities/components/views/rich-html';
import { useEdits, useReport } from '../api';
import { fullTime } from '../lib/forum-time';
import { ForumEditor } from './forum-editor';

/** Earlier versions of a topic or reply (`GET /api/{topics|replies}/{id}/edits`), newest first. */
export function EditHistoryModal({ target, onClose }: { target: { kind: 'topics' | 'replies'; id: number } | null; onClose: () => void }) {
  const { t } = useTranslation('forum');
  const edits = useEdits(target?.kind ?? 'topics', target?.id ?? 0, target !== null);
  return (
    <Modal open={target !== null} onCancel={onClose} footer={null} title={t('history.title')} width={720} destroyOnHidden data-testid="edit-history">
      {edits.isPending ? (
        <Skeleton active />
      ) : edits.isError ? (
        <ApiErrorResult error={edits.error} onRetry={() => void edits.refetch()} />
      ) : edits.data.length === 0 ? (
        <Empty description={t('history.none')} />
      ) : (
        <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {edits.data.map((edit) => (
            <li key={edit.id} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
              <Typography.Text type="secondary">
                {t('history.version', { time: fullTime(edit.created_at), name: edit.editor?.name ?? t('history.unknownEditor') })}
              </Typography.Text>
              {edit.title && <Typography.Title level={5}>{edit.title}</Typography.Title>}
              <RichHtml html={edit.content} />
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}

/** Reporting a topic or reply to the course team with a reason (`POST /api/{topics|replies}/{id}/report`). */
export function ReportModal({ target, onClose }: { target: { kind: 'topics' | 'replies'; id: number } | null; onClose: () => void }) {
  const { t } = useTranslation('forum');
  const toast = useToast();
  const report = useReport();
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (target) form.resetFields();
  }, [target, form]);
  return (
    <Modal
      open={target !== null}
      onCancel={onClose}
      title={target?.kind === 'replies' ? t('report.replyTitle') : t('report.topicTitle')}
      okText={t('report.send')}
      cancelText={t('common:action.cancel')}
      confirmLoading={report.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="report-modal"
    >
      <Typography.Paragraph type="secondary">{t('report.help')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) =>
          target &&
          report.mutate(
            { ...target, reason: reason.trim() },
            {
              onSuccess: () => {
                toast.success(t('report.sent'));
                onClose();
              },
              onError: (error) => {
                const sorted = showFieldErrors(form, error, { fields: ['reason'] });
                if (sorted.fieldErrors.length === 0) toast.error(error, t('report.failed'));
              },
            },
          )
        }
      >
        <Form.Item name="reason" label={t('report.reason')} rules={[{ required: true, whitespace: true, message: t('report.reasonRequired') }, { max: 2000 }]}>
          <Input.TextArea rows={4} maxLength={2000} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Editing a topic (title and content) or a reply (content); the previous text goes to the edit history on the server. */
export function EditModal({
  target,
  courseId,
  canUploadImages,
  onSave,
  isSaving,
  onClose,
}: {
  target: { kind: 'topics' | 'replies'; id: number; title?: string; content: string } | null;
  courseId: number;
  canUploadImages?: boolean;
  onSave: (values: { title?: string; content: string }) => Promise<unknown>;
  isSaving: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('forum');
  const toast = useToast();
  const [form] = Form.useForm<{ title?: string; content: string }>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    form.setFieldsValue({ title: target.title, content: target.content });
  }, [target, form]);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal
      open={target !== null}
      onCancel={close}
      title={target?.kind === 'topics' ? t('edit.topicTitle') : t('edit.replyTitle')}
      okText={t('edit.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      width={760}
      destroyOnHidden
      data-testid="edit-modal"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          onSave({ title: target?.kind === 'topics' ? values.title?.trim() : undefined, content: values.content ?? '' }).then(
            () => {
              toast.success(t('edit.saved'));
              close();
            },
            (failure: unknown) => {
              const sorted = showFieldErrors(form, failure, { fields: ['title', 'content'] });
              if (sorted.fieldErrors.length === 0 || sorted.rest) setError(sorted.rest ?? sorted.summary ?? t('edit.failed'));
            },
          )
        }
      >
        {target?.kind === 'topics' && (
          <Form.Item
            name="title"
            label={t('compose.title')}
            rules={[{ required: true, whitespace: true, message: t('compose.titleRequired') }, { max: TOPIC_TITLE_MAX }]}
          >
            <Input maxLength={TOPIC_TITLE_MAX} showCount />
          </Form.Item>
        )}
        <Form.Item
          name="content"
          label={t('compose.content')}
          trigger="onChange"
          validateTrigger={[]}
          rules={target?.kind === 'replies' ? [{ required: true, message: t('reply.required') }] : []}
        >
          <ForumEditor courseId={courseId} aria-label={t('compose.content')} canUploadImages={canUploadImages} minHeight={180} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
