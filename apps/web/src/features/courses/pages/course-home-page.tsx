import { Suspense, useState } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiErrorResult } from '../../../components/status-results';
import { useCourseUploads } from '../../uploads/api';
import { CourseFileList } from '../../uploads/components/course-file-list';
import { UploadButton } from '../../uploads/components/upload-button';
import { UploadProgressList } from '../../uploads/components/upload-progress-list';
import { useUploader } from '../../uploads/hooks/use-uploader';
import { useActivityFiles } from '../../previews/api';
import { lazyNamed } from '../../../lib/lazy-named';
import { canTeach } from '../lib/course-display';
import { useCourseContext } from './course-page';
import { useCourseHeader } from '../header-api';
import { previewerContextOf } from '../../activities/lib/previewer-context';

const FilePreviewer = lazyNamed(() => import('../../previews/components/file-previewer'), 'FilePreviewer');

/**
 * `/course/{id}`: the course's files (name, size, upload time) opening in the
 * previewer; instructors and assistants also upload files here. A file held by
 * an activity opens in that activity (`GET /api/courses/{id}/activity-files`:
 * notes, play progress, SCORM runtime). Exam subjects' media play on the exam's
 * learning-activity page, not here.
 */
export function CourseHomePage() {
  const { t } = useTranslation('courses');
  const course = useCourseContext();
  const uploads = useCourseUploads(course.id);
  const activityFiles = useActivityFiles(course.id);
  const header = useCourseHeader(course.id);
  const uploader = useUploader({ parentType: 'course', parentId: course.id });
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const isTeacher = canTeach(course);
  const files = uploads.data ?? [];
  const holders = activityFiles.data ?? [];
  const activityOf = (uploadId: number) => holders.find((h) => h.upload_id === uploadId && h.activity_type !== 'exam')?.activity_id ?? null;

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
            onOpen={(upload) =>
              setPreviewIndex(
                Math.max(
                  0,
                  files.findIndex((file) => file.id === upload.id),
                ),
              )
            }
          />
        )}
      </Card>
      {previewIndex !== null && files.length > 0 && (
        <Suspense fallback={null}>
          <FilePreviewer
            files={files.map((file) => ({ id: file.id, name: file.name, activityId: activityOf(file.id) }))}
            startIndex={previewIndex}
            onClose={() => setPreviewIndex(null)}
            courseId={course.id}
            {...previewerContextOf(course, header.data)}
          />
        </Suspense>
      )}
    </>
  );
}
