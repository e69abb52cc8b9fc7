import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { VideoQuiz, VideoQuizLearnerSubject, VideoQuizList, VideoQuizSubjects } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import type { QuizPlayer, QuizPlayerEvent } from '../lib/quiz-player';
import { VideoQuizLayer } from './video-quiz-layer';

const fetchMock = vi.fn<typeof fetch>();
/** The fake progress bars, removed after each test (once React has unmounted what it put in them). */
const bars: HTMLElement[] = [];

/** A player whose clock the test moves: `advance` plays to a second, `seekUser` is the learner dragging the progress bar. */
function fakePlayer(duration = 60) {
  let now = 0;
  let isPaused = true;
  const handlers = new Map<QuizPlayerEvent, Set<() => void>>();
  const emit = (event: QuizPlayerEvent) => act(() => handlers.get(event)?.forEach((h) => h()));
  const bar = document.createElement('div');
  document.body.appendChild(bar);
  bars.push(bar);
  const player: QuizPlayer = {
    currentTime: () => now,
    seekTo: (seconds) => {
      now = seconds;
      handlers.get('seeking')?.forEach((h) => h());
    },
    pause: vi.fn(() => void (isPaused = true)),
    play: vi.fn(() => {
      isPaused = false;
      handlers.get('play')?.forEach((h) => h());
    }),
    isPaused: () => isPaused,
    duration: () => duration,
    on: (event, handler) => void (handlers.get(event) ?? handlers.set(event, new Set()).get(event)!).add(handler),
    off: (event, handler) => void handlers.get(event)?.delete(handler),
    progressBar: () => bar,
  };
  return {
    player,
    bar,
    isPaused: () => isPaused,
    time: () => now,
    advance: (seconds: number) => {
      isPaused = false;
      now = seconds;
      emit('timeupdate');
    },
    seekUser: (seconds: number) => {
      now = seconds;
      emit('seeking');
    },
  };
}

const quiz: VideoQuiz = {
  id: 7,
  course_id: 3,
  upload_id: 5,
  title: 'Two mice',
  subject_count: 2,
  upload: { id: 5, name: 'mice.mp4', type: 'video', status: 'ready', duration: 60 },
};
const trueOrFalse: VideoQuizLearnerSubject = {
  id: 11,
  type: 'true_or_false',
  description: '<p>The mice are grey</p>',
  score: 1,
  at_seconds: 2,
  my_answer: null,
};
const single: VideoQuizLearnerSubject = {
  id: 12,
  type: 'single_selection',
  description: '<p>How many mice?</p>',
  score: 3,
  at_seconds: 4,
  options: [
    { id: 'a', content: 'One' },
    { id: 'b', content: 'Two' },
  ],
  my_answer: null,
};
const learnerSubjects: VideoQuizSubjects = { view: 'learner', video_quiz_id: 7, max_score: 4, score: 0, subjects: [trueOrFalse, single] };

/** Answers the layer's calls: the quiz of the video, its subjects, and `answer` for a PUT of an answer. */
function serve({ list, subjects, answer }: { list: VideoQuizList; subjects: VideoQuizSubjects; answer?: (id: number, body: unknown) => Response }) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/courses/3/video-quizzes?upload_id=5') return jsonResponse(200, list);
    if (url === '/api/video-quizzes/7/subjects') return jsonResponse(200, subjects);
    const put = /^\/api\/video-quiz-subjects\/(\d+)\/answer$/.exec(url);
    if (put && init?.method === 'PUT' && answer) return answer(Number(put[1]), JSON.parse(String(init.body)));
    return jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: url });
  });
}

const answerCalls = () =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u).includes('/answer') && init?.method === 'PUT')
    .map(([u, init]) => [String(u), JSON.parse(String(init!.body))]);

describe('VideoQuizLayer (issue 15 §6: playback pauses at each subject and records the answer)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    cleanup();
    bars.splice(0).forEach((bar) => bar.remove());
  });

  it('marks the subjects on the progress bar, pauses at an unanswered one, sends the answer, shows it right and resumes', async () => {
    serve({
      list: { video_quizzes: [quiz], can_manage: false },
      subjects: learnerSubjects,
      answer: (id) => jsonResponse(200, { subject_id: id, score: 1, max_score: 1, correct: true, answered_at: '2026-03-01T10:00:00.000Z' }),
    });
    const p = fakePlayer();
    renderWithApp(<VideoQuizLayer player={p.player} courseId={3} uploadId={5} />);
    await waitFor(() => expect(p.bar.querySelectorAll('[data-testid="video-quiz-marker"]')).toHaveLength(2));
    expect([...p.bar.querySelectorAll<HTMLElement>('[data-testid="video-quiz-marker"]')].map((m) => m.style.left)).toEqual([
      '3.3333333333333335%',
      '6.666666666666667%',
    ]);
    expect(await screen.findByTestId('video-quiz-score')).toHaveTextContent('Quiz: 0 / 4 points');

    p.advance(1.5);
    expect(p.player.pause).not.toHaveBeenCalled();
    expect(screen.queryByTestId('video-quiz-prompt')).toBeNull();

    p.advance(2.2);
    expect(p.player.pause).toHaveBeenCalled();
    expect(p.time()).toBe(2); // back to the subject's second
    const prompt = await screen.findByTestId('video-quiz-prompt');
    expect(prompt).toHaveTextContent('Question at 0:02');
    expect(prompt).toHaveTextContent('The mice are grey');
    const submit = screen.getByRole('button', { name: 'Submit answer' });
    expect(submit).toBeDisabled();

    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit answer' }));
    expect(await screen.findByTestId('video-quiz-verdict')).toHaveTextContent('Right!');
    expect(screen.getByTestId('video-quiz-verdict')).toHaveTextContent('1 of 1 points');
    expect(answerCalls()).toEqual([['/api/video-quiz-subjects/11/answer', { answer: true }]]);
    expect(screen.getByTestId('video-quiz-score')).toHaveTextContent('Quiz: 1 / 4 points');
    // Playback stays paused while the result shows.
    p.advance(2.3);
    expect(p.isPaused()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Continue watching' }));
    expect(p.player.play).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('video-quiz-prompt')).toBeNull());
    expect(p.isPaused()).toBe(false);

    // The answered subject lets playback through; the next one stops it.
    p.advance(3);
    expect(screen.queryByTestId('video-quiz-prompt')).toBeNull();
    p.advance(4.1);
    expect(await screen.findByTestId('video-quiz-prompt')).toHaveAttribute('data-subject', '12');
    expect(p.isPaused()).toBe(true);
  });

  it('a wrong answer shows "Not right" and its points; a refused one shows the reason and stays answerable', async () => {
    let refuse = true;
    serve({
      list: { video_quizzes: [quiz], can_manage: false },
      subjects: learnerSubjects,
      answer: (id) =>
        refuse
          ? jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Answer true or false', errors: { answer: ['Answer true or false'] } })
          : jsonResponse(200, { subject_id: id, score: 0, max_score: 1, correct: false, answered_at: '2026-03-01T10:00:00.000Z' }),
    });
    const p = fakePlayer();
    renderWithApp(<VideoQuizLayer player={p.player} courseId={3} uploadId={5} />);
    await screen.findByTestId('video-quiz-score');
    p.advance(2);
    await screen.findByTestId('video-quiz-prompt');
    fireEvent.click(screen.getByRole('radio', { name: 'False' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit answer' }));
    expect(await screen.findByTestId('video-quiz-refusal')).toHaveTextContent('Answer true or false');
    expect(screen.queryByRole('button', { name: 'Continue watching' })).toBeNull();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Submit answer' }));
    expect(await screen.findByTestId('video-quiz-verdict')).toHaveTextContent('Not right');
    expect(screen.getByTestId('video-quiz-verdict')).toHaveTextContent('0 of 1 points');
    expect(answerCalls()).toEqual([
      ['/api/video-quiz-subjects/11/answer', { answer: false }],
      ['/api/video-quiz-subjects/11/answer', { answer: false }],
    ]);
  });

  it('a learner cannot seek past an unanswered subject: the player returns to it', async () => {
    serve({ list: { video_quizzes: [quiz], can_manage: false }, subjects: learnerSubjects });
    const p = fakePlayer();
    renderWithApp(<VideoQuizLayer player={p.player} courseId={3} uploadId={5} />);
    await screen.findByTestId('video-quiz-score');
    p.seekUser(1);
    expect(p.time()).toBe(1);
    p.seekUser(30);
    expect(p.time()).toBe(2);
    expect(await screen.findByText('Answer the question at 0:02 first')).toBeInTheDocument();
  });

  it('the course team sees the markers and the editor button, and is never stopped', async () => {
    serve({
      list: { video_quizzes: [quiz], can_manage: true },
      subjects: {
        view: 'team',
        video_quiz_id: 7,
        max_score: 1,
        subjects: [{ id: 11, video_quiz_id: 7, type: 'true_or_false', description: 'x', score: 1, sort: 0, answer: true, at_seconds: 2 }],
      },
    });
    const p = fakePlayer();
    renderWithApp(
      <Suspense fallback={<span data-testid="player-fallback" />}>
        <VideoQuizLayer player={p.player} courseId={3} uploadId={5} />
      </Suspense>,
    );
    expect(await screen.findByTestId('video-quiz-edit')).toHaveTextContent('Video quiz · 2 questions');
    await waitFor(() => expect(p.bar.querySelectorAll('[data-testid="video-quiz-marker"]')).toHaveLength(1));
    p.advance(5);
    p.seekUser(50);
    expect(p.time()).toBe(50);
    expect(p.player.pause).not.toHaveBeenCalled();
    expect(screen.queryByTestId('video-quiz-prompt')).toBeNull();
    expect(screen.queryByTestId('video-quiz-score')).toBeNull();

    // The editor opens beside the player (its chunk loads under its own Suspense boundary).
    fireEvent.click(screen.getByTestId('video-quiz-edit'));
    expect(screen.queryByTestId('player-fallback')).toBeNull();
    expect(await screen.findByTestId('video-quiz-editor')).toBeInTheDocument();
    expect(await screen.findByText(/Add a question at 0:50/)).toBeInTheDocument();
    expect(screen.getByTestId('video-quiz-edit')).toBeInTheDocument();
  });

  it('shows nothing to a learner when the video has no quiz', async () => {
    serve({ list: { video_quizzes: [], can_manage: false }, subjects: learnerSubjects });
    const p = fakePlayer();
    const { container } = renderWithApp(<VideoQuizLayer player={p.player} courseId={3} uploadId={5} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    p.advance(10);
    expect(container.querySelector('[data-testid^="video-quiz"]')).toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(['/api/courses/3/video-quizzes?upload_id=5']);
  });
});
