import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../../test/render';
import { ManualViewer } from './manual-viewer';

// pdf.js needs a real browser (DOMMatrix, canvas): jsdom stands in a marker for the PDF view, as in file-previewer.test.tsx.
vi.mock('./pdf-document', () => ({ PdfDocument: ({ url }: { url: string }) => <div data-testid="pdf-document" data-url={url} /> }));

const fetchMock = vi.fn<typeof fetch>();

/** A fetch answer the test releases by hand, so the loading state can be seen before it. */
function deferredResponse() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('ManualViewer (spec §2 popups: manual viewer, PDF or HTML, full screen)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows an HTML manual in a sandboxed frame that runs no scripts, with a spinner until the frame has loaded', async () => {
    renderWithApp(<ManualViewer open title="User manual" source={{ type: 'html', url: '/manual/en-us.html' }} onClose={() => {}} />);
    expect(await screen.findByRole('dialog')).toHaveTextContent('User manual');
    const frame = await screen.findByTestId('manual-frame');
    expect(frame).toHaveAttribute('title', 'User manual');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('src')).toBe('/manual/en-us.html');
    expect(fetchMock).toHaveBeenCalledWith('/manual/en-us.html', expect.objectContaining({ method: 'HEAD' }));
    expect(screen.getByRole('status', { name: /Loading/ })).toBeInTheDocument();
    expect(frame.style.visibility).toBe('hidden');
    fireEvent.load(frame);
    await waitFor(() => expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument());
    expect(frame.style.visibility).toBe('visible');
  });

  it('closes with its close button and with Esc', async () => {
    const onClose = vi.fn();
    renderWithApp(<ManualViewer open title="User manual" source={{ type: 'html', url: '/manual/en-us.html' }} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('shows the loading state while a PDF manual is checked, then the pdf.js viewer', async () => {
    const answer = deferredResponse();
    fetchMock.mockImplementation(() => answer.promise);
    renderWithApp(<ManualViewer open title="Instructor guide" source={{ type: 'pdf', url: '/manual/guide.pdf' }} onClose={() => {}} />);
    expect(await screen.findByRole('status', { name: /Loading/ })).toBeInTheDocument();
    expect(screen.queryByTestId('pdf-document')).not.toBeInTheDocument();
    answer.release(new Response(null, { status: 200 }));
    const viewer = await screen.findByTestId('pdf-document');
    expect(viewer.dataset.url).toBe('/manual/guide.pdf');
    expect(screen.queryByTestId('manual-frame')).toBeNull();
  });

  it('says what to do when the manual cannot be loaded, and loads it on retry', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 404 }));
    renderWithApp(<ManualViewer open title="User manual" source={{ type: 'html', url: '/manual/missing.html' }} onClose={() => {}} />);
    expect(await screen.findByText('The manual could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText(/Check your network connection and try again/)).toBeInTheDocument();
    expect(screen.queryByTestId('manual-frame')).toBeNull();
    fetchMock.mockImplementation(async () => new Response(null, { status: 200 }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('manual-frame')).toHaveAttribute('sandbox', '');
  });

  it('asks with GET when the server refuses HEAD, and counts a network error as not loaded', async () => {
    fetchMock.mockImplementation(async (_input, init) => new Response(null, { status: init?.method === 'HEAD' ? 405 : 200 }));
    const { unmount } = renderWithApp(<ManualViewer open title="User manual" source={{ type: 'html', url: '/manual/en-us.html' }} onClose={() => {}} />);
    expect(await screen.findByTestId('manual-frame')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    unmount();
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithApp(<ManualViewer open title="User manual" source={{ type: 'html', url: '/manual/en-us.html' }} onClose={() => {}} />);
    expect(await screen.findByText('The manual could not be loaded.')).toBeInTheDocument();
    warn.mockRestore();
  });
});
