import { useState } from 'react';
import { Breadcrumb, Button, Checkbox, Empty, List, Skeleton, Space, Typography } from 'antd';
import { FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes, type LibraryItem } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { FileTypeIcon } from '../../uploads/components/file-type-icon';
import { useSharedItems, useSharedWithMe } from '../api';

/** A shared file ticked in the activity editor's picker: its item and the share it came through (for the reuse count). */
export interface SharedPick {
  item: LibraryItem;
  shareId: number;
}

/**
 * "Shared with me" inside the activity editor's library picker (issue 19 §2): files shared with me,
 * and the files of shared folders, ticked to be used by reference like my own library's.
 */
export function SharedPickerList({ isChosen, onToggle }: { isChosen: (uploadId: number) => boolean; onToggle: (pick: SharedPick, on: boolean) => void }) {
  const { t } = useTranslation('resourceGroups');
  const [inside, setInside] = useState<{ shareId: number; folderId: number | null; name: string } | null>(null);
  const shared = useSharedWithMe(null, '');
  const items = useSharedItems(inside?.shareId ?? 0, inside?.folderId ?? null, inside !== null);
  const row = (item: LibraryItem, shareId: number, openFolder: () => void) => (
    <List.Item data-testid="shared-picker-item">
      {item.kind === 'folder' ? (
        <Button type="link" icon={<FolderOutlined aria-hidden />} onClick={openFolder}>
          {item.name}
        </Button>
      ) : (
        <Space>
          <Checkbox
            checked={isChosen(item.upload?.id ?? -1)}
            onChange={(e) => onToggle({ item, shareId }, e.target.checked)}
            aria-label={t('picker.choose', { name: item.name })}
          />
          <FileTypeIcon name={item.name} type={item.upload?.type ?? 'other'} />
          <Typography.Text>{item.name}</Typography.Text>
          <Typography.Text type="secondary">{formatBytes(item.size)}</Typography.Text>
        </Space>
      )}
    </List.Item>
  );
  if (inside) {
    if (items.isError) return <ApiErrorResult error={items.error} />;
    return (
      <>
        <Breadcrumb
          style={{ marginBottom: 8 }}
          items={[
            { key: 'root', title: <a onClick={() => setInside(null)}>{t('shared.title')}</a> },
            ...(items.data?.breadcrumbs ?? []).map((c) => ({ key: c.id, title: <a onClick={() => setInside({ ...inside, folderId: c.id })}>{c.name}</a> })),
          ]}
        />
        {items.isPending ? (
          <Skeleton active />
        ) : (
          <List
            size="small"
            bordered
            dataSource={items.data.items}
            locale={{ emptyText: t('shared.folderEmpty') }}
            renderItem={(item) => row(item, inside.shareId, () => setInside({ ...inside, folderId: item.id }))}
          />
        )}
      </>
    );
  }
  if (shared.isError) return <ApiErrorResult error={shared.error} />;
  if (shared.isPending) return <Skeleton active />;
  if (shared.data.resources.length === 0) return <Empty description={t('shared.empty')} />;
  return (
    <List
      size="small"
      bordered
      dataSource={shared.data.resources}
      renderItem={(s) => row(s.item, s.id, () => setInside({ shareId: s.id, folderId: null, name: s.item.name }))}
    />
  );
}
