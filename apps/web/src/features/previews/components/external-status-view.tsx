import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, serverMessageOf } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';

/** The externally hosted kinds of spec §3 Upload with their own players. */
export type ExternalKind = 'evercam' | 'lesson-resource' | 'capture';

/** Where each kind asks for its player URL (spec §7); evercam plays from the embed-material call. */
function playerUrlPath(kind: ExternalKind, uploadId: number, reference: string | null): string {
  if (kind === 'lesson-resource') return `/api/resource-file/${reference ?? uploadId}/player-url?from_page=previewer`;
  if (kind === 'capture') return `/api/captures/${encodeURIComponent(reference ?? String(uploadId))}/player-url`;
  return `/api/uploads/embed-material/${uploadId}`;
}

/**
 * Evercam, lesson-resource and capture files (spec §4 display status, §8): only
 * shown when ready; otherwise their `status_code` and `message`. When ready, the
 * player URL comes from the server and plays in an iframe; a failure shows the
 * server's message.
 */
export function ExternalStatusView({
  kind,
  uploadId,
  status,
  statusCode,
  statusMessage,
  reference,
}: {
  kind: ExternalKind;
  uploadId: number;
  status: string;
  statusCode: number | null;
  statusMessage: string | null;
  reference: string | null;
}) {
  const { t } = useTranslation('previewer');
  const isReady = status === 'ready';
  const player = useQuery({
    queryKey: ['previews', 'external-player', kind, uploadId, reference],
    queryFn: ({ signal }) => api.get<{ url: string }>(playerUrlPath(kind, uploadId, reference), undefined, signal),
    enabled: isReady,
    retry: false,
  });
  if (!isReady) {
    return (
      <Result
        status="info"
        title={t(`external.${kind}`)}
        subTitle={<span data-testid="external-status">{t('external.notReady', { code: statusCode ?? status, message: statusMessage ?? t(`external.status.${status}`, { defaultValue: status }) })}</span>}
      />
    );
  }
  if (player.isPending) return <PageSpinner minHeight="100%" />;
  if (player.isError) return <Result status="warning" title={serverMessageOf(player.error) ?? t('loadFailed')} />;
  return <iframe title={t(`external.${kind}`)} src={player.data.url} style={{ width: '100%', height: '100%', border: 0 }} sandbox="allow-scripts allow-same-origin allow-presentation" />;
}
