import { useEffect, useRef, useState } from 'react';
import { RenderingCancelledException, TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import { useTranslation } from 'react-i18next';
import { outputScale, type Size } from '../lib/pdf-geometry';

/**
 * One PDF page: a placeholder of `placeholder` size until it nears the visible
 * area (IntersectionObserver), then a canvas plus a selectable text layer, drawn
 * again when scale or rotation changes. `data-rendered="true"` once drawn.
 */
export function PdfPage({
  doc,
  pageNumber,
  scale,
  rotation,
  placeholder,
  root,
}: {
  doc: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  rotation: number;
  placeholder: Size;
  root: HTMLElement | null;
}) {
  const { t } = useTranslation('previewer');
  const wrapper = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [isNear, setNear] = useState(false);
  const [size, setSize] = useState<Size | null>(null);
  const [isRendered, setRendered] = useState(false);

  useEffect(() => {
    const element = wrapper.current;
    if (!element || isNear) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { root, rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [root, isNear]);

  useEffect(() => {
    if (!isNear) return;
    let cancelled = false;
    let renderTask: RenderTask | null = null;
    let textLayer: TextLayer | null = null;
    const draw = async () => {
      const page = await doc.getPage(pageNumber);
      if (cancelled) return;
      const viewport = page.getViewport({ scale, rotation: (page.rotate + rotation) % 360 });
      const target = canvas.current;
      const textContainer = text.current;
      if (!target || !textContainer) return;
      const ratio = outputScale(viewport, window.devicePixelRatio);
      const offscreen = document.createElement('canvas');
      offscreen.width = Math.max(1, Math.floor(viewport.width * ratio));
      offscreen.height = Math.max(1, Math.floor(viewport.height * ratio));
      renderTask = page.render({
        canvas: offscreen,
        viewport,
        transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
      });
      await renderTask.promise;
      if (cancelled) return;
      // Swap in the finished drawing at once, so zooming never flashes a blank page.
      target.width = offscreen.width;
      target.height = offscreen.height;
      target.style.width = `${viewport.width}px`;
      target.style.height = `${viewport.height}px`;
      target.getContext('2d')?.drawImage(offscreen, 0, 0);
      setSize({ width: viewport.width, height: viewport.height });
      setRendered(true);
      textContainer.replaceChildren();
      textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container: textContainer, viewport });
      await textLayer.render();
    };
    draw().catch((error: unknown) => {
      if (error instanceof RenderingCancelledException || cancelled) return;
      console.warn(`PDF page ${pageNumber} failed to render`, error);
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [isNear, doc, pageNumber, scale, rotation]);

  const shown = size ?? placeholder;
  return (
    <div
      ref={wrapper}
      className="atrium-pdf-page"
      data-testid={`pdf-page-${pageNumber}`}
      data-page-number={pageNumber}
      data-rendered={isRendered ? 'true' : 'false'}
      role="group"
      aria-label={t('pdf.pageLabel', { page: pageNumber })}
      style={{ width: shown.width, height: shown.height, ['--scale-factor' as string]: String(scale) }}
    >
      <canvas ref={canvas} aria-hidden />
      <div ref={text} className="textLayer" />
    </div>
  );
}
