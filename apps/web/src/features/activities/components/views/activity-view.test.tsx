import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { Activity } from '@atrium/contracts';
import { api } from '../../../../lib/api-client';
import { jsonResponse, renderWithApp } from '../../../../test/render';
import { activityKeys } from '../../api';
import { ActivityView } from './activity-view';

const activity = (over: Partial<Activity>): Activity => ({
  id: 1,
  course_id: 1,
  module_id: 1,
  type: 'web_link',
  title: 'A',
  is_published: true,
  start_time: null,
  end_time: null,
  completion_criterion: 'viewed',
  completion_percent: null,
  sort: 1,
  is_completed: false,
  access: 'open',
  description: null,
  data: {},
  uploads: [],
  can_guest_preview: false,
  refuse_forward_seeking: false,
  ...over,
});

describe('ActivityView per type', () => {
  it('opens an https web link in a new tab without opener or referrer', () => {
    renderWithApp(<ActivityView activity={activity({ data: { url: 'https://example.org/docs' } })} onOpenFile={() => {}} />);
    const link = screen.getByRole('link', { name: /Open link/ });
    expect(link).toHaveAttribute('href', 'https://example.org/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('refuses to open a javascript: web link', () => {
    renderWithApp(<ActivityView activity={activity({ data: { url: 'javascript:alert(1)' } })} onOpenFile={() => {}} />);
    expect(screen.queryByRole('link', { name: /Open link/ })).not.toBeInTheDocument();
    expect(screen.getByText('This link cannot be opened: only http and https links are allowed.')).toBeInTheDocument();
  });

  it('embeds a supported online video link', () => {
    renderWithApp(
      <ActivityView
        activity={activity({ type: 'online_video', title: 'Clip', data: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } })}
        onOpenFile={() => {}}
      />,
    );
    expect(screen.getByTitle('Clip')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });

  it('enables the meeting join button only inside the time window', () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const { unmount } = renderWithApp(
      <ActivityView
        activity={activity({
          type: 'zoom',
          data: {
            provider: 'Zoom',
            join_url: null,
            join_withheld: 'not_started',
            join_available_from: future,
            meeting_start_time: future,
            meeting_end_time: later,
          },
        })}
        onOpenFile={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: /Join/ })).toBeDisabled();
    expect(screen.getByTestId('live-available-from')).toHaveTextContent(/You can join from .* · starts in 0 d 1 h 0 min/);
    unmount();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    renderWithApp(
      <ActivityView
        activity={activity({ type: 'zoom', data: { provider: 'Zoom', join_url: 'https://zoom.us/j/1', meeting_start_time: past, meeting_end_time: later } })}
        onOpenFile={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: /Join/ })).toBeEnabled();
    expect(screen.getByTestId('live-status')).toHaveTextContent('Live now');
  });

  it('a join URL withheld by the server (window opened since the page loaded): the activity is read again and the URL arrives', async () => {
    const start = new Date(Date.now() - 60_000).toISOString();
    const withheld = activity({
      type: 'zoom',
      data: { provider: 'Zoom', join_url: null, join_withheld: 'not_started', join_available_from: start, meeting_start_time: start },
    });
    const open = activity({ type: 'zoom', data: { provider: 'Zoom', join_url: 'https://zoom.us/j/1', meeting_start_time: start } });
    let reads = 0;
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input) === '/api/activities/1' ? jsonResponse(200, reads++ === 0 ? withheld : open) : jsonResponse(404, { code: 'NOT_FOUND', message: 'none' }),
      );
    function Page() {
      const query = useQuery({ queryKey: activityKeys.detail(1), queryFn: () => api.get<Activity>('/api/activities/1') });
      return query.data ? <ActivityView activity={query.data} onOpenFile={() => {}} /> : null;
    }
    try {
      renderWithApp(<Page />);
      await waitFor(() => expect(screen.getByRole('button', { name: /Join/ })).toBeEnabled());
      // (The meeting times also ask for the account's zone: GET /api/user and /api/org.)
      expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/activities'))).toEqual([
        '/api/activities/1',
        '/api/activities/1',
      ]);
      expect(screen.queryByTestId('live-available-from')).not.toBeInTheDocument();
    } finally {
      fetchMock.mockRestore();
    }
  });

  it('a join URL withheld because the meeting ended says so', () => {
    renderWithApp(
      <ActivityView activity={activity({ type: 'zoom', data: { provider: 'Zoom', join_url: null, join_withheld: 'ended' } })} onOpenFile={() => {}} />,
    );
    expect(screen.getByRole('button', { name: /Join/ })).toBeDisabled();
    expect(screen.getByText('The meeting is over.')).toBeInTheDocument();
  });

  it('says plainly that exams are not available yet', () => {
    renderWithApp(<ActivityView activity={activity({ type: 'exam', title: 'Midterm' })} onOpenFile={() => {}} />);
    expect(screen.getByText('Exam activities are listed here, but taking part in them is not available yet in this release.')).toBeInTheDocument();
  });
});
