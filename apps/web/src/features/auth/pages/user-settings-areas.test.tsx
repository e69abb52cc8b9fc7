import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientConfig } from '@atrium/contracts';
import i18n from 'i18next';
import { LOCALE_STORAGE_KEY } from '../../../lib/i18n';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { UserSettingsPage } from './user-settings-page';

const fetchMock = vi.fn<typeof fetch>();
const me = {
  id: 7,
  userNo: 'S007',
  user_name: 'sam',
  name: 'Sam Lee',
  role: 1,
  org: { id: 1, name: 'Demo University' },
  department: { id: 3, name: 'Physics' },
  email: 'sam@old.example',
  mobilePhone: null,
  time_zone: null,
};
const cfg: ClientConfig = {
  version: 'v1',
  locales: ['en-us'],
  default_locale: 'en-us',
  stats_url: null,
  features: { email_verification: true, mobile_binding: true, pre_task: false, association_code: true },
  prompts: { force_mobile_binding: false, require_email_verification: false, password_max_age_days: null },
  account: { has_email: true, email_verified: true, mobile_phone: null, mobile_verified: false, association_code: null },
};

/** The settings page's calls; PUT /api/user/email refuses a wrong password once, then answers me with the new address. */
function serve() {
  let emailPuts = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/user/email' && init?.method === 'PUT') {
      emailPuts += 1;
      return emailPuts === 1
        ? jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Check the form', errors: { password: ['The current password is wrong'] } })
        : jsonResponse(200, { ...me, email: 'sam@new.example' });
    }
    if (url === '/api/user') return jsonResponse(200, me);
    if (url === '/api/config') return jsonResponse(200, cfg);
    if (url.startsWith('/api/org')) return jsonResponse(200, { id: 1, name: 'Demo', time_zone: 'Asia/Shanghai', toggles: {} });
    if (url === '/api/notifications/preferences') return jsonResponse(200, { items: [] });
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
  });
}

describe('UserSettingsPage (issue 19 §5: everything in one place)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(async () => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    window.localStorage.removeItem(LOCALE_STORAGE_KEY);
    await i18n.changeLanguage('en-us');
  });

  it('gathers profile, language, time zone, e-mail, mobile (?bindMobile opens it), password and notification preferences', async () => {
    serve();
    renderWithApp(<UserSettingsPage />, { route: '/user/settings?bindMobile' });
    const profile = await screen.findByTestId('settings-profile');
    expect(within(profile).getByText('Sam Lee')).toBeInTheDocument();
    expect(within(profile).getByText('Student')).toBeInTheDocument();
    expect(within(profile).getByText('Physics')).toBeInTheDocument();
    expect(screen.getByTestId('settings-language')).toBeInTheDocument();
    expect(screen.getByText('Time zone', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    // ?bindMobile: the binding form is open.
    expect(await screen.findByLabelText('Mobile number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(await within(screen.getByTestId('settings-notifications')).findByRole('heading', { name: 'How you are notified' })).toBeInTheDocument();
  });

  it('changes my e-mail with my password, showing the server’s password error on its field', async () => {
    serve();
    renderWithApp(<UserSettingsPage />, { route: '/user/settings' });
    const profile = await screen.findByTestId('settings-profile');
    const actor = userEvent.setup();
    await actor.click(within(profile).getByRole('button', { name: 'Change e-mail' }));
    await actor.type(within(profile).getByLabelText('New e-mail address'), 'sam@new.example');
    await actor.type(within(profile).getByLabelText('Current password'), 'wrong');
    await actor.click(within(profile).getByRole('button', { name: 'Save e-mail' }));
    expect(await within(profile).findByText('The current password is wrong')).toBeInTheDocument();

    await actor.clear(within(profile).getByLabelText('Current password'));
    await actor.type(within(profile).getByLabelText('Current password'), 'right');
    await actor.click(within(profile).getByRole('button', { name: 'Save e-mail' }));
    expect(await within(profile).findByText('sam@new.example')).toBeInTheDocument();
    const puts = fetchMock.mock.calls.filter(([u, i]) => String(u) === '/api/user/email' && i?.method === 'PUT').map(([, i]) => JSON.parse(String(i?.body)));
    expect(puts.at(-1)).toEqual({ email: 'sam@new.example', password: 'right' });
  });

  it('switches the interface language and keeps the choice in this browser', async () => {
    serve();
    renderWithApp(<UserSettingsPage />, { route: '/user/settings' });
    const language = await screen.findByTestId('settings-language');
    const actor = userEvent.setup();
    await actor.click(within(language).getByRole('combobox', { name: 'Language' }));
    await actor.click(await screen.findByText('简体中文'));
    // Every namespace of the language loads first (lazy chunks): slow on a loaded machine.
    expect(await screen.findByText('个人资料', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('zh-cn');
  });
});
