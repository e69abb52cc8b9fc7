import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientConfig } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { AccountSettings } from './account-settings';

const fetchMock = vi.fn<typeof fetch>();
const cfg: ClientConfig = {
  version: 'v1',
  locales: ['en-us'],
  default_locale: 'en-us',
  stats_url: null,
  features: { email_verification: true, mobile_binding: true, pre_task: false, association_code: true },
  prompts: { force_mobile_binding: true, require_email_verification: true, password_max_age_days: 90 },
  account: { has_email: true, email_verified: false, mobile_phone: null, mobile_verified: false, association_code: 'ABCDEFGH23' },
};
const bodyOf = (path: string, method: string) =>
  fetchMock.mock.calls.filter(([u, i]) => String(u) === path && i?.method === method).map(([, i]) => JSON.parse(String(i?.body)) as unknown);

describe('AccountSettings (/user/settings account sections)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.useRealTimers();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('?bindMobile opens the binding form; "Send code" waits 60 s before it can send again (spec §4); a wrong code shows on its field; the right one binds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let binds = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/config') return jsonResponse(200, cfg);
      if (url === '/api/user/mobile/code') return jsonResponse(200, { message: 'sent', resend_after_seconds: 60 });
      if (url === '/api/user/mobile' && init?.method === 'PUT')
        return ++binds === 1
          ? jsonResponse(400, {
              code: 'AUTH_CODE_INVALID',
              message: 'This code is wrong or has expired',
              errors: { code: ['This code is wrong or has expired'] },
            })
          : jsonResponse(200, { mobile_phone: '13800138000', mobile_verified_at: '2026-11-26T12:00:00Z' });
      return jsonResponse(404, {});
    });
    renderWithApp(<AccountSettings email="tess@example.edu" />, { route: '/user/settings?bindMobile' });
    const phone = await screen.findByLabelText('Mobile number');
    fireEvent.change(phone, { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const waiting = await screen.findByRole('button', { name: 'Resend in 60 seconds' });
    expect(waiting).toBeDisabled();
    expect(bodyOf('/api/user/mobile/code', 'POST')).toEqual([{ mobile_phone: '13800138000' }]);
    await act(async () => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByRole('button', { name: 'Resend in 1 second' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
    expect(await screen.findByText('This code is wrong or has expired')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
    expect(await screen.findByText('Your mobile phone is bound.')).toBeInTheDocument();
    expect(bodyOf('/api/user/mobile', 'PUT')).toEqual([
      { mobile_phone: '13800138000', code: '123456' },
      { mobile_phone: '13800138000', code: '654321' },
    ]);
  });

  it('a 429 from the server still starts the countdown; a bad number is named before sending', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/config') return jsonResponse(200, cfg);
      if (url === '/api/user/mobile/code')
        return jsonResponse(429, { code: 'AUTH_CODE_TOO_SOON', message: 'Wait 30 s', errors: { mobile_phone: ['Wait 30 s before asking again'] } });
      return jsonResponse(404, {});
    });
    renderWithApp(<AccountSettings email="tess@example.edu" />, { route: '/user/settings?bindMobile' });
    const actor = userEvent.setup();
    await actor.type(await screen.findByLabelText('Mobile number'), 'call me');
    await actor.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter 6 to 15 digits, optionally starting with +.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/user/mobile/code')).toBe(false);
    await actor.clear(screen.getByLabelText('Mobile number'));
    await actor.type(screen.getByLabelText('Mobile number'), '13800138000');
    await actor.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Wait 30 s before asking again')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend in \d+ seconds/ })).toBeDisabled();
  });

  it('?changePassword opens the form; a wrong current password shows on its field; success clears it', async () => {
    let puts = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/config') return jsonResponse(200, cfg);
      if (url === '/api/user/password' && init?.method === 'PUT')
        return ++puts === 1
          ? jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Check', errors: { old_password: ['The current password is wrong'] } })
          : jsonResponse(200, { password_changed_at: '2026-11-26T12:00:00Z' });
      return jsonResponse(404, {});
    });
    renderWithApp(<AccountSettings email="tess@example.edu" />, { route: '/user/settings?changePassword' });
    const actor = userEvent.setup();
    await actor.type(await screen.findByLabelText('Current password'), 'old one');
    await actor.type(screen.getByLabelText('New password'), 'a brand new password');
    await actor.type(screen.getByLabelText('Confirm new password'), 'a different password');
    await actor.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(puts).toBe(0);
    await actor.clear(screen.getByLabelText('Confirm new password'));
    await actor.type(screen.getByLabelText('Confirm new password'), 'a brand new password');
    await actor.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(bodyOf('/api/user/password', 'PUT')[1]).toEqual({ old_password: 'old one', new_password: 'a brand new password' });
  });

  it('shows the association code and resets it with a success toast, or a failure toast', async () => {
    let resets = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/config') return jsonResponse(200, cfg);
      if (url === '/api/user/association-code' && init?.method === 'PUT')
        return ++resets === 1 ? jsonResponse(200, { association_code: 'ZZZZZZZZ99' }) : jsonResponse(500, { code: 'INTERNAL', message: '' });
      return jsonResponse(404, {});
    });
    renderWithApp(<AccountSettings email="tess@example.edu" />);
    expect(await screen.findByText('ABCDEFGH23')).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    const actor = userEvent.setup();
    await actor.click(screen.getByRole('button', { name: 'Reset code' }));
    expect(await screen.findByText('ZZZZZZZZ99')).toBeInTheDocument();
    expect(await screen.findByText('Association code reset.')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Reset code' }));
    expect(await screen.findByText('The association code could not be reset.')).toBeInTheDocument();
    // The binding and password forms stay closed without their query parameter.
    expect(screen.queryByLabelText('Mobile number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('an error state with retry when the configuration cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { code: 'INTERNAL', message: 'down' })).mockResolvedValue(jsonResponse(200, cfg));
    renderWithApp(<AccountSettings email={null} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('No e-mail address')).toBeInTheDocument());
  });
});
