import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { NoteBox } from './note-box';

const fetchMock = vi.fn<typeof fetch>();
const note = {
  id: 11,
  content: '<p>Loop <b>traces</b></p>',
  target_type: 'document',
  target_id: 5,
  anchor: 3,
  course_id: 2,
  activity_id: 9,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

/** The note editor's editing area (the lazily loaded rich-text editor). */
async function noteEditor(): Promise<HTMLElement> {
  return within(screen.getByTestId('note-content-input')).findByRole('textbox', {}, { timeout: 10_000 });
}

/** Types into the editor from the keyboard (jsdom has no layout for ProseMirror's mouse handling). */
async function typeInto(user: ReturnType<typeof userEvent.setup>, editor: HTMLElement, keys: string) {
  editor.focus();
  await user.keyboard(keys);
}

function calls(method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => String(input).startsWith(path) && (init?.method ?? 'GET') === method);
}

// jsdom has no layout: ProseMirror asks ranges for their rectangles when it scrolls the selection into view.
const emptyRects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

describe('NoteBox (spec §4, §5, §8)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists notes by anchor; clicking one turns to its page', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { notes: [note, { ...note, id: 12, anchor: 1, content: '<p>Intro</p>' }] }));
    const onGoTo = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<NoteBox courseId={2} activityId={9} targetId={5} targetType="document" currentAnchor={() => 3} onGoTo={onGoTo} onClose={() => {}} />);
    const items = await screen.findAllByTestId('note-item');
    expect(items.map((item) => item.getAttribute('data-anchor'))).toEqual(['1', '3']);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/notes?course_id=2&activity_id=9&target_id=5');
    await user.click(within(items[1]!).getByRole('button', { name: 'Page 3' }));
    expect(onGoTo).toHaveBeenCalledWith(3);
  });

  it('refuses an empty note before asking the server', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { notes: [] }));
    const user = userEvent.setup();
    renderWithApp(<NoteBox courseId={2} activityId={9} targetId={5} targetType="video" currentAnchor={() => 2.7} onGoTo={() => {}} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: /Add note/ }));
    expect(screen.getByRole('spinbutton')).toHaveValue('2');
    await typeInto(user, await noteEditor(), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Write something in the note.')).toBeInTheDocument();
    expect(calls('POST', '/api/notes')).toHaveLength(0);
  });

  it('posts the note as HTML at the current second and puts a 400 answer on the fields', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        return jsonResponse(400, {
          code: 'VALIDATION_FAILED',
          message: 'Invalid note',
          errors: { anchor: ['anchor is beyond the end of the video'], content: ['content has no text after sanitising'] },
        });
      }
      return jsonResponse(200, { notes: [] });
    });
    const user = userEvent.setup();
    renderWithApp(<NoteBox courseId={2} activityId={9} targetId={5} targetType="video" currentAnchor={() => 2.4} onGoTo={() => {}} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: /Add note/ }));
    const editor = await noteEditor();
    await typeInto(user, editor, 'a < b');
    await user.click(within(screen.getByTestId('note-content-input')).getByRole('button', { name: 'Bold' }));
    await typeInto(user, editor, '{Enter}second line');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('anchor is beyond the end of the video')).toBeInTheDocument();
    expect(screen.getByText('content has no text after sanitising')).toBeInTheDocument();
    const [, init] = calls('POST', '/api/notes')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      course_id: 2,
      activity_id: 9,
      target_id: 5,
      target_type: 'video',
      anchor: 2,
      content: '<p>a &lt; b</p><p><strong>second line</strong></p>',
    });
    expect(screen.getByTestId('note-form')).toBeInTheDocument();
  });

  it('a 400 naming no form field shows its message above the form', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Invalid', errors: { target_id: ['notes are not allowed on this file'] } })
        : jsonResponse(200, { notes: [] }),
    );
    const user = userEvent.setup();
    renderWithApp(<NoteBox courseId={2} activityId={9} targetId={5} targetType="image" currentAnchor={() => 0} onGoTo={() => {}} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: /Add note/ }));
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    await typeInto(user, await noteEditor(), 'nice picture');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('note-form-error')).toHaveTextContent('notes are not allowed on this file');
    expect(JSON.parse(String(calls('POST', '/api/notes')[0]![1]?.body)).anchor).toBe(0);
  });

  it('edits a note with PUT and closes the form on success', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PUT' ? jsonResponse(200, { ...note, content: '<p>Changed</p>' }) : jsonResponse(200, { notes: [note] }),
    );
    const user = userEvent.setup();
    renderWithApp(<NoteBox courseId={2} activityId={9} targetId={5} targetType="document" currentAnchor={() => 1} onGoTo={() => {}} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Edit note' }));
    const input = await noteEditor();
    expect(input).toHaveTextContent('Loop traces');
    expect(input.querySelector('strong')).toHaveTextContent('traces');
    await typeInto(user, input, '{Control>}a{/Control}{Backspace}Changed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('note-form')).not.toBeInTheDocument());
    const [url, init] = calls('PUT', '/api/notes/11')[0]!;
    expect(String(url)).toBe('/api/notes/11');
    expect(JSON.parse(String(init?.body))).toEqual({ content: '<p>Changed</p>', anchor: 3 });
  });
});
