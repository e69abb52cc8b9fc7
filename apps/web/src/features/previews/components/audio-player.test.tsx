import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Upload } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { AudioPlayer } from './audio-player';

const fetchMock = vi.fn<typeof fetch>();
const upload = { id: 5, name: 'lecture.mp3', type: 'audio', status: 'ready', size: 1000 } as unknown as Upload;

/** jsdom plays no media: the element's clock is a plain number the test moves. */
function clockOf(element: HTMLMediaElement, duration: number) {
  let now = 0;
  Object.defineProperty(element, 'currentTime', { configurable: true, get: () => now, set: (v: number) => void (now = v) });
  Object.defineProperty(element, 'duration', { configurable: true, get: () => duration });
  return { get: () => now, set: (v: number) => void (now = v) };
}

describe('AudioPlayer (spec §4 audio, no forward seeking)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('resumes at the last position and snaps a forward seek back when the server refuses it', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/uploads/audio/5'))
        return jsonResponse(200, { id: 5, url: '/api/media/5/1/sig/audio.m4a', status: 'ready', duration: 60, seekable: false, last_played: 3, max_played: 4 });
      if (url === '/api/uploads/5/seek' && init?.method === 'POST')
        return jsonResponse(403, { code: 'MEDIA_FORWARD_SEEK_REFUSED', message: 'Forward seeking is not allowed' });
      return jsonResponse(200, {});
    });
    renderWithApp(<AudioPlayer upload={upload} activityId={9} />);
    expect(await screen.findByTestId('audio-no-forward')).toHaveTextContent('Skipping ahead is turned off');
    const element = screen.getByTestId('audio-player').querySelector('audio')!;
    const clock = clockOf(element, 60);
    fireEvent.loadedMetadata(element);
    expect(clock.get()).toBe(3);

    clock.set(30);
    fireEvent.seeking(element);
    expect(clock.get()).toBe(4);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, i]) => String(u) === '/api/uploads/5/seek' && JSON.parse(String(i?.body)).position === 30)).toBe(true),
    );
    expect(await screen.findByText('You cannot skip ahead past the part you have listened to.')).toBeInTheDocument();
    expect(clock.get()).toBe(4);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('activity_id=9'))).toBe(true);
  });

  it('seeks freely when the activity allows it, without asking the server', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { id: 5, url: '/api/media/5/1/sig/audio.m4a', status: 'ready', duration: 60, seekable: true, last_played: 0, max_played: 0 }),
    );
    renderWithApp(<AudioPlayer upload={upload} activityId={9} />);
    await screen.findByTestId('audio-player');
    expect(screen.queryByTestId('audio-no-forward')).toBeNull();
    const element = screen.getByTestId('audio-player').querySelector('audio')!;
    const clock = clockOf(element, 60);
    clock.set(45);
    fireEvent.seeking(element);
    expect(clock.get()).toBe(45);
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/seek'))).toBe(false);
  });
});
