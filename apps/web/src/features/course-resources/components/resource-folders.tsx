import { Button, Collapse, List, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { DisconnectOutlined, DownloadOutlined, FolderOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatBytes, TIME_FORMAT, type ResourceFile, type ResourceFolder } from '@atrium/contracts';
import { FileTypeIcon } from '../../uploads/components/file-type-icon';
import { uploadBlobUrl } from '../../uploads/api';

const LINK_STYLE = { padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' } as const;

/**
 * The folders of a course's resources as collapsible groups (all open at first; headers are
 * buttons, Enter or Space toggles): the course's files, folder uploads by path, then each
 * activity's files under "module › activity" with its type. Each file shows its type icon,
 * name (a button opening the previewer), size, upload time, status, and a download link when
 * `allow_download` is on or the reader is the course team (`canManage`; the server lets the team download).
 * A library file the course reuses (`via: library`) is tagged so, and the team may remove it from
 * the course (`onStopReusing`; it stays in the library).
 */
export function ResourceFolders({
  folders,
  canManage,
  onOpen,
  onStopReusing,
}: {
  folders: readonly ResourceFolder[];
  canManage: boolean;
  onOpen: (folder: ResourceFolder, file: ResourceFile) => void;
  onStopReusing?: (file: ResourceFile) => void;
}) {
  const { t } = useTranslation('courseResources');
  const visible = folders.filter((f) => f.kind !== 'course' || f.files.length > 0);
  return (
    <Collapse
      defaultActiveKey={visible.map((f) => f.key)}
      items={visible.map((folder) => ({
        key: folder.key,
        label: <FolderTitle folder={folder} canManage={canManage} />,
        extra: <Typography.Text type="secondary">{t('folder.count', { count: folder.files.length })}</Typography.Text>,
        children: (
          <List
            dataSource={[...folder.files]}
            rowKey={(file) => `${folder.key}:${file.id}`}
            renderItem={(file) => (
              <FileRow
                file={file}
                canManage={canManage}
                onOpen={() => onOpen(folder, file)}
                onStopReusing={onStopReusing && file.via === 'library' ? () => onStopReusing(file) : undefined}
              />
            )}
          />
        ),
      }))}
    />
  );
}

function FolderTitle({ folder, canManage }: { folder: ResourceFolder; canManage: boolean }) {
  const { t } = useTranslation('courseResources');
  const { t: ta } = useTranslation('activities');
  if (folder.kind === 'course') return <span data-testid="resource-folder-title">{t('folder.course')}</span>;
  if (folder.kind === 'folder')
    return (
      <Space data-testid="resource-folder-title">
        <FolderOutlined aria-hidden />
        <span>{folder.path}</span>
      </Space>
    );
  const unpublished = folder.activity?.published === false || folder.module?.published === false;
  return (
    <Space wrap data-testid="resource-folder-title">
      <span>
        {folder.module ? `${folder.module.title} › ` : ''}
        {folder.activity?.title}
      </span>
      {folder.activity && <Tag>{ta(`types.${folder.activity.type}`)}</Tag>}
      {canManage && unpublished && <Tag color="warning">{t('folder.unpublished')}</Tag>}
    </Space>
  );
}

function FileRow({
  file,
  canManage,
  onOpen,
  onStopReusing,
}: {
  file: ResourceFile;
  canManage: boolean;
  onOpen: () => void;
  onStopReusing: (() => void) | undefined;
}) {
  const { t } = useTranslation('courseResources');
  const mayDownload = file.allow_download || canManage;
  const stop =
    canManage && onStopReusing ? (
      <Popconfirm key="stop" title={t('library.removeConfirm', { name: file.name })} okText={t('library.remove')} onConfirm={onStopReusing}>
        <Tooltip title={t('library.remove')}>
          <Button type="text" icon={<DisconnectOutlined />} aria-label={t('library.removeName', { name: file.name })} data-testid="resource-stop-reusing" />
        </Tooltip>
      </Popconfirm>
    ) : null;
  return (
    <List.Item
      data-testid="resource-file"
      data-upload-id={file.id}
      actions={[
        mayDownload ? (
          <Tooltip key="download" title={t('file.download')}>
            <Button
              type="text"
              icon={<DownloadOutlined />}
              href={uploadBlobUrl(file.id)}
              download={file.name}
              aria-label={t('file.downloadName', { name: file.name })}
              data-testid="resource-download"
            />
          </Tooltip>
        ) : (
          <Typography.Text key="no-download" type="secondary" data-testid="resource-no-download">
            {t('file.noDownload')}
          </Typography.Text>
        ),
        ...(stop ? [stop] : []),
      ]}
    >
      <List.Item.Meta
        avatar={<FileTypeIcon name={file.name} type={file.type} />}
        title={
          <Button type="link" style={LINK_STYLE} onClick={onOpen} aria-label={t('file.open', { name: file.name })}>
            {file.name}
          </Button>
        }
        description={
          <Space wrap size={4}>
            <Typography.Text type="secondary">
              {formatBytes(file.size)} · {dayjs(file.created_at).format(TIME_FORMAT.display)}
            </Typography.Text>
            {file.status !== 'ready' && file.status !== 'finished' && (
              <Tag color={file.status === 'failed' ? 'error' : 'processing'} data-testid="resource-file-status">
                {t(`status.${file.status === 'failed' ? 'failed' : 'processing'}`)}
              </Tag>
            )}
            {file.via === 'exam_subject' && <Tag color="purple">{t('file.examMedia')}</Tag>}
            {file.via === 'library' && (
              <Tag color="blue" data-testid="resource-from-library">
                {t('file.fromLibrary')}
              </Tag>
            )}
            {canManage && !file.allow_download && <Tag>{t('file.downloadOff')}</Tag>}
          </Space>
        }
      />
    </List.Item>
  );
}
