import { useState } from 'react';
import { Button, Card, Flex, List, Modal, Progress, Typography } from 'antd';
import { CloseOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@atrium/contracts';
import { LiveAnnouncement } from '../../../components/live-announcement';
import { RUNNING_UPLOAD_STATUSES, type UploadItem, type UploadItemStatus } from '../hooks/use-uploader';

const FAILED: readonly UploadItemStatus[] = ['rejected', 'failed', 'aborted', 'createFailed'];

/**
 * Progress of the files being uploaded: an overall bar (bytes of all files),
 * one row per file with its bar, status, messages and a retry button when it
 * failed or was interrupted, and the upload-failed popup listing the files that
 * failed once nothing is running any more (spec §8).
 */
export function UploadProgressList({
  items,
  onRemove,
  onClearFinished,
}: {
  items: readonly UploadItem[];
  onRemove: (uid: string) => void;
  onClearFinished: () => void;
}) {
  const { t, i18n } = useTranslation('uploads');
  const [seenFailures, setSeenFailures] = useState<readonly string[]>([]);
  if (items.length === 0) return null;
  const transferring = items.filter((i) => i.status !== 'rejected');
  const totalBytes = transferring.reduce((sum, i) => sum + i.size, 0);
  const sentBytes = transferring.reduce((sum, i) => sum + (i.status === 'finished' ? i.size : i.sentBytes), 0);
  const isRunning = items.some((i) => RUNNING_UPLOAD_STATUSES.includes(i.status));
  const failed = items.filter((i) => ['failed', 'createFailed'].includes(i.status));
  const unseen = failed.filter((i) => !seenFailures.includes(i.uid));
  const percent = totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 100;
  // Read aloud in steps of ten while running, and once at the end (a failure is read by its popup). Its own
  // words, not the bar's: the same text twice on the page would be found twice by its readers.
  const asPercent = (value: number) => new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(value);
  const announced = isRunning
    ? t('progress.announce', { percent: asPercent(Math.floor(percent / 10) / 10) })
    : failed.length === 0 && transferring.length > 0
      ? t('progress.announce', { percent: asPercent(1) })
      : '';
  return (
    <Card
      size="small"
      title={t('progress.title')}
      extra={
        <Button size="small" type="link" onClick={onClearFinished}>
          {t('progress.clearFinished')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    >
      <LiveAnnouncement text={announced} testId="upload-announcement" />
      {transferring.length > 0 && (
        <Progress
          data-testid="upload-overall-progress"
          percent={percent}
          status={isRunning ? 'active' : failed.length > 0 ? 'exception' : 'success'}
          aria-label={t('progress.overall')}
          format={(percent) => t('progress.overallText', { percent, sent: formatBytes(sentBytes), total: formatBytes(totalBytes) })}
        />
      )}
      <Modal
        open={!isRunning && unseen.length > 0}
        title={t('failed.title')}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('failed.ok')}
        onOk={() => setSeenFailures((list) => [...list, ...unseen.map((i) => i.uid)])}
        onCancel={() => setSeenFailures((list) => [...list, ...unseen.map((i) => i.uid)])}
      >
        <List
          size="small"
          data-testid="upload-failed-list"
          dataSource={unseen}
          rowKey="uid"
          renderItem={(item) => (
            <List.Item>
              <Flex vertical>
                <Typography.Text strong>{item.relativePath ?? item.name}</Typography.Text>
                {item.errors.map((error) => (
                  <Typography.Text key={error} type="danger">
                    {error}
                  </Typography.Text>
                ))}
              </Flex>
            </List.Item>
          )}
        />
      </Modal>
      <List
        size="small"
        dataSource={[...items]}
        rowKey="uid"
        renderItem={(item) => {
          const isFailed = FAILED.includes(item.status);
          return (
            <List.Item
              data-testid="upload-item"
              data-status={item.status}
              actions={[
                ...(isFailed && item.retry
                  ? [
                      <Button
                        key="retry"
                        type="text"
                        size="small"
                        icon={<RedoOutlined />}
                        aria-label={t('progress.retry', { name: item.name })}
                        onClick={item.retry}
                      />,
                    ]
                  : []),
                <Button
                  key="remove"
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={t('progress.remove', { name: item.name })}
                  onClick={() => onRemove(item.uid)}
                />,
              ]}
            >
              <Flex vertical style={{ width: '100%' }} gap={2}>
                <Flex justify="space-between" gap={8}>
                  <Typography.Text ellipsis style={{ maxWidth: '70%' }}>
                    {item.relativePath ?? item.name}
                  </Typography.Text>
                  <Typography.Text type={isFailed ? 'danger' : 'secondary'}>
                    {formatBytes(item.size)} · {t(`status.${item.status}`)}
                  </Typography.Text>
                </Flex>
                {item.status !== 'rejected' && (
                  <Progress
                    percent={item.percent}
                    size="small"
                    status={isFailed ? 'exception' : item.status === 'finished' ? 'success' : 'active'}
                    aria-label={t('progress.ariaLabel', { name: item.name })}
                  />
                )}
                {item.errors.map((error) => (
                  <Typography.Text key={error} type="danger" role="alert">
                    {error}
                  </Typography.Text>
                ))}
              </Flex>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
