import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { useClientConfig } from '../api';
import { VerifyEmailPage } from './verify-email-page';

const fetchMock = vi.fn<typeof fetch>();

describe('VerifyEmailPage (/user/verify-email?token=)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('confirms the address with the token of the link', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { email: 'tess@example.edu', email_verified_at: '2026-11-26T12:00:00Z' }));
    renderWithApp(<VerifyEmailPage />, { route: '/user/verify-email?token=7.123.abc' });
    expect(await screen.findByText('Your e-mail address is verified')).toBeInTheDocument();
    expect(screen.getByText('tess@example.edu')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/user/verify-email?token=7.123.abc');
  });

  it('a signed-in user’s configuration is asked again after verifying, so the unverified banner goes', async () => {
    let verified = false;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/user/verify-email')) {
        verified = true;
        return jsonResponse(200, { email: 'tess@example.edu', email_verified_at: '2026-11-26T12:00:00Z' });
      }
      if (url === '/api/config') return jsonResponse(200, { account: { email_verified: verified } });
      return jsonResponse(404, {});
    });
    function ConfigProbe() {
      const config = useClientConfig();
      return <span>{config.data ? `verified: ${String(config.data.account?.email_verified)}` : 'loading'}</span>;
    }
    renderWithApp(
      <>
        <ConfigProbe />
        <VerifyEmailPage />
      </>,
      { route: '/user/verify-email?token=7.123.abc' },
    );
    expect(await screen.findByText('Your e-mail address is verified')).toBeInTheDocument();
    expect(await screen.findByText('verified: true')).toBeInTheDocument();
  });

  it('says an expired link has expired, and any other refusal that the link is not valid', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { code: 'VERIFICATION_LINK_EXPIRED', message: 'expired' }));
    const first = renderWithApp(<VerifyEmailPage />, { route: '/user/verify-email?token=old' });
    expect(await screen.findByText('This verification link has expired')).toBeInTheDocument();
    first.unmount();
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { code: 'VERIFICATION_LINK_INVALID', message: 'invalid' }));
    renderWithApp(<VerifyEmailPage />, { route: '/user/verify-email?token=bad' });
    expect(await screen.findByText('This verification link is not valid')).toBeInTheDocument();
  });

  it('without a token: not valid, nothing asked', async () => {
    renderWithApp(<VerifyEmailPage />, { route: '/user/verify-email' });
    expect(await screen.findByText('This verification link is not valid')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
