import { Button, List, Space, Typography } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadButton } from '../../uploads/components/upload-button';
import { UploadProgressList } from '../../uploads/components/upload-progress-list';
import { useUploader } from '../../uploads/hooks/use-uploader';

/** A file attached to an event (spec §3 Calendar event uploads). */
export interface Attachment {
  id: number;
  name: string;
}

/** Props of EventAttachments: an antd Form control over the attached uploads. */
export interface EventAttachmentsProps {
  value?: Attachment[];
  onChange?: (value: Attachment[]) => void;
  disabled?: boolean;
  id?: string;
}

/**
 * The event editor's attachments (spec §3 Calendar event uploads, sent as upload_ids): files
 * go through the app's one uploader (spec §4, §5 checks) as the user's own uploads and join
 * the list when their transfer finishes; each attached file can be removed. The server
 * accepts only the user's own uploads (400 on upload_ids otherwise).
 */
export function EventAttachments({ value = [], onChange, disabled, id }: EventAttachmentsProps) {
  const { t } = useTranslation('calendar');
  const uploader = useUploader({ parentType: 'user' });
  const { items, remove } = uploader;

  // A finished transfer becomes an attachment and leaves the progress list.
  useEffect(() => {
    const done = items.filter((item) => item.status === 'finished' && item.upload);
    if (done.length === 0) return;
    const added = done.map((item) => ({ id: item.upload!.id, name: item.upload!.name })).filter((a) => !value.some((c) => c.id === a.id));
    if (added.length > 0) onChange?.([...value, ...added]);
    for (const item of done) remove(item.uid);
  }, [items, remove, value, onChange]);

  return (
    <Space id={id} direction="vertical" style={{ width: '100%' }}>
      {value.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={value}
          rowKey="id"
          aria-label={t('event.attachments')}
          renderItem={(a) => (
            <List.Item
              actions={
                disabled
                  ? []
                  : [
                      <Button
                        key="remove"
                        type="text"
                        size="small"
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('event.removeAttachment', { name: a.name })}
                        onClick={() => onChange?.(value.filter((x) => x.id !== a.id))}
                      />,
                    ]
              }
            >
              <Typography.Text>
                <PaperClipOutlined aria-hidden /> {a.name}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
      {!disabled && <UploadButton allowFolder={false} onFiles={(files) => uploader.addFiles(files)} />}
      <UploadProgressList items={items} onRemove={remove} onClearFinished={uploader.clearFinished} />
    </Space>
  );
}
