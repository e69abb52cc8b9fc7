import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { useCurrentUser, useLogout } from '../../auth/api';
import { useClaimPopup } from '../../../lib/popup-turn';
import { NotificationsLayer } from '../../notifications/components/notifications-layer';
import { bulletinListOf, bulletinOf, userOf } from '../test/fixtures';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
const popupUrls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/bulletins?'));
const calls = (method: string, url: string) => fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method);

const first = bulletinOf({ id: 5, title: 'Campus closed on Friday' });
const second = bulletinOf({ id: 6, title: 'New library hours', content: '<p>Open until 22:00</p>' });

/** Shows the signed-in user once known: by then the popup has been mounted for them. */
function SignedInAs() {
  const { data } = useCurrentUser();
  return data ? <p>Signed in as {data.name}</p> : null;
}

/** Stands for an account prompt: holds the screen while `open`, with a button that closes it. */
function AccountPrompt() {
  const [open, setOpen] = useState(true);
  useClaimPopup('test-account', open);
  return open ? (
    <button type="button" onClick={() => setOpen(false)}>
      Close the account prompt
    </button>
  ) : null;
}

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => logout.mutate()}>
      Sign out
    </button>
  );
}

function serve(unread: () => ReturnType<typeof bulletinOf>[]) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/user') return jsonResponse(200, userOf(1));
    if (url.startsWith('/api/bulletins?')) return jsonResponse(200, bulletinListOf(unread(), { page_size: 100 }));
    if (/^\/api\/bulletins\/\d+\/read$/.test(url) && init?.method === 'PUT') return new Response(null, { status: 204 });
    return jsonResponse(200, {});
  });
}

describe('the unread organisation bulletin popup after sign-in, once per sign-in session (spec §2 popups, §7)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('waits while an account prompt is open, then shows (one popup at a time)', async () => {
    serve(() => [first]);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(
      <>
        <AccountPrompt />
        <NotificationsLayer />
        <SignedInAs />
      </>,
    );
    await screen.findByText('Signed in as', { exact: false });
    await waitFor(() => expect(popupUrls()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close the account prompt' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Campus closed on Friday');
  });

  it('asks for unread popup org bulletins, page size 100, and shows them one by one with Next and Mark as read', async () => {
    serve(() => [first, second]);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<NotificationsLayer />);
    const dialog = await screen.findByRole('dialog');
    expect(popupUrls()).toHaveLength(1);
    const query = new URL(popupUrls()[0]!, 'http://x').searchParams;
    expect(query.get('type')).toBe('org');
    expect(query.get('unread')).toBe('true');
    expect(query.get('show_on_popup')).toBe('true');
    expect(query.get('page_size')).toBe('100');
    expect(within(dialog).getByTestId('bulletin-popup-position')).toHaveTextContent('Unread bulletin 1 of 2');
    expect(within(dialog).getByText('Campus closed on Friday')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByTestId('bulletin-popup-position')).toHaveTextContent('Unread bulletin 2 of 2');
    expect(within(dialog).getByText('Open until 22:00')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(calls('PUT', '/api/bulletins/6/read')).toHaveLength(1));
    // The one skipped is still unread: it comes back.
    expect(within(dialog).getByTestId('bulletin-popup-position')).toHaveTextContent('Unread bulletin 1 of 2');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(calls('PUT', '/api/bulletins/5/read')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('once dismissed with Later it is not shown again in the sign-in session; after signing out and in again it is', async () => {
    serve(() => [first]);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const view = renderWithApp(<NotificationsLayer />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('PUT', '/api/bulletins/5/read')).toHaveLength(0);
    view.unmount();

    // Another page load in the same session: the popup is not asked for, nor shown.
    fetchMock.mockClear();
    const again = renderWithApp(
      <>
        <NotificationsLayer />
        <SignedInAs />
        <LogoutButton />
      </>,
    );
    expect(await screen.findByText('Signed in as Sam Student')).toBeInTheDocument();
    expect(popupUrls()).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    // Signing out clears the session's memory of it; the next sign-in shows it again.
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(calls('POST', '/api/logout')).toHaveLength(1));
    again.unmount();
    fetchMock.mockClear();
    renderWithApp(<NotificationsLayer />);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Campus closed on Friday');
    expect(popupUrls()).toHaveLength(1);
  });

  it('a page load after it appeared does not show it again, even when it was not closed', async () => {
    serve(() => [first]);
    const view = renderWithApp(<NotificationsLayer />);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Campus closed on Friday');
    view.unmount();
    fetchMock.mockClear();
    renderWithApp(
      <>
        <NotificationsLayer />
        <SignedInAs />
      </>,
    );
    expect(await screen.findByText('Signed in as Sam Student')).toBeInTheDocument();
    expect(popupUrls()).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows nothing when no unread popup bulletin remains', async () => {
    serve(() => []);
    renderWithApp(<NotificationsLayer />);
    await waitFor(() => expect(popupUrls()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
