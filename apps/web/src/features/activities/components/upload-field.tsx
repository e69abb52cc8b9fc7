import { useEffect, useRef } from 'react';
import { Button, List, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes, type ActivityUpload } from '@atrium/contracts';
import { UploadButton } from '../../uploads/components/upload-button';
import { EmbedVideoButton } from './embed-video-button';
import { LibraryPickerButton } from '../../library/components/library-picker';
import { UploadProgressList } from '../../uploads/components/upload-progress-list';
import { useUploader } from '../../uploads/hooks/use-uploader';
import './content.css';

/**
 * An activity's files (antd form control): uploads through the app's uploader
 * (course files, spec §4 lifecycle) or embeds an online video (spec §2 embed online
 * video popup), and lists the attached ones, each removable.
 * `value` is the attached uploads in order.
 */
export function UploadField({
  courseId,
  value = [],
  onChange,
  id,
}: {
  courseId: number;
  value?: ActivityUpload[];
  onChange?: (uploads: ActivityUpload[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('activities');
  const uploader = useUploader({ parentType: 'course', parentId: courseId });
  const attached = useRef(new Set<string>());
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  // Each finished transfer joins the list once.
  useEffect(() => {
    const finished = uploader.items.filter((item) => item.status === 'finished' && item.upload && !attached.current.has(item.uid));
    if (finished.length === 0) return;
    for (const item of finished) attached.current.add(item.uid);
    const added = finished.map((item) => ({
      id: item.upload!.id,
      name: item.upload!.name,
      type: item.upload!.type,
      status: item.upload!.status,
      size: item.upload!.size,
    }));
    latest.current.onChange?.([...latest.current.value, ...added.filter((u) => !latest.current.value.some((v) => v.id === u.id))]);
  }, [uploader.items]);

  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id} className="activity-upload-field">
      <Space wrap>
        <UploadButton onFiles={uploader.addFiles} />
        <EmbedVideoButton
          courseId={courseId}
          onEmbedded={(u) => latest.current.onChange?.([...latest.current.value, { id: u.id, name: u.name, type: u.type, status: u.status, size: u.size }])}
        />
        {/* Files of my library, used by reference (issue 19 §1, decision 0132). */}
        <LibraryPickerButton
          onPick={(picked) => latest.current.onChange?.([...latest.current.value, ...picked.filter((u) => !latest.current.value.some((v) => v.id === u.id))])}
        />
      </Space>
      <UploadProgressList items={uploader.items} onRemove={uploader.remove} onClearFinished={uploader.clearFinished} />
      <List
        size="small"
        bordered
        locale={{ emptyText: t('form.noFiles') }}
        dataSource={value}
        renderItem={(upload) => (
          <List.Item
            data-testid="activity-upload"
            actions={[
              <Button
                key="remove"
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('form.removeFile', { name: upload.name })}
                onClick={() => onChange?.(value.filter((u) => u.id !== upload.id))}
              />,
            ]}
          >
            <Typography.Text>{upload.name}</Typography.Text>
            <Typography.Text type="secondary">{upload.type === 'link' ? t('embed.onlineVideo') : formatBytes(upload.size)}</Typography.Text>
          </List.Item>
        )}
      />
    </Space>
  );
}
