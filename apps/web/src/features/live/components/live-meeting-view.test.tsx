import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Activity } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { LiveMeetingView } from './live-meeting-view';

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const meeting = (data: Record<string, unknown>): Activity => ({
  id: 5,
  course_id: 4,
  module_id: 1,
  type: 'tencent_meeting',
  title: 'Office hour',
  is_published: true,
  start_time: null,
  end_time: null,
  completion_criterion: 'viewed',
  completion_percent: null,
  sort: 1,
  is_completed: false,
  access: 'open',
  description: null,
  data: { provider: 'Tencent Meeting', ...data },
  uploads: [],
  can_guest_preview: false,
  refuse_forward_seeking: false,
});

const fetchMock = vi.fn<typeof fetch>();
const openMock = vi.fn();
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

/** Serves the content tree (the team when `canEdit`), the join answer and the attendance pages. */
function serve({ canEdit, join }: { canEdit: boolean; join?: [number, unknown] }) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/courses/4/content') return jsonResponse(200, { can_edit: canEdit, modules: [], learning_mode: 'free', study: {} });
    if (url === '/api/activities/5/join' && init?.method === 'POST')
      return jsonResponse(...(join ?? [200, { join_url: 'https://meeting.tencent.com/dm/1', recorded: true, join_count: 1 }]));
    if (url.startsWith('/api/activities/5/attendance')) {
      const notJoined = url.includes('joined=false');
      const rows = [
        { user_id: 1, name: 'Ada', user_no: 'S1', joined: true, first_joined_at: at(-HOUR), last_joined_at: at(-HOUR / 2), join_count: 2 },
        { user_id: 2, name: 'Bo', user_no: 'S2', joined: false, first_joined_at: null, last_joined_at: null, join_count: 0 },
      ].filter((r) => !notJoined || !r.joined);
      return jsonResponse(200, { items: rows, page: 1, page_size: 10, pages: 1, total: rows.length, students: 2, joined_students: 1 });
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'none' });
  });
}

describe('LiveMeetingView (issue 24 item 1; decision 0150)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('open', openMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    openMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('Join asks the server (recording the attendance) and opens the address in a new tab, with a link should the tab be blocked', async () => {
    serve({ canEdit: false });
    renderWithApp(
      <LiveMeetingView activity={meeting({ join_url: 'https://meeting.tencent.com/dm/1', meeting_start_time: at(-HOUR), meeting_end_time: at(HOUR) })} />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Join/ }));
    await waitFor(() => expect(openMock).toHaveBeenCalledWith('https://meeting.tencent.com/dm/1', '_blank', 'noopener,noreferrer'));
    expect(calls()).toContain('POST /api/activities/5/join');
    const again = await screen.findByRole('link', { name: 'Open it again' });
    expect(again).toHaveAttribute('href', 'https://meeting.tencent.com/dm/1');
    expect(again).toHaveAttribute('rel', 'noopener noreferrer');
    // A learner sees no attendance.
    expect(screen.queryByText('Attendance')).not.toBeInTheDocument();
  });

  it('a refused join (the meeting ended meanwhile) says so and opens nothing', async () => {
    serve({ canEdit: false, join: [409, { code: 'LIVE_ENDED', message: 'This meeting has ended' }] });
    renderWithApp(<LiveMeetingView activity={meeting({ join_url: 'https://meeting.tencent.com/dm/1', meeting_start_time: at(-HOUR) })} />);
    await userEvent.click(screen.getByRole('button', { name: /Join/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The meeting has ended.');
    expect(openMock).not.toHaveBeenCalled();
  });

  it('after the meeting: Join disabled, the replays as links opening in a new tab', () => {
    serve({ canEdit: false });
    renderWithApp(
      <LiveMeetingView
        activity={meeting({
          join_url: null,
          join_withheld: 'ended',
          meeting_start_time: at(-2 * HOUR),
          meeting_end_time: at(-HOUR),
          replay_urls: [{ title: 'Recording', url: 'https://replay.example.edu/1' }],
        })}
      />,
    );
    expect(screen.getByRole('button', { name: /Join/ })).toBeDisabled();
    expect(screen.getByTestId('live-status')).toHaveTextContent('Ended');
    const replay = screen.getByRole('link', { name: /Recording/ });
    expect(replay).toHaveAttribute('href', 'https://replay.example.edu/1');
    expect(replay).toHaveAttribute('target', '_blank');
  });

  it('the course team joins at any time and sees the attendance, filtered on the server', async () => {
    serve({ canEdit: true });
    renderWithApp(<LiveMeetingView activity={meeting({ join_url: 'https://meeting.tencent.com/dm/1', meeting_start_time: at(HOUR) })} />);
    expect(await screen.findByTestId('live-attendance-summary')).toHaveTextContent('1 of 2 students joined');
    expect(screen.getByRole('button', { name: /Join/ })).toBeEnabled();
    const table = () => within(screen.getByTestId('live-attendance')).getByRole('table');
    expect(within(table()).getByText('Ada')).toBeInTheDocument();
    expect(within(table()).getByText('Bo')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Not joined'));
    await waitFor(() => expect(within(table()).queryByText('Ada')).not.toBeInTheDocument());
    expect(within(table()).getByText('Bo')).toBeInTheDocument();
    expect(calls()).toContain('GET /api/activities/5/attendance?page=1&page_size=10&joined=false');
  });
});
