import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { jsonResponse, LocationProbe, renderWithApp } from '../../../test/render';
import { LoginPage } from './login-page';

const fetchMock = vi.fn<typeof fetch>();
const user = {
  id: 2,
  userNo: 'T001',
  user_name: 'instructor',
  name: 'Ivan Instructor',
  role: 0,
  org: { id: 1, name: 'Demo' },
  department: null,
  email: null,
  mobilePhone: null,
  time_zone: null,
};

function renderLogin(route: string) {
  renderWithApp(<LoginPage />, { route, path: '/login', extraRoutes: <Route path="*" element={<LocationProbe />} /> });
}

async function signIn(password = 'atrium-demo') {
  const actor = userEvent.setup();
  await actor.type(screen.getByLabelText('User name'), 'instructor');
  await actor.type(screen.getByLabelText('Password'), password);
  await actor.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('posts the credentials and opens the next page', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, user));
    renderLogin('/login?next=%2Fcourse%2F3%2Foutline%23top');
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/3/outline#top'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ user_name: 'instructor', password: 'atrium-demo' });
  });

  it('opens /user/index when next points to another site', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, user));
    renderLogin('/login?next=%2F%2Fevil.example');
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/index'));
  });

  it('says the credentials are wrong on 401 and stays on the page', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid user name or password' }));
    renderLogin('/login');
    await signIn('wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('The user name or password is incorrect.');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('asks the user to wait on 429', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { code: 'RATE_LIMITED', message: 'Too many requests' }));
    renderLogin('/login');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts');
  });

  it('requires both fields before calling the server', async () => {
    renderLogin('/login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your user name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
