import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { GuestActivityPage } from './guest-activity-page';

const fetchMock = vi.fn<typeof fetch>();
const onUnauthorized = vi.fn<(url: string) => void>();

const textUpload = {
  id: 11,
  key: 'k11',
  name: 'syllabus.txt',
  size: 2048,
  type: 'document',
  status: 'ready',
  storage_type: 'local',
  upload_url: null,
  allow_download: true,
  created_at: '2026-11-01T00:00:00.000Z',
  deleted: false,
  parent_type: 'course',
  parent_id: 1,
  source: null,
  isTextFile: true,
  downloadUrl: '/api/uploads/11/blob',
  videos: [],
  failure_reason: null,
  duration: null,
  num_pages: null,
  is_encrypted: false,
  audio: null,
  scorm: null,
  is_text_file: true,
};

let listAnswer: Response;

function route(input: RequestInfo | URL): Response {
  const url = String(input);
  if (url === '/anonymous-api/7/uploads') return listAnswer;
  if (url === '/anonymous-api/7/uploads/11?preview=true') return jsonResponse(200, textUpload);
  if (url === '/anonymous-api/7/uploads/11/text?preview=true') return jsonResponse(200, { content: 'Week 1: welcome, visitors', truncated: false });
  return jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Sign in first' });
}

function renderAt(path: string) {
  return renderWithApp(<GuestActivityPage />, { route: path, path: '/guest/activities/:activityId' });
}

describe('GuestActivityPage (spec §6 visitors)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    listAnswer = jsonResponse(200, {
      activity: { id: 7, title: 'Every kind of file' },
      files: [
        { id: 11, name: 'syllabus.txt', type: 'document', status: 'ready', size: 2048 },
        { id: 12, name: 'lecture.mp4', type: 'video', status: 'processing', size: 5 * 1024 * 1024 },
      ],
    });
    fetchMock.mockImplementation(async (input) => route(input));
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => {
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists the activity title and files, and previews a file through the anonymous API only', async () => {
    renderAt('/guest/activities/7');
    expect(await screen.findByTestId('guest-activity-title')).toHaveTextContent('Every kind of file');
    const rows = screen.getAllByTestId('guest-file');
    expect(rows.map((row) => within(row).getByRole('button').textContent)).toEqual(['syllabus.txt', 'lecture.mp4']);
    expect(rows[1]).toHaveTextContent('Processing');
    expect(rows[1]).toHaveTextContent('5.00 MB');

    await userEvent.click(within(rows[0]!).getByRole('button', { name: /syllabus\.txt/ }));
    // The previewer is a lazy chunk: its first load waits up to 10 s (CI's check step once took longer than 1 s under load).
    expect(await screen.findByTestId('text-preview', {}, { timeout: 10_000 })).toHaveTextContent('Week 1: welcome, visitors');
    // No notes, statistics, AI panels, download or arrears call for visitors.
    expect(screen.queryByRole('button', { name: /notes/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /download/i })).toBeNull();
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toContain('/anonymous-api/7/uploads/11?preview=true');
    expect(urls.every((url) => url.startsWith('/anonymous-api/7/'))).toBe(true);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a refused activity (guest preview off) shows the refusal and never sends the visitor to /login', async () => {
    listAnswer = jsonResponse(403, { code: 'FORBIDDEN', message: 'Visitors cannot preview this activity' });
    renderAt('/guest/activities/7');
    const refusal = await screen.findByTestId('guest-refusal');
    expect(refusal).toHaveTextContent('Guest preview is not available for this activity.');
    expect(screen.queryByTestId('guest-file')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/guest/activities/7');
  });

  it('a 401 from the anonymous API is a refusal, not a redirect', async () => {
    listAnswer = jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'no' });
    renderAt('/guest/activities/7');
    expect(await screen.findByTestId('guest-refusal')).toHaveTextContent('Guest preview is not available for this activity.');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/guest/activities/7');
  });

  it('an absent activity or a malformed id says the activity does not exist', async () => {
    listAnswer = jsonResponse(404, { code: 'ACTIVITY_NOT_FOUND', message: 'This activity does not exist or was deleted' });
    const first = renderAt('/guest/activities/7');
    expect(await screen.findByTestId('guest-refusal')).toHaveTextContent('This activity does not exist.');
    first.unmount();
    fetchMock.mockClear();
    renderAt('/guest/activities/abc');
    expect(await screen.findByTestId('guest-refusal')).toHaveTextContent('This activity does not exist.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
