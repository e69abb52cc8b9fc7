import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_ROLE, type LibraryItem } from '@atrium/contracts';
import { userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { LibraryPickerButton } from './library-picker';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
let role: (typeof USER_ROLE)[keyof typeof USER_ROLE] = USER_ROLE.instructor;

const file = (id: number, name: string): LibraryItem => ({
  id,
  kind: 'file',
  name,
  parent_id: 1,
  size: 1024,
  tags: [],
  upload: { id: id + 100, name, type: 'document', status: 'finished', size: 1024, mime_type: null },
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
  trashed_at: null,
});

function route(input: RequestInfo | URL): Response {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/user') return jsonResponse(200, userOf({ role }));
  if (url.pathname === '/api/library/items') {
    const inFolder = url.searchParams.get('folder_id') === '1';
    return jsonResponse(200, {
      folder: inFolder ? { id: 1, name: 'Week 1' } : null,
      breadcrumbs: inFolder ? [{ id: 1, name: 'Week 1' }] : [],
      items: inFolder ? [file(3, 'slides.pdf'), file(4, 'notes.pdf')] : [{ ...file(1, 'Week 1'), kind: 'folder', upload: null, size: 0, parent_id: null }],
      page: 1,
      page_size: 50,
      pages: 1,
      total: inFolder ? 2 : 1,
    });
  }
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}

describe('From my library in the activity editor (issue 19 §1)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (input) => route(input));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    role = USER_ROLE.instructor;
  });

  it('browses into a folder and hands back the chosen files’ uploads, by reference', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    renderWithApp(<LibraryPickerButton onPick={onPick} />);
    await user.click(await screen.findByRole('button', { name: 'From my library' }));
    await user.click(await screen.findByRole('button', { name: /Week 1/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Choose notes.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Add 1 file' }));
    expect(onPick).toHaveBeenCalledWith([{ id: 104, name: 'notes.pdf', type: 'document', status: 'finished', size: 1024 }]);
    await waitFor(() => expect(screen.queryByText('Add files from my library')).toBeNull());
  });

  it('is not offered to someone without a library', async () => {
    role = USER_ROLE.student;
    renderWithApp(<LibraryPickerButton onPick={vi.fn()} />);
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/user')).toBe(true));
    expect(screen.queryByRole('button', { name: 'From my library' })).toBeNull();
  });
});
