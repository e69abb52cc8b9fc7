import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { timeZoneOptions, UserSettingsPage } from './user-settings-page';

const fetchMock = vi.fn<typeof fetch>();
const me = {
  id: 2,
  userNo: 'T001',
  user_name: 'instructor',
  name: 'Ivan',
  role: 0,
  org: { id: 1, name: 'Demo' },
  department: null,
  email: null,
  mobilePhone: null,
  time_zone: 'Asia/Taipei',
};

describe('UserSettingsPage (time zone)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists IANA zones with their offsets', () => {
    const options = timeZoneOptions(new Date('2027-01-15T00:00:00Z'));
    expect(options).toContainEqual({ value: 'Asia/Taipei', label: '(UTC+08:00) Asia/Taipei' });
    expect(options).toContainEqual({ value: 'UTC', label: '(UTC+00:00) UTC' });
  });

  it("shows my zone, saves 'follow my organisation' as null, and puts the server's time_zone error on the field", async () => {
    let puts = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/user/time-zone' && init?.method === 'PUT') {
        puts += 1;
        return puts === 1
          ? jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Check the form', errors: { time_zone: ['not a known IANA time zone'] } })
          : jsonResponse(200, { ...me, time_zone: null });
      }
      if (url.startsWith('/api/user')) return jsonResponse(200, me);
      if (url.startsWith('/api/org'))
        return jsonResponse(200, {
          id: 1,
          name: 'Demo',
          time_zone: 'Asia/Shanghai',
          toggles: {
            timetable: true,
            meeting: true,
            instruction_meeting: true,
            cloud_classroom: true,
            vocabulary_entries: false,
            inclass_user_action_track: false,
            chat_group: false,
          },
        });
      return jsonResponse(404, {});
    });
    renderWithApp(<UserSettingsPage />);
    expect(await screen.findByText('(UTC+08:00) Asia/Taipei')).toBeInTheDocument();
    const actor = userEvent.setup();
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('not a known IANA time zone')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls.find(([u, i]) => String(u) === '/api/user/time-zone' && i?.method === 'PUT')?.[1]?.body))).toEqual({
      time_zone: 'Asia/Taipei',
    });
    await actor.click(screen.getByLabelText('Time zone'));
    await actor.click(await screen.findByTitle('Follow my organization (Asia/Shanghai)'));
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toBe(2));
    expect(JSON.parse(String(fetchMock.mock.calls.filter(([u, i]) => String(u) === '/api/user/time-zone' && i?.method === 'PUT')[1]?.[1]?.body))).toEqual({
      time_zone: null,
    });
  });
});
