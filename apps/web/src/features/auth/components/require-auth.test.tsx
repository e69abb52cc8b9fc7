import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { jsonResponse, LocationProbe, renderWithApp } from '../../../test/render';
import { RequireAuth } from './require-auth';

const fetchMock = vi.fn<typeof fetch>();

describe('RequireAuth', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the page to a signed-in user', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 1, name: 'Ada' }));
    renderWithApp(<RequireAuth>secret page</RequireAuth>, { route: '/user/courses', path: '/user/courses' });
    expect(await screen.findByText('secret page')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user');
  });

  it('sends a signed-out user to /login with this page as next (spec §2)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Sign in first' }));
    renderWithApp(<RequireAuth>secret page</RequireAuth>, {
      route: '/course/9/outline?x=1#/exam/2',
      path: '/course/:id/outline',
      extraRoutes: <Route path="/login" element={<LocationProbe />} />,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?next=%2Fcourse%2F9%2Foutline%3Fx%3D1%23%2Fexam%2F2'));
    expect(screen.queryByText('secret page')).not.toBeInTheDocument();
  });
});
