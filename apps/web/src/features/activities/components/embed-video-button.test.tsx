import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { EmbedVideoButton } from './embed-video-button';

const fetchMock = vi.fn<typeof fetch>();

describe('EmbedVideoButton (spec §2 embed online video popup, §5 supported link)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('refuses an unsupported link on the original-URL field, then embeds a supported one as a link upload of the course', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(201, { id: 77, name: 'Week 1 lecture', size: 0, type: 'link', status: 'ready', url: 'https://youtu.be/dQw4w9WgXcQ' }),
    );
    const onEmbedded = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<EmbedVideoButton courseId={12} onEmbedded={onEmbedded} />);
    await user.click(screen.getByRole('button', { name: /Embed online video/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'Week 1 lecture');
    await user.type(within(dialog).getByLabelText('Original URL'), 'https://example.com/lecture.mp4');
    await user.click(within(dialog).getByRole('button', { name: 'Embed' }));
    expect(await within(dialog).findByText('This is not a supported online video link.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText('Original URL'));
    await user.type(within(dialog).getByLabelText('Original URL'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(within(dialog).getByRole('button', { name: 'Embed' }));
    await waitFor(() => expect(onEmbedded).toHaveBeenCalledWith(expect.objectContaining({ id: 77, type: 'link' })));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/uploads');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Week 1 lecture',
      size: 0,
      parent_type: 'course',
      parent_id: 12,
      embed_material_type: 'online_video',
      url: 'https://youtu.be/dQw4w9WgXcQ',
    });
  });

  it("shows the server's refusal on the field and keeps the popup open", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'url: unsupported', errors: { url: ['Give a supported online video link'] } }),
    );
    const onEmbedded = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<EmbedVideoButton courseId={12} onEmbedded={onEmbedded} />);
    await user.click(screen.getByRole('button', { name: /Embed online video/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'Clip');
    await user.type(within(dialog).getByLabelText('Original URL'), 'https://vimeo.com/76979871');
    await user.click(within(dialog).getByRole('button', { name: 'Embed' }));
    expect(await within(dialog).findByText('Give a supported online video link')).toBeInTheDocument();
    expect(onEmbedded).not.toHaveBeenCalled();
  });
});
