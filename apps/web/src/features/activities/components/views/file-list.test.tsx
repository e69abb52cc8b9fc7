import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityUpload } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../../test/render';
import { previewerContextOf } from '../../lib/previewer-context';
import { FileList } from './file-list';

// pdf.js needs a real browser (DOMMatrix, canvas); the previewer starts loading it for Office files.
vi.mock('../../../previews/components/pdf-document', () => ({ PdfDocument: () => <div data-testid="pdf-document" /> }));

const fetchMock = vi.fn<typeof fetch>();

const files: ActivityUpload[] = [
  { id: 1, name: 'week1.docx', type: 'document', status: 'processing', size: 1000 },
  { id: 2, name: 'week2.pdf', type: 'document', status: 'processing', size: 1000 },
];

/** The server: each upload as `GET /api/uploads/{id}?preview=true` answers it (Office files still converting: no pdf.js needed). */
function route(input: RequestInfo | URL): Response {
  const url = String(input);
  if (url.startsWith('/api/uploads/org/arrears/')) return jsonResponse(200, { is_org_transfer_arrears: false });
  if (url === '/api/uploads/settings')
    return jsonResponse(200, { maxLevelInUploadFolder: 5, maxFileCountInUploadFolder: 100, checkUploadExtension: true, maxUploadBytes: 10_000 });
  const match = /\/api\/uploads\/(\d+)\?preview=true/.exec(url);
  const file = match ? files.find((f) => f.id === Number(match[1])) : undefined;
  if (!file) return jsonResponse(404, { code: 'UPLOAD_NOT_FOUND', message: 'gone' });
  return jsonResponse(200, {
    ...file,
    key: `k${file.id}`,
    storage_type: 'local',
    upload_url: null,
    allow_download: false,
    created_at: '2026-11-01T00:00:00.000Z',
    deleted: false,
    parent_type: 'course',
    parent_id: 1,
    source: null,
    isTextFile: false,
    downloadUrl: `/api/uploads/${file.id}/blob`,
    videos: [],
    failure_reason: null,
    duration: null,
    num_pages: null,
    is_encrypted: false,
    audio: null,
    scorm: null,
    is_text_file: false,
  });
}

const header = { preview_as: null, inspecting: false };

describe('FileList opening the previewer from an activity (spec §2, §3 Activity read record, §6)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (input) => route(input));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("a student of a course with hasAiAbility is offered the question panel (the file's questions in this activity) and the AI quiz panel, which says no AI service is configured", async () => {
    const user = userEvent.setup();
    const preview = { activityId: 7, courseId: 3, ...previewerContextOf({ my_roles: ['student'], hasAiAbility: true }, header) };
    renderWithApp(<FileList uploads={files} preview={preview} />);
    await user.click(screen.getByRole('button', { name: /week1\.docx/ }));
    // The previewer is a lazy chunk: the first opening waits for it.
    await user.click(await screen.findByRole('button', { name: 'Questions' }, { timeout: 10_000 }));
    expect(await screen.findByTestId('panel-question', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/uploads/1/questions?activity_id=7'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'AI quiz' }));
    expect(screen.getByTestId('ai-not-configured')).toHaveTextContent('not configured');
  });

  it("a question notice's target opens that file's previewer on the question (issue 18 §5)", async () => {
    const preview = {
      activityId: 7,
      courseId: 3,
      ...previewerContextOf({ my_roles: ['student'], hasAiAbility: true }, header),
      openQuestion: { uploadId: 2, questionId: 41, page: 3 },
    };
    renderWithApp(<FileList uploads={files} preview={preview} />);
    expect(await screen.findByTestId('panel-question', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('previewer-file-name')).toHaveTextContent('week2.pdf');
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/topics/41'))).toBe(true));
  });

  it('the same student without hasAiAbility is offered neither panel', async () => {
    const preview = { activityId: 7, courseId: 3, ...previewerContextOf({ my_roles: ['student'], hasAiAbility: false }, header) };
    const user = userEvent.setup();
    renderWithApp(<FileList uploads={files} preview={preview} />);
    await user.click(screen.getByRole('button', { name: /week1\.docx/ }));
    await waitFor(() => expect(screen.getByTestId('previewer-frame')).toHaveAttribute('data-state', 'shown'));
    expect(screen.queryByRole('button', { name: 'Questions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'AI quiz' })).not.toBeInTheDocument();
  });

  it('reports a read for the clicked file and for each file ← → or previous/next switch to', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    renderWithApp(
      <FileList uploads={files} onOpen={onOpen} preview={{ activityId: 7, courseId: 3, ...previewerContextOf({ my_roles: ['student'] }, header) }} />,
    );
    await user.click(screen.getByRole('button', { name: /week1\.docx/ }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledTimes(1));
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(onOpen).toHaveBeenCalledTimes(2));
    await user.click(screen.getByRole('button', { name: 'Next file' }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledTimes(3));
    expect(onOpen.mock.calls.map(([upload]) => (upload as ActivityUpload).id)).toEqual([1, 2, 1]);
  });
});
