import { Suspense, useState } from 'react';
import { Button, Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, type ActivityUpload } from '@atrium/contracts';
import { lazyNamed } from '../../../../lib/lazy-named';
import { FileTypeIcon } from '../../../uploads/components/file-type-icon';
import type { PreviewerContext } from '../../lib/previewer-context';
import type { QuestionTarget } from '../../../forum-questions/lib/question-target';

const FilePreviewer = lazyNamed(() => import('../../../previews/components/file-previewer'), 'FilePreviewer');

/**
 * How an activity's files open in the previewer: the activity and course they
 * belong to (notes, play progress, SCORM runtime), the previewer's rule props,
 * the page callback of documents and what to do when it closes.
 */
export interface ActivityFilesPreview extends PreviewerContext {
  activityId: number;
  courseId: number;
  /** A document page was on screen (FilePreviewer onPageView). */
  onPageView?: (uploadId: number, page: number) => void;
  /** The previewer closed (refresh completion). */
  onClose?: () => void;
  /** Open this file's previewer on this question (a question notification's destination, issue 18 §5). */
  openQuestion?: QuestionTarget | null;
}

/**
 * An activity's files; each opens the file previewer (spec §2, a list with
 * previous/next), lazily loaded. `onOpen` reports each file the previewer shows
 * (the one clicked, then each one previous/next or ← → switches to); `preview`
 * gives the previewer its activity, course and rules (without it, files open
 * with no activity: no notes, no progress).
 */
export function FileList({
  uploads,
  onOpen,
  preview,
}: {
  uploads: readonly ActivityUpload[];
  onOpen?: (upload: ActivityUpload) => void;
  preview?: ActivityFilesPreview;
}) {
  const { t } = useTranslation('activities');
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [question, setQuestion] = useState<QuestionTarget | null>(null);
  const target = preview?.openQuestion ?? null;
  const targetIndex = target ? uploads.findIndex((u) => u.id === target.uploadId) : -1;
  const targetKey = target && targetIndex >= 0 ? `${target.questionId}:${target.uploadId}:${target.page ?? ''}` : null;
  // A new target (not every render of the same hash) opens its file's previewer on the question.
  const [seenTarget, setSeenTarget] = useState<string | null>(null);
  if (targetKey !== seenTarget) {
    setSeenTarget(targetKey);
    if (targetKey !== null && target) {
      setQuestion(target);
      setOpenIndex(targetIndex);
    }
  }
  if (uploads.length === 0) return <Empty description={t('view.noFiles')} />;
  return (
    <>
      <List
        bordered
        dataSource={uploads}
        renderItem={(upload, index) => (
          <List.Item data-testid="activity-file">
            <Button type="link" icon={<FileTypeIcon name={upload.name} type={upload.type} />} onClick={() => setOpenIndex(index)} style={{ padding: 0 }}>
              {upload.name}
            </Button>
            <span>
              {upload.status !== 'ready' && <Tag>{t(`uploadStatus.${upload.status}`, { defaultValue: upload.status })}</Tag>}
              <Typography.Text type="secondary">{upload.type === 'link' ? t('embed.onlineVideo') : formatBytes(upload.size)}</Typography.Text>
            </span>
          </List.Item>
        )}
      />
      {openIndex !== null && (
        <Suspense fallback={null}>
          <FilePreviewer
            files={uploads.map((u) => ({ id: u.id, name: u.name, activityId: preview?.activityId ?? null }))}
            startIndex={openIndex}
            onClose={() => {
              setOpenIndex(null);
              setQuestion(null);
              preview?.onClose?.();
            }}
            initialQuestion={question && uploads[openIndex]?.id === question.uploadId ? { id: question.questionId, page: question.page } : null}
            courseId={preview?.courseId ?? null}
            hasAiAbility={preview?.hasAiAbility ?? false}
            isInstructorView={preview?.isInstructorView ?? false}
            canSeeStatistics={preview?.canSeeStatistics ?? false}
            canRetryTranscode={preview?.canRetryTranscode ?? false}
            onFileShown={(file) => {
              const shown = uploads.find((u) => u.id === file.id);
              if (shown) onOpen?.(shown);
            }}
            onPageView={preview?.onPageView}
          />
        </Suspense>
      )}
    </>
  );
}
