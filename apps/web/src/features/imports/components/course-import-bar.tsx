import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { ImportOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SYNC_STATUS, type Course } from '@atrium/contracts';
import { useUploader } from '../../uploads/hooks/use-uploader';
import { useStartImport, useSyncStatus } from '../api';
import { CoursePackageImportPopup } from './course-package-import-popup';
import { useToast } from '../../../lib/toast';

/**
 * The course team's import controls on the content page, following spec §4
 * "course package import status" on `course_attributes.data.course_importer_status`:
 * undefined or 2 (failed) shows the import button (the package list popup) and
 * a direct `.mbz` upload; 0 (running) polls sync-status every 3000 ms with a
 * progress bar until it is non-zero; 1 shows the success message with a link to
 * the last import's fidelity report, above the same import controls (another
 * package may be imported after one: issue 20 §13). When a running import ends,
 * the course and its content are reloaded.
 */
export function CourseImportBar({ course }: { course: Course }) {
  const { t } = useTranslation('imports');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [popupOpen, setPopupOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const status = course.course_attributes.data.course_importer_status;
  const importId = course.imported_from?.import_id ?? null;
  const running = status === SYNC_STATUS.running;
  const sync = useSyncStatus(course.id, null, running);
  const start = useStartImport(course.id);
  const uploader = useUploader({ parentType: 'course', parentId: course.id });
  const started = useRef(new Set<string>());

  // A directly uploaded backup is imported once its transfer has finished.
  useEffect(() => {
    for (const item of uploader.items) {
      if (item.status !== 'finished' || !item.upload || started.current.has(item.uid)) continue;
      started.current.add(item.uid);
      start.mutate(item.upload.id, {
        onSuccess: () => void queryClient.invalidateQueries(),
        onError: (error) => toast.error(error, t('popup.startFailed')),
      });
    }
  }, [uploader.items, start, queryClient, toast, t]);

  // Spec §4: polling ends when the status is non-zero; 1 shows the success message and the page reloads.
  const polled = sync.data?.status;
  useEffect(() => {
    if (!running || polled === undefined || polled === SYNC_STATUS.running) return;
    if (polled === SYNC_STATUS.done) toast.success(t('popup.success'));
    void queryClient.invalidateQueries();
  }, [running, polled, toast, queryClient, t]);

  const transferring = uploader.items.some((i) => i.status === 'queued' || i.status === 'creating' || i.status === 'uploading' || i.status === 'resumed');
  const uploadFailed = uploader.items.find((i) => i.status === 'failed' || i.status === 'rejected' || i.status === 'createFailed');
  const reportLink = importId ? <Link to={`/course/${course.id}/imports/${importId}`}>{t('bar.viewReport')}</Link> : null;

  if (running) {
    const percent = Math.round((sync.data?.status === SYNC_STATUS.running ? sync.data.progress : 0) * 100);
    return (
      <div data-testid="course-import-bar" className="course-import-bar">
        <Typography.Text>{t('popup.running')}</Typography.Text>
        <Progress percent={percent} status="active" aria-label={t('popup.progress')} />
      </div>
    );
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="course-import-bar">
      {status === SYNC_STATUS.done ? (
        <Alert
          type="success"
          showIcon
          message={t('bar.done', { name: course.imported_from?.name ?? '' })}
          action={
            <Space>
              {reportLink}
              <Link to={`/course/${course.id}/import`}>{t('bar.allImports')}</Link>
            </Space>
          }
        />
      ) : null}
      {status === SYNC_STATUS.failed ? (
        <Alert type="error" showIcon message={t('bar.failed')} action={<Link to={`/course/${course.id}/import`}>{t('bar.allImports')}</Link>} />
      ) : null}
      <Space wrap>
        <Button icon={<ImportOutlined />} onClick={() => setPopupOpen(true)}>
          {t('page.open')}
        </Button>
        <Button icon={<UploadOutlined />} loading={transferring || start.isPending} onClick={() => input.current?.click()}>
          {t('bar.uploadMbz')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".mbz"
          hidden
          aria-label={t('bar.uploadMbz')}
          data-testid="mbz-upload-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) uploader.addFiles(files.slice(0, 1));
          }}
        />
        {uploadFailed ? <Typography.Text type="danger">{uploadFailed.errors[0] ?? t('bar.uploadFailed')}</Typography.Text> : null}
      </Space>
      {popupOpen ? <CoursePackageImportPopup courseId={course.id} open={popupOpen} onClose={() => setPopupOpen(false)} /> : null}
    </Space>
  );
}
