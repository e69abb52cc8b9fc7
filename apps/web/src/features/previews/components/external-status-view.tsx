import { Result } from '../../../components/result';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../lib/api-client';
import { externalPlayerUrlPath, useExternalPlayerUrl, type ExternalKind } from '../api';
import { PageSpinner } from '../../../components/page-spinner';

export type { ExternalKind };

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
  const path = externalPlayerUrlPath(kind, uploadId, reference);
  const player = useExternalPlayerUrl(kind, uploadId, reference, isReady);
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
