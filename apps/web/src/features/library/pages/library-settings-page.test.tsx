import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_ROLE, type LibrarySettings } from '@atrium/contracts';
import { userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { LibrarySettingsPage } from './library-settings-page';

configure({ asyncUtilTimeout: 5_000 });

const GIB = 1024 ** 3;
const fetchMock = vi.fn<typeof fetch>();
let role: (typeof USER_ROLE)[keyof typeof USER_ROLE];
let current: LibrarySettings;
let puts: unknown[];

const defaults = { max_folder_depth: 10, max_folders: 5000, user_quota_bytes: 10 * GIB, org_quota_bytes: 1024 * GIB };
const base = (): LibrarySettings => ({
  effective: { ...defaults },
  custom: { max_folder_depth: null, max_folders: null, user_quota_bytes: null, org_quota_bytes: null },
  defaults,
  usage: { org_used: 300 * GIB, top_users: [{ id: 5, name: 'Ada Lovelace', user_name: 'ada', used: 2 * GIB }] },
});

describe('library settings /management/library-settings (issue 19 §1)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    role = USER_ROLE.admin;
    current = base();
    puts = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/user') return jsonResponse(200, userOf({ role }));
      if (url.pathname === '/api/org/library-settings') {
        if (role !== USER_ROLE.admin) return jsonResponse(403, { code: 'FORBIDDEN', message: 'no' });
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as Record<string, number | null>;
          puts.push(body);
          if ((body.user_quota_bytes ?? 0) > (body.org_quota_bytes ?? Infinity))
            return jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'no', errors: { user_quota_bytes: ['library.userQuotaAboveOrg'] } });
          current = {
            ...current,
            custom: { ...current.custom, ...body } as LibrarySettings['custom'],
            effective: {
              max_folder_depth: body.max_folder_depth ?? defaults.max_folder_depth,
              max_folders: body.max_folders ?? defaults.max_folders,
              user_quota_bytes: body.user_quota_bytes ?? defaults.user_quota_bytes,
              org_quota_bytes: body.org_quota_bytes ?? defaults.org_quota_bytes,
            },
          };
        }
        return jsonResponse(200, current);
      }
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the organisation’s usage and biggest users, and saves the limits (empty: the default)', async () => {
    const user = userEvent.setup();
    renderWithApp(<LibrarySettingsPage />);
    const usage = await screen.findByTestId('org-usage');
    expect(usage).toHaveTextContent('300.00 GB');
    expect(within(screen.getByTestId('org-top-users')).getByText('Ada Lovelace (ada)')).toBeInTheDocument();
    expect(screen.getByText('Default: 10')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Folder depth'), '3');
    await user.type(screen.getByLabelText('Storage quota per user'), '2');
    await user.click(screen.getByRole('button', { name: 'Save library settings' }));
    await waitFor(() => expect(puts).toEqual([{ max_folder_depth: 3, max_folders: null, user_quota_bytes: 2 * GIB, org_quota_bytes: null }]));
    expect(await screen.findByText('Library settings saved')).toBeInTheDocument();
  });

  it('shows a refusal under its field', async () => {
    const user = userEvent.setup();
    renderWithApp(<LibrarySettingsPage />);
    await screen.findByTestId('org-usage');
    await user.type(screen.getByLabelText('Storage quota per user'), '20');
    await user.type(screen.getByLabelText('Organization storage quota'), '10');
    await user.click(screen.getByRole('button', { name: 'Save library settings' }));
    expect((await screen.findAllByText("The quota per user cannot be larger than the organization's quota.")).length).toBeGreaterThan(0);
  });

  it('tells someone who is not an administrator that the page is not theirs', async () => {
    role = USER_ROLE.instructor;
    renderWithApp(<LibrarySettingsPage />);
    expect(await screen.findByText('Only organization administrators can change the library settings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save library settings' })).toBeNull();
  });
});
