import { useEffect, useRef } from 'react';
import { DatePicker, Flex, Form, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { HomeworkSubmissionTypeSchema } from '@atrium/contracts';
import type { Dayjs } from 'dayjs';
import { UploadButton } from '../../uploads/components/upload-button';
import { UploadProgressList } from '../../uploads/components/upload-progress-list';
import { useUploader } from '../../uploads/hooks/use-uploader';
import { useUploadsByIds } from '../api';
import { SubmissionFiles } from './submission-files';

/** The brief's attached files (antd form control over `data.attachment_upload_ids`): course files uploaded with the app's uploader, each removable. */
function AttachmentsField({ courseId, value = [], onChange, id }: { courseId: number; value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const { t } = useTranslation('homework');
  const uploader = useUploader({ parentType: 'course', parentId: courseId });
  const known = useUploadsByIds(value);
  const attached = useRef(new Set<string>());
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  useEffect(() => {
    const finished = uploader.items.filter((item) => item.status === 'finished' && item.upload && !attached.current.has(item.uid));
    if (finished.length === 0) return;
    for (const item of finished) attached.current.add(item.uid);
    const ids = finished.map((item) => item.upload!.id).filter((uploadId) => !latest.current.value.includes(uploadId));
    latest.current.onChange?.([...latest.current.value, ...ids]);
  }, [uploader.items]);
  const files = value.map((uploadId) => {
    const upload = known.uploads.find((u) => u.id === uploadId) ?? uploader.items.find((item) => item.upload?.id === uploadId)?.upload;
    return upload
      ? { id: upload.id, name: upload.name, type: upload.type, status: upload.status, size: upload.size }
      : { id: uploadId, name: t('settings.attachmentNumber', { id: uploadId }), type: 'document', status: 'ready', size: 0 };
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id}>
      <UploadButton onFiles={uploader.addFiles} allowFolder={false} />
      <UploadProgressList items={uploader.items} onRemove={uploader.remove} onClearFinished={uploader.clearFinished} />
      <SubmissionFiles
        files={files}
        testId="homework-attachment"
        emptyText={t('settings.noAttachments')}
        onRemove={(file) => onChange?.(value.filter((uploadId) => uploadId !== file.id))}
      />
    </Space>
  );
}

/**
 * A homework's own settings in the activity form (issue 16 §1, HomeworkDataSchema as `data`, see
 * homeworkDataOfForm): due date, cut-off date (not before the due date), attached files, what
 * learners hand in (files, online text or both), at most how many files of at most how many MB
 * (stored in bytes), and group homework (one submission per course group). Fields of the surrounding form.
 */
export function HomeworkSettingsFields({ courseId }: { courseId: number }) {
  const { t } = useTranslation('homework');
  const submissionType = Form.useWatch(['data', 'submission_type']) as string | undefined;
  const takesFiles = submissionType !== 'text';
  return (
    <fieldset data-testid="homework-settings" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 16px 0', margin: '0 0 24px', minWidth: 0 }}>
      <legend style={{ width: 'auto', padding: '0 6px', margin: 0, border: 0, fontSize: 14 }}>{t('settings.title')}</legend>
      <Flex gap={16} wrap>
        <Form.Item name={['data', 'due_date']} label={t('settings.dueDate')} extra={t('settings.dueDateHint')} style={{ flex: '1 1 240px' }}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item
          name={['data', 'cut_off_date']}
          label={t('settings.cutOffDate')}
          extra={t('settings.cutOffDateHint')}
          dependencies={[['data', 'due_date']]}
          style={{ flex: '1 1 240px' }}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: Dayjs | null | undefined) => {
                const due = getFieldValue(['data', 'due_date']) as Dayjs | null | undefined;
                return value && due && value.isBefore(due) ? Promise.reject(new Error(t('settings.cutOffBeforeDue'))) : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker showTime format="YYYY-MM-DD HH:mm" />
        </Form.Item>
      </Flex>
      <Form.Item name={['data', 'attachment_upload_ids']} label={t('settings.attachments')} extra={t('settings.attachmentsHint')}>
        <AttachmentsField courseId={courseId} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item name={['data', 'submission_type']} label={t('settings.submissionType')} style={{ flex: '1 1 200px' }}>
          <Select options={HomeworkSubmissionTypeSchema.options.map((value) => ({ value, label: t(`submissionTypes.${value}`) }))} style={{ maxWidth: 240 }} />
        </Form.Item>
        {takesFiles && (
          <>
            <Form.Item
              name={['data', 'max_files']}
              label={t('settings.maxFiles')}
              rules={[{ required: true, type: 'number', min: 1, max: 100, message: t('settings.maxFilesRange') }]}
              style={{ flex: '1 1 160px' }}
            >
              <InputNumber min={1} max={100} precision={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item
              name={['data', 'max_file_size_mb']}
              label={t('settings.maxFileSize')}
              rules={[{ required: true, type: 'number', min: 0.01, max: 4096, message: t('settings.maxFileSizeRange') }]}
              style={{ flex: '1 1 160px' }}
            >
              <InputNumber min={0.01} max={4096} style={{ width: 160 }} suffix="MB" />
            </Form.Item>
          </>
        )}
      </Flex>
      <Form.Item name={['data', 'group_mode']} label={t('settings.groupMode')} valuePropName="checked" extra={t('settings.groupModeHint')}>
        <Switch />
      </Form.Item>
    </fieldset>
  );
}
