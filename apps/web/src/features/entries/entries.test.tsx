import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Entry } from '@atrium/contracts';
import { RichTextEditor } from '../../components/rich-text-editor/rich-text-editor';
import { jsonResponse, renderWithApp } from '../../test/render';
import { orgOf } from '../../test/fixtures';
import { OrgEntriesCard } from './components/org-entries-card';
import { VocabularyEntries } from './components/vocabulary-entries';

/**
 * Issue 19 §4 in the web: the editor's entries select (spec §1) only where the organisation has
 * vocabulary entries on, inserting `<span class="entry" data-entry-id>`; learners' hover card over
 * such an entry (pointer or keyboard); the admin's toggle on the organisation settings.
 */

const fetchMock = vi.fn<typeof fetch>();

// jsdom has no layout: ProseMirror asks ranges for their rectangles when it scrolls the selection into view.
const emptyRects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Element.prototype.getClientRects ??= emptyRects;
const entry = (id: number, name: string, keywords: string[] = [], uploads: Entry['uploads'] = []): Entry => ({
  id,
  org_id: 9,
  name,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  created_by_id: 1,
  updated_by_id: 1,
  keywords: keywords.map((name) => ({ name })),
  uploads,
});
const PHOTO = entry(7, 'Photosynthesis', ['chlorophyll', 'light'], [{ id: 31, name: 'leaf.pdf', type: 'pdf' }]);
const OSMOSIS = entry(8, 'Osmosis', ['water']);

/** Serves GET /api/org with the toggle, GET /api/entries (filtering by the keyword condition) and GET /api/entries/{id}. */
function serve({ on, entries = [PHOTO, OSMOSIS], list }: { on: boolean; entries?: Entry[]; list?: () => Response }) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://atrium.test');
    if (url.pathname === '/api/org' && (init?.method ?? 'GET') === 'GET')
      return jsonResponse(
        200,
        orgOf({
          toggles: {
            timetable: true,
            meeting: true,
            instruction_meeting: true,
            cloud_classroom: true,
            vocabulary_entries: on,
            inclass_user_action_track: false,
            chat_group: false,
          },
        }),
      );
    if (url.pathname === '/api/org/toggles' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { vocabulary_entries: boolean };
      return jsonResponse(
        200,
        orgOf({
          toggles: {
            timetable: true,
            meeting: true,
            instruction_meeting: true,
            cloud_classroom: true,
            inclass_user_action_track: false,
            chat_group: false,
            ...body,
          },
        }),
      );
    }
    if (url.pathname === '/api/entries') {
      if (list) return list();
      const conditions = url.searchParams.get('conditions');
      const keyword = conditions ? (JSON.parse(conditions) as { keyword: string }).keyword.toLowerCase() : '';
      const found = entries.filter((e) => !keyword || e.name.toLowerCase().includes(keyword) || e.keywords.some((k) => k.name.includes(keyword)));
      return jsonResponse(200, { result: { entries: found, page: 1, pages: 1, total: found.length } });
    }
    const one = /^\/api\/entries\/(\d+)$/.exec(url.pathname);
    if (one) {
      const found = entries.find((e) => e.id === Number(one[1]));
      return found ? jsonResponse(200, found) : jsonResponse(404, { code: 'ENTRY_NOT_FOUND', message: 'This entry does not exist or was deleted' });
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'not found' });
  });
}
const calls = (path: string) => fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://atrium.test')).filter((u) => u.pathname === path);

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the entries select in the editor', { timeout: 30_000 }, () => {
  it('is not offered while the organisation has vocabulary entries off', async () => {
    serve({ on: false });
    renderWithApp(
      <VocabularyEntries>
        <RichTextEditor value="" />
      </VocabularyEntries>,
    );
    await waitFor(() => expect(calls('/api/org')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Insert formula' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Insert entry' })).not.toBeInTheDocument();
    expect(calls('/api/entries')).toHaveLength(0);
  });

  it('searches the organisation’s entries with the spec’s query and inserts the chosen one as a marked entry', async () => {
    serve({ on: true });
    const onChange = vi.fn();
    const actor = userEvent.setup();
    renderWithApp(
      <VocabularyEntries>
        <RichTextEditor value="" onChange={onChange} />
      </VocabularyEntries>,
    );
    await actor.click(await screen.findByRole('button', { name: 'Insert entry' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Insert an entry');
    expect(await within(dialog).findByRole('button', { name: 'Insert Osmosis' })).toBeInTheDocument();
    const first = calls('/api/entries')[0]!;
    expect(Object.fromEntries(first.searchParams)).toEqual({ fields: '', page: '1', page_size: '10', conditions: '' });

    await actor.type(within(dialog).getByLabelText('Search entries by name or keyword'), 'photo');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Insert Osmosis' })).not.toBeInTheDocument());
    expect(calls('/api/entries').at(-1)!.searchParams.get('conditions')).toBe('{"keyword":"photo"}');
    const photo = within(dialog).getByRole('button', { name: 'Insert Photosynthesis' });
    expect(photo).toHaveTextContent('chlorophyll');
    await actor.click(photo);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<span class="entry" data-entry-id="7">Photosynthesis</span>')));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when there are no entries, and when they could not be loaded (with a retry)', async () => {
    serve({ on: true, entries: [] });
    const actor = userEvent.setup();
    const { unmount } = renderWithApp(
      <VocabularyEntries>
        <RichTextEditor value="" />
      </VocabularyEntries>,
    );
    await actor.click(await screen.findByRole('button', { name: 'Insert entry' }));
    expect(await screen.findByText('Your organization has no entries yet.')).toBeInTheDocument();
    unmount();

    serve({ on: true, list: () => jsonResponse(403, { code: 'ENTRIES_DISABLED', message: 'Vocabulary entries are not turned on for this organisation' }) });
    renderWithApp(
      <VocabularyEntries>
        <RichTextEditor value="" />
      </VocabularyEntries>,
    );
    await actor.click(await screen.findByRole('button', { name: 'Insert entry' }));
    expect(await screen.findByText('The entries could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Vocabulary entries are not turned on for this organisation')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the entry card for learners', { timeout: 30_000 }, () => {
  const page = (
    <div className="rich-text" dangerouslySetInnerHTML={{ __html: '<p>Plants use <span class="entry" data-entry-id="7">Photosynthesis</span>.</p>' }} />
  );

  it('shows the entry’s name, keywords and files when the entry takes the keyboard focus; Escape closes it', async () => {
    serve({ on: true });
    const actor = userEvent.setup();
    renderWithApp(<VocabularyEntries>{page}</VocabularyEntries>);
    const word = screen.getByText('Photosynthesis');
    await waitFor(() => expect(word).toHaveAttribute('tabindex', '0'));
    await actor.tab();
    expect(word).toHaveFocus();
    const card = await screen.findByRole('tooltip');
    expect(await within(card).findByText('Photosynthesis')).toBeInTheDocument();
    expect(within(card).getByText('chlorophyll')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'leaf.pdf' })).toHaveAttribute('href', '/api/uploads/31/blob');
    expect(word).toHaveAttribute('aria-describedby', card.id);
    await actor.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on pointing, and says so when the entry is gone', async () => {
    serve({ on: true, entries: [] });
    const actor = userEvent.setup();
    renderWithApp(<VocabularyEntries>{page}</VocabularyEntries>);
    await waitFor(() => expect(calls('/api/org')).toHaveLength(1));
    await actor.hover(screen.getByText('Photosynthesis'));
    expect(await screen.findByText('This entry is not available.')).toBeInTheDocument();
    await actor.unhover(screen.getByText('Photosynthesis'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('is not there while the organisation has vocabulary entries off', async () => {
    serve({ on: false });
    const actor = userEvent.setup();
    renderWithApp(<VocabularyEntries>{page}</VocabularyEntries>);
    await waitFor(() => expect(calls('/api/org')).toHaveLength(1));
    await actor.hover(screen.getByText('Photosynthesis'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(calls('/api/entries/7')).toHaveLength(0);
  });
});

describe('the organisation’s entries (org admins)', { timeout: 30_000 }, () => {
  it('turns vocabulary entries on with PUT /api/org/toggles and then lists the entries', async () => {
    serve({ on: false });
    const actor = userEvent.setup();
    renderWithApp(<OrgEntriesCard />);
    expect(await screen.findByText('Turn vocabulary entries on to manage them.')).toBeInTheDocument();
    await actor.click(screen.getByRole('switch', { name: 'Offer vocabulary entries' }));
    await waitFor(() => expect(calls('/api/org/toggles')).toHaveLength(1));
    const put = fetchMock.mock.calls.find(([u]) => String(u) === '/api/org/toggles')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({ vocabulary_entries: true });
    expect(await screen.findByRole('cell', { name: 'Photosynthesis' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Osmosis' })).toBeInTheDocument();
  });
});
