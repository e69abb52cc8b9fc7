import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import type { CertificateVerification } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { CertificateVerifyPage } from './certificate-verify-page';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

const found: CertificateVerification = {
  code: 'ABCD-EFGH-JKLM',
  user_name: 'Student Two',
  course_title: 'Cell Biology',
  total: 82.5,
  issued_at: '2099-01-06T10:00:00.000Z',
};

function renderAt(route: string) {
  return renderWithApp(<CertificateVerifyPage />, {
    route,
    path: '/guest/certificates/verify/:code?',
    extraRoutes: <Route path="/elsewhere" element={null} />,
  });
}

describe('certificate verification page (issue 16 §4)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows what a genuine certificate states for the code in the address', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, found));
    renderAt('/guest/certificates/verify/abcd-efgh-jklm');
    const result = await screen.findByTestId('certificate-verification');
    expect(result).toHaveTextContent('This certificate is genuine');
    expect(result).toHaveTextContent('Student Two');
    expect(result).toHaveTextContent('Cell Biology');
    expect(result).toHaveTextContent('82.5');
    // The code is asked for as printed (upper case), whatever case was typed.
    expect(requested()).toEqual(['/api/certificates/verify/ABCD-EFGH-JKLM']);
  });

  it('asks for nothing without a code; a typed unknown code is told apart from a genuine one', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(404, { code: 'CERTIFICATE_NOT_FOUND', message: 'No certificate has this code' }));
    const user = userEvent.setup();
    renderAt('/guest/certificates/verify');
    const input = await screen.findByRole('textbox', { name: 'Verification code' });
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(input, 'ZZZZ-ZZZZ-ZZZZ{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/guest/certificates/verify/ZZZZ-ZZZZ-ZZZZ'));
    expect(await screen.findByRole('alert')).toHaveTextContent('No certificate has the code ZZZZ-ZZZZ-ZZZZ');
    expect(screen.queryByText('This certificate is genuine')).not.toBeInTheDocument();
  });
});
