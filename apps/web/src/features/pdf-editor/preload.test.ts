import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpWorker } from './lib/pdf-source';
import { preloadEditorPdf } from './preload';

vi.mock('./lib/pdf-source', () => ({ warmUpWorker: vi.fn() }));

describe('preloadEditorPdf', () => {
  afterEach(() => vi.mocked(warmUpWorker).mockClear());

  it('starts pdf.js and its worker for a PDF link', async () => {
    preloadEditorPdf('?submissionId=7&uploadId=41&fileType=pdf');
    await vi.waitFor(() => expect(vi.mocked(warmUpWorker)).toHaveBeenCalledTimes(1));
  });

  it('leaves pdf.js alone for a link that opens an image', async () => {
    preloadEditorPdf('?imgURL=%2Fapi%2Fuploads%2F3%2Fblob');
    // Long enough for the module's import to settle (it is loaded already) and a call to be made.
    await import('./lib/pdf-source');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(vi.mocked(warmUpWorker)).not.toHaveBeenCalled();
  });
});
