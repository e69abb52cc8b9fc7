import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERSION_CHECK_INTERVAL_MS } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../test/render';
import { FakeEventSource } from '../../features/notifications/test/fixtures';
import { AppLayout } from './app-layout';

const fetchMock = vi.fn<typeof fetch>();
const me = {
  id: 3,
  userNo: 'S3',
  user_name: 'sam',
  name: 'Sam',
  role: 1,
  org: { id: 1, name: 'Demo' },
  department: null,
  email: null,
  mobilePhone: null,
  time_zone: null,
};

describe('AppLayout: the new-version warning (spec §4: /d/version every 10 minutes)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', fetchMock);
    FakeEventSource.install();
  });
  afterEach(() => {
    FakeEventSource.uninstall();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
  });

  it('warns only after a check finds another build, stays until dismissed, and reloads the page when dismissed', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/d/version') return jsonResponse(200, { version: 'a-newer-build' });
      if (url === '/api/user') return jsonResponse(200, me);
      return jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: 'none' });
    });
    renderWithApp(<AppLayout />);
    await act(async () => vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS - 1_000));
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/d/version')).toBe(false);
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText('A new version is available')).toBeInTheDocument();
    // Persistent: still there half an hour later, and nothing reloaded on its own.
    await act(async () => vi.advanceTimersByTimeAsync(30 * 60_000));
    expect(screen.getByText('A new version is available')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    const notice = screen.getByText('A new version is available').closest('.ant-notification-notice') as HTMLElement;
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(notice.querySelector('.ant-notification-notice-close') as HTMLElement);
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });
});
