import { useEffect, useRef } from 'react';
import { Flex } from 'antd';
import { SubmissionFiles, type HomeworkFile } from '../../homework/components/submission-files';
import { UploadButton } from './upload-button';
import { UploadProgressList } from './upload-progress-list';
import { RUNNING_UPLOAD_STATUSES, useUploader } from '../hooks/use-uploader';

/**
 * A form field of attachments (a bulletin's, a forum topic's): the resumable uploader (the
 * author's own uploads, `parent_type: 'user'`, taken over by the server on save) and the files
 * attached so far, each removable. `value`/`onChange` as an antd Form.Item child; `data-uploading`
 * says whether a file is still on its way; `testId` names the field (`{testId}s-field`) and each
 * file (`{testId}`).
 */
export function AttachmentsField({
  value = [],
  onChange,
  testId,
  emptyText,
}: {
  value?: HomeworkFile[];
  onChange?: (files: HomeworkFile[]) => void;
  testId: string;
  emptyText: string;
}) {
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
    <Flex vertical gap={8} data-uploading={uploader.items.some((item) => RUNNING_UPLOAD_STATUSES.includes(item.status))} data-testid={`${testId}s-field`}>
      <UploadButton onFiles={(files) => uploader.addFiles(files)} allowFolder={false} />
      <UploadProgressList items={uploader.items} onRemove={uploader.remove} onClearFinished={uploader.clearFinished} />
      <SubmissionFiles files={value} onRemove={(file) => onChange?.(value.filter((f) => f.id !== file.id))} testId={testId} emptyText={emptyText} />
    </Flex>
  );
}
