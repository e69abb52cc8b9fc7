import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse } from '../../../test/render';
import { loadPdfSource, type EditorSource } from '../lib/editor-source';
import { PdfEditorPage } from './pdf-editor-page';

// pdf.js does not run in jsdom: the editor gets a two-page source of 600 × 800 pt pages that draws nothing.
const fakeSource: EditorSource = {
  pageCount: 2,
  firstPage: { view: [0, 0, 600, 800], rotate: 0 },
  getPage: () => Promise.resolve({ view: [0, 0, 600, 800], rotate: 0 }),
  render: () => Promise.resolve(),
  destroy: () => {},
};
vi.mock('../lib/editor-source', () => ({
  preloadPdf: vi.fn(),
  loadPdfSource: vi.fn(() => Promise.resolve(fakeSource)),
  loadImageSource: vi.fn(() => Promise.resolve({ ...fakeSource, pageCount: 1 })),
}));

beforeAll(() => {
  // jsdom has no PointerEvent; a MouseEvent with a pointerId serves the editor's handlers.
  if (!('PointerEvent' in window)) {
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventStub;
  }
});

const fetchMock = vi.fn<typeof fetch>();
const submission = {
  id: 7,
  activity_id: 3,
  user_id: 12,
  user_name: 'Chen Mei-ling',
  group_id: null,
  group_name: null,
  status: 'submitted',
  submission_count: 1,
  graded_at: null,
  graded_by_name: null,
  feedback_uploads: [],
  is_late: false,
  score: null,
  feedback: null,
  submitted_at: '2026-11-20T09:30:00Z',
  content: null,
  uploads: [{ id: 41, name: 'essay.pdf', type: 'document', status: 'ready', size: 1000, annotated_upload_id: null }],
  previous_id: null,
  next_id: 8,
};
const calls: { method: string; url: string; body: unknown }[] = [];

function answer(url: string, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
  calls.push({ method, url, body });
  if (url === '/api/user') return jsonResponse(200, { id: 2, user_name: 'teacher', name: 'Ivan', role: 0 });
  if (url === '/api/homework-submissions/7') return jsonResponse(200, submission);
  if (url === '/api/homework-submissions/7/annotations?upload_id=41')
    return jsonResponse(200, { upload_id: 41, annotations: [], rotations: {}, annotated_upload_id: null, updated_at: null });
  if (url === '/api/homework-submissions/7/score' && method === 'PUT') {
    if (Number(body?.score) > 100)
      return jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Invalid score', errors: { score: ['homework.scoreError'] } });
    return jsonResponse(200, { ...submission, score: body?.score });
  }
  if (url === '/api/homework-submissions/7/annotations' && method === 'PUT')
    return jsonResponse(200, { ...body, annotated_upload_id: 99, updated_at: '2026-11-26T08:00:00Z' });
  return jsonResponse(404, { code: 'NOT_FOUND', message: url });
}

function renderEditor() {
  const router = createMemoryRouter(
    [
      { path: '/pdf/editor', element: <PdfEditorPage /> },
      { path: '/course/1/content', element: <p>course content</p> },
    ],
    { initialEntries: ['/course/1/content', '/pdf/editor?submissionId=7&uploadId=41'], initialIndex: 1 },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function drawStroke(page: number, from: [number, number], to: [number, number]) {
  const layer = await screen.findByTestId(`annotation-layer-${page}`);
  fireEvent.pointerDown(layer, { clientX: from[0], clientY: from[1], button: 0, pointerId: 1 });
  for (let step = 1; step <= 5; step += 1) {
    fireEvent.pointerMove(layer, {
      clientX: from[0] + ((to[0] - from[0]) * step) / 5,
      clientY: from[1] + ((to[1] - from[1]) * step) / 5,
      pointerId: 1,
    });
  }
  fireEvent.pointerUp(layer, { clientX: to[0], clientY: to[1], pointerId: 1 });
  return layer;
}

describe('PdfEditorPage', { timeout: 120_000 }, () => {
  beforeEach(() => {
    calls.length = 0;
    fetchMock.mockImplementation(async (input, init) => answer(String(input), init));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('adds a pen stroke, marks the editor changed, and the eraser removes the stroke again', async () => {
    renderEditor();
    const editor = await screen.findByTestId('pdf-editor');
    expect(editor).toHaveAttribute('data-changed', 'false');

    const layer = await drawStroke(1, [100, 100], [300, 100]);
    const strokes = () => layer.querySelectorAll('[data-annotation-type="pen"]');
    expect(strokes()).toHaveLength(1);
    expect(editor).toHaveAttribute('data-changed', 'true');
    expect(screen.getByTestId('unsaved')).toHaveTextContent('Unsaved changes');

    fireEvent.click(screen.getByTestId('tool-eraser'));
    // Away from the stroke nothing is erased; on it, the stroke goes.
    fireEvent.pointerDown(layer, { clientX: 200, clientY: 400, button: 0, pointerId: 2 });
    fireEvent.pointerUp(layer, { clientX: 200, clientY: 400, pointerId: 2 });
    expect(strokes()).toHaveLength(1);
    fireEvent.pointerDown(layer, { clientX: 200, clientY: 101, button: 0, pointerId: 3 });
    fireEvent.pointerUp(layer, { clientX: 200, clientY: 101, pointerId: 3 });
    expect(strokes()).toHaveLength(0);
    expect(editor).toHaveAttribute('data-changed', 'false');

    // Undo brings the stroke back.
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    expect(strokes()).toHaveLength(1);
  });

  it('shows the translated homework.scoreError when the server refuses 101, saves nothing else and keeps the drawing', async () => {
    renderEditor();
    const layer = await drawStroke(2, [50, 50], [150, 80]);
    const score = await screen.findByRole('spinbutton', { name: 'Score' });
    fireEvent.change(score, { target: { value: '101' } });
    const panel = screen.getByRole('complementary', { name: 'Grading' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await within(panel).findByText('The score must be between 0 and 100.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual(['/api/homework-submissions/7/score']);
    expect(layer.querySelectorAll('[data-annotation-type="pen"]')).toHaveLength(1);
    expect(screen.getByTestId('pdf-editor')).toHaveAttribute('data-changed', 'true');

    // 87 is accepted: the score, then the annotations (with the stroke on page 2) are saved and the editor is clean.
    fireEvent.change(score, { target: { value: '87' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('pdf-editor')).toHaveAttribute('data-changed', 'false'));
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.url)).toEqual([
      '/api/homework-submissions/7/score',
      '/api/homework-submissions/7/score',
      '/api/homework-submissions/7/annotations',
    ]);
    expect(puts[1]?.body).toEqual({ score: 87, feedback: null });
    expect(puts[2]?.body).toMatchObject({ upload_id: 41, rotations: {}, annotations: [{ type: 'pen', page: 2 }] });
  });

  it('asks with the confirm-exit popup before leaving with unsaved changes, and warns before unload', async () => {
    const router = renderEditor();
    await screen.findByTestId('pdf-editor');
    await drawStroke(1, [100, 100], [200, 150]);

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Exit the editor' }));
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/pdf/editor');

    fireEvent.click(screen.getByRole('button', { name: 'Next submission' }));
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.search).toBe('?submissionId=8'));
  });

  it('asks for the submission, its annotations and the file alongside GET /api/user, and shows them once the user is known', async () => {
    let releaseUser = () => {};
    const userHeld = new Promise<void>((resolve) => (releaseUser = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/user') await userHeld;
      return answer(String(input), init);
    });
    renderEditor();
    await waitFor(() => expect(vi.mocked(loadPdfSource)).toHaveBeenCalledWith('/api/uploads/41/blob?preview=true', {}));
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(['/api/homework-submissions/7', '/api/homework-submissions/7/annotations?upload_id=41']),
    );
    expect(calls.map((call) => call.url)).not.toContain('/api/user');
    expect(screen.queryByTestId('pdf-editor')).not.toBeInTheDocument();

    releaseUser();
    expect(await screen.findByTestId('pdf-editor')).toBeInTheDocument();
  });

  it('leaves at once when nothing changed', async () => {
    const router = renderEditor();
    await screen.findByTestId('pdf-editor');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Exit the editor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/1/content'));
    expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument();
  });
});
