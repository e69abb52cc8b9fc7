import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test/render';
import { userManualUrl } from '../../features/previews/lib/manual-source';
import { UserMenu } from './user-menu';

const user = {
  id: 2,
  userNo: 'S001',
  user_name: 'student',
  name: 'Sam Student',
  role: 1,
  org: { id: 1, name: 'Demo' },
  department: null,
  email: null,
  mobilePhone: null,
  time_zone: null,
};
const fetchMock = vi.fn<typeof fetch>();

describe('UserMenu: user manual (spec §2 manual viewer)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('opens the manual of the interface language in the full-screen manual viewer, and closes it', async () => {
    renderWithApp(<UserMenu user={user as never} compact={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Sam Student' }));
    await userEvent.click(await screen.findByText('User manual'));
    const frame = await screen.findByTestId('manual-frame');
    expect(frame).toHaveAttribute('title', 'User manual');
    expect(frame).toHaveAttribute('src', '/manual/en-us.html');
    expect(frame).toHaveAttribute('sandbox', '');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByTestId('manual-frame')).toBeNull());
  });

  it('offers instructors their library and resource groups, and students neither', async () => {
    const { unmount } = renderWithApp(<UserMenu user={{ ...user, role: 0, name: 'Ida Instructor' } as never} compact={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Ida Instructor' }));
    expect(await screen.findByText('My library')).toBeInTheDocument();
    expect(screen.getByText('Resource groups')).toBeInTheDocument();
    unmount();
    renderWithApp(<UserMenu user={user as never} compact={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Sam Student' }));
    expect(await screen.findByText('User manual')).toBeInTheDocument();
    expect(screen.queryByText('My library')).toBeNull();
    expect(screen.queryByText('Resource groups')).toBeNull();
  });

  it('picks the Simplified Chinese manual for every Chinese language and the English one otherwise', () => {
    expect(userManualUrl('zh-cn', '/')).toBe('/manual/zh-cn.html');
    expect(userManualUrl('zh-tw', '/')).toBe('/manual/zh-cn.html');
    expect(userManualUrl('zh-MO', '/')).toBe('/manual/zh-cn.html');
    expect(userManualUrl('en-us', '/')).toBe('/manual/en-us.html');
    expect(userManualUrl('th-th', '/app')).toBe('/app/manual/en-us.html');
  });
});
