import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ExamMedia } from './exam-media';

const fetchMock = vi.fn<typeof fetch>();

// jsdom plays no media: video.js is replaced by a player that remembers its source and lets the test end playback.
const player = vi.hoisted(() => ({ handlers: new Map<string, () => void>(), sources: [] as unknown[] }));
vi.mock('video.js', () => ({
  default: (_element: Element, options: { sources: unknown[] }) => {
    player.sources.push(...options.sources);
    return { volume: () => {}, on: (event: string, handler: () => void) => player.handlers.set(event, handler), dispose: () => {} };
  },
}));

describe('ExamMedia (spec §4 exam video, §8 messages)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    // jsdom does not play media.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a processing upload says so and still plays (spec §4: ready, failed or processing play)', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST' && String(input) === '/api/exam-subjects/4/uploads/8/play'
        ? jsonResponse(200, { remaining: 1, url: '/api/media/8/1/sig/original', kind: 'video' })
        : jsonResponse(200, { play_limit: true, play_limit_times: 2, remaining: 2, status: 'processing' }),
    );
    const user = userEvent.setup();
    renderWithApp(<ExamMedia subjectId={4} items={[{ id: 8, name: 'listening.mp4', kind: 'video' }]} />);
    expect(await screen.findByTestId('exam-media-message')).toHaveTextContent('This file is still processing');
    const play = screen.getByRole('button', { name: /^Play listening/ });
    await waitFor(() => expect(play).toBeEnabled());
    await user.click(play);
    expect(await screen.findByTestId('exam-video')).toHaveAttribute('data-src', '/api/media/8/1/sig/original');
  });

  it.each([
    ['overLimit', 'You have reached the play limit'],
    ['missedFile', 'This file is missing'],
    ['canNotPlay', 'This file cannot be played'],
  ])('shows the %s message and no play', async (status, text) => {
    fetchMock.mockResolvedValue(jsonResponse(200, { play_limit: true, play_limit_times: 2, remaining: status === 'overLimit' ? 0 : 2, status }));
    renderWithApp(<ExamMedia subjectId={4} items={[{ id: 8, name: 'listening.mp4', kind: 'video' }]} />);
    expect(await screen.findByTestId('exam-media-message')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: /^Play listening/ })).toBeDisabled();
  });

  it('counts a play on the server, then shows overLimit when the server refuses the next', async () => {
    let remaining = 1;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST' && url === '/api/exam-subjects/4/uploads/8/play') {
        if (remaining === 0) return jsonResponse(403, { code: 'MEDIA_PLAY_LIMIT_REACHED', message: 'limit' });
        remaining -= 1;
        return jsonResponse(200, { remaining, url: '/api/media/8/1/sig/video.mp4', kind: 'video' });
      }
      // The status call is stale on purpose: the server's refusal decides.
      return jsonResponse(200, { play_limit: true, play_limit_times: 1, remaining: 1, status: 'playable' });
    });
    const user = userEvent.setup();
    renderWithApp(<ExamMedia subjectId={4} items={[{ id: 8, name: 'listening.mp4', kind: 'video' }]} />);
    expect(await screen.findByTestId('exam-play-counter')).toHaveTextContent('Plays left: 1 of 1');
    await user.click(screen.getByRole('button', { name: /^Play listening/ }));
    const video = await screen.findByTestId('exam-video');
    expect(video).toHaveAttribute('data-src', '/api/media/8/1/sig/video.mp4');
    await waitFor(() => expect(player.sources).toContainEqual({ src: '/api/media/8/1/sig/video.mp4', type: 'video/mp4' }));
    act(() => player.handlers.get('ended')?.());
    await waitFor(() => expect(screen.queryByTestId('exam-video')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /^Play listening/ }));
    expect(await screen.findByTestId('exam-media-message')).toHaveTextContent('You have reached the play limit');
    expect(screen.queryByTestId('exam-video')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(2);
  });

  it('a deleted file answers 410 and shows missedFile', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? jsonResponse(410, { code: 'MEDIA_MISSED_FILE', message: 'missing' })
        : jsonResponse(200, { play_limit: false, play_limit_times: 0, remaining: null, status: 'playable' }),
    );
    const user = userEvent.setup();
    renderWithApp(<ExamMedia subjectId={4} items={[{ id: 8, name: 'listening.mp3', kind: 'audio' }]} />);
    await user.click(await screen.findByRole('button', { name: 'Play listening.mp3' }));
    expect(await screen.findByTestId('exam-media-message')).toHaveTextContent('This file is missing');
    expect(screen.queryByTestId('exam-play-counter')).not.toBeInTheDocument();
  });

  it('asks before switching to another medium when plays are limited', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? jsonResponse(200, { remaining: 1, url: `/api/media/${String(input).split('/')[5]}/1/sig/a.mp3`, kind: 'audio' })
        : jsonResponse(200, { play_limit: true, play_limit_times: 2, remaining: 2, status: 'playable' }),
    );
    const user = userEvent.setup();
    renderWithApp(
      <ExamMedia
        subjectId={4}
        items={[
          { id: 8, name: 'part-a.mp3', kind: 'audio' },
          { id: 9, name: 'part-b.mp3', kind: 'audio' },
        ]}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Play part-a.mp3' }));
    expect(await screen.findByTestId('audio-player')).toBeInTheDocument();
    const other = screen.getByRole('button', { name: 'Play part-b.mp3' });
    await waitFor(() => expect(other).toBeEnabled());
    await user.click(other);
    expect((await screen.findAllByText('Switch media?')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.getByTestId('audio-player')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });
});
