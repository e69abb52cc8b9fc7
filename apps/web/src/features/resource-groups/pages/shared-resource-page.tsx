import { Suspense, useState } from 'react';
import { Breadcrumb, Button, Card, Descriptions, Skeleton, Table, Typography } from 'antd';
import { FolderOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatBytes, type LibraryItem } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { lazyNamed } from '../../../lib/lazy-named';
import { trackShared, useSharedItems, useSharedResource } from '../api';

const FilePreviewer = lazyNamed(() => import('../../previews/components/file-previewer'), 'FilePreviewer');

/**
 * `/vtrs/{id}` (spec §2, issue 19 §2): a resource shared with me — a file opens in the previewer,
 * a folder is browsed and its files open there; each file shown is counted as an open for the sharer.
 */
export function SharedResourcePage() {
  const { t } = useTranslation('resourceGroups');
  const id = Number(useParams().id);
  const share = useSharedResource(id);
  const [folderId, setFolderId] = useState<number | null>(null);
  const [preview, setPreview] = useState<{ files: LibraryItem[]; start: number } | null>(null);
  const isFolder = share.data?.item.kind === 'folder';
  const items = useSharedItems(id, folderId, isFolder);
  if (share.isError) return <ApiErrorResult error={share.error} pageTitle />;
  if (share.isPending) return <Skeleton active />;
  const s = share.data;
  const files = (items.data?.items ?? []).filter((i) => i.kind === 'file' && i.upload);
  const open = (item: LibraryItem) => {
    if (item.kind === 'folder') setFolderId(item.id);
    else
      setPreview({
        files,
        start: Math.max(
          0,
          files.findIndex((f) => f.id === item.id),
        ),
      });
  };
  return (
    <Card
      title={
        // The shared item's name is the page's h1 (decision 0146), at the card title's size.
        <Typography.Title level={1} style={{ fontSize: 16, margin: 0, lineHeight: 'inherit' }}>
          {s.item.name}
        </Typography.Title>
      }
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('shared.by')}>{s.shared_by.name}</Descriptions.Item>
        <Descriptions.Item label={t('shared.group')}>{s.group?.name ?? t('shared.toMe')}</Descriptions.Item>
        <Descriptions.Item label={t('shared.at')}>{dayjs(s.shared_at).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
      </Descriptions>
      {isFolder ? (
        <>
          <Breadcrumb
            style={{ marginBottom: 8 }}
            items={(items.data?.breadcrumbs ?? []).map((c, i, all) => ({
              key: c.id,
              title: i < all.length - 1 ? <a onClick={() => setFolderId(c.id)}>{c.name}</a> : c.name,
            }))}
          />
          <Table
            rowKey="id"
            loading={items.isPending}
            pagination={false}
            dataSource={items.data?.items ?? []}
            locale={{ emptyText: t('shared.folderEmpty') }}
            columns={[
              {
                key: 'name',
                title: t('shared.name'),
                render: (_, item) => (
                  <a onClick={() => open(item)}>
                    {item.kind === 'folder' && <FolderOutlined aria-hidden />} {item.name}
                  </a>
                ),
              },
              { key: 'size', title: t('shared.size'), render: (_, item) => (item.kind === 'file' ? formatBytes(item.size) : '') },
            ]}
          />
        </>
      ) : (
        <Button type="primary" onClick={() => setPreview({ files: [s.item], start: 0 })}>
          {t('shared.open')}
        </Button>
      )}
      {preview && (
        <Suspense fallback={null}>
          <FilePreviewer
            files={preview.files.map((f) => ({ id: f.upload!.id, name: f.name, activityId: null }))}
            startIndex={preview.start}
            onClose={() => setPreview(null)}
            onFileShown={(file) => void trackShared(id, { how: 'open', upload_id: file.id })}
          />
        </Suspense>
      )}
    </Card>
  );
}
