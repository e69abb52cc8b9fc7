import { Result } from '../../../components/result';
import { useTranslation } from 'react-i18next';
import { onlineVideoEmbedOf } from '../lib/online-video';

/** An embedded online video (spec §2 embed online video): the provider's own player in a sandboxed iframe; unsupported links are refused. */
export function OnlineVideoView({ url, title }: { url: string | null; title: string }) {
  const { t } = useTranslation('previewer');
  const embed = url ? onlineVideoEmbedOf(url) : null;
  if (!embed) return <Result status="warning" title={t('onlineVideo.unsupported')} />;
  return (
    <div style={{ height: '100%', display: 'grid', placeItems: 'center', background: '#000' }}>
      <iframe
        title={title}
        src={embed.embedUrl}
        data-testid="online-video-frame"
        allow="fullscreen; picture-in-picture; encrypted-media"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ width: 'min(100%, calc(63vh * 1.8))', aspectRatio: '1.8', border: 0 }}
      />
    </div>
  );
}
