import { useEffect, useRef } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubmissionFiles, type HomeworkFile } from '../../homework/components/submission-files';
import { UploadButton } from '../../uploads/components/upload-button';
import { UploadProgressList } from '../../uploads/components/upload-progress-list';
import { useUploader } from '../../uploads/hooks/use-uploader';

/** A topic's attachments: the resumable uploader (the author's own uploads, as bulletins do) and the files attached so far, each removable. */
export function AttachmentsField({ value = [], onChange }: { value?: HomeworkFile[]; onChange?: (files: HomeworkFile[]) => void }) {
  const { t } = useTranslation('forum');
  const uploader = useUploader({ parentType: 'user' });
  const attached = useRef(new Set<string>());

  useEffect(() => {
    const finished = uploader.items.filter((item) => item.status === 'finished' && item.upload && !attached.current.has(item.uid));
    if (finished.length === 0) return;
    for (const item of finished) attached.current.add(item.uid);
    onChange?.([
      ...value,
      ...finished
        .map((item) => item.upload!)
        .filter((upload) => !value.some((f) => f.id === upload.id))
        .map((upload) => ({ id: upload.id, name: upload.name, type: upload.type, status: upload.status, size: upload.size })),
    ]);
  }, [uploader.items, onChange, value]);

  return (
    <Flex vertical gap={8} data-testid="forum-attachments-field">
      <UploadButton onFiles={(files) => uploader.addFiles(files)} allowFolder={false} />
      <UploadProgressList items={uploader.items} onRemove={uploader.remove} onClearFinished={uploader.clearFinished} />
      <SubmissionFiles
        files={value}
        onRemove={(file) => onChange?.(value.filter((f) => f.id !== file.id))}
        testId="forum-attachment"
        emptyText={t('compose.noAttachments')}
      />
    </Flex>
  );
}
