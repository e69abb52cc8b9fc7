import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_ROLE, type LibraryItem } from '@atrium/contracts';
import { userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { LibraryPickerButton } from '../../library/components/library-picker';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();

const item = (id: number, name: string, kind: 'file' | 'folder'): LibraryItem => ({
  id,
  kind,
  name,
  parent_id: null,
  size: kind === 'file' ? 1024 : 0,
  tags: [],
  upload: kind === 'file' ? { id: id + 100, name, type: 'document', status: 'finished', size: 1024, mime_type: null } : null,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
  trashed_at: null,
});
const folder = item(5, 'Optics unit', 'folder');

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/user') return jsonResponse(200, userOf({ role: USER_ROLE.instructor }));
  if (url.pathname === '/api/library/items') return jsonResponse(200, { folder: null, breadcrumbs: [], items: [], page: 1, page_size: 50, pages: 0, total: 0 });
  if (url.pathname === '/api/shared-resources')
    return jsonResponse(200, {
      resources: [
        {
          id: 40,
          item: folder,
          upload: null,
          share_to_kind: 'group',
          share_to_id: 7,
          group: { id: 7, name: 'Physics' },
          shared_by: { id: 2, name: 'Max' },
          shared_at: '2026-11-03T10:00:00.000Z',
        },
      ],
      page: 1,
      page_size: 200,
      pages: 1,
      total: 1,
    });
  if (url.pathname === '/api/shared-resources/40/items')
    return jsonResponse(200, {
      folder: { id: 5, name: 'Optics unit' },
      breadcrumbs: [{ id: 5, name: 'Optics unit' }],
      items: [item(6, 'lenses.pdf', 'file')],
      truncated: false,
    });
  if (url.pathname === '/api/shared-resources/40/track' && init?.method === 'POST') return new Response(null, { status: 204 });
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}

describe('Shared with me in the activity editor’s picker (issue 19 §2)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (input, init) => route(input, init));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('browses a shared folder, hands back the chosen file by reference and counts the reuse for the sharer', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    renderWithApp(<LibraryPickerButton onPick={onPick} />);
    await user.click(await screen.findByRole('button', { name: 'From my library' }));
    await user.click(await screen.findByText('Shared with me'));
    await user.click(await screen.findByRole('button', { name: /Optics unit/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Choose lenses.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Add 1 file' }));
    expect(onPick).toHaveBeenCalledWith([{ id: 106, name: 'lenses.pdf', type: 'document', status: 'finished', size: 1024 }]);
    await waitFor(() => {
      const track = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/shared-resources/40/track'));
      expect(track?.[1]?.body).toBe(JSON.stringify({ how: 'reuse', upload_id: 106 }));
    });
  });
});
