import { Suspense, useState } from 'react';
import { Flex, Segmented } from 'antd';
import { Result } from '../../../components/result';
import type { OfficePreviewProvider } from '@atrium/contracts';
import { useTranslation } from 'react-i18next';
import type { UploadPreview } from '@atrium/contracts';
import type { TFunction } from 'i18next';
import { failureMessage } from '../../../lib/failure-message';
import { lazyNamed } from '../../../lib/lazy-named';
import { PageSpinner } from '../../../components/page-spinner';
import { guestImageUrl, previewBlobUrl, useDocumentUrl, useOfficePreviewUrl, useOrgOfficeToggles } from '../api';
import { useVisitorActivityId } from '../lib/visitor-context';
import { officeProvidersOffered } from '../lib/preview-rules';
import { serverMessageOf } from '../../../lib/api-client';
import type { PreviewKind } from '../lib/preview-kind';
import type { ViewTransform } from '../lib/view-transform';
import { ImageView } from './image-view';
import { TextView } from './text-view';
import { OnlineVideoView } from './online-video-view';
import { ExternalStatusView } from './external-status-view';
import { UnsupportedPreview } from './unsupported-preview';
import type { PdfPageInfo, PdfPageTarget } from './pdf-document';
import type { MediaHandle } from './video-player';

const PdfDocument = lazyNamed(() => import('./pdf-document'), 'PdfDocument');
const VideoPlayer = lazyNamed(() => import('./video-player'), 'VideoPlayer');
const AudioPlayer = lazyNamed(() => import('./audio-player'), 'AudioPlayer');
const ScormPlayer = lazyNamed(() => import('./scorm-player'), 'ScormPlayer');

/** What the content area shows for one upload, by its preview kind (spec §2 "every type"). */
export function PreviewerContent({
  upload,
  kind,
  view,
  activityId,
  pageTarget,
  onPageInfo,
  onMediaHandle,
  onPageView,
}: {
  upload: UploadPreview;
  kind: PreviewKind;
  view: ViewTransform;
  activityId: number | null;
  pageTarget: PdfPageTarget | null;
  onPageInfo: (info: PdfPageInfo | null) => void;
  onMediaHandle: (handle: MediaHandle | null) => void;
  /** A document page (1-based) was on screen (PDF and Office documents shown through pdf.js). */
  onPageView?: (page: number) => void;
}) {
  const { t } = useTranslation('previewer');
  const visitor = useVisitorActivityId();
  const downloadUrl = upload.allow_download && visitor === null ? upload.downloadUrl : null;
  const spinner = <PageSpinner minHeight="100%" />;
  if (visitor !== null) {
    // Visitors (spec §6): signed URLs from the anonymous API only; SCORM runs untracked; external players need a signed-in learner.
    switch (kind) {
      case 'pdf':
      case 'office':
        return <ConvertedPdf upload={upload} view={view} pageTarget={pageTarget} onPageInfo={onPageInfo} onPageView={onPageView} />;
      case 'image':
        return <ImageView key={upload.id} src={guestImageUrl(visitor, upload.id)} alt={upload.name} zoom={view.zoom} rotation={view.rotation} />;
      case 'text':
      case 'video':
      case 'audio':
      case 'online-video':
        break;
      case 'scorm':
        return (
          <Suspense fallback={spinner}>
            <ScormPlayer key={upload.id} uploadId={upload.id} scorm={upload.scorm} activityId={null} />
          </Suspense>
        );
      default:
        return <UnsupportedPreview downloadUrl={null} />;
    }
  }
  switch (kind) {
    case 'pdf':
      return (
        <Suspense fallback={spinner}>
          <PdfDocument
            key={upload.id}
            url={previewBlobUrl(upload.id)}
            zoom={view.zoom}
            rotation={view.rotation}
            onPageInfo={onPageInfo}
            target={pageTarget}
            onPageView={onPageView}
          />
        </Suspense>
      );
    case 'office':
      return <OfficeDocument upload={upload} activityId={activityId} view={view} pageTarget={pageTarget} onPageInfo={onPageInfo} onPageView={onPageView} />;
    case 'image':
      return <ImageView key={upload.id} src={previewBlobUrl(upload.id)} alt={upload.name} zoom={view.zoom} rotation={view.rotation} />;
    case 'text':
      return <TextView uploadId={upload.id} />;
    case 'video':
      return (
        <Suspense fallback={spinner}>
          <VideoPlayer key={upload.id} upload={upload} activityId={activityId} onHandle={onMediaHandle} />
        </Suspense>
      );
    case 'audio':
      return (
        <Suspense fallback={spinner}>
          <AudioPlayer key={upload.id} upload={upload} activityId={activityId} onHandle={onMediaHandle} />
        </Suspense>
      );
    case 'scorm':
      return (
        <Suspense fallback={spinner}>
          <ScormPlayer
            key={upload.id}
            uploadId={upload.id}
            scorm={upload.scorm}
            activityId={activityId}
            failure={upload.status === 'failed' ? failureOfUpload(t, upload) : null}
          />
        </Suspense>
      );
    case 'online-video':
      return <OnlineVideoView url={(upload as { url?: string | null }).url ?? null} title={upload.name} />;
    case 'evercam':
    case 'lesson-resource':
    case 'capture': {
      const extra = upload as { status_code?: number | null; message?: string | null; reference_id?: string | null };
      return (
        <ExternalStatusView
          kind={kind}
          uploadId={upload.id}
          status={upload.status}
          statusCode={extra.status_code ?? null}
          statusMessage={extra.message ?? failureOfUpload(t, upload)}
          reference={extra.reference_id ?? null}
        />
      );
    }
    default:
      return <UnsupportedPreview downloadUrl={downloadUrl} />;
  }
}

/**
 * An Office document (spec §2, §9): by default its converted PDF
 * (`GET /api/uploads/document/{id}/url`) in pdf.js; when the organisation
 * offers office previewers (spec §6 toggles), a switch loads the chosen one's
 * `preview_url` (`GET /api/uploads/{id}/preview/{provider}`) in a frame — our
 * own `/note-bene/pdf-viewer` when no external provider is configured.
 */
/** The translated failure of an upload (its code and parameters), or its stored reason when it has no code. */
function failureOfUpload(t: TFunction, upload: UploadPreview): string | null {
  return failureMessage(t, { code: upload.failure_code, params: upload.failure_params, reason: upload.failure_reason });
}

function OfficeDocument(props: {
  upload: UploadPreview;
  /** The activity the file is opened in (a homework or exam limits the private and Aliyun previewers to its own files, spec §6). */
  activityId: number | null;
  view: ViewTransform;
  pageTarget: PdfPageTarget | null;
  onPageInfo: (info: PdfPageInfo | null) => void;
  onPageView?: (page: number) => void;
}) {
  const { t } = useTranslation('previewer');
  const toggles = useOrgOfficeToggles();
  const offered =
    props.upload.status === 'ready'
      ? officeProvidersOffered(toggles.data, props.upload as { allow_aliyun_office_view?: boolean; allow_private_wps_office_view?: boolean })
      : [];
  const [provider, setProvider] = useState<OfficePreviewProvider | null>(null);
  if (offered.length === 0) return <ConvertedPdf {...props} />;
  return (
    <Flex vertical style={{ height: '100%' }}>
      <Segmented
        size="small"
        style={{ margin: '6px 12px', alignSelf: 'flex-start' }}
        value={provider ?? 'atrium'}
        onChange={(value) => setProvider(value === 'atrium' ? null : (value as OfficePreviewProvider))}
        options={[{ value: 'atrium', label: t('office.provider.atrium') }, ...offered.map((p) => ({ value: p, label: t(`office.provider.${p}`) }))]}
        aria-label={t('office.providerChoice')}
      />
      <div style={{ flex: 1, minHeight: 0 }}>
        {provider ? (
          <ProviderFrame uploadId={props.upload.id} activityId={props.activityId} provider={provider} title={props.upload.name} />
        ) : (
          <ConvertedPdf {...props} />
        )}
      </div>
    </Flex>
  );
}

function ProviderFrame({
  uploadId,
  activityId,
  provider,
  title,
}: {
  uploadId: number;
  activityId: number | null;
  provider: OfficePreviewProvider;
  title: string;
}) {
  const { t } = useTranslation('previewer');
  const preview = useOfficePreviewUrl(uploadId, provider, activityId);
  if (preview.isPending) return <PageSpinner minHeight="100%" />;
  if (preview.isError) return <Result status="warning" title={serverMessageOf(preview.error) ?? t('office.failed')} />;
  return <iframe title={title} src={preview.data.preview_url} data-testid="office-provider-frame" style={{ width: '100%', height: '100%', border: 0 }} />;
}

/** The converted PDF of a document in pdf.js; converting and failed states say so. */
function ConvertedPdf({
  upload,
  view,
  pageTarget,
  onPageInfo,
  onPageView,
}: {
  upload: UploadPreview;
  view: ViewTransform;
  pageTarget: PdfPageTarget | null;
  onPageInfo: (info: PdfPageInfo | null) => void;
  onPageView?: (page: number) => void;
}) {
  const { t } = useTranslation('previewer');
  const isReady = upload.status === 'ready';
  const documentUrl = useDocumentUrl(upload.id, isReady, useVisitorActivityId());
  if (upload.status === 'processing') return <Result status="info" title={t('office.converting')} />;
  if (upload.status === 'failed') return <Result status="warning" title={t('office.failed')} subTitle={failureOfUpload(t, upload) ?? undefined} />;
  if (!isReady || documentUrl.isPending) return <PageSpinner minHeight="100%" />;
  if (documentUrl.isError || !documentUrl.data.url) return <Result status="warning" title={t('office.failed')} />;
  return (
    <Suspense fallback={<PageSpinner minHeight="100%" />}>
      <PdfDocument
        key={documentUrl.data.url}
        url={documentUrl.data.url}
        zoom={view.zoom}
        rotation={view.rotation}
        onPageInfo={onPageInfo}
        target={pageTarget}
        onPageView={onPageView}
      />
    </Suspense>
  );
}
