import { useState } from 'react';
import { Alert, App, Button, Flex, Space, Typography } from 'antd';
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes, type HomeworkSubmission } from '@atrium/contracts';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import { serverMessageOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { UploadButton } from '../../uploads/components/upload-button';
import { UploadProgressList } from '../../uploads/components/upload-progress-list';
import { useSubmitHomework } from '../api';
import { submitErrorKeyOf, type HomeworkSettings } from '../lib/homework-settings';
import { useAttachedFiles } from '../hooks/use-attached-files';
import { SubmissionFiles } from './submission-files';

/** A refused hand-in as shown: its translated message and the server's own words beside it. */
export interface SubmitErrorView {
  title: string;
  detail: string | null;
}

/** The refusal of a hand-in or draft above the form. */
export function SubmitErrorAlert({ error, onClose }: { error: SubmitErrorView; onClose: () => void }) {
  return (
    <Alert type="error" showIcon role="alert" title={error.title} description={error.detail ?? undefined} data-testid="homework-error" closable={{ onClose }} />
  );
}

/** True when rich text holds something to read (text, an image or a formula), not only empty paragraphs. */
export function hasText(html: string | null | undefined): boolean {
  if (!html) return false;
  if (/<(img|span[^>]*data-latex|table|hr)\b/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}

/**
 * The learner's answer (issue 16 §1): files through the app's resumable uploader (their own
 * uploads, `parent_type: 'user'`, within the homework's count and size limits, with progress) and
 * online text in the rich-text editor, as the homework's submission type allows. "Save draft"
 * keeps it without handing in (not once handed in: the server refuses); "Hand in" asks first.
 * Both wait until every chosen file has arrived. A refusal shows its translated message.
 */
export function SubmissionForm({
  courseId,
  activityId,
  settings,
  submission,
  onError,
}: {
  courseId: number;
  activityId: number;
  settings: HomeworkSettings;
  submission: HomeworkSubmission | null;
  /** A refusal to show (null: clear it), kept by the page: the form may close once the homework is read again. */
  onError: (error: SubmitErrorView | null) => void;
}) {
  const { t } = useTranslation('homework');
  const { modal } = App.useApp();
  const toast = useToast();
  const submit = useSubmitHomework(courseId, activityId);
  const { uploader, files, remove, pending, isUploading } = useAttachedFiles(submission?.uploads ?? []);
  const [content, setContent] = useState(() => submission?.content ?? '');
  const setError = onError;
  const takesFiles = settings.submission_type !== 'text';
  const takesText = settings.submission_type !== 'file';
  const isHandedIn = submission?.status === 'submitted';

  const addFiles = (chosen: File[]) => {
    const fitting = chosen.filter((file) => file.size <= settings.max_file_size);
    for (const file of chosen.filter((f) => f.size > settings.max_file_size))
      toast.error(t('form.tooLarge', { name: file.name, size: formatBytes(settings.max_file_size) }));
    const room = Math.max(0, settings.max_files - files.length - pending);
    if (fitting.length > room) toast.error(t('form.tooMany', { count: settings.max_files }));
    if (room > 0) uploader.addFiles(fitting.slice(0, room));
  };

  const send = async (isDraft: boolean) => {
    setError(null);
    try {
      await submit.mutateAsync({
        upload_ids: takesFiles ? files.map((f) => f.id) : [],
        content: takesText && hasText(content) ? content : null,
        draft: isDraft,
      });
      uploader.clearFinished();
      toast.success(isDraft ? t('form.draftSaved') : t('form.handedIn'));
    } catch (failure) {
      const key = submitErrorKeyOf(failure);
      const detail = serverMessageOf(failure);
      setError({ title: key ? t(key) : (detail ?? t('errors.unknown')), detail: key ? detail : null });
    }
  };

  const confirmHandIn = () => {
    if (!hasText(content) && files.length === 0) {
      setError({ title: t('errors.HOMEWORK_EMPTY'), detail: null });
      return;
    }
    modal.confirm({
      title: t('form.confirmTitle'),
      content: isHandedIn ? t('form.confirmAgain') : t('form.confirmText'),
      okText: t('form.handIn'),
      cancelText: t('form.cancel'),
      onOk: () => send(false),
    });
  };

  return (
    <section aria-labelledby="homework-answer-title" data-testid="homework-form">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Title level={3} id="homework-answer-title" style={{ fontSize: 16, margin: 0 }}>
          {isHandedIn ? t('form.titleAgain') : t('form.title')}
        </Typography.Title>
        {takesFiles && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{t('form.files')}</Typography.Text>
              <Typography.Text type="secondary">
                {t('form.fileLimits', { count: settings.max_files, size: formatBytes(settings.max_file_size) })}
              </Typography.Text>
            </Flex>
            <UploadButton onFiles={addFiles} allowFolder={false} disabled={files.length >= settings.max_files} />
            <UploadProgressList items={uploader.items} onRemove={uploader.remove} onClearFinished={uploader.clearFinished} />
            <SubmissionFiles files={files} onRemove={remove} emptyText={t('form.noFiles')} />
          </Space>
        )}
        {takesText && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text strong>{t('form.text')}</Typography.Text>
            <LazyRichTextEditor aria-label={t('form.text')} value={content} onChange={setContent} minHeight={200} />
          </Space>
        )}
        {isUploading && <Typography.Text type="secondary">{t('form.waitForUploads')}</Typography.Text>}
        <Flex gap={8} wrap>
          {!isHandedIn && (
            <Button
              icon={<SaveOutlined aria-hidden />}
              onClick={() => void send(true)}
              disabled={isUploading}
              loading={submit.isPending && submit.variables?.draft === true}
            >
              {t('form.saveDraft')}
            </Button>
          )}
          <Button
            type="primary"
            icon={<SendOutlined aria-hidden />}
            onClick={confirmHandIn}
            disabled={isUploading}
            loading={submit.isPending && submit.variables?.draft === false}
          >
            {isHandedIn ? t('form.handInAgain') : t('form.handIn')}
          </Button>
        </Flex>
      </Space>
    </section>
  );
}
