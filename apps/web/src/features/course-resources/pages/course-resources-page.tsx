import { Suspense, useMemo, useState } from 'react';
import { Alert, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceFile, ResourceFolder } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { lazyNamed } from '../../../lib/lazy-named';
import { previewerContextOf } from '../../activities/lib/previewer-context';
import { useCourseHeader } from '../../courses/header-api';
import { canTeach } from '../../courses/lib/course-display';
import { useCourseContext } from '../../courses/pages/course-page';
import { UploadButton } from '../../uploads/components/upload-button';
import { UploadProgressList } from '../../uploads/components/upload-progress-list';
import { useUploader } from '../../uploads/hooks/use-uploader';
import { LibraryPickerButton } from '../../library/components/library-picker';
import { libraryErrors } from '../../library/lib/library-errors';
import { useCourseResources, useReuseLibraryFiles, useStopReusingLibraryFile } from '../api';
import { ResourceFolders } from '../components/resource-folders';

const FilePreviewer = lazyNamed(() => import('../../previews/components/file-previewer'), 'FilePreviewer');

/**
 * `/course/{id}/resource` (issue 19 §3, spec §2): every file of the course the reader may open,
 * by folder (`GET /api/user/course/{courseId}/resources/folder`); a file opens in the previewer,
 * an activity's file through its activity (notes, reads). The course team uploads course files
 * here (files or a folder: a folder upload keeps its folder), and reuses files of their library
 * (or shared with them) by reference through "From my library" (decision 0131): listed with the
 * course's files, removable from the course without touching the library.
 */
export function CourseResourcesPage() {
  const { t } = useTranslation('courseResources');
  const course = useCourseContext();
  const resources = useCourseResources(course.id);
  const header = useCourseHeader(course.id);
  const isTeam = resources.data?.can_manage ?? canTeach(course);
  const uploader = useUploader({ parentType: 'course', parentId: course.id });
  const [open, setOpen] = useState<number | null>(null);
  const reuse = useReuseLibraryFiles(course.id);
  const stopReusing = useStopReusingLibraryFile(course.id);
  const reuseError = reuse.error ?? stopReusing.error;

  // Every file in the order shown, each with the activity it opens through (exam media: none, the team opens it directly).
  const entries = useMemo(
    () =>
      (resources.data?.folders ?? []).flatMap((folder: ResourceFolder) =>
        folder.files.map((file: ResourceFile) => ({ folder, file, activityId: file.via === 'activity' ? (folder.activity?.id ?? null) : null })),
      ),
    [resources.data],
  );
  const onOpen = (folder: ResourceFolder, file: ResourceFile) =>
    setOpen(
      Math.max(
        0,
        entries.findIndex((e) => e.folder.key === folder.key && e.file.id === file.id),
      ),
    );

  return (
    <>
      {isTeam && <UploadProgressList items={uploader.items} onRemove={uploader.remove} onClearFinished={uploader.clearFinished} />}
      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('title')}
          </Typography.Title>
        }
        extra={
          isTeam ? (
            <Space wrap>
              <LibraryPickerButton note={t('library.byReference')} onPick={(files) => reuse.mutate(files.map((f) => f.id))} />
              <UploadButton onFiles={uploader.addFiles} />
            </Space>
          ) : null
        }
      >
        {reuseError && (
          <Alert
            type="error"
            showIcon
            closable
            style={{ marginBottom: 12 }}
            message={libraryErrors(reuseError, t).message}
            onClose={() => {
              reuse.reset();
              stopReusing.reset();
            }}
            data-testid="resources-reuse-error"
          />
        )}
        {resources.isPending ? (
          <Skeleton active aria-busy="true" aria-label={t('loading')} data-testid="resources-loading" />
        ) : resources.isError ? (
          <ApiErrorResult error={resources.error} onRetry={() => void resources.refetch()} />
        ) : resources.data.file_count === 0 ? (
          <Empty description={isTeam ? t('empty.team') : t('empty.learner')} data-testid="resources-empty" />
        ) : (
          <>
            {resources.data.truncated && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('truncated')} />}
            <Typography.Paragraph type="secondary">{t('summary', { count: resources.data.file_count })}</Typography.Paragraph>
            <ResourceFolders
              folders={resources.data.folders}
              canManage={resources.data.can_manage}
              onOpen={onOpen}
              onStopReusing={(file) => stopReusing.mutate(file.id)}
            />
          </>
        )}
      </Card>
      {open !== null && entries.length > 0 && (
        <Suspense fallback={null}>
          <FilePreviewer
            files={entries.map((e) => ({ id: e.file.id, name: e.file.name, activityId: e.activityId }))}
            startIndex={open}
            onClose={() => setOpen(null)}
            courseId={course.id}
            {...previewerContextOf(course, header.data)}
          />
        </Suspense>
      )}
    </>
  );
}
