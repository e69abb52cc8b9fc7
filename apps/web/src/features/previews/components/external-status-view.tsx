import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExternalPlayerUrl } from '@atrium/contracts';
import { api, serverMessageOf } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';

/** The externally hosted kinds of spec §3 Upload with their own players. */
export type ExternalKind = 'evercam' | 'lesson-resource' | 'capture';

/**
 * Where each kind asks for its player URL (spec §7): lesson resources and
 * captures have their player-url calls (Atrium keeps both as uploads: the id and
 * the capture code are the upload id); evercam has no call for a course file.
 */
function playerUrlPath(kind: ExternalKind, uploadId: number, reference: string | null): string | null {
  if (kind === 'lesson-resource') return `/api/resource-file/${reference ?? uploadId}/player-url?from_page=previewer`;
  if (kind === 'capture') return `/api/captures/${encodeURIComponent(reference ?? String(uploadId))}/player-url`;
  return null;
}

/** Evercam's status when ready: no evercam provider is configured (no call exists to ask). */
const EVERCAM_NOT_CONFIGURED_CODE = 503;

/**
 * Evercam, lesson-resource and capture files (spec §4 display status, §8): only
 * shown when ready; otherwise their `status_code` and `message`. When ready, the
 * player URL comes from the server and plays in an iframe; an answer without a
 * URL shows its `status_code` and `message` (no provider configured), and a
 * failed call the server's message.
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
  const path = playerUrlPath(kind, uploadId, reference);
  const player = useQuery({
    queryKey: ['previews', 'external-player', kind, uploadId, reference],
    queryFn: ({ signal }) => api.get<ExternalPlayerUrl>(path ?? '', undefined, signal),
    enabled: isReady && path !== null,
    retry: false,
  });
  const statusView = (code: number | string, message: string) => (
    <Result status="info" title={t(`external.${kind}`)} subTitle={<span data-testid="external-status">{t('external.notReady', { code, message })}</span>} />
  );
  if (!isReady) return statusView(statusCode ?? status, statusMessage ?? t(`external.status.${status}`, { defaultValue: status }));
  if (path === null) return statusView(EVERCAM_NOT_CONFIGURED_CODE, t('external.notConfigured'));
  if (player.isPending) return <PageSpinner minHeight="100%" />;
  if (player.isError) return <Result status="warning" title={serverMessageOf(player.error) ?? t('loadFailed')} />;
  if (!player.data.url) return statusView(player.data.status_code ?? EVERCAM_NOT_CONFIGURED_CODE, player.data.message ?? t('external.notConfigured'));
  return (
    <iframe
      title={t(`external.${kind}`)}
      src={player.data.url}
      style={{ width: '100%', height: '100%', border: 0 }}
      sandbox="allow-scripts allow-same-origin allow-presentation"
    />
  );
}
