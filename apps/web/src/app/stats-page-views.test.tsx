import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { userOf } from '../test/fixtures';
import { jsonResponse, renderWithApp } from '../test/render';
import { flushStats, startStats, stopStats, type StatsEvent } from '../lib/stats-beacon';
import { pageViewFields, StatsPageViews } from './stats-page-views';

const fetchMock = vi.fn<typeof fetch>();

/** The queued events, oldest first. */
function queued(): StatsEvent[] {
  const raw = localStorage.getItem('atrium.stats.queue');
  return raw ? (JSON.parse(raw) as { event: StatsEvent }[]).map((entry) => entry.event) : [];
}

function serve(statsUrl: string | null) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/user') return jsonResponse(200, userOf({ id: 5 }));
    if (url === '/api/config') return jsonResponse(200, { version: 'v1', locales: ['en-us'], default_locale: 'en-us', stats_url: statsUrl });
    if (url === '/api/stat/reporter-token') return jsonResponse(200, { token: 'reporter-jwt', expires_at: '2099-01-01T00:00:00.000Z' });
    if (url.endsWith('/api/user-actions')) return jsonResponse(200, { accepted: 1, duplicates: 0 });
    return jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: 'none' });
  });
}

describe('pageViewFields', () => {
  it('names the whole address, the course of /course/{id}/… and the activity of a learning-activity hash', () => {
    expect(pageViewFields({ pathname: '/user/index', search: '', hash: '' })).toEqual({ url: '/user/index' });
    expect(pageViewFields({ pathname: '/course/12/forum', search: '?tab=2', hash: '#/topics/9' })).toEqual({
      url: '/course/12/forum?tab=2#/topics/9',
      course_id: 12,
    });
    expect(pageViewFields({ pathname: '/course/12/learning-activity', search: '', hash: '#/34' })).toEqual({
      url: '/course/12/learning-activity#/34',
      course_id: 12,
      activity_id: 34,
    });
    expect(pageViewFields({ pathname: '/course/12/learning-activity', search: '', hash: '#/exam/8' })).toEqual({
      url: '/course/12/learning-activity#/exam/8',
      course_id: 12,
    });
    expect(pageViewFields({ pathname: '/course/join/AB12', search: '', hash: '' })).toEqual({ url: '/course/join/AB12' });
    // Public pages whose query holds a credential or a signed address keep their path only.
    expect(pageViewFields({ pathname: '/note-bene/pdf-viewer', search: '?file=%2Fapi%2Fmedia%2F1%3Fsig%3Dabc', hash: '' })).toEqual({
      url: '/note-bene/pdf-viewer',
    });
    expect(pageViewFields({ pathname: '/user/verify-email', search: '?token=secret', hash: '' })).toEqual({ url: '/user/verify-email' });
    expect(pageViewFields({ pathname: '/login', search: '?next=%2Fuser%2Fcourses', hash: '' })).toEqual({ url: '/login' });
    expect(pageViewFields({ pathname: '/loginhelp', search: '?a=1', hash: '' })).toEqual({ url: '/loginhelp?a=1' });
  });
});

describe('StatsPageViews (issue 25 item 1: a page.view per address)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    stopStats();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    localStorage.clear();
  });

  it('records nothing while the beacon is not started (component tests of pages)', async () => {
    serve(null);
    renderWithApp(<StatsPageViews />, { route: '/course/3/content' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/config')).toBe(true));
    expect(localStorage.getItem('atrium.stats.queue')).toBeNull();
  });

  it('queues a page.view for the first address and each navigation, and posts them where /api/config says', async () => {
    startStats();
    serve('https://stats.example.org');
    renderWithApp(
      <>
        <StatsPageViews />
        <Link to="/course/3/learning-activity#/41">activity</Link>
      </>,
      { route: '/user/index' },
    );
    await waitFor(() => expect(queued()).toHaveLength(1));
    await userEvent.click(screen.getByRole('link', { name: 'activity' }));
    await waitFor(() => expect(queued()).toHaveLength(2));
    const [home, activity] = queued();
    expect(home).toMatchObject({ action: 'page.view', url: '/user/index' });
    expect(home).not.toHaveProperty('course_id');
    expect(activity).toMatchObject({ action: 'page.view', url: '/course/3/learning-activity#/41', course_id: 3, activity_id: 41 });
    expect(activity!.id).not.toBe(home!.id);

    // Once the configuration is in, the queue goes to {stats_url}/api/user-actions.
    await waitFor(async () => {
      await flushStats();
      expect(fetchMock.mock.calls.some(([url]) => url === 'https://stats.example.org/api/user-actions')).toBe(true);
    });
    await waitFor(() => expect(queued()).toEqual([]));
  });
});
