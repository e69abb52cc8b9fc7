import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { orgOf, userOf } from '../../../test/fixtures';
import { CalendarPage } from './calendar-page';

const fetchMock = vi.fn<typeof fetch>();
const me = userOf({ id: 1, userNo: 'S1', time_zone: 'Asia/Shanghai' });
const org = orgOf();

describe('CalendarPage: toolbar titles (spec §2 "The month title format is YYYY.MM"; issue 20 §13)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-18T04:00:00Z'));
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/user') return jsonResponse(200, me);
      if (url === '/api/org') return jsonResponse(200, org);
      if (url.startsWith('/api/calendar-events/users/')) return jsonResponse(200, { courses: [] });
      if (url.startsWith('/api/calendar-events')) return jsonResponse(200, { calendar_events: [] });
      if (url.startsWith('/api/calendar-live-activities'))
        return jsonResponse(200, {
          live_activities: [
            {
              id: 9,
              course_id: 4,
              course_title: 'Biology',
              type: 'lecture_live',
              title: 'Guest lecture',
              provider: 'Campus live',
              start_time: '2026-03-18T06:00:00.000Z',
              end_time: '2026-03-18T07:00:00.000Z',
              status: 'upcoming',
            },
          ],
        });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'not found' });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('titles every view numerically: the week YYYY.MM.DD – MM.DD (where a new user lands), the month YYYY.MM, the day YYYY.MM.DD', async () => {
    const actor = userEvent.setup();
    renderWithApp(<CalendarPage />, { route: '/user/calendar' });
    const title = () => document.querySelector('[id$="_title"][role="heading"]')?.textContent;
    await screen.findByRole('tab', { name: 'Month view' }, { timeout: 20_000 });
    await vi.waitFor(() => expect(title()).toBe('2026.03.16 – 03.22'));
    await actor.click(screen.getByRole('tab', { name: 'Month view' }));
    await vi.waitFor(() => expect(title()).toBe('2026.03'));
    await actor.click(screen.getByRole('button', { name: 'Next Month' }));
    await vi.waitFor(() => expect(title()).toBe('2026.04'));
    await actor.click(screen.getByRole('tab', { name: 'Day view' }));
    await vi.waitFor(() => expect(title()).toBe('2026.04.01'));
  });

  it('shows the live activities of my courses as links to their detail, which open inside the app (decision 0150)', async () => {
    const actor = userEvent.setup();
    renderWithApp(<CalendarPage />, { route: '/user/calendar' });
    const link = await screen.findByRole('link', { name: /Guest lecture · Biology/ }, { timeout: 20_000 });
    expect(link).toHaveAttribute('href', '/course/4/live-activities#/9/detail');
    expect(fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.startsWith('/api/calendar-live-activities?start='))).toBe(true);
    await actor.click(link);
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/4/live-activities#/9/detail'));
  });
});
