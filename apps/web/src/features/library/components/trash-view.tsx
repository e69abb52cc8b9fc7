import { useState } from 'react';
import { Button, Empty, Popconfirm, Skeleton, Space, Table, Typography } from 'antd';
import { DeleteOutlined, FolderOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatBytes, type LibraryItem } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { FileTypeIcon } from '../../uploads/components/file-type-icon';
import { useEmptyTrash, useLibraryTrash, usePurgeItem, useRestoreItem } from '../api';
import { libraryErrors } from '../lib/library-errors';

/** The trash (decision 0132): what was deleted, last first; restore, purge one, empty it. */
export function TrashView() {
  const { t } = useTranslation('library');
  const toast = useToast();
  const [page, setPage] = useState(1);
  const trash = useLibraryTrash(page, true);
  const restore = useRestoreItem();
  const purge = usePurgeItem();
  const empty = useEmptyTrash();
  const fail = (e: unknown) => toast.error(libraryErrors(e, t).message ?? undefined);

  if (trash.isPending) return <Skeleton active aria-busy="true" aria-label={t('loading')} />;
  if (trash.isError) return <ApiErrorResult error={trash.error} onRetry={() => void trash.refetch()} />;
  if (trash.data.total === 0) return <Empty description={t('trash.empty')} data-testid="trash-empty" />;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('trash.hint')}</Typography.Text>
        <Popconfirm
          title={t('trash.emptyConfirm')}
          okText={t('trash.emptyAction')}
          cancelText={t('action.cancel')}
          onConfirm={() => empty.mutateAsync().then(() => toast.success(t('trash.emptied')), fail)}
        >
          <Button danger icon={<DeleteOutlined aria-hidden />}>
            {t('trash.emptyAction')}
          </Button>
        </Popconfirm>
      </Space>
      <Table<LibraryItem>
        rowKey="id"
        dataSource={trash.data.items}
        pagination={{ current: page, pageSize: trash.data.page_size, total: trash.data.total, onChange: setPage, hideOnSinglePage: true }}
        onRow={(item) => ({ 'data-testid': 'trash-row', 'data-item-id': item.id }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'name',
            title: t('column.name'),
            render: (_, item) => (
              <Space>
                {item.kind === 'folder' ? <FolderOutlined aria-hidden /> : <FileTypeIcon name={item.name} type={item.upload?.type ?? 'other'} />}
                {item.name}
              </Space>
            ),
          },
          { key: 'size', title: t('column.size'), render: (_, item) => (item.kind === 'file' ? formatBytes(item.size) : '—') },
          { key: 'trashed', title: t('column.trashedAt'), render: (_, item) => (item.trashed_at ? dayjs(item.trashed_at).format('YYYY-MM-DD HH:mm') : '') },
          {
            key: 'actions',
            title: t('column.actions'),
            render: (_, item) => (
              <Space>
                <Button
                  size="small"
                  icon={<UndoOutlined aria-hidden />}
                  aria-label={t('trash.restoreNamed', { name: item.name })}
                  onClick={() => restore.mutateAsync(item.id).then(() => toast.success(t('trash.restored', { name: item.name })), fail)}
                >
                  {t('trash.restore')}
                </Button>
                <Popconfirm
                  title={t('trash.purgeConfirm', { name: item.name })}
                  okText={t('trash.purge')}
                  cancelText={t('action.cancel')}
                  onConfirm={() => purge.mutateAsync(item.id).then(() => toast.success(t('trash.purged', { name: item.name })), fail)}
                >
                  <Button size="small" danger aria-label={t('trash.purgeNamed', { name: item.name })}>
                    {t('trash.purge')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
