/**
 * Starts loading pdf.js and its worker for the editor at `/pdf/editor?{search}` — unless the link opens
 * an image (`imgURL`), which needs neither — so they arrive with the page's own chunk rather than after it
 * (the router calls this as it loads the page). Idempotent: the module is fetched once, the worker started once.
 */
export function preloadEditorPdf(search: string): void {
  if (new URLSearchParams(search).get('imgURL')) return;
  void import('./lib/pdf-source').then(({ warmUpWorker }) => warmUpWorker());
}
