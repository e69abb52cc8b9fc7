import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { orgOf, userOf } from '../../../test/fixtures';
import { LearningActivityPage } from './learning-activity-page';

const fetchMock = vi.fn<typeof fetch>();
const me = (timeZone: string | null) => userOf({ time_zone: timeZone });
const org = orgOf();
const activityOf = (over: Record<string, unknown> = {}) => ({
  id: 11,
  module_id: 1,
  course_id: 4,
  type: 'page',
  title: 'Reading week',
  is_published: true,
  start_time: '2026-05-01T01:00:00.000Z',
  end_time: '2026-05-08T15:30:00.000Z',
  completion_criterion: 'view',
  completion_percent: null,
  sort: 1,
  is_completed: false,
  access: 'open',
  description: null,
  data: { content: '<p>Read chapter 1</p>' },
  uploads: [],
  can_guest_preview: false,
  refuse_forward_seeking: false,
  ...over,
});

function serve(userZone: string | null, activity = activityOf()) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/user') return jsonResponse(200, me(userZone));
    if (url === '/api/org') return jsonResponse(200, org);
    if (url === `/api/activities/${activity.id}/reads` && init?.method === 'POST') return jsonResponse(200, { is_completed: false });
    if (url === `/api/activities/${activity.id}`) return jsonResponse(200, activity);
    if (url === '/api/courses/4/content') return jsonResponse(200, { can_edit: false, modules: [] });
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'not found' });
  });
}

function renderAt(route: string) {
  renderWithApp(
    <Routes>
      <Route path="/course/:id" element={<Outlet context={{ id: 4, name: 'Biology', my_roles: ['student'] }} />}>
        <Route path="learning-activity" element={<LearningActivityPage />} />
      </Route>
    </Routes>,
    { route },
  );
}

describe('LearningActivityPage (issue 20 §13)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the start and end in the account’s own time zone, as the calendar does', async () => {
    serve('Asia/Tokyo');
    renderAt('/course/4/learning-activity#/11');
    expect(await screen.findByTestId('activity-title')).toHaveTextContent('Reading week');
    expect(await screen.findByText('Open from 2026.05.01 10:00 to 2026.05.09 00:30')).toBeInTheDocument();
  });

  it('uses the organisation’s zone when the account has none', async () => {
    serve(null);
    renderAt('/course/4/learning-activity#/11');
    expect(await screen.findByText('Open from 2026.05.01 09:00 to 2026.05.08 23:30')).toBeInTheDocument();
  });

  it('shows not found for an activity of another course, and records no read of it', async () => {
    serve('Asia/Tokyo', activityOf({ course_id: 7 }));
    renderAt('/course/4/learning-activity#/11');
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.queryByTestId('activity-title')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/activities/11/reads' && init?.method === 'POST')).toBe(false);
  });

  it('shows not found when the hash names another type (#/classroom/ for a page)', async () => {
    serve('Asia/Tokyo');
    renderAt('/course/4/learning-activity#/classroom/11');
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.queryByText('Reading week')).not.toBeInTheDocument();
  });

  it('opens an activity whose hash names its type', async () => {
    serve('Asia/Tokyo', activityOf({ type: 'classroom', title: 'Lab session', data: {} }));
    renderAt('/course/4/learning-activity#/classroom/11');
    expect(await screen.findByTestId('activity-title')).toHaveTextContent('Lab session');
  });
});
