import { Flex, List, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes, type ForumAuthor } from '@atrium/contracts';
import { FileTypeIcon } from '../../uploads/components/file-type-icon';
import { attachmentUrl } from '../api';
import { fullTime, lastActivityText } from '../lib/forum-time';

/** The author's picture, or their initial. Plain markup: it is drawn once per reply. */
export function AuthorAvatar({ author }: { author: ForumAuthor }) {
  return (
    <span className="forum-avatar" aria-hidden>
      {author.avatar_url ? <img src={author.avatar_url} alt="" loading="lazy" /> : (author.name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

/** The author's name with the team badge (instructors, assistants) and "imported" for authors known by name only. */
export function AuthorName({ author }: { author: ForumAuthor }) {
  const { t } = useTranslation('forum');
  return <AuthorNameText author={author} team={t('author.team')} imported={t('author.imported')} />;
}

/** AuthorName with its labels given (drawn once per reply: no translation hook each). */
export function AuthorNameText({ author, team, imported }: { author: ForumAuthor; team: string; imported: string }) {
  return (
    <>
      <strong>{author.name}</strong>
      {author.is_team && <span className="forum-team-badge">{team}</span>}
      {author.id === null && <span className="forum-meta">{imported}</span>}
    </>
  );
}

/** A time as "3 minutes ago", the full time on hover. */
export function ForumTime({ instant }: { instant: string }) {
  return (
    <time dateTime={instant} title={fullTime(instant)}>
      {lastActivityText(instant)}
    </time>
  );
}

/** Attached files, each a download link with its size; nothing when there are none. */
export function ForumAttachments({ files }: { files: { id: number; name: string; type: string; size: number }[] }) {
  const { t } = useTranslation('forum');
  if (files.length === 0) return null;
  return (
    <section aria-label={t('attachments.title')} data-testid="forum-attachments" style={{ marginTop: 12 }}>
      <List
        size="small"
        bordered
        header={<Typography.Text strong>{t('attachments.title')}</Typography.Text>}
        dataSource={files}
        rowKey="id"
        renderItem={(file) => (
          <List.Item>
            <Flex gap={8} align="center" wrap>
              <FileTypeIcon name={file.name} type={file.type} />
              <a href={attachmentUrl(file.id)} download={file.name} aria-label={t('attachments.download', { name: file.name })}>
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
