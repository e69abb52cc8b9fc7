import type { ViewBox } from './page-geometry';
import { compose, pageViewport, type Matrix } from './page-geometry';

/** One page's box in PDF points and its own rotation (the PDF's `/Rotate`). */
export interface PageGeometry {
  view: ViewBox;
  rotate: number;
}

/**
 * What the editor annotates: the pages of a PDF (pdf.js) or one image page
 * (1 image pixel = 1 point, as the server flattens it). `render` draws page
 * `page` (1-based) on `canvas` at `scale` CSS px per point, turned by `rotation`
 * degrees in all (own + editor), with `ratio` device pixels per CSS pixel.
 */
export interface EditorSource {
  pageCount: number;
  firstPage: PageGeometry;
  getPage(page: number): Promise<PageGeometry>;
  render(page: number, canvas: HTMLCanvasElement, scale: number, rotation: number, ratio: number, signal: AbortSignal): Promise<void>;
  destroy(): void;
}

/** Starts loading pdf.js and its worker, so they are ready when the file's URL is known. */
export function preloadPdf(): void {
  void import('./pdf-source').then(({ warmUpWorker }) => warmUpWorker());
}

/** Loads pdf.js (lazy chunk) and opens the PDF at `url`; pages are fetched and drawn on demand. */
export async function loadPdfSource(url: string, headers: Record<string, string>): Promise<EditorSource> {
  const { openPdf } = await import('./pdf-source');
  return openPdf(url, headers);
}

/** Loads the image at `url` as a one-page source of its natural size. */
export async function loadImageSource(url: string): Promise<EditorSource> {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  await image.decode();
  const width = image.naturalWidth;
  const height = image.naturalHeight;
  if (!width || !height) throw new Error('The image has no size');
  const geometry: PageGeometry = { view: [0, 0, width, height], rotate: 0 };
  return {
    pageCount: 1,
    firstPage: geometry,
    getPage: () => Promise.resolve(geometry),
    render(_page, canvas, scale, rotation, ratio) {
      const viewport = pageViewport(geometry.view, scale, rotation);
      canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
      canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
      const context = canvas.getContext('2d');
      if (!context) return Promise.resolve();
      // Image pixels (y down) → PDF points (y up, the image's top at y = height) → viewport → device pixels.
      const toPdf: Matrix = [1, 0, 0, -1, 0, height];
      const [a, b, c, d, e, f] = compose(compose(toPdf, viewport.transform), [ratio, 0, 0, ratio, 0, 0]);
      context.setTransform(a, b, c, d, e, f);
      context.drawImage(image, 0, 0);
      return Promise.resolve();
    },
    destroy() {},
  };
}
