import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRE_TASK_CHECK_INTERVAL_MS, type ClientConfig } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { NO_MAIL_COOKIE, preTaskStorageKey, readCookie, UNVERIFIED_EMAIL_COOKIE } from '../lib/rules';
import { AccountLayer } from './account-layer';

const fetchMock = vi.fn<typeof fetch>();
const me = {
  id: 7,
  userNo: 'T7',
  user_name: 'teacher',
  name: 'Tess',
  role: 0,
  org: { id: 1, name: 'Demo' },
  department: null,
  email: 'tess@example.edu',
  mobilePhone: null,
  time_zone: null,
};

function config(
  over: { account?: Partial<NonNullable<ClientConfig['account']>>; prompts?: Partial<NonNullable<ClientConfig['prompts']>>; preTask?: boolean } = {},
): ClientConfig {
  return {
    version: 'v1',
    locales: ['en-us'],
    default_locale: 'en-us',
    stats_url: null,
    features: { email_verification: true, mobile_binding: true, pre_task: over.preTask ?? false, association_code: true },
    prompts: { force_mobile_binding: false, require_email_verification: true, password_max_age_days: null, ...over.prompts },
    account: { has_email: true, email_verified: true, mobile_phone: null, mobile_verified: false, association_code: null, ...over.account },
  };
}

/** Answers /api/user, /api/config and the prompt calls; records the paths asked. */
function serve(cfg: ClientConfig, extra: Record<string, () => Response> = {}) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    const path = url.split('?')[0]!;
    if (extra[path]) return extra[path]();
    if (path === '/api/user') return jsonResponse(200, me);
    if (path === '/api/config') return jsonResponse(200, cfg);
    return jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
}
const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => String(u).split('?')[0] === path);

function clearCookies() {
  for (const name of [UNVERIFIED_EMAIL_COOKIE, NO_MAIL_COOKIE]) document.cookie = `${name}=; max-age=0; path=/`;
}

describe('AccountLayer: page banners (spec §2)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearCookies();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('warns about an unverified address until dismissed; the dismissal is remembered by a cookie', async () => {
    sessionStorage.setItem('atrium.welcomeVerification.7', '1'); // the welcome popup is another test's
    serve(config({ account: { email_verified: false } }));
    const first = renderWithApp(<AccountLayer />);
    expect(await screen.findByText(/Your e-mail address is not verified yet/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(/Your e-mail address is not verified yet/)).not.toBeInTheDocument());
    expect(readCookie(UNVERIFIED_EMAIL_COOKIE)).toBe('1');
    first.unmount();
    renderWithApp(<AccountLayer />);
    await waitFor(() => expect(calls('/api/config').length).toBeGreaterThan(1));
    expect(screen.queryByText(/Your e-mail address is not verified yet/)).not.toBeInTheDocument();
  });

  it('the unverified banner sends the verification e-mail', async () => {
    sessionStorage.setItem('atrium.welcomeVerification.7', '1');
    serve(config({ account: { email_verified: false } }), { '/api/user/send_verification_email': () => jsonResponse(200, { message: 'sent' }) });
    renderWithApp(<AccountLayer />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send verification e-mail' }));
    expect(await screen.findByText(/Verification e-mail sent/)).toBeInTheDocument();
    expect(calls('/api/user/send_verification_email')[0]?.[1]?.method).toBe('POST');
  });

  it('warns about a missing address until dismissed (cookie); nothing when verified or when the org does not ask', async () => {
    serve(config({ account: { has_email: false, email_verified: false } }));
    const first = renderWithApp(<AccountLayer />);
    expect(await screen.findByText(/Your account has no e-mail address/)).toBeInTheDocument();
    expect(screen.queryByText(/not verified yet/)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(readCookie(NO_MAIL_COOKIE)).toBe('1');
    first.unmount();

    for (const cfg of [config(), config({ account: { email_verified: false, has_email: false }, prompts: { require_email_verification: false } })]) {
      clearCookies();
      fetchMock.mockReset();
      serve(cfg);
      const view = renderWithApp(<AccountLayer />);
      await waitFor(() => expect(calls('/api/config')).toHaveLength(1));
      await act(async () => undefined);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('shows the mobile-device warning on a phone, not on a desktop', async () => {
    serve(config());
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    const phone = renderWithApp(<AccountLayer />);
    expect(await screen.findByText(/You are on a phone or tablet/)).toBeInTheDocument();
    phone.unmount();
    vi.restoreAllMocks();
    renderWithApp(<AccountLayer />);
    await waitFor(() => expect(calls('/api/config').length).toBe(2));
    await act(async () => undefined);
    expect(screen.queryByText(/You are on a phone or tablet/)).not.toBeInTheDocument();
  });
});

describe('AccountLayer: popups (spec §2, §6, §7)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.useRealTimers();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    clearCookies();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('forced mobile binding: a popup that cannot be dismissed and leads to /user/settings?bindMobile (not shown there)', async () => {
    serve(config({ prompts: { force_mobile_binding: true } }));
    const view = renderWithApp(<AccountLayer />, { route: '/user/index' });
    const dialog = await screen.findByRole('dialog', { name: 'Bind your mobile phone' });
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    const actor = userEvent.setup();
    await actor.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Bind now' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/settings?bindMobile');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    view.unmount();
  });

  it('no binding popup when the configuration does not force it (Students; a bound phone)', async () => {
    serve(config({ prompts: { force_mobile_binding: false } }));
    renderWithApp(<AccountLayer />);
    await waitFor(() => expect(calls('/api/config')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('password-change tip: asked only under an age policy; "Later" keeps it away for the sign-in session', async () => {
    serve(config({ prompts: { password_max_age_days: 90 } }), { '/api/user/check-expired-password': () => jsonResponse(200, { is_password_expired: true }) });
    const first = renderWithApp(<AccountLayer />);
    expect(await screen.findByRole('dialog', { name: 'Time to change your password' })).toHaveTextContent('every 90 days');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();
    renderWithApp(<AccountLayer />);
    await waitFor(() => expect(calls('/api/config')).toHaveLength(2));
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fetchMock.mockReset();
    sessionStorage.clear();
    serve(config(), { '/api/user/check-expired-password': () => jsonResponse(200, { is_password_expired: true }) });
    renderWithApp(<AccountLayer />);
    await waitFor(() => expect(calls('/api/config')).toHaveLength(1));
    await act(async () => undefined);
    expect(calls('/api/user/check-expired-password')).toHaveLength(0);
  });

  it('password-change tip leads to the change-password form', async () => {
    serve(config({ prompts: { password_max_age_days: 30 } }), { '/api/user/check-expired-password': () => jsonResponse(200, { is_password_expired: true }) });
    renderWithApp(<AccountLayer />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Change password' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/settings?changePassword');
  });

  it('welcome verification e-mail: for an unverified address, once per sign-in session', async () => {
    serve(config({ account: { email_verified: false } }), { '/api/user/send_verification_email': () => jsonResponse(200, { message: 'ok' }) });
    const first = renderWithApp(<AccountLayer />);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome! Please verify your e-mail' });
    await userEvent.setup().click(dialog.querySelector('.ant-modal-footer button.ant-btn-primary')!);
    await waitFor(() => expect(calls('/api/user/send_verification_email')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();
    renderWithApp(<AccountLayer />);
    await waitFor(() => expect(calls('/api/config')).toHaveLength(2));
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('pre-task: asked at once, not again within 6 h (local storage, page loads included), again when 6 h are up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.UTC(2026, 10, 26, 8) });
    serve(config({ preTask: true }), { '/api/user/pre-task': () => jsonResponse(200, { has_pre_task: true, url: 'https://survey.example.edu/start' }) });
    const first = renderWithApp(<AccountLayer />);
    const dialog = await screen.findByRole('dialog', { name: 'A task before you start' });
    expect(dialog.querySelector('a[href="https://survey.example.edu/start"]')).not.toBeNull();
    expect(calls('/api/user/pre-task')).toHaveLength(1);
    expect(Number(localStorage.getItem(preTaskStorageKey(7))) - Date.UTC(2026, 10, 26, 8)).toBeLessThan(2_000);
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    await vi.advanceTimersByTimeAsync(3600_000);
    const second = renderWithApp(<AccountLayer />);
    await waitFor(() => expect(calls('/api/config')).toHaveLength(2));
    await act(async () => undefined);
    expect(calls('/api/user/pre-task')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The page stays open: asked again when 6 h have passed since the first check, not before.
    await vi.advanceTimersByTimeAsync(PRE_TASK_CHECK_INTERVAL_MS - 3600_000 - 5_000);
    expect(calls('/api/user/pre-task')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(calls('/api/user/pre-task')).toHaveLength(2));
    expect(await screen.findByRole('dialog', { name: 'A task before you start' })).toBeInTheDocument();
    second.unmount();
  });

  it('pre-task: nothing shown without one, and never asked when the org has none', async () => {
    serve(config({ preTask: true }), { '/api/user/pre-task': () => jsonResponse(200, { has_pre_task: false, url: null }) });
    const first = renderWithApp(<AccountLayer />);
    await waitFor(() => expect(calls('/api/user/pre-task')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();
    localStorage.clear();
    fetchMock.mockReset();
    serve(config({ preTask: false }));
    renderWithApp(<AccountLayer />);
    await waitFor(() => expect(calls('/api/config')).toHaveLength(1));
    await act(async () => undefined);
    expect(calls('/api/user/pre-task')).toHaveLength(0);
  });
});
