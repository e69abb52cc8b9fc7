import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LibraryItem, LibraryList, LibraryUsage } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { LibraryPage } from './library-page';

configure({ asyncUtilTimeout: 5_000 });

vi.mock('../../previews/components/pdf-document', () => ({ PdfDocument: ({ url }: { url: string }) => <div data-testid="pdf-document" data-url={url} /> }));

const fetchMock = vi.fn<typeof fetch>();

function item(id: number, name: string, kind: 'folder' | 'file', extra: Partial<LibraryItem> = {}): LibraryItem {
  return {
    id,
    kind,
    name,
    parent_id: null,
    size: kind === 'file' ? 2048 : 0,
    tags: [],
    upload: kind === 'file' ? { id: id + 100, name, type: 'document', status: 'finished', size: 2048, mime_type: 'application/pdf' } : null,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-02T09:30:00.000Z',
    trashed_at: null,
    ...extra,
  };
}

const root: LibraryList = {
  folder: null,
  breadcrumbs: [],
  items: [item(1, 'Week 1', 'folder'), item(2, 'syllabus.pdf', 'file', { tags: ['Reading'] })],
  page: 1,
  page_size: 50,
  pages: 1,
  total: 2,
};
const week1: LibraryList = {
  folder: { id: 1, name: 'Week 1' },
  breadcrumbs: [{ id: 1, name: 'Week 1' }],
  items: [item(3, 'slides.pdf', 'file', { parent_id: 1 })],
  page: 1,
  page_size: 50,
  pages: 1,
  total: 1,
};
const usage: LibraryUsage = {
  user: { used: 9.5 * 1024 ** 3, quota: 10 * 1024 ** 3 },
  org: { used: 1024 ** 3, quota: 1024 ** 4 },
  limits: { max_folder_depth: 10, max_folders: 5000 },
};

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/library/items' && method === 'GET') {
    if (url.searchParams.get('q') === 'syll') return jsonResponse(200, { ...root, items: [root.items[1]], total: 1 });
    return jsonResponse(200, url.searchParams.get('folder_id') === '1' ? week1 : root);
  }
  if (url.pathname === '/api/library/folders') return jsonResponse(200, { folders: [{ id: 1, name: 'Week 1', parent_id: null }], truncated: false });
  if (url.pathname === '/api/library/tags') return jsonResponse(200, { tags: [{ name: 'Reading', count: 1 }] });
  if (url.pathname === '/api/library/usage') return jsonResponse(200, usage);
  if (url.pathname === '/api/library/trash')
    return jsonResponse(200, { items: [item(9, 'old.docx', 'file', { trashed_at: '2026-11-03T10:00:00.000Z' })], page: 1, page_size: 50, pages: 1, total: 1 });
  if (url.pathname === '/api/library/items/2' && method === 'PUT')
    return jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'library.nameTaken', errors: { name: ['library.nameTaken'] } });
  if (url.pathname === '/api/library/trash/9/restore') return jsonResponse(200, item(9, 'old.docx', 'file'));
  if (url.pathname === '/api/uploads/settings')
    return jsonResponse(200, { maxLevelInUploadFolder: 5, maxFileCountInUploadFolder: 500, checkUploadExtension: true, maxUploadBytes: 1e9 });
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}

const renderPage = (at = '/user/library') => renderWithApp(<LibraryPage />, { route: at, path: '/user/library' });

describe('my library /user/library (issue 19 §1)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (input, init) => route(input, init));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists folders first with tags and sizes, shows the quota near its limit, and opens a folder with breadcrumbs', async () => {
    const user = userEvent.setup();
    renderPage();
    const rows = await screen.findAllByTestId('library-row');
    expect(rows.map((r) => r.getAttribute('data-item-id'))).toEqual(['1', '2']);
    expect(within(rows[1]!).getByText('Reading')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2.00 KB')).toBeInTheDocument();
    expect(await screen.findByTestId('quota-user-near')).toHaveTextContent('Almost full');
    expect(screen.getByTestId('quota-user')).toHaveTextContent('9.50 GB of 10.00 GB used');
    expect(screen.queryByTestId('quota-org-near')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload file' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open Week 1' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/library?folder=1'));
    const inside = await screen.findAllByTestId('library-row');
    await waitFor(() => expect(screen.getAllByTestId('library-row').map((r) => r.getAttribute('data-item-id'))).toEqual(['3']));
    expect(inside.length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('library-breadcrumbs')).getByText('Week 1')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('folder_id=1'))).toBe(true);
  });

  it('searches the whole library and sorts by size', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('library-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search my library' }), 'syll{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('library-row').map((r) => r.getAttribute('data-item-id'))).toEqual(['2']));
    expect(screen.getByTestId('library-search-note')).toHaveTextContent('1 item found in the whole library');
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByTitle('Size'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('sort=size'))).toBe(true));
  });

  it('shows a refused rename under the name field, translated', async () => {
    const user = userEvent.setup();
    renderPage();
    const rows = await screen.findAllByTestId('library-row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Actions for syllabus.pdf' }));
    await user.click(await screen.findByText('Rename'));
    const field = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.type(field, 'Week 1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something of this name is already in that folder.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([input, init]) => String(input) === '/api/library/items/2' && init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({ name: 'Week 1' });
  });

  it('shows the trash and restores from it', async () => {
    const user = userEvent.setup();
    renderPage('/user/library?view=trash');
    const row = await screen.findByTestId('trash-row');
    expect(row).toHaveTextContent('old.docx');
    await user.click(within(row).getByRole('button', { name: 'Restore old.docx' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/library/trash/9/restore' && init?.method === 'POST')).toBe(true),
    );
    expect(await screen.findByText('“old.docx” was restored')).toBeInTheDocument();
  });
});
