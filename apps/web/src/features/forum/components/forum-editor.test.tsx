import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ForumEditor } from './forum-editor';

configure({ asyncUtilTimeout: 10_000 });

const fetchMock = vi.fn<typeof fetch>();

// jsdom has no layout: ProseMirror asks ranges for their rectangles when it scrolls the selection into view.
const emptyRects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Element.prototype.getClientRects ??= emptyRects;

describe('the forum editor’s @mention picker (issue 18 §1)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/courses/7/forum/mentionable'))
        return jsonResponse(
          200,
          url.includes('q=lee')
            ? [{ id: 12, name: 'Lee Learner', avatar_url: null }]
            : [
                { id: 12, name: 'Lee Learner', avatar_url: null },
                { id: 13, name: 'Max Mentor', avatar_url: null },
              ],
        );
      return jsonResponse(200, {});
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('searches the course members and inserts the chosen one as <span class="mention" data-user-id>', async () => {
    const onChange = vi.fn<(html: string) => void>();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<ForumEditor courseId={7} value="" onChange={onChange} aria-label="Your reply" />);
    await user.click(await screen.findByRole('button', { name: 'Mention someone' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mention someone' })).toHaveAttribute('aria-expanded', 'true'));
    const search = await screen.findByRole('textbox', { name: 'Search course members' });
    expect(await screen.findByRole('option', { name: '@Max Mentor' })).toBeInTheDocument();
    await user.type(search, 'lee');
    await waitFor(() => expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/courses/7/forum/mentionable?q=lee'));
    await waitFor(() => expect(screen.queryByRole('option', { name: '@Max Mentor' })).toBeNull());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0]).toContain('<span class="mention" data-user-id="12">@Lee Learner</span>');
    expect(screen.getByRole('textbox', { name: 'Your reply' }).querySelector('.mention')).toHaveTextContent('@Lee Learner');
  });

  it('keeps a stored mention when the content is loaded again (an edit)', async () => {
    const onChange = vi.fn<(html: string) => void>();
    const html = '<p>Thanks <span class="mention" data-user-id="13">@Max Mentor</span> for this</p>';
    renderWithApp(<ForumEditor courseId={7} value={html} onChange={onChange} aria-label="Content" />);
    const area = await screen.findByRole('textbox', { name: 'Content' });
    expect(area.querySelector('span.mention[data-user-id="13"]')).toHaveTextContent('@Max Mentor');
  });
});
