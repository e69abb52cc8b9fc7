import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Breadcrumb, Button, Card, Col, Dropdown, Empty, Input, Row, Segmented, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, FolderAddOutlined, FolderOutlined, MoreOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatBytes, LIBRARY_SORTS, type LibraryItem, type LibrarySort } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { lazyNamed } from '../../../lib/lazy-named';
import { useToast } from '../../../lib/toast';
import { FileTypeIcon } from '../../uploads/components/file-type-icon';
import { UploadButton } from '../../uploads/components/upload-button';
import { UploadProgressList } from '../../uploads/components/upload-progress-list';
import { useUploader } from '../../uploads/hooks/use-uploader';
import {
  useAddFiles,
  useChangeItem,
  useCopyItem,
  useCreateFolder,
  useLibraryFolders,
  useLibraryList,
  useLibraryTags,
  useLibraryUsage,
  useTrashItem,
  type LibraryQuery,
} from '../api';
import { FolderTree } from '../components/folder-tree';
import { NameDialog, TagsDialog, TargetDialog } from '../components/item-dialogs';
import { QuotaBar } from '../components/quota-bar';
import { TrashView } from '../components/trash-view';
import { libraryErrors } from '../lib/library-errors';
import { ShareDialog } from '../../resource-groups/components/share-dialog';

const FilePreviewer = lazyNamed(() => import('../../previews/components/file-previewer'), 'FilePreviewer');

const PAGE_SIZE = 50;

type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; item: LibraryItem }
  | { kind: 'move'; item: LibraryItem }
  | { kind: 'copy'; item: LibraryItem }
  | { kind: 'tags'; item: LibraryItem }
  | null;

/**
 * `/user/library` (issue 19 §1, decision 0132): my library — the folder tree and breadcrumbs, files
 * and folders of a folder (sorted by name, size or time, paged) or the search results of the whole
 * library (name, tag), uploads through the resumable uploader (a folder upload keeps its folders),
 * new folder, rename, move, copy, tags, delete into the trash (its own view: restore, purge), the
 * storage quota, and a file opening in the previewer. The folder is in the address (`?folder=`).
 */
export function LibraryPage() {
  const { t } = useTranslation('library');
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder') ? Number(params.get('folder')) : null;
  const view = params.get('view') === 'trash' ? 'trash' : 'files';
  const [q, setQ] = useState('');
  const [tag, setTag] = useState('');
  const [sort, setSort] = useState<LibrarySort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [sharing, setSharing] = useState<LibraryItem | null>(null);

  const query: LibraryQuery = { folderId, q, tag, sort, order, page, pageSize: PAGE_SIZE };
  const list = useLibraryList(query);
  const folders = useLibraryFolders();
  const tags = useLibraryTags();
  const usage = useLibraryUsage();
  const createFolder = useCreateFolder();
  const addFiles = useAddFiles();
  const change = useChangeItem();
  const copy = useCopyItem();
  const trash = useTrashItem();

  const go = (next: { folder?: number | null; view?: 'trash' | 'files' }) => {
    const p = new URLSearchParams();
    const f = next.folder === undefined ? folderId : next.folder;
    if (f !== null) p.set('folder', String(f));
    if ((next.view ?? view) === 'trash') p.set('view', 'trash');
    setParams(p);
    setPage(1);
    setQ('');
    setTag('');
  };

  // Uploads go through the resumable uploader as my own files, then into the folder shown (once each).
  const uploader = useUploader({ parentType: 'user' });
  const taken = useRef(new Set<string>());
  const targetFolder = useRef(folderId);
  useEffect(() => {
    targetFolder.current = folderId;
  }, [folderId]);
  useEffect(() => {
    const done = uploader.items.filter((i) => i.status === 'finished' && i.upload && !taken.current.has(i.uid));
    if (done.length === 0) return;
    for (const i of done) taken.current.add(i.uid);
    addFiles
      .mutateAsync({ upload_ids: done.map((i) => i.upload!.id), folder_id: targetFolder.current })
      .then((r) => toast.success(t('upload.added', { count: r.items.length })))
      .catch((e: unknown) => toast.error(libraryErrors(e, t).message ?? undefined));
  }, [uploader.items, addFiles, toast, t]);

  const files = useMemo(() => (list.data?.items ?? []).filter((i) => i.kind === 'file' && i.upload), [list.data]);
  const searching = q.trim() !== '' || tag !== '';
  const fail = (e: unknown) => toast.error(libraryErrors(e, t).message ?? undefined);

  const open = (item: LibraryItem) => {
    if (item.kind === 'folder') go({ folder: item.id });
    else
      setPreview(
        Math.max(
          0,
          files.findIndex((f) => f.id === item.id),
        ),
      );
  };

  const actions = (item: LibraryItem) => ({
    items: [
      { key: 'rename', label: t('action.rename'), onClick: () => setDialog({ kind: 'rename', item }) },
      { key: 'move', label: t('action.move'), onClick: () => setDialog({ kind: 'move', item }) },
      { key: 'copy', label: t('action.copy'), onClick: () => setDialog({ kind: 'copy', item }) },
      { key: 'tags', label: t('action.tags'), onClick: () => setDialog({ kind: 'tags', item }) },
      { key: 'share', label: t('action.share'), onClick: () => setSharing(item) },
      ...(item.upload ? [{ key: 'download', label: <a href={`/api/uploads/${item.upload.id}/blob`}>{t('action.download')}</a> }] : []),
      { type: 'divider' as const },
      {
        key: 'delete',
        danger: true,
        icon: <DeleteOutlined aria-hidden />,
        label: t('action.delete'),
        onClick: () => trash.mutateAsync(item.id).then(() => toast.success(t('deleted', { name: item.name })), fail),
      },
    ],
  });

  const crumbs = list.data?.breadcrumbs ?? [];
  return (
    <>
      <UploadProgressList items={uploader.items} onRemove={uploader.remove} onClearFinished={uploader.clearFinished} />
      <Card
        title={
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
            {t('title')}
          </Typography.Title>
        }
        extra={
          <Segmented
            value={view}
            onChange={(v) => go({ view: v as 'files' | 'trash' })}
            options={[
              { value: 'files', label: t('view.files') },
              { value: 'trash', label: t('view.trash') },
            ]}
            aria-label={t('view.label')}
          />
        }
      >
        {usage.data && <QuotaBar usage={usage.data} />}
        {view === 'trash' ? (
          <TrashView />
        ) : (
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <FolderTree tree={folders.data} selected={folderId} onSelect={(id) => go({ folder: id })} />
            </Col>
            <Col xs={24} md={18}>
              <Space wrap style={{ marginBottom: 12 }}>
                <UploadButton onFiles={uploader.addFiles} />
                <Button icon={<FolderAddOutlined aria-hidden />} onClick={() => setDialog({ kind: 'newFolder' })}>
                  {t('action.newFolder')}
                </Button>
              </Space>
              <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
                <Input.Search
                  allowClear
                  placeholder={t('search.placeholder')}
                  aria-label={t('search.label')}
                  onSearch={(value) => {
                    setQ(value.trim());
                    setPage(1);
                  }}
                  style={{ width: 240 }}
                />
                <Select
                  allowClear
                  placeholder={t('search.tag')}
                  aria-label={t('search.tag')}
                  value={tag || undefined}
                  onChange={(v: string | undefined) => {
                    setTag(v ?? '');
                    setPage(1);
                  }}
                  options={(tags.data?.tags ?? []).map((x) => ({ value: x.name, label: `${x.name} (${x.count})` }))}
                  style={{ width: 180 }}
                />
                <Select
                  value={sort}
                  aria-label={t('sort.label')}
                  onChange={(v: LibrarySort) => setSort(v)}
                  options={LIBRARY_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
                  style={{ width: 150 }}
                />
                <Button
                  aria-label={order === 'asc' ? t('sort.asc') : t('sort.desc')}
                  icon={order === 'asc' ? <SortAscendingOutlined aria-hidden /> : <SortDescendingOutlined aria-hidden />}
                  onClick={() => setOrder(order === 'asc' ? 'desc' : 'asc')}
                />
              </Space>
              {searching ? (
                <Typography.Paragraph type="secondary" data-testid="library-search-note">
                  {t('search.results', { count: list.data?.total ?? 0 })}
                </Typography.Paragraph>
              ) : (
                <Breadcrumb
                  style={{ marginBottom: 12 }}
                  data-testid="library-breadcrumbs"
                  items={[
                    { key: 'root', title: crumbs.length > 0 ? <a onClick={() => go({ folder: null })}>{t('title')}</a> : t('title') },
                    ...crumbs.map((c, i) => ({
                      key: c.id,
                      title: i < crumbs.length - 1 ? <a onClick={() => go({ folder: c.id })}>{c.name}</a> : c.name,
                    })),
                  ]}
                />
              )}
              {list.isPending ? (
                <Skeleton active aria-busy="true" aria-label={t('loading')} data-testid="library-loading" />
              ) : list.isError ? (
                <ApiErrorResult error={list.error} onRetry={() => void list.refetch()} />
              ) : list.data.total === 0 ? (
                <Empty description={searching ? t('search.none') : t('empty')} data-testid="library-empty" />
              ) : (
                <Table<LibraryItem>
                  rowKey="id"
                  dataSource={list.data.items}
                  onRow={(item) => ({ 'data-testid': 'library-row', 'data-item-id': item.id }) as React.HTMLAttributes<HTMLElement>}
                  pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data.total, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
                  columns={[
                    {
                      key: 'name',
                      title: t('column.name'),
                      render: (_, item) => (
                        <Button type="link" style={{ padding: 0 }} onClick={() => open(item)} aria-label={t('open', { name: item.name })}>
                          <Space>
                            {item.kind === 'folder' ? (
                              <FolderOutlined aria-hidden style={{ fontSize: 22 }} />
                            ) : (
                              <FileTypeIcon name={item.name} type={item.upload?.type ?? 'other'} />
                            )}
                            {item.name}
                          </Space>
                        </Button>
                      ),
                    },
                    {
                      key: 'tags',
                      title: t('column.tags'),
                      render: (_, item) =>
                        item.tags.map((x) => (
                          <Tag key={x} style={{ cursor: 'pointer' }} onClick={() => setTag(x)}>
                            {x}
                          </Tag>
                        )),
                    },
                    {
                      key: 'size',
                      title: t('column.size'),
                      render: (_, item) =>
                        item.kind === 'file' ? (
                          <>
                            {formatBytes(item.size)}
                            {item.upload?.status === 'processing' && <Tag style={{ marginLeft: 6 }}>{t('processing')}</Tag>}
                          </>
                        ) : (
                          '—'
                        ),
                    },
                    { key: 'updated', title: t('column.updated'), render: (_, item) => dayjs(item.updated_at).format('YYYY-MM-DD HH:mm') },
                    {
                      key: 'actions',
                      title: t('column.actions'),
                      render: (_, item) => (
                        <Dropdown trigger={['click']} menu={actions(item)}>
                          <Button size="small" icon={<MoreOutlined aria-hidden />} aria-label={t('actionsFor', { name: item.name })} />
                        </Dropdown>
                      ),
                    },
                  ]}
                />
              )}
            </Col>
          </Row>
        )}
      </Card>
      {(dialog?.kind === 'newFolder' || dialog?.kind === 'rename') && (
        <NameDialog
          open
          title={dialog?.kind === 'rename' ? t('action.rename') : t('action.newFolder')}
          initial={dialog?.kind === 'rename' ? dialog.item.name : ''}
          onSave={(name) =>
            dialog?.kind === 'rename' ? change.mutateAsync({ id: dialog.item.id, patch: { name } }) : createFolder.mutateAsync({ name, parent_id: folderId })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {(dialog?.kind === 'move' || dialog?.kind === 'copy') && (
        <TargetDialog
          open
          title={dialog?.kind === 'copy' ? t('action.copyTo') : t('action.moveTo')}
          tree={folders.data}
          exclude={dialog?.kind === 'move' && dialog.item.kind === 'folder' ? dialog.item.id : undefined}
          onSave={(target) =>
            dialog?.kind === 'copy'
              ? copy.mutateAsync({ id: dialog.item.id, folderId: target })
              : change.mutateAsync({ id: (dialog as { item: LibraryItem }).item.id, patch: { folder_id: target } })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'tags' && (
        <TagsDialog
          open
          initial={dialog?.kind === 'tags' ? dialog.item.tags : []}
          known={(tags.data?.tags ?? []).map((x) => x.name)}
          onSave={(next) => change.mutateAsync({ id: (dialog as { item: LibraryItem }).item.id, patch: { tags: next } })}
          onClose={() => setDialog(null)}
        />
      )}
      {sharing && <ShareDialog item={sharing} onClose={() => setSharing(null)} />}
      {preview !== null && files.length > 0 && (
        <Suspense fallback={null}>
          <FilePreviewer
            files={files.map((f) => ({ id: f.upload!.id, name: f.name, activityId: null }))}
            startIndex={preview}
            onClose={() => setPreview(null)}
            canRetryTranscode
          />
        </Suspense>
      )}
    </>
  );
}
