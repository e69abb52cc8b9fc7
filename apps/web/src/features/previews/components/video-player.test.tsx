import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import videojs from 'video.js';
import type { PlayerOptions, Upload } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { VideoPlayer, textTracksOf, videoFrameLimits } from './video-player';

const fetchMock = vi.fn<typeof fetch>();

/** A video with three MP4 renditions (jsdom loads no media; the element keeps the source it is given). */
const upload = {
  id: 5,
  name: 'talk.mp4',
  type: 'video',
  status: 'ready',
  size: 1000,
  duration: 60,
  videos: [
    { resolution: '1080p', duration: 60, width: 1920, height: 1080, hls_url: null, mp4_url: '/api/media/5/1/own/1080.mp4' },
    { resolution: '360p', duration: 60, width: 640, height: 360, hls_url: null, mp4_url: '/api/media/5/1/own/360.mp4' },
  ],
} as unknown as Upload;

/** Player options as `GET /api/uploads/5/player-options` answers them; `life` stands for the URLs' signature. */
function optionsSigned(life: number): PlayerOptions {
  return {
    resolutions: ['360p', '720p', '1080p'].map((name) => ({ name, hls_url: null, mp4_url: `/api/media/5/${life}/sig/${name}.mp4` })),
    default_resolution: '720p',
    seekable: true,
    last_played: 0,
    max_played: 0,
    unplayed_segments: [],
    copyright_notice: '© Atrium University — do not redistribute',
    poster_url: null,
    duration: 60,
    volume: 0.7,
    text_tracks: [],
  };
}

type Player = ReturnType<typeof videojs>;

function playerOf(): Player {
  const players = (Object.values(videojs.getPlayers()) as Array<Player | null | undefined>).filter((p): p is Player => !!p && !p.isDisposed());
  expect(players).toHaveLength(1);
  return players[0]!;
}

function videoElement(): HTMLVideoElement {
  const element = document.querySelector('video');
  expect(element).not.toBeNull();
  return element!;
}

/** jsdom plays no media: the element's clock is a plain number the test moves. */
function clockOf(element: HTMLMediaElement) {
  let now = 0;
  Object.defineProperty(element, 'currentTime', { configurable: true, get: () => now, set: (v: number) => void (now = v) });
  Object.defineProperty(element, 'duration', { configurable: true, get: () => 60 });
  return { get: () => now, set: (v: number) => void (now = v) };
}

const originalHeight = window.innerHeight;

describe('VideoPlayer (spec §3 Video-player options, §8, §9)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no media stack: its canPlayType answers '' (video.js would find no playable source) and it has no CSS.supports.
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'video/mp4' ? 'maybe' : ''));
    vi.stubGlobal('CSS', { supports: () => false, escape: (value: string) => value });
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: originalHeight });
  });

  it('frame limits: 63% of the window high at most, 1.8 times as wide', () => {
    expect(videoFrameLimits(1000)).toEqual({ maxHeight: 630, maxWidth: 1134 });
    expect(videoFrameLimits(500).maxHeight).toBeCloseTo(315);
    expect(videoFrameLimits(500).maxWidth).toBeCloseTo(567);
  });

  it('outside an activity: default volume 0.7, the highest of its own renditions, a frame sized to the window', async () => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: 1000 });
    renderWithApp(<VideoPlayer upload={upload} activityId={null} />);
    const frame = await screen.findByTestId('video-frame');
    expect(frame.style.width).toBe('min(100%, 1134px)');
    expect(frame.style.maxHeight).toBe('630px');
    expect(frame.style.aspectRatio).toBe('1.8');
    await waitFor(() => expect(playerOf().volume()).toBeCloseTo(0.7));
    expect(videoElement().volume).toBeCloseTo(0.7);
    expect(playerOf().currentSrc()).toBe('/api/media/5/1/own/1080.mp4');
    expect(screen.queryByTestId('copyright-notice')).toBeNull();
    act(() => {
      Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: 500 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(frame.style.maxHeight).toBe('315px');
    expect(frame.style.width).toBe('min(100%, 567px)');
  });

  it('in an activity: the server’s resolutions with its default chosen, and the copyright notice over the picture', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/uploads/5/player-options') ? jsonResponse(200, optionsSigned(1)) : jsonResponse(200, {}),
    );
    renderWithApp(<VideoPlayer upload={upload} activityId={9} />);
    expect(await screen.findByTestId('copyright-notice')).toHaveTextContent('© Atrium University — do not redistribute');
    await waitFor(() => expect(playerOf().currentSrc()).toBe('/api/media/5/1/sig/720p.mp4'));
    const choice = screen.getByRole('combobox', { name: 'Resolution' }).closest('.ant-select')!;
    expect(choice.textContent).toBe('720p');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Resolution' }));
    const offered = await screen.findAllByRole('option');
    expect(offered.map((o) => o.textContent)).toEqual(['360p', '720p', '1080p']);
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/uploads/5/player-options?activity_id=9')).toBe(true);
  });

  it('a playback error that is not an expired link shows the unplayable warning (spec §8)', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/uploads/5/player-options')) return jsonResponse(200, optionsSigned(1));
      if (url.startsWith('/api/media/')) return jsonResponse(404, { code: 'UPLOAD_NOT_FOUND', message: 'gone' });
      return jsonResponse(200, {});
    });
    renderWithApp(<VideoPlayer upload={upload} activityId={9} />);
    await screen.findByTestId('copyright-notice');
    await waitFor(() => expect(playerOf().currentSrc()).toBe('/api/media/5/1/sig/720p.mp4'));
    expect(screen.queryByTestId('video-unplayable')).toBeNull();
    act(() => void playerOf().error(4));
    expect(await screen.findByTestId('video-unplayable')).toHaveTextContent('This video cannot be played.');
    // Only the one player-options call: nothing expired, nothing asked again.
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/uploads/5/player-options'))).toHaveLength(1);
  });

  it('an expired signed URL (403 MEDIA_URL_INVALID) asks for player options again and resumes at the same second (decision 0030)', async () => {
    let optionsCalls = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/uploads/5/player-options')) {
        optionsCalls += 1;
        return jsonResponse(200, optionsSigned(optionsCalls));
      }
      if (url.startsWith('/api/media/5/1/')) {
        expect(new Headers(init?.headers).get('Range')).toBe('bytes=0-0');
        return jsonResponse(403, { code: 'MEDIA_URL_INVALID', message: 'This media link has expired or is not yours' });
      }
      return jsonResponse(200, {});
    });
    renderWithApp(<VideoPlayer upload={upload} activityId={9} />);
    await screen.findByTestId('copyright-notice');
    await waitFor(() => expect(playerOf().currentSrc()).toBe('/api/media/5/1/sig/720p.mp4'));
    const clock = clockOf(videoElement());
    clock.set(42);
    act(() => void playerOf().error(2));
    await waitFor(() => expect(playerOf().currentSrc()).toBe('/api/media/5/2/sig/720p.mp4'));
    expect(optionsCalls).toBe(2);
    // The new source starts at 0; once its metadata is in, the player returns to second 42.
    clock.set(0);
    fireEvent.loadedMetadata(videoElement());
    expect(clock.get()).toBe(42);
    expect(screen.queryByTestId('video-unplayable')).toBeNull();
  });
});

describe('caption tracks (issue 23 item 4)', () => {
  it('labels each track by its language in the interface language, else by its file name', () => {
    const options = {
      ...optionsSigned(1),
      text_tracks: [
        { src: '/api/uploads/7/blob?preview=true', srclang: 'en', name: 'clip.en.vtt' },
        { src: '/api/uploads/8/blob?preview=true', srclang: 'zh-CN', name: 'clip.zh-CN.vtt' },
        { src: '/api/uploads/9/blob?preview=true', srclang: null, name: 'clip.vtt' },
      ],
    };
    expect(textTracksOf(options, 'en-GB')).toEqual([
      { kind: 'captions', src: '/api/uploads/7/blob?preview=true', srclang: 'en', label: 'English' },
      { kind: 'captions', src: '/api/uploads/8/blob?preview=true', srclang: 'zh-CN', label: 'Chinese (China)' },
      { kind: 'captions', src: '/api/uploads/9/blob?preview=true', label: 'clip.vtt' },
    ]);
    expect(textTracksOf(options, 'zh-CN')[0]!.label).toBe('英语');
  });
});
