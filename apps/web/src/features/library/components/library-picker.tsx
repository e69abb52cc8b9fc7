import { useState } from 'react';
import { Breadcrumb, Button, Checkbox, Empty, Input, List, Modal, Segmented, Skeleton, Space, Typography } from 'antd';
import { FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes, type ActivityUpload, type LibraryItem } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useCurrentUser } from '../../auth/api';
import { canCreateCourse } from '../../courses/lib/course-display';
import { FileTypeIcon } from '../../uploads/components/file-type-icon';
import { useLibraryList } from '../api';
import { trackShared } from '../../resource-groups/api';
import { SharedPickerList } from '../../resource-groups/components/shared-picker-list';

/**
 * "From my library" (issue 19 §1, decision 0132): the activity editor's choice of files already in
 * my library, used **by reference** (the activity holds the library's upload; no bytes are copied,
 * and learners open it only through the activity). Browse folders or search, tick files, add them.
 * Shown only to those who have a library (instructors, org admins). The course resources page uses
 * it too (decision 0131), with its own `note` on what "by reference" means there.
 */
export function LibraryPickerButton({ onPick, note }: { onPick: (uploads: ActivityUpload[]) => void; note?: string }) {
  const { t } = useTranslation('library');
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!canCreateCourse(user)) return null;
  return (
    <>
      <Button icon={<FolderOpenOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('picker.button')}
      </Button>
      {open && (
        <LibraryPicker
          note={note}
          onClose={() => setOpen(false)}
          onPick={(uploads) => {
            onPick(uploads);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function LibraryPicker({ onPick, onClose, note }: { onPick: (uploads: ActivityUpload[]) => void; onClose: () => void; note?: string }) {
  const { t } = useTranslation('library');
  const [folder, setFolder] = useState<{ id: number; name: string } | null>(null);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<number, ActivityUpload>>(new Map());
  // Shared with me (decision 0134): the share each ticked shared file came through, its reuse counted on adding.
  const { t: tShared } = useTranslation('resourceGroups');
  const [source, setSource] = useState<'mine' | 'shared'>('mine');
  const [viaShare, setViaShare] = useState<Map<number, number>>(new Map());
  const list = useLibraryList({ folderId: folder?.id ?? null, q, tag: '', sort: 'name', order: 'asc', page, pageSize: 50 });
  const toggle = (item: LibraryItem, on: boolean) => {
    const next = new Map(chosen);
    if (on && item.upload)
      next.set(item.upload.id, {
        id: item.upload.id,
        name: item.name,
        type: item.upload.type,
        status: item.upload.status as ActivityUpload['status'],
        size: item.upload.size,
      });
    else if (item.upload) next.delete(item.upload.id);
    setChosen(next);
  };
  const crumbs = list.data?.breadcrumbs ?? [];
  return (
    <Modal
      open
      title={t('picker.title')}
      okText={t('picker.add', { count: chosen.size })}
      okButtonProps={{ disabled: chosen.size === 0 }}
      cancelText={t('action.cancel')}
      onOk={() => {
        for (const [uploadId, shareId] of viaShare) if (chosen.has(uploadId)) void trackShared(shareId, { how: 'reuse', upload_id: uploadId });
        onPick([...chosen.values()]);
      }}
      onCancel={onClose}
      width={640}
    >
      <Typography.Paragraph type="secondary">{note ?? t('picker.byReference')}</Typography.Paragraph>
      <Segmented
        style={{ marginBottom: 8 }}
        value={source}
        onChange={(v) => setSource(v as 'mine' | 'shared')}
        options={[
          { value: 'mine', label: tShared('picker.mine') },
          { value: 'shared', label: tShared('picker.shared') },
        ]}
      />
      {source === 'shared' && (
        <SharedPickerList
          isChosen={(uploadId) => chosen.has(uploadId)}
          onToggle={({ item, shareId }, on) => {
            toggle(item, on);
            if (item.upload) setViaShare(new Map(viaShare).set(item.upload.id, shareId));
          }}
        />
      )}
      <Input.Search
        hidden={source === 'shared'}
        allowClear
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        onSearch={(v) => {
          setQ(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 8 }}
      />
      {source === 'mine' && !q && (
        <Breadcrumb
          style={{ marginBottom: 8 }}
          items={[
            { key: 'root', title: <a onClick={() => setFolder(null)}>{t('title')}</a> },
            ...crumbs.map((c) => ({ key: c.id, title: <a onClick={() => setFolder(c)}>{c.name}</a> })),
          ]}
        />
      )}
      {source === 'shared' ? null : list.isPending ? (
        <Skeleton active />
      ) : list.isError ? (
        <ApiErrorResult error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <Empty description={q ? t('search.none') : t('picker.empty')} />
      ) : (
        <List
          size="small"
          bordered
          dataSource={list.data.items}
          pagination={list.data.pages > 1 ? { current: page, pageSize: 50, total: list.data.total, onChange: setPage } : false}
          renderItem={(item) => (
            <List.Item data-testid="picker-item">
              {item.kind === 'folder' ? (
                <Button
                  type="link"
                  icon={<FolderOutlined aria-hidden />}
                  onClick={() => {
                    setQ('');
                    setFolder({ id: item.id, name: item.name });
                    setPage(1);
                  }}
                >
                  {item.name}
                </Button>
              ) : (
                <Space>
                  <Checkbox
                    checked={chosen.has(item.upload?.id ?? -1)}
                    onChange={(e) => toggle(item, e.target.checked)}
                    aria-label={t('picker.choose', { name: item.name })}
                  />
                  <FileTypeIcon name={item.name} type={item.upload?.type ?? 'other'} />
                  <Typography.Text>{item.name}</Typography.Text>
                  <Typography.Text type="secondary">{formatBytes(item.size)}</Typography.Text>
                </Space>
              )}
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
