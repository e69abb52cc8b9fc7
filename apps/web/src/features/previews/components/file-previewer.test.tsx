import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { FilePreviewer } from './file-previewer';

// pdf.js needs a real browser (DOMMatrix, canvas): jsdom stands in a marker for the PDF view; the Playwright journeys render real pages.
vi.mock('./pdf-document', () => ({ PdfDocument: () => <div data-testid="pdf-document" /> }));

const fetchMock = vi.fn<typeof fetch>();

function upload(id: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    key: `k${id}`,
    name,
    size: 1000,
    type: 'document',
    status: 'processing',
    storage_type: 'local',
    upload_url: null,
    allow_download: false,
    created_at: '2026-11-01T00:00:00.000Z',
    deleted: false,
    parent_type: 'course',
    parent_id: 1,
    source: null,
    isTextFile: false,
    downloadUrl: `/api/uploads/${id}/blob`,
    videos: [],
    failure_reason: null,
    duration: null,
    num_pages: null,
    is_encrypted: false,
    audio: null,
    scorm: null,
    is_text_file: false,
    ...extra,
  };
}

// Office documents still converting: the previewer shows its "converting" state without pdf.js.
const uploads = new Map([
  [1, upload(1, 'week1.docx')],
  [2, upload(2, 'week2.PPTX')],
  [3, upload(3, 'data.csv')],
]);
let arrears = false;
let settings: Record<string, unknown> | null = null;

function route(input: RequestInfo | URL): Response {
  const url = String(input);
  if (url === '/api/uploads/settings') return settings ? jsonResponse(200, settings) : jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
  if (/^\/api\/(resource-file\/\d+|captures\/\d+)\/player-url/.test(url)) {
    return jsonResponse(200, { url: null, status_code: 503, message: 'No lecture-capture provider is configured on this Atrium server' });
  }
  const arrearsMatch = /\/api\/uploads\/org\/arrears\/(\d+)/.exec(url);
  if (arrearsMatch) return jsonResponse(200, { is_org_transfer_arrears: arrears });
  const match = /\/api\/uploads\/(\d+)\?preview=true/.exec(url);
  const found = match ? uploads.get(Number(match[1])) : undefined;
  return found ? jsonResponse(200, found) : jsonResponse(404, { code: 'UPLOAD_NOT_FOUND', message: 'gone' });
}

const files = [...uploads.values()].map((u) => ({ id: u.id, name: u.name }));

async function shownName() {
  return (await screen.findByTestId('previewer-file-name')).textContent;
}

describe('FilePreviewer (spec §2 previewer behaviour, §5, §6, §9)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    arrears = false;
    settings = null;
    fetchMock.mockImplementation(async (input) => route(input));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('← and → (key codes 37/39) switch files and wrap around at both ends', async () => {
    renderWithApp(<FilePreviewer files={files} startIndex={0} onClose={() => {}} />);
    await waitFor(async () => expect(await shownName()).toBe('week1.docx'));
    fireEvent.keyDown(window, { key: 'ArrowLeft', keyCode: 37 });
    await waitFor(async () => expect(await shownName()).toBe('data.csv'));
    expect(screen.getByTestId('previewer-position')).toHaveTextContent('3 / 3');
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(async () => expect(await shownName()).toBe('week1.docx'));
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(async () => expect(await shownName()).toBe('week2.PPTX'));
    // Only the key code counts when the key name is missing (older browsers).
    fireEvent.keyDown(window, { keyCode: 39 });
    await waitFor(async () => expect(await shownName()).toBe('data.csv'));
    fireEvent.keyDown(window, { keyCode: 39 });
    await waitFor(async () => expect(await shownName()).toBe('week1.docx'));
  });

  it('ignores the arrow keys while a text field has the focus', async () => {
    renderWithApp(
      <>
        <input aria-label="search" />
        <FilePreviewer files={files} startIndex={1} onClose={() => {}} />
      </>,
    );
    await waitFor(async () => expect(await shownName()).toBe('week2.PPTX'));
    const input = screen.getByLabelText('search');
    fireEvent.keyDown(input, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.keyDown(input, { key: 'ArrowLeft', keyCode: 37 });
    expect(await shownName()).toBe('week2.PPTX');
  });

  it('opens one AI panel at a time, and the AI quiz panel stops the arrow keys (spec §2, §6)', async () => {
    const user = userEvent.setup();
    renderWithApp(<FilePreviewer files={files} startIndex={0} onClose={() => {}} hasAiAbility />);
    await waitFor(async () => expect(await shownName()).toBe('week1.docx'));
    await user.click(await screen.findByRole('button', { name: 'Questions' }));
    expect(screen.getByTestId('panel-question')).toBeInTheDocument();
    // Files opened outside an activity have nowhere to ask in.
    expect(screen.getByTestId('questions-need-activity')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'AI quiz' }));
    expect(screen.getByTestId('ai-not-configured')).toHaveTextContent('not configured');
    expect(screen.getByTestId('panel-aiQuiz')).toBeInTheDocument();
    expect(screen.queryByTestId('panel-question')).not.toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    expect(await shownName()).toBe('week1.docx');
    await user.click(screen.getByRole('button', { name: 'Questions' }));
    expect(screen.queryByTestId('panel-aiQuiz')).not.toBeInTheDocument();
    expect(screen.getByTestId('panel-question')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(async () => expect(await shownName()).toBe('week2.PPTX'));
  });

  it('offers the AI quiz for csv only as a question panel, no AI quiz in instructor view, no panel without hasAiAbility (spec §6, §9)', async () => {
    const { unmount } = renderWithApp(<FilePreviewer files={files} startIndex={2} onClose={() => {}} hasAiAbility />);
    await waitFor(async () => expect(await shownName()).toBe('data.csv'));
    expect(await screen.findByRole('button', { name: 'Questions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'AI quiz' })).not.toBeInTheDocument();
    unmount();
    const second = renderWithApp(<FilePreviewer files={files} startIndex={0} onClose={() => {}} hasAiAbility isInstructorView />);
    await waitFor(async () => expect(await shownName()).toBe('week1.docx'));
    expect(await screen.findByRole('button', { name: 'Questions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'AI quiz' })).not.toBeInTheDocument();
    second.unmount();
    renderWithApp(<FilePreviewer files={files} startIndex={0} onClose={() => {}} />);
    await waitFor(async () => expect(await shownName()).toBe('week1.docx'));
    expect(screen.queryByRole('button', { name: 'AI quiz' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Questions' })).not.toBeInTheDocument();
  });

  it('zooms in steps of 20% between 20% and 500% (spec §9)', async () => {
    uploads.set(4, upload(4, 'photo.PNG', { type: 'image', status: 'ready' }));
    const user = userEvent.setup();
    renderWithApp(<FilePreviewer files={[{ id: 4, name: 'photo.PNG' }]} startIndex={0} onClose={() => {}} />);
    const zoomIn = await screen.findByRole('button', { name: 'Zoom in' });
    await waitFor(() => expect(zoomIn).toBeEnabled());
    await user.click(zoomIn);
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('120%');
    for (let i = 0; i < 25; i += 1) if (!zoomIn.hasAttribute('disabled')) await user.click(zoomIn);
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('500%');
    expect(zoomIn).toBeDisabled();
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 30; i += 1) if (!zoomOut.hasAttribute('disabled')) await user.click(zoomOut);
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('20%');
    expect(zoomOut).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('100%');
  });

  it('shows the arrears state instead of the content when the organisation is in arrears', async () => {
    arrears = true;
    renderWithApp(<FilePreviewer files={files} startIndex={0} onClose={() => {}} />);
    expect(await screen.findByTestId('previewer-arrears')).toHaveTextContent('Preview unavailable');
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/uploads/org/arrears/1'))).toBe(true);
  });

  it('refuses empty files and files over the per-type limit, checking the extension case-insensitively (spec §5)', async () => {
    uploads.set(5, upload(5, 'empty.PDF', { size: 0 }));
    uploads.set(6, upload(6, 'big.pdf', { size: 5000 }));
    uploads.set(7, upload(7, 'tool.EXE', { size: 10 }));
    const limits = { sizeLimit: { document: 4000, default: 10_000 }, allowedExtensions: ['pdf', 'docx'] };
    const list = [5, 6, 7, 1].map((id) => ({ id, name: uploads.get(id)!.name }));
    renderWithApp(<FilePreviewer files={list} startIndex={0} onClose={() => {}} {...limits} />);
    expect(await screen.findByTestId('previewer-refusal')).toHaveTextContent('This file is empty');
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(screen.getByTestId('previewer-refusal')).toHaveTextContent('larger than the preview limit'));
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(screen.getByTestId('previewer-refusal')).toHaveTextContent('format cannot be previewed'));
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(async () => expect(await shownName()).toBe('week1.docx'));
    expect(screen.queryByTestId('previewer-refusal')).not.toBeInTheDocument();
  });

  it('without limits of its own, applies the organisation’s upload size limit and extension list (GET /api/uploads/settings, spec §5)', async () => {
    uploads.set(6, upload(6, 'big.pdf', { size: 5000 }));
    uploads.set(7, upload(7, 'tool.EXE', { size: 10 }));
    uploads.set(8, upload(8, 'Lecture clip', { size: 0, type: 'link', status: 'ready', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }));
    settings = { maxLevelInUploadFolder: 5, maxFileCountInUploadFolder: 100, checkUploadExtension: true, maxUploadBytes: 4000 };
    const list = [6, 7, 1, 8].map((id) => ({ id, name: uploads.get(id)!.name }));
    const { unmount } = renderWithApp(<FilePreviewer files={list} startIndex={0} onClose={() => {}} />);
    expect(await screen.findByTestId('previewer-refusal')).toHaveTextContent('larger than the preview limit');
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(screen.getByTestId('previewer-refusal')).toHaveTextContent('format cannot be previewed'));
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(async () => expect(await shownName()).toBe('week1.docx'));
    expect(screen.queryByTestId('previewer-refusal')).not.toBeInTheDocument();
    // An online video link has no extension to check.
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(async () => expect(await shownName()).toBe('Lecture clip'));
    expect(screen.queryByTestId('previewer-refusal')).not.toBeInTheDocument();
    unmount();
    // With the extension check off, only the size counts.
    settings = { ...settings, checkUploadExtension: false, maxUploadBytes: 10_000 };
    renderWithApp(
      <FilePreviewer
        files={[
          { id: 7, name: 'tool.EXE' },
          { id: 6, name: 'big.pdf' },
        ]}
        startIndex={0}
        onClose={() => {}}
      />,
    );
    await waitFor(async () => expect(await shownName()).toBe('tool.EXE'));
    await waitFor(() => expect(screen.getByTestId('previewer-frame')).toHaveAttribute('data-state', 'shown'));
    expect(screen.queryByTestId('previewer-refusal')).not.toBeInTheDocument();
  });

  it('offers "Retry transcode" on a failed file only to the course team (the server refuses students)', async () => {
    uploads.set(9, upload(9, 'talk.mp4', { type: 'video', status: 'failed', failure_reason: 'ffmpeg failed' }));
    const { unmount } = renderWithApp(<FilePreviewer files={[{ id: 9, name: 'talk.mp4' }]} startIndex={0} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('previewer-frame')).toHaveAttribute('data-state', 'shown'));
    expect(screen.queryByRole('button', { name: /Retry transcode/ })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<FilePreviewer files={[{ id: 9, name: 'talk.mp4' }]} startIndex={0} onClose={() => {}} canRetryTranscode />);
    expect(await screen.findByRole('button', { name: /Retry transcode/ })).toBeInTheDocument();
  });

  it('reports each file shown: the first, then each one the arrows and the buttons switch to (onFileShown)', async () => {
    const user = userEvent.setup();
    const shown = vi.fn();
    renderWithApp(<FilePreviewer files={files} startIndex={1} onClose={() => {}} onFileShown={shown} />);
    await waitFor(async () => expect(await shownName()).toBe('week2.PPTX'));
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(async () => expect(await shownName()).toBe('data.csv'));
    await user.click(screen.getByRole('button', { name: 'Next file' }));
    await waitFor(async () => expect(await shownName()).toBe('week1.docx'));
    await user.click(screen.getByRole('button', { name: 'Previous file' }));
    await waitFor(async () => expect(await shownName()).toBe('data.csv'));
    expect(shown.mock.calls.map(([file]) => file.id)).toEqual([2, 3, 1, 3]);
  });

  it('a lecture capture or lesson resource shows its status: not ready with its reason, or the player call’s status_code and message (spec §4 display status, §8)', async () => {
    uploads.set(10, upload(10, 'Lecture 3', { type: 'capture', status: 'ready' }));
    uploads.set(11, upload(11, 'Reading', { type: 'lesson-resource', status: 'failed', failure_reason: 'The source is gone' }));
    uploads.set(12, upload(12, 'Site camera', { type: 'evercam', status: 'ready' }));
    const list = [10, 11, 12].map((id) => ({ id, name: uploads.get(id)!.name }));
    renderWithApp(<FilePreviewer files={list} startIndex={0} onClose={() => {}} />);
    expect(await screen.findByTestId('external-status')).toHaveTextContent('Not ready (503): No lecture-capture provider is configured on this Atrium server');
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/captures/10/player-url')).toBe(true);
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(screen.getByTestId('external-status')).toHaveTextContent('Not ready (failed): The source is gone'));
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() =>
      expect(screen.getByTestId('external-status')).toHaveTextContent('Not ready (503): No provider for this kind of recording is configured'),
    );
  });

  it('a missing upload shows the not-found message and closes (spec §8)', async () => {
    const onClose = vi.fn();
    renderWithApp(<FilePreviewer files={[{ id: 99, name: 'gone.pdf' }]} startIndex={0} onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
