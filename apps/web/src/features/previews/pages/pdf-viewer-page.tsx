import { Suspense, useState } from 'react';
import { Typography } from 'antd';
import { Result } from '../../../components/result';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { lazyNamed } from '../../../lib/lazy-named';
import { embeddedFileUrl } from '../lib/embedded-file';
import { INITIAL_VIEW, type ViewTransform } from '../lib/view-transform';
import { PreviewerToolbar } from '../components/previewer-toolbar';
import type { PdfPageInfo } from '../components/pdf-document';

const PdfDocument = lazyNamed(() => import('../components/pdf-document'), 'PdfDocument');

/**
 * Our own embedded PDF viewer (spec §2 embedded pages): `/note-bene/pdf-viewer?file=`
 * for signed-in users and `/anonymous-api/pdf-viewer?file=` for visitors, the
 * page the office `preview_url`s point to when no external provider is
 * configured. Full window, zoom, rotate, restore and fullscreen; the `file` must
 * be a same-origin API path (a signed URL).
 */
export function PdfViewerPage() {
  const { t } = useTranslation('previewer');
  const [params] = useSearchParams();
  const file = embeddedFileUrl(params.get('file'), window.location.origin);
  const [view, setView] = useState<ViewTransform>(INITIAL_VIEW);
  const [pageInfo, setPageInfo] = useState<PdfPageInfo | null>(null);
  const [isFullscreen, setFullscreen] = useState(false);
  // Outside the app shell: the viewer is its own main landmark with its h1 (decision 0146).
  if (!file)
    return (
      <main>
        <Result status="warning" title={t('pdfViewer.missingFile')} pageTitle />
      </main>
    );
  return (
    <main aria-label={t('pdfViewer.title')} style={{ height: '100vh', display: 'flex', flexDirection: 'column' }} data-testid="embedded-pdf-viewer">
      <PreviewerToolbar
        view={view}
        onViewChange={setView}
        canTransform
        pageInfo={pageInfo}
        isFullscreen={isFullscreen}
        onToggleFullscreen={() => {
          if (document.fullscreenElement) void document.exitFullscreen().then(() => setFullscreen(false));
          else void document.documentElement.requestFullscreen?.().then(() => setFullscreen(true));
        }}
        downloadUrl={null}
        title={
          <Typography.Title level={1} style={{ fontSize: 14, margin: '0 16px 0 0' }}>
            {t('pdfViewer.title')}
          </Typography.Title>
        }
      />
      <div style={{ flex: 1, minHeight: 0 }}>
        <Suspense fallback={<PageSpinner minHeight="100%" />}>
          <PdfDocument key={file} url={file} zoom={view.zoom} rotation={view.rotation} onPageInfo={setPageInfo} />
        </Suspense>
      </div>
    </main>
  );
}
