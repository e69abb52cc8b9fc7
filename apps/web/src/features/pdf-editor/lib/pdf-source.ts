import * as pdfjs from 'pdfjs-dist';
import { RenderingCancelledException } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { EditorSource, PageGeometry } from './editor-source';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

let editorWorker: pdfjs.PDFWorker | null = null;

/** The editor's pdf.js worker, started once and kept for every document the editor opens (a destroyed document leaves it running). */
export function warmUpWorker(): pdfjs.PDFWorker {
  editorWorker ??= new pdfjs.PDFWorker();
  return editorWorker;
}

/**
 * Has pdf.js work out page 1's drawing instructions (its operator list: fonts converted in the worker,
 * loaded in the page) as soon as the document is open, by drawing it once on a 1 × 1 canvas, while React
 * builds the editor around it: the page's real render uses the same intent, so pdf.js hands it the same
 * operator list and it only paints. Failures are left to the real render.
 */
async function warmUpFirstPage(doc: pdfjs.PDFDocumentProxy): Promise<void> {
  try {
    const page = await doc.getPage(1);
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    await page.render({ canvas, viewport: page.getViewport({ scale: 1 / 64 }) }).promise;
  } catch {
    // The real render reports it.
  }
}

/** Opens a PDF with pdf.js (range requests, so the first page shows before the whole file has arrived). */
export async function openPdf(url: string, headers: Record<string, string>): Promise<EditorSource> {
  const task = pdfjs.getDocument({ url, httpHeaders: headers, isEvalSupported: false, worker: warmUpWorker() });
  const doc = await task.promise;
  performance.mark('pdf-editor:document-open');
  const geometryOf = async (pageNumber: number): Promise<PageGeometry> => {
    const page = await doc.getPage(pageNumber);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    return { view: [x0, y0, x1, y1], rotate: page.rotate };
  };
  const firstPage = await geometryOf(1);
  void warmUpFirstPage(doc);
  return {
    pageCount: doc.numPages,
    firstPage,
    getPage: geometryOf,
    async render(pageNumber, canvas, scale, rotation, ratio, signal) {
      const page = await doc.getPage(pageNumber);
      if (signal.aborted) return;
      const viewport = page.getViewport({ scale, rotation: ((rotation % 360) + 360) % 360 });
      const offscreen = document.createElement('canvas');
      offscreen.width = Math.max(1, Math.floor(viewport.width * ratio));
      offscreen.height = Math.max(1, Math.floor(viewport.height * ratio));
      const task = page.render({ canvas: offscreen, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined });
      const cancel = () => task.cancel();
      signal.addEventListener('abort', cancel);
      try {
        await task.promise;
      } catch (error) {
        if (error instanceof RenderingCancelledException || signal.aborted) return;
        throw error;
      } finally {
        signal.removeEventListener('abort', cancel);
      }
      if (signal.aborted) return;
      // Swap in the finished drawing at once, so zooming never flashes a blank page.
      canvas.width = offscreen.width;
      canvas.height = offscreen.height;
      canvas.getContext('2d')?.drawImage(offscreen, 0, 0);
    },
    destroy() {
      void task.destroy();
    },
  };
}
