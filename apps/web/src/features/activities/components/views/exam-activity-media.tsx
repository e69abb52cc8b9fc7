import { Suspense } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../../components/page-spinner';
import { ApiErrorResult } from '../../../../components/status-results';
import { lazyNamed } from '../../../../lib/lazy-named';
import { useActivityFiles } from '../../../previews/api';
import type { ExamMediaItem } from '../../../previews/components/exam-media';

const ExamMedia = lazyNamed(() => import('../../../previews/components/exam-media'), 'ExamMedia');

/**
 * The media of an exam activity's subjects (spec §4 exam video, §8), each
 * subject's list under its play limit (ExamMedia). The subjects and their files
 * come from `GET /api/courses/{id}/activity-files` (rows with this activity and
 * a subject id) until the exam feature answers its own subjects. Nothing shows
 * when no subject carries media.
 */
export function ExamActivityMedia({ courseId, activityId }: { courseId: number; activityId: number }) {
  const { t } = useTranslation('activities');
  const files = useActivityFiles(courseId);
  if (files.isPending) return <PageSpinner minHeight={80} />;
  if (files.isError) return <ApiErrorResult error={files.error} onRetry={() => void files.refetch()} />;
  const rows = files.data.filter((row) => row.activity_id === activityId && row.subject_id !== null);
  const subjects = [...new Set(rows.map((row) => row.subject_id!))];
  if (subjects.length === 0) return null;
  return (
    <Card
      size="small"
      data-testid="exam-activity-media"
      title={
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {t('view.examMedia')}
        </Typography.Title>
      }
    >
      <Suspense fallback={<PageSpinner minHeight={80} />}>
        {subjects.map((subjectId) => (
          <ExamMedia
            key={subjectId}
            subjectId={subjectId}
            items={rows
              .filter((row) => row.subject_id === subjectId)
              .map((row): ExamMediaItem => ({
                id: row.upload_id,
                name: row.name ?? t('view.missingFile'),
                kind: row.upload_type === 'audio' ? 'audio' : 'video',
              }))}
          />
        ))}
      </Suspense>
    </Card>
  );
}
