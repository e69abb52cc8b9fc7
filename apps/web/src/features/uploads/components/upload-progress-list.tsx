import { Button, Card, Flex, List, Progress, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@atrium/contracts';
import type { UploadItem, UploadItemStatus } from '../hooks/use-uploader';

const FAILED: readonly UploadItemStatus[] = ['rejected', 'failed', 'aborted', 'createFailed'];

/** Progress of the files being uploaded: one row per file with a progress bar, status and messages. */
export function UploadProgressList({
  items,
  onRemove,
  onClearFinished,
}: {
  items: readonly UploadItem[];
  onRemove: (uid: string) => void;
  onClearFinished: () => void;
}) {
  const { t } = useTranslation('uploads');
  if (items.length === 0) return null;
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
                    {item.name}
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
