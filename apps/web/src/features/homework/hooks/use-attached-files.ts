import { useEffect, useRef, useState } from 'react';
import { RUNNING_UPLOAD_STATUSES, useUploader } from '../../uploads/hooks/use-uploader';
import type { HomeworkFile } from '../components/submission-files';

/**
 * Files being gathered for a homework answer or a grader's feedback: the person's own uploads
 * (`parent_type: 'user'`, through the resumable uploader) that join `files` once each as they
 * finish, beside the files already attached (`initial`). `pending` counts uploads still running;
 * the submission takes the files over when it is saved (issue 16 §1–2).
 */
export function useAttachedFiles(initial: readonly HomeworkFile[]) {
  const uploader = useUploader({ parentType: 'user' });
  const [files, setFiles] = useState<HomeworkFile[]>(() => [...initial]);
  const attached = useRef(new Set<string>());

  useEffect(() => {
    const finished = uploader.items.filter((item) => item.status === 'finished' && item.upload && !attached.current.has(item.uid));
    if (finished.length === 0) return;
    for (const item of finished) attached.current.add(item.uid);
    setFiles((list) => [
      ...list,
      ...finished
        .map((item) => item.upload!)
        .filter((upload) => !list.some((f) => f.id === upload.id))
        .map((upload) => ({ id: upload.id, name: upload.name, type: upload.type, status: upload.status, size: upload.size })),
    ]);
  }, [uploader.items]);

  const pending = uploader.items.filter((item) => RUNNING_UPLOAD_STATUSES.includes(item.status)).length;
  const remove = (file: HomeworkFile) => setFiles((list) => list.filter((f) => f.id !== file.id));
  return { uploader, files, remove, pending, isUploading: pending > 0 };
}
