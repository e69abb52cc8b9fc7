import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Flex, Modal, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PREVIEWER_MIN_WIDTH_PX } from '@atrium/contracts';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { lazyNamed } from '../../../lib/lazy-named';
import { PageSpinner } from '../../../components/page-spinner';
import { previewBlobUrl, usePreviewUpload } from '../api';
import { INITIAL_VIEW, type ViewTransform } from '../lib/view-transform';
import { isTypingTarget, previewKindOf, wrapIndex } from '../lib/preview-kind';
import { PreviewerToolbar } from './previewer-toolbar';
import { ImageView } from './image-view';
import { UnsupportedPreview } from './unsupported-preview';
import type { PdfPageInfo } from './pdf-document';

const PdfDocument = lazyNamed(() => import('./pdf-document'), 'PdfDocument');

/** A file the previewer can switch to: its upload id and name. */
export interface PreviewFile {
  id: number;
  name: string;
}

/**
 * File previewer popup (spec §2): at least 900px wide, one file of `files` at a
 * time (arrow keys ← → switch and wrap around). Loads `GET /api/uploads/{id}`;
 * a 404 shows `lark.errorMsg.notFound` and closes (spec §8). PDFs render with
 * pdf.js, images with zoom and rotation; other types offer a download.
 */
export function FilePreviewer({ files, startIndex, onClose }: { files: readonly PreviewFile[]; startIndex: number; onClose: () => void }) {
  const { t } = useTranslation(['previewer', 'common']);
  const { message } = App.useApp();
  const [index, setIndex] = useState(() => Math.min(Math.max(startIndex, 0), Math.max(files.length - 1, 0)));
  const file = files[index];
  const upload = usePreviewUpload(file?.id ?? 0);
  const [view, setView] = useState<ViewTransform>(INITIAL_VIEW);
  const [pageInfo, setPageInfo] = useState<PdfPageInfo | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [isFullscreen, setFullscreen] = useState(false);

  const go = useCallback(
    (delta: number) => {
      if (files.length < 2) return;
      setIndex((current) => wrapIndex(current, delta, files.length));
      setView(INITIAL_VIEW);
      setPageInfo(null);
    },
    [files.length],
  );

  useEffect(() => {
    if (!upload.isError) return;
    if (isApiError(upload.error, 404)) {
      void message.error(t('common:lark.errorMsg.notFound'));
      onClose();
    } else {
      void message.error(serverMessageOf(upload.error) ?? t('previewer:loadFailed'));
    }
  }, [upload.isError, upload.error, message, onClose, t]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target)) return;
      if (event.key === 'ArrowLeft') go(-1);
      if (event.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current && frame.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.();
  };

  const data = upload.data;
  const kind = data ? previewKindOf(data) : null;
  const downloadUrl = data?.allow_download ? data.downloadUrl : null;

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={`max(${PREVIEWER_MIN_WIDTH_PX}px, 86vw)`}
      centered
      destroyOnHidden
      title={
        <Flex align="center" gap={8} style={{ paddingRight: 32 }}>
          {files.length > 1 && <Button type="text" size="small" icon={<LeftOutlined />} aria-label={t('previewer:previous')} onClick={() => go(-1)} />}
          <Typography.Text ellipsis style={{ fontWeight: 600 }}>
            {data?.name ?? file?.name ?? ''}
          </Typography.Text>
          {files.length > 1 && <Button type="text" size="small" icon={<RightOutlined />} aria-label={t('previewer:next')} onClick={() => go(1)} />}
        </Flex>
      }
      styles={{ body: { padding: 0 } }}
      aria-label={t('previewer:title')}
    >
      <div
        ref={frame}
        data-testid="previewer-frame"
        style={{
          display: 'flex',
          flexDirection: 'column',
          minWidth: PREVIEWER_MIN_WIDTH_PX - 48,
          height: isFullscreen ? '100vh' : 'max(420px, calc(100vh - 180px))',
          background: '#fff',
        }}
      >
        <PreviewerToolbar
          view={view}
          onViewChange={setView}
          canTransform={kind === 'pdf' || kind === 'image'}
          pageInfo={kind === 'pdf' ? pageInfo : null}
          isFullscreen={isFullscreen}
          onToggleFullscreen={toggleFullscreen}
          downloadUrl={downloadUrl}
        />
        <div style={{ flex: 1, minHeight: 0 }}>
          {upload.isPending && <PageSpinner minHeight="100%" />}
          {data && kind === 'pdf' && (
            <Suspense fallback={<PageSpinner minHeight="100%" />}>
              <PdfDocument key={data.id} url={previewBlobUrl(data.id)} zoom={view.zoom} rotation={view.rotation} onPageInfo={setPageInfo} />
            </Suspense>
          )}
          {data && kind === 'image' && <ImageView key={data.id} src={previewBlobUrl(data.id)} alt={data.name} zoom={view.zoom} rotation={view.rotation} />}
          {data && kind === 'unsupported' && <UnsupportedPreview downloadUrl={downloadUrl} />}
        </div>
      </div>
    </Modal>
  );
}
