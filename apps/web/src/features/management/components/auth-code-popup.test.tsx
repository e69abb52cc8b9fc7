import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { jsonResponse, LocationProbe, renderWithApp } from '../../../test/render';
import { AuthCodePopup, isAuthCodeShapeValid } from './auth-code-popup';

const fetchMock = vi.fn<typeof fetch>();

describe('AuthCodePopup (spec §4, §5, §6)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('accepts exactly 6 characters', () => {
    expect(isAuthCodeShapeValid('12345')).toBe(false);
    expect(isAuthCodeShapeValid('123456')).toBe(true);
    expect(isAuthCodeShapeValid('1234567')).toBe(false);
  });

  it('flags a short code without asking the server', async () => {
    const user = userEvent.setup();
    renderWithApp(<AuthCodePopup open />, { route: '/management/course', path: '/management/course' });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Verification code'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(/has 6 characters/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts down 60 s after sending, so the code cannot be resent at once', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'sent', resend_after_seconds: 60 }));
    const user = userEvent.setup();
    renderWithApp(<AuthCodePopup open />, { route: '/management/course', path: '/management/course' });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const resend = await within(dialog).findByRole('button', { name: /Send again in 60 s/ });
    expect(resend).toBeDisabled();
  });

  it('closing without validating returns to /user/index', async () => {
    const user = userEvent.setup();
    renderWithApp(<AuthCodePopup open />, {
      route: '/management/course',
      path: '/management/course',
      extraRoutes: <Route path="/user/index" element={<LocationProbe />} />,
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/index'));
  });
});
