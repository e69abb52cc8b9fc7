import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Upload, VideoQuizList, VideoQuizSubjects } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { VideoPlayer } from '../../previews/components/video-player';

const fetchMock = vi.fn<typeof fetch>();

/** A course video with one MP4 rendition (jsdom loads no media; the test moves the element's clock). */
const upload = {
  id: 5,
  name: 'mice.mp4',
  type: 'video',
  status: 'ready',
  size: 1000,
  duration: 60,
  parent_type: 'course',
  parent_id: 3,
  videos: [{ resolution: '360p', duration: 60, width: 640, height: 360, hls_url: null, mp4_url: '/api/media/5/1/own/360.mp4' }],
} as unknown as Upload;

const list: VideoQuizList = {
  video_quizzes: [
    { id: 7, course_id: 3, upload_id: 5, title: 'Mice', subject_count: 1, upload: { id: 5, name: 'mice.mp4', type: 'video', status: 'ready', duration: 60 } },
  ],
  can_manage: false,
};
const subjects: VideoQuizSubjects = {
  view: 'learner',
  video_quiz_id: 7,
  max_score: 1,
  score: 0,
  subjects: [{ id: 11, type: 'true_or_false', description: '<p>The mice are grey</p>', score: 1, at_seconds: 15, my_answer: null }],
};

describe('the video player with a video quiz (issue 15 §6)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'video/mp4' ? 'maybe' : ''));
    vi.stubGlobal('CSS', { supports: () => false, escape: (value: string) => value });
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/courses/3/video-quizzes?upload_id=5') return jsonResponse(200, list);
      if (url === '/api/video-quizzes/7/subjects') return jsonResponse(200, subjects);
      return jsonResponse(200, {});
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('finds the quiz of a course video, marks its second on the video.js progress bar and pauses there', async () => {
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    renderWithApp(<VideoPlayer upload={upload} activityId={null} />);
    const marker = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.vjs-progress-holder [data-testid="video-quiz-marker"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(marker.style.left).toBe('25%');
    const video = document.querySelector('video')!;
    let now = 0;
    Object.defineProperty(video, 'currentTime', { configurable: true, get: () => now, set: (v: number) => void (now = v) });
    Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
    now = 15.1;
    fireEvent.timeUpdate(video);
    expect(await screen.findByTestId('video-quiz-prompt')).toHaveTextContent('The mice are grey');
    expect(pause).toHaveBeenCalled();
    expect(now).toBe(15);
  });

  it('looks for no quiz for a file outside a course', async () => {
    renderWithApp(<VideoPlayer upload={{ ...upload, parent_type: 'user', parent_id: null } as unknown as Upload} activityId={null} />);
    await screen.findByTestId('video-frame');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('video-quizzes'))).toBe(false);
  });
});
