import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderWithApp } from '../../../test/render';
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
