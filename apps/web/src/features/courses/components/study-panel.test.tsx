import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudyCompleteness } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { StudyPanel } from './study-panel';

const fetchMock = vi.fn<typeof fetch>();
const ACK_URL = '/api/courses/3/study-completeness/completion-popup';

const completeness = (over: Partial<StudyCompleteness>): StudyCompleteness => ({
  last_activity: { id: 11, title: 'Two mice' },
  study_completeness: 100,
  last_update_completeness_time: '2026-09-01T08:00:00.000Z',
  can_view: true,
  forbidden_reason: null,
  start_time: null,
  end_time: null,
  completion_popup_seen: false,
  ...over,
});

/** Answers the completeness GET with `state` and the acknowledgement PUT; records the calls. */
function serve(state: StudyCompleteness) {
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url) === ACK_URL && init?.method === 'PUT')
      return jsonResponse(200, { completion_popup_seen: true, completion_popup_seen_at: '2026-09-01T08:01:00.000Z' });
    if (String(url) === '/api/courses/3/study-completeness') return jsonResponse(200, state);
    return jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: String(url) });
  });
}
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('StudyPanel completion popup (spec §4: once per learner, remembered by the server)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('at 100 % and not yet seen: shows the popup; OK closes it and acknowledges it on the server', async () => {
    serve(completeness({}));
    const user = userEvent.setup();
    renderWithApp(<StudyPanel courseId={3} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You have completed all the learning in this course.');
    expect(calls()).not.toContain(`PUT ${ACK_URL}`);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls()).toContain(`PUT ${ACK_URL}`));
    await waitFor(() => expect(screen.queryByText('You have completed all the learning in this course.')).not.toBeVisible());
  });

  it('already acknowledged (on any device): no popup and no acknowledgement', async () => {
    serve(completeness({ completion_popup_seen: true }));
    renderWithApp(<StudyPanel courseId={3} />);
    await waitFor(() => expect(screen.getByTestId('study-panel')).toHaveTextContent('Study completeness: 100%'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls()).toEqual(['GET /api/courses/3/study-completeness']);
  });

  it('below 100 %: no popup', async () => {
    serve(completeness({ study_completeness: 99 }));
    renderWithApp(<StudyPanel courseId={3} />);
    await waitFor(() => expect(screen.getByTestId('study-panel')).toHaveTextContent('Study completeness: 99%'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
