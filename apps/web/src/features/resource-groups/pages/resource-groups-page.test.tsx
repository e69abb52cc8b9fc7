import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResourceGroupDetail, SharedResource } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ResourceGroupsPage } from './resource-groups-page';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();

const group: ResourceGroupDetail = {
  id: 7,
  name: 'Physics teachers',
  my_role: 'owner',
  member_count: 2,
  created_at: '2026-11-01T08:00:00.000Z',
  members: [
    { user_id: 1, name: 'Ada Lovelace', user_name: 'ada', role: 'owner', added_at: '2026-11-01T08:00:00.000Z' },
    { user_id: 2, name: 'Max Planck', user_name: 'max', role: 'member', added_at: '2026-11-02T08:00:00.000Z' },
  ],
};
const shared: SharedResource = {
  id: 40,
  item: {
    id: 5,
    kind: 'folder',
    name: 'Optics unit',
    parent_id: null,
    size: 0,
    tags: [],
    upload: null,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    trashed_at: null,
  },
  upload: null,
  share_to_kind: 'group',
  share_to_id: 7,
  group: { id: 7, name: 'Physics teachers' },
  shared_by: { id: 2, name: 'Max Planck' },
  shared_at: '2026-11-03T10:00:00.000Z',
};

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/resource-groups' && method === 'GET')
    return jsonResponse(200, { groups: [{ id: 7, name: 'Physics teachers', my_role: 'owner', member_count: 2, created_at: group.created_at }] });
  if (url.pathname === '/api/resource-groups/7' && method === 'GET') return jsonResponse(200, group);
  if (url.pathname === '/api/resource-groups/7/members' && method === 'POST')
    return jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'resourceGroups.notTeacher', errors: { user_name: ['resourceGroups.notTeacher'] } });
  if (url.pathname === '/api/shared-resources') return jsonResponse(200, { resources: [shared], page: 1, page_size: 200, pages: 1, total: 1 });
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}

describe('/user/resource-groups (issue 19 §2)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (input, init) => route(input, init));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('opens the group of #/{groupId}/members with its members and roles, and shows a refused addition translated', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResourceGroupsPage />, { route: '/user/resource-groups#/7/members', path: '/user/resource-groups' });
    expect(await screen.findByText('Max Planck (max)')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace (ada)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Max Planck' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'User name of a teacher' }), 'student1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Only instructors and administrators can take part.')).toBeInTheDocument();
  });

  it('lists what is shared with me, each opening /vtrs/{id}', async () => {
    const user = userEvent.setup();
    renderWithApp(<ResourceGroupsPage />, { route: '/user/resource-groups', path: '/user/resource-groups' });
    await user.click(await screen.findByRole('tab', { name: 'Shared with me' }));
    const link = await screen.findByRole('link', { name: 'Optics unit' });
    expect(link).toHaveAttribute('href', '/vtrs/40');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Max Planck')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/shared-resources'))).toBe(true));
  });
});
