import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUploadsByIds } from '../api';
import { SubmissionFiles } from './submission-files';

/** The homework brief's attached files (`data.attachment_upload_ids`, course files), each opening in the previewer; nothing when there are none. */
export function HomeworkAttachments({ ids }: { ids: readonly number[] }) {
  const { t } = useTranslation('homework');
  const attachments = useUploadsByIds(ids);
  if (ids.length === 0) return null;
  return (
    <section aria-labelledby="homework-attachments-title" data-testid="homework-attachments">
      <Typography.Text strong id="homework-attachments-title" style={{ display: 'block', marginBottom: 8 }}>
        {t('view.attachments')}
      </Typography.Text>
      {attachments.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <SubmissionFiles files={attachments.uploads} testId="homework-attachment" emptyText={t('view.attachmentsUnavailable')} />
      )}
    </section>
  );
}
