import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import type { LiveActivity } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { orgOf, userOf } from '../../../test/fixtures';
import { LiveActivitiesPage } from './live-activities-page';

const fetchMock = vi.fn<typeof fetch>();
const item = (over: Partial<LiveActivity>): LiveActivity => ({
  id: 1,
  module_id: 1,
  type: 'zoom',
  title: 'Office hour',
  provider: 'Zoom',
  is_published: true,
  start_time: '2026-05-01T01:00:00.000Z',
  end_time: '2026-05-01T02:00:00.000Z',
  status: 'ended',
  access: 'open',
  replay_count: 2,
  ...over,
});

function serve(list: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/user') return jsonResponse(200, userOf({ time_zone: 'Asia/Shanghai' }));
    if (url === '/api/org') return jsonResponse(200, orgOf());
    if (url === '/api/courses/4/live-activities') return list();
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'not found' });
  });
}

function renderAt(route: string) {
  renderWithApp(
    <Routes>
      <Route path="/course/:id" element={<Outlet context={{ id: 4, name: 'Biology', my_roles: ['student'] }} />}>
        <Route path="live-activities" element={<LiveActivitiesPage />} />
      </Route>
    </Routes>,
    { route },
  );
}

describe('LiveActivitiesPage (spec §2 /course/{id}/live-activities; decision 0150)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists the live activities with type, provider, times in the account’s zone, replays and status, each linking to its detail', async () => {
    serve(() =>
      jsonResponse(200, {
        items: [
          item({}),
          item({
            id: 2,
            type: 'lecture_live',
            title: 'Guest lecture',
            provider: 'Campus live',
            status: 'upcoming',
            replay_count: 0,
            start_time: '2026-06-01T06:00:00.000Z',
            end_time: null,
          }),
        ],
      }),
    );
    renderAt('/course/4/live-activities');
    const first = await screen.findByTestId('live-item-1');
    expect(within(first).getByRole('link', { name: 'Office hour' })).toHaveAttribute('href', '/course/4/live-activities#/1/detail');
    expect(first).toHaveTextContent('Zoom');
    expect(first).toHaveTextContent('2026.05.01 09:00 – 2026.05.01 10:00');
    expect(first).toHaveTextContent('2 replays');
    expect(first).toHaveTextContent('Ended');
    const second = screen.getByTestId('live-item-2');
    expect(second).toHaveTextContent('Upcoming');
    expect(second).toHaveTextContent('Lecture live');
    expect(second).toHaveTextContent('2026.06.01 14:00 – Not set');
    expect(second).not.toHaveTextContent('replay');
  });

  it('says when there are none', async () => {
    serve(() => jsonResponse(200, { items: [] }));
    renderAt('/course/4/live-activities');
    expect(await screen.findByText('There are no live activities in this course yet.')).toBeInTheDocument();
  });

  it('a failed load offers to retry, and the retry shows the list', async () => {
    let calls = 0;
    serve(() => (calls++ === 0 ? jsonResponse(500, { code: 'INTERNAL', message: 'boom' }) : jsonResponse(200, { items: [item({})] })));
    renderAt('/course/4/live-activities');
    expect(await screen.findByText('The live activities could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('live-item-1')).toBeInTheDocument();
  });
});
