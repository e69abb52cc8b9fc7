import { Button, Empty, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatBytes, TIME_FORMAT, type Upload } from '@atrium/contracts';
import { failureMessage } from '../../../lib/failure-message';
import { FileTypeIcon } from './file-type-icon';

/** A course's files: type icon, name (a button that opens the previewer), size, upload time (YYYY.MM.DD HH:mm), and the processing or failed state with its reason (spec §4). */
export function CourseFileList({ uploads, loading, onOpen }: { uploads: readonly Upload[]; loading: boolean; onOpen: (upload: Upload) => void }) {
  const { t } = useTranslation('uploads');
  return (
    <List
      loading={loading}
      dataSource={[...uploads]}
      rowKey="id"
      locale={{ emptyText: <Empty description={t('list.empty')} /> }}
      renderItem={(upload) => (
        <List.Item data-testid="course-file" data-upload-id={upload.id} data-status={upload.status}>
          <List.Item.Meta
            avatar={<FileTypeIcon name={upload.name} type={upload.type} />}
            title={
              <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => onOpen(upload)}>
                {upload.name}
              </Button>
            }
            description={
              <>
                <Typography.Text type="secondary">
                  {formatBytes(upload.size)} · {dayjs(upload.created_at).format(TIME_FORMAT.display)}
                </Typography.Text>
                {upload.status === 'failed' && (upload.failure_code || upload.failure_reason) && (
                  <Typography.Paragraph type="danger" style={{ margin: 0 }}>
                    {t('list.failureReason', {
                      reason: failureMessage(t, { code: upload.failure_code, params: upload.failure_params, reason: upload.failure_reason }),
                    })}
                  </Typography.Paragraph>
                )}
              </>
            }
          />
          {upload.status !== 'ready' && upload.status !== 'finished' && (
            <Tag color={upload.status === 'failed' ? 'error' : 'processing'} data-testid="course-file-status">
              {t(`status.${statusKey(upload.status)}`)}
            </Tag>
          )}
        </List.Item>
      )}
    />
  );
}

function statusKey(status: Upload['status']): string {
  return ['processing', 'failed', 'aborted', 'createFailed', 'deleted'].includes(status) ? status : 'processing';
}
