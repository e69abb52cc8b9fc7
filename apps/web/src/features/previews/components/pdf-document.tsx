import { useCallback, useEffect, useRef, useState } from 'react';
import { Result } from '../../../components/result';
import * as pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useTranslation } from 'react-i18next';
import { scopeHeaders } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';
import { currentPageAt, fitWidthScale, type Size } from '../lib/pdf-geometry';
import { isSideways } from '../lib/view-transform';
import { PdfPage } from './pdf-page';
import './pdf-viewer.css';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

type LoadState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; doc: PDFDocumentProxy; firstPage: Size; fitScale: number };

/** A request to show a page: 1-based `page`, and a `nonce` that changes with every request. */
export interface PdfPageTarget {
  page: number;
  nonce: number;
}

/** Page position reported to the toolbar: 1-based current page and the page count. */
export interface PdfPageInfo {
  current: number;
  total: number;
}

/**
 * A PDF rendered with pdf.js (lazy chunk): loading spinner until the document
 * has loaded (spec §2), then every page as a lazily drawn canvas with a text
 * layer, scaled by `zoom` and turned by `rotation` degrees. Give it `key={url}`
 * so another document starts from its loading state.
 */
export function PdfDocument({
  url,
  zoom,
  rotation,
  onPageInfo,
  target = null,
  onPageView,
}: {
  url: string;
  zoom: number;
  rotation: number;
  onPageInfo: (info: PdfPageInfo | null) => void;
  /** A page to turn to (1-based); a new `nonce` turns there again. */
  target?: PdfPageTarget | null;
  /** Each page (1-based) once it has been on screen, at most once per page while this document is shown. */
  onPageView?: (page: number) => void;
}) {
  const { t } = useTranslation('previewer');
  const scroller = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const pageViewRef = useRef(onPageView);
  useEffect(() => {
    pageViewRef.current = onPageView;
  });
  const reported = useRef(new Set<number>());
  const hasPageView = onPageView !== undefined;
  const pageViewed = useCallback((page: number) => {
    if (reported.current.has(page)) return;
    reported.current.add(page);
    pageViewRef.current?.(page);
  }, []);

  useEffect(() => {
    onPageInfo(null);
    let cancelled = false;
    const task = pdfjs.getDocument({ url, httpHeaders: scopeHeaders(), isEvalSupported: false });
    task.promise
      .then(async (doc) => {
        const first = await doc.getPage(1);
        const viewport = first.getViewport({ scale: 1 });
        if (cancelled) return;
        const frameWidth = scroller.current?.clientWidth ?? 900;
        setState({
          status: 'ready',
          doc,
          firstPage: { width: viewport.width, height: viewport.height },
          fitScale: fitWidthScale(viewport.width, frameWidth),
        });
        onPageInfo({ current: 1, total: doc.numPages });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('PDF failed to load', error);
        setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url, onPageInfo]);

  const total = state.status === 'ready' ? state.doc.numPages : 0;
  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element || total === 0) return;
    const pages = Array.from(element.querySelectorAll<HTMLElement>('[data-page-number]'));
    const tops = pages.map((page) => page.offsetTop - element.offsetTop);
    onPageInfo({ current: currentPageAt(tops, element.scrollTop, element.clientHeight), total });
  }, [onPageInfo, total]);

  const attach = useCallback((element: HTMLDivElement | null) => {
    scroller.current = element;
    setRoot(element);
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!target || !element || total === 0) return;
    const page = element.querySelector<HTMLElement>(`[data-page-number="${Math.min(Math.max(1, target.page), total)}"]`);
    if (!page) return;
    element.scrollTop = page.offsetTop - element.offsetTop;
    onScroll();
  }, [target, total, onScroll]);

  // The page keeps fitting the frame's width when the frame narrows (note box, side panel) or widens (fullscreen).
  const [frameWidth, setFrameWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!root || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setFrameWidth(root.clientWidth));
    observer.observe(root);
    return () => observer.disconnect();
  }, [root]);
  const fitScale = state.status === 'ready' ? (frameWidth ? fitWidthScale(state.firstPage.width, frameWidth) : state.fitScale) : 1;
  const scale = state.status === 'ready' ? fitScale * zoom : zoom;
  const placeholder: Size =
    state.status === 'ready'
      ? isSideways(rotation)
        ? { width: state.firstPage.height * scale, height: state.firstPage.width * scale }
        : { width: state.firstPage.width * scale, height: state.firstPage.height * scale }
      : { width: 0, height: 0 };

  return (
    // Focusable and named, so a keyboard scrolls it (axe scrollable-region-focusable), as the PDF editor's scroller.
    <div ref={attach} className="atrium-pdf-scroller" onScroll={onScroll} data-testid="pdf-document" tabIndex={0} role="region" aria-label={t('pdf.scroller')}>
      {state.status === 'loading' && <PageSpinner minHeight="100%" />}
      {state.status === 'error' && <Result status="warning" title={t('pdf.loadFailed')} />}
      {state.status === 'ready' &&
        Array.from({ length: state.doc.numPages }, (_, index) => (
          <PdfPage
            key={index + 1}
            doc={state.doc}
            pageNumber={index + 1}
            scale={scale}
            rotation={rotation}
            placeholder={placeholder}
            root={root}
            onViewed={hasPageView ? pageViewed : undefined}
          />
        ))}
    </div>
  );
}
