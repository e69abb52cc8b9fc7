import { useEffect, useRef, useState } from 'react';
import { RenderingCancelledException, TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import { useTranslation } from 'react-i18next';
import { outputScale, type Size } from '../lib/pdf-geometry';

/**
 * One PDF page: a placeholder of `placeholder` size until it nears the visible
 * area (IntersectionObserver), then a canvas plus a selectable text layer, drawn
 * again when scale or rotation changes. `data-rendered="true"` once drawn.
 * `onViewed` reports the page once it is really on screen (spec §3 Activity
 * read record: pages viewed).
 */
export function PdfPage({
  doc,
  pageNumber,
  scale,
  rotation,
  placeholder,
  root,
  onViewed,
}: {
  doc: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  rotation: number;
  placeholder: Size;
  root: HTMLElement | null;
  /** Called once the page is actually seen: half of it, or half of the frame, inside the visible area. */
  onViewed?: (pageNumber: number) => void;
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

  const viewedRef = useRef(onViewed);
  useEffect(() => {
    viewedRef.current = onViewed;
  });
  const hasViewer = onViewed !== undefined;
  useEffect(() => {
    const element = wrapper.current;
    if (!element || !hasViewer || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const seen = entries.some((entry) => {
          if (!entry.isIntersecting) return false;
          const frameHeight = entry.rootBounds?.height ?? 0;
          return entry.intersectionRatio >= 0.5 || (frameHeight > 0 && entry.intersectionRect.height >= frameHeight / 2);
        });
        if (!seen) return;
        viewedRef.current?.(pageNumber);
        observer.disconnect();
      },
      { root, threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [root, pageNumber, hasViewer]);

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
