import { Suspense, useState } from 'react';
import { Button, List, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, HighlightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@atrium/contracts';
import { lazyNamed } from '../../../lib/lazy-named';
import { FileTypeIcon } from '../../uploads/components/file-type-icon';

const FilePreviewer = lazyNamed(() => import('../../previews/components/file-previewer'), 'FilePreviewer');

/** A file shown in a homework: an upload's id, name, type, status and size (bytes); `annotated_upload_id` is the team's annotated copy when there is one. */
export interface HomeworkFile {
  id: number;
  name: string;
  type: string;
  status: string;
  size: number;
  annotated_upload_id?: number | null;
}

/**
 * Files of a homework (the brief's attachments, a submission's files, the team's feedback files):
 * each opens in the app's previewer (previous/next among them), with its size, a tag while it is
 * not ready, and — after publication — a button that opens the team's annotated copy (a flattened
 * PDF) in the same previewer. `onRemove` adds a remove button (the learner's own form).
 */
export function SubmissionFiles({
  files,
  onRemove,
  testId = 'homework-file',
  emptyText,
}: {
  files: readonly HomeworkFile[];
  onRemove?: (file: HomeworkFile) => void;
  testId?: string;
  emptyText?: string;
}) {
  const { t } = useTranslation('homework');
  const [open, setOpen] = useState<{ files: { id: number; name: string }[]; index: number } | null>(null);
  const originals = files.map((f) => ({ id: f.id, name: f.name }));
  if (files.length === 0 && !emptyText) return null;
  return (
    <>
      <List
        size="small"
        bordered
        locale={{ emptyText }}
        dataSource={[...files]}
        rowKey="id"
        renderItem={(file, index) => (
          <List.Item
            data-testid={testId}
            actions={[
              ...(file.annotated_upload_id
                ? [
                    <Button
                      key="annotated"
                      size="small"
                      icon={<HighlightOutlined aria-hidden />}
                      data-testid="annotated-copy"
                      onClick={() => setOpen({ files: [{ id: file.annotated_upload_id!, name: t('files.annotatedName', { name: file.name }) }], index: 0 })}
                    >
                      {t('files.annotated')}
                    </Button>,
                  ]
                : []),
              ...(onRemove
                ? [
                    <Button
                      key="remove"
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('files.remove', { name: file.name })}
                      onClick={() => onRemove(file)}
                    />,
                  ]
                : []),
            ]}
          >
            <Space size={4} wrap style={{ minWidth: 0 }}>
              <Button
                type="link"
                icon={<FileTypeIcon name={file.name} type={file.type} />}
                onClick={() => setOpen({ files: originals, index })}
                style={{ padding: 0 }}
              >
                {file.name}
              </Button>
              {file.status !== 'ready' && <Tag>{t(`files.status.${file.status}`, { defaultValue: file.status })}</Tag>}
              <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {open && (
        <Suspense fallback={null}>
          <FilePreviewer files={open.files.map((f) => ({ ...f, activityId: null }))} startIndex={open.index} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
