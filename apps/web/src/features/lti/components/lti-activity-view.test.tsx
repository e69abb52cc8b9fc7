import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Activity, LtiActivityState } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { LtiActivityView } from './lti-activity-view';

const activity: Activity = {
  id: 9,
  course_id: 4,
  module_id: 1,
  type: 'lti',
  title: 'Quiz tool',
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
};

const platform = {
  issuer: 'https://atrium.example',
  authorization_url: 'https://atrium.example/api/lti/authorize',
  token_url: 'https://atrium.example/api/lti/token',
  jwks_url: 'https://atrium.example/api/lti/jwks',
  deep_link_return_url: 'https://atrium.example/api/lti/deep-link-return',
};
const state = (over: Partial<LtiActivityState>): LtiActivityState => ({
  activity_id: 9,
  registered: true,
  is_team: false,
  tool_name: 'Quiz tool',
  tool_url: 'https://tool.example/launch',
  launch_url: '/api/activities/9/lti/launch',
  deep_link_url: null,
  platform,
  ...over,
});

const fetchMock = vi.fn<typeof fetch>();
const openMock = vi.fn();

describe('LtiActivityView (issue 24 item 5; decision 0153)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('open', openMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    openMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('opens the launch in a new window for a learner, without the registration details', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, state({})));
    renderWithApp(<LtiActivityView activity={activity} />);
    await userEvent.click(await screen.findByRole('button', { name: /Launch/ }));
    expect(openMock).toHaveBeenCalledWith('/api/activities/9/lti/launch', '_blank', 'noopener');
    expect(screen.queryByText('Values for registering the tool')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose content in the tool' })).toBeNull();
  });

  it('shows a tool without a registration as needing registering, with no Launch button', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, state({ registered: false, launch_url: null })));
    renderWithApp(<LtiActivityView activity={activity} />);
    expect(await screen.findByText('This tool needs registering')).toBeTruthy();
    expect(screen.getByText(/The tool at https:\/\/tool\.example\/launch has no LTI 1\.3 registration yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Launch/ })).toBeNull();
  });

  it("gives the course team deep linking and the platform's values", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, state({ is_team: true, deep_link_url: '/api/activities/9/lti/deep-link' })));
    renderWithApp(<LtiActivityView activity={activity} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose content in the tool' }));
    expect(openMock).toHaveBeenCalledWith('/api/activities/9/lti/deep-link', '_blank', 'noopener');
    expect(screen.getByText('Values for registering the tool')).toBeTruthy();
    expect(screen.getByText('https://atrium.example/api/lti/jwks')).toBeTruthy();
  });
});
