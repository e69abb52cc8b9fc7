import { Space, Tag, Typography } from 'antd';
import { PushpinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Bulletin } from '@atrium/contracts';
import { RichHtml } from '../../activities/components/views/rich-html';
import { AttachmentList } from '../../uploads/components/attachment-list';
import { formatInZone, useUserZone } from '../../gradebook/hooks/use-user-zone';

/** A bulletin's facts on one line: pinned, course, author, publish time in the user's zone (and "Scheduled" while it is not yet shown). */
export function BulletinMeta({ bulletin }: { bulletin: Bulletin }) {
  const { t } = useTranslation('bulletins');
  const zone = useUserZone();
  return (
    <Space size={[8, 4]} wrap data-testid="bulletin-meta">
      {bulletin.is_pinned && (
        <Tag icon={<PushpinOutlined aria-hidden />} color="gold">
          {t('pinned')}
        </Tag>
      )}
      {!bulletin.is_published && <Tag color="purple">{t('scheduled')}</Tag>}
      {bulletin.course_name && <Typography.Text type="secondary">{bulletin.course_name}</Typography.Text>}
      {bulletin.author && <Typography.Text type="secondary">{bulletin.author.name}</Typography.Text>}
      <Typography.Text type="secondary">
        <time dateTime={bulletin.publish_at}>{formatInZone(bulletin.publish_at, zone, 'YYYY-MM-DD HH:mm')}</time>
      </Typography.Text>
    </Space>
  );
}

/** A bulletin's attached files, each a download link with its size; nothing when there are none. */
export function BulletinAttachments({ bulletin }: { bulletin: Bulletin }) {
  const { t } = useTranslation('bulletins');
  return (
    <AttachmentList files={bulletin.attachments} title={t('attachments')} downloadLabel={(name) => t('download', { name })} testId="bulletin-attachments" />
  );
}

/** A bulletin as read: its facts, its content (HTML sanitised by the server, shown through RichHtml) and its attachments. */
export function BulletinContent({ bulletin }: { bulletin: Bulletin }) {
  return (
    <div data-testid="bulletin-content">
      <BulletinMeta bulletin={bulletin} />
      <div style={{ marginTop: 16 }}>
        <RichHtml html={bulletin.content} testId="bulletin-html" />
      </div>
      <BulletinAttachments bulletin={bulletin} />
    </div>
  );
}
