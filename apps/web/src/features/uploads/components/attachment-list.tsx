import { Flex, List, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { formatBytes } from '@atrium/contracts';
import { uploadBlobUrl } from '../api';
import { FileTypeIcon } from './file-type-icon';

/**
 * Files attached to a post (a bulletin, a forum topic or reply), each a download link with its
 * type icon and size (bytes, shown humanly); nothing when there are none. `title` heads the list
 * and names the section; `downloadLabel(name)` is each link's accessible name.
 */
export function AttachmentList({
  files,
  title,
  downloadLabel,
  testId,
}: {
  files: readonly { id: number; name: string; type: string; size: number }[];
  title: string;
  downloadLabel: (name: string) => string;
  testId: string;
}) {
  if (files.length === 0) return null;
  return (
    <section aria-label={title} data-testid={testId} style={{ marginTop: 12 }}>
      <List
        size="small"
        bordered
        header={<Typography.Text strong>{title}</Typography.Text>}
        dataSource={[...files]}
        rowKey="id"
        renderItem={(file) => (
          <List.Item>
            <Flex gap={8} align="center" wrap>
              <FileTypeIcon name={file.name} type={file.type} />
              <a href={uploadBlobUrl(file.id)} download={file.name} aria-label={downloadLabel(file.name)}>
                {file.name} <DownloadOutlined aria-hidden />
              </a>
              <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </section>
  );
}
