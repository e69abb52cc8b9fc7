import { Suspense, useState } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiErrorResult } from '../../../components/status-results';
import { useCourseUploads } from '../../uploads/api';
import { CourseFileList } from '../../uploads/components/course-file-list';
import { UploadButton } from '../../uploads/components/upload-button';
import { UploadProgressList } from '../../uploads/components/upload-progress-list';
import { useUploader } from '../../uploads/hooks/use-uploader';
import { lazyNamed } from '../../../lib/lazy-named';
import { canTeach } from '../lib/course-display';
import { useCourseContext } from './course-page';

const FilePreviewer = lazyNamed(() => import('../../previews/components/file-previewer'), 'FilePreviewer');

/**
 * `/course/{id}`: the course's files (name, size, upload time) opening in the
 * previewer; instructors and assistants also upload files here.
 */
export function CourseHomePage() {
  const { t } = useTranslation('courses');
  const course = useCourseContext();
  const uploads = useCourseUploads(course.id);
  const uploader = useUploader({ parentType: 'course', parentId: course.id });
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const isTeacher = canTeach(course);
  const files = uploads.data ?? [];

  return (
    <>
      {isTeacher && <UploadProgressList items={uploader.items} onRemove={uploader.remove} onClearFinished={uploader.clearFinished} />}
      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('files.title')}
          </Typography.Title>
        }
        extra={isTeacher ? <UploadButton onFiles={uploader.addFiles} /> : null}
      >
        {uploads.isError ? (
          <ApiErrorResult error={uploads.error} onRetry={() => void uploads.refetch()} />
        ) : (
          <CourseFileList
            uploads={files}
            loading={uploads.isPending}
            onOpen={(upload) => setPreviewIndex(Math.max(0, files.findIndex((file) => file.id === upload.id)))}
          />
        )}
      </Card>
      {previewIndex !== null && files.length > 0 && (
        <Suspense fallback={null}>
          <FilePreviewer
            files={files.map((file) => ({ id: file.id, name: file.name }))}
            startIndex={previewIndex}
            onClose={() => setPreviewIndex(null)}
          />
        </Suspense>
      )}
    </>
  );
}
