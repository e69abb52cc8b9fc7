import { useEffect, useRef } from 'react';
import { Flex, Form, InputNumber, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Upload } from '@atrium/contracts';
import { useCourseUploads } from '../../uploads/api';
import { FileTypeIcon } from '../../uploads/components/file-type-icon';
import { UploadButton } from '../../uploads/components/upload-button';
import { UploadProgressList } from '../../uploads/components/upload-progress-list';
import { useUploader } from '../../uploads/hooks/use-uploader';
import type { SubjectFormValues } from '../lib/subject-form';

/** Files a subject may play: live video and audio files of the course (what the server accepts in `upload_ids`). */
const isMedia = (upload: Pick<Upload, 'type' | 'deleted' | 'status'>) =>
  (upload.type === 'video' || upload.type === 'audio') && !upload.deleted && ['ready', 'processing', 'finished'].includes(upload.status);

/**
 * The video/audio files a subject plays (antd form control, value upload ids in order): chosen
 * among the course's files (`GET /api/courses/{id}/uploads`) or uploaded here to the course
 * through the app's uploader (a finished video or audio file is chosen at once).
 */
function MediaPicker({ courseId, value = [], onChange, id }: { courseId: number; value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const { t } = useTranslation('exams');
  const uploads = useCourseUploads(courseId);
  const uploader = useUploader({ parentType: 'course', parentId: courseId });
  const picked = useRef(new Set<string>());
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  // Each finished video or audio transfer joins the choice once.
  useEffect(() => {
    const finished = uploader.items.filter((item) => item.status === 'finished' && item.upload && !picked.current.has(item.uid));
    if (finished.length === 0) return;
    for (const item of finished) picked.current.add(item.uid);
    const added = finished
      .map((item) => item.upload!)
      .filter(isMedia)
      .map((u) => u.id);
    const { value: current, onChange: change } = latest.current;
    if (added.length > 0) change?.([...current, ...added.filter((uploadId) => !current.includes(uploadId))]);
  }, [uploader.items]);

  const media = (uploads.data ?? []).filter((u) => isMedia(u) || value.includes(u.id));
  return (
    <Flex vertical gap={8} style={{ width: '100%' }}>
      <Select<number[]>
        id={id}
        mode="multiple"
        aria-label={t('form.mediaFiles')}
        value={value}
        onChange={(ids) => onChange?.(ids)}
        loading={uploads.isPending}
        placeholder={t('form.mediaPlaceholder')}
        optionFilterProp="label"
        notFoundContent={t('form.mediaNone')}
        options={media.map((u) => ({
          value: u.id,
          label: u.name,
          title: u.name,
        }))}
        optionRender={(option) => {
          const upload = media.find((u) => u.id === option.value);
          return (
            <Flex gap={8} align="center">
              {upload && <FileTypeIcon name={upload.name} type={upload.type} />}
              <span>{option.label}</span>
            </Flex>
          );
        }}
        style={{ width: '100%' }}
      />
      <div>
        <UploadButton onFiles={uploader.addFiles} allowFolder={false} />
      </div>
      <UploadProgressList items={uploader.items} onRemove={uploader.remove} onClearFinished={uploader.clearFinished} />
    </Flex>
  );
}

/**
 * A subject's media (spec §3 exam video settings): the course's video/audio files it plays and,
 * when limited, how many times each learner may play each file (at least once).
 */
export function SubjectMediaFields({ courseId }: { courseId: number }) {
  const { t } = useTranslation('exams');
  const form = Form.useFormInstance<SubjectFormValues>();
  const uploadIds = Form.useWatch('upload_ids', form) as number[] | undefined;
  const isLimited = Form.useWatch('play_limit', form) === true;
  const hasMedia = (uploadIds ?? []).length > 0;
  return (
    <fieldset className="exam-form-group" data-testid="subject-media">
      <legend>{t('form.media')}</legend>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('form.mediaHint')}
      </Typography.Paragraph>
      <Form.Item name="upload_ids" style={{ marginBottom: 12 }}>
        <MediaPicker courseId={courseId} />
      </Form.Item>
      {hasMedia && (
        <Flex gap={16} wrap align="start">
          <Form.Item name="play_limit" label={t('form.playLimit')} valuePropName="checked" style={{ marginBottom: 8 }}>
            <Switch />
          </Form.Item>
          {isLimited && (
            <Form.Item
              name="play_limit_times"
              label={t('form.playLimitTimes')}
              rules={[{ required: true, type: 'number', min: 1, max: 100, message: t('form.playLimitRange') }]}
              style={{ marginBottom: 8 }}
            >
              <InputNumber min={1} max={100} precision={0} style={{ width: 120 }} />
            </Form.Item>
          )}
        </Flex>
      )}
    </fieldset>
  );
}
