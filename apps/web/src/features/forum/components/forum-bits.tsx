import { useTranslation } from 'react-i18next';
import type { ForumAuthor } from '@atrium/contracts';
import { AttachmentList } from '../../uploads/components/attachment-list';
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
  return (
    <AttachmentList files={files} title={t('attachments.title')} downloadLabel={(name) => t('attachments.download', { name })} testId="forum-attachments" />
  );
}
