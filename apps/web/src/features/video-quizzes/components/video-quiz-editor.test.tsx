import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VideoQuiz, VideoQuizResults, VideoQuizSubjectAnswers, VideoQuizSubjects } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { VideoQuizEditor } from './video-quiz-editor';

const fetchMock = vi.fn<typeof fetch>();

const quiz: VideoQuiz = {
  id: 7,
  course_id: 3,
  upload_id: 5,
  title: 'Mice',
  subject_count: 1,
  upload: { id: 5, name: 'mice.mp4', type: 'video', status: 'ready', duration: 60 },
};
const subjects: VideoQuizSubjects = {
  view: 'team',
  video_quiz_id: 7,
  max_score: 1,
  subjects: [{ id: 11, video_quiz_id: 7, type: 'true_or_false', description: '<p>The mice are grey</p>', score: 1, sort: 0, answer: true, at_seconds: 4 }],
};

const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([u, init]) => [String(u), init?.body ? JSON.parse(String(init.body)) : undefined]);

describe('VideoQuizEditor (the course team, issue 15 §6)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists the subjects with their times and adds one at the current playback time; a refused second shows on its field', async () => {
    let refuse = true;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/video-quizzes/7/subjects' && init?.method === 'POST') {
        if (refuse)
          return jsonResponse(400, {
            code: 'VALIDATION_FAILED',
            message: 'Choose a second within the video',
            errors: { at_seconds: ['Choose a second within the video (at most 60)'] },
          });
        return jsonResponse(201, { ...subjects.subjects[0], id: 12, at_seconds: 12.3 });
      }
      if (url === '/api/video-quizzes/7/subjects') return jsonResponse(200, subjects);
      return jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: url });
    });
    renderWithApp(<VideoQuizEditor courseId={3} uploadId={5} quiz={quiz} duration={60} currentTime={() => 12.34} onSeek={() => {}} onClose={() => {}} />);
    const row = await screen.findByTestId('video-quiz-subject');
    expect(row).toHaveTextContent('0:04');
    expect(row).toHaveTextContent('True or false');
    expect(row).toHaveTextContent('The mice are grey');

    fireEvent.click(screen.getByText(/Add a question at 0:12/));
    const form = await screen.findByTestId('video-quiz-subject-form');
    expect(within(form).getByLabelText('At second')).toHaveValue('12.3');
    fireEvent.mouseDown(within(form).getByLabelText('Type'));
    fireEvent.click(await screen.findByTitle('True or false'));
    fireEvent.click(await within(form).findByLabelText('True'));
    fireEvent.click(within(form).getByText('Save'));
    expect(await within(form).findByText('Choose a second within the video (at most 60)')).toBeInTheDocument();

    refuse = false;
    fireEvent.click(within(form).getByText('Save'));
    await waitFor(() => expect(screen.queryByTestId('video-quiz-subject-form')).toBeNull());
    const posted = calls('POST');
    expect(posted).toHaveLength(2);
    expect(posted[1]).toEqual([
      '/api/video-quizzes/7/subjects',
      { at_seconds: 12.3, type: 'true_or_false', description: '', score: 1, case_sensitive: false, answer: true },
    ]);
  });

  it('deletes a subject after asking', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/video-quiz-subjects/11' && init?.method === 'DELETE') return new Response(null, { status: 204 });
      if (url === '/api/video-quizzes/7/subjects') return jsonResponse(200, subjects);
      return jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: url });
    });
    renderWithApp(<VideoQuizEditor courseId={3} uploadId={5} quiz={quiz} duration={60} currentTime={() => 0} onSeek={() => {}} onClose={() => {}} />);
    await screen.findByTestId('video-quiz-subject');
    fireEvent.click(screen.getByLabelText('Delete'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(calls('DELETE')).toEqual([['/api/video-quiz-subjects/11', undefined]]));
  });

  it('the results tab counts answers to grade; Grade opens the essays, shows a refusal of the server and saves the points', async () => {
    const essay = { id: 12, video_quiz_id: 7, type: 'essay' as const, description: '<p>Why two mice?</p>', score: 4, sort: 1, at_seconds: 9 };
    let graded: number | null = null;
    const results = (): VideoQuizResults => ({
      video_quiz_id: 7,
      max_score: 5,
      subjects: [
        { subject_id: 11, at_seconds: 4, type: 'true_or_false', max_score: 1, answered: 1, right: 1, to_grade: 0 },
        { subject_id: 12, at_seconds: 9, type: 'essay', max_score: 4, answered: 1, right: 0, to_grade: graded === null ? 1 : 0 },
      ],
      learners: [{ user: { id: 40, name: 'Sam', user_no: 'S40' }, answered: 2, right: 1, score: 1 + (graded ?? 0), to_grade: graded === null ? 1 : 0 }],
    });
    const answers = (): VideoQuizSubjectAnswers => ({
      subject_id: 12,
      type: 'essay',
      max_score: 4,
      answers: [
        {
          user: { id: 40, name: 'Sam', user_no: 'S40' },
          answer: '<p>They keep each other company.</p>',
          score: graded,
          correct: null,
          answered_at: '2026-11-20T08:00:00.000Z',
        },
      ],
    });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/video-quizzes/7/subjects') return jsonResponse(200, { ...subjects, subjects: [...subjects.subjects, essay] });
      if (url === '/api/video-quizzes/7/results') return jsonResponse(200, results());
      if (url === '/api/video-quiz-subjects/12/answers') return jsonResponse(200, answers());
      if (url === '/api/video-quiz-subjects/12/answers/40/score' && init?.method === 'PUT') {
        const { score } = JSON.parse(String(init.body)) as { score: number };
        if (score === 4) return jsonResponse(403, { code: 'FORBIDDEN', message: 'You no longer teach this course' });
        graded = score;
        return jsonResponse(200, answers().answers[0]);
      }
      return jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: url });
    });
    renderWithApp(<VideoQuizEditor courseId={3} uploadId={5} quiz={quiz} duration={60} currentTime={() => 0} onSeek={() => {}} onClose={() => {}} />);
    await screen.findAllByTestId('video-quiz-subject');
    fireEvent.click(screen.getByRole('tab', { name: 'Results' }));
    const grade = await screen.findAllByRole('button', { name: 'Grade' });
    expect(screen.getAllByRole('columnheader', { name: 'To grade' })).toHaveLength(2);
    await waitFor(() => expect(grade[1]).toBeEnabled());
    fireEvent.click(grade[1]!);
    const row = await screen.findByTestId('quiz-answer');
    expect(row).toHaveTextContent('Sam (S40)');
    expect(row).toHaveTextContent('They keep each other company.');
    expect(within(row).getByText('To grade')).toBeInTheDocument();

    const points = within(row).getByLabelText('Points for Sam');
    fireEvent.change(points, { target: { value: '4' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save points' }));
    expect(await screen.findByText('You no longer teach this course')).toBeInTheDocument();
    expect(graded).toBeNull();

    fireEvent.change(points, { target: { value: '3.5' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save points' }));
    await waitFor(() => expect(graded).toBe(3.5));
    expect(await within(await screen.findByTestId('quiz-answer')).findByText('3.5 of 4 points')).toBeInTheDocument();
    expect(calls('PUT')).toContainEqual(['/api/video-quiz-subjects/12/answers/40/score', { score: 3.5 }]);
  });
});
