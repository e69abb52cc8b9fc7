import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { rememberAttempt } from '../lib/attempt-memory';
import { SUBJECTS, attemptOf, examActivityOf } from '../test/fixtures';
import { ExamPage } from './exam-page';

const fetchMock = vi.fn<typeof fetch>();
const calls = (method: string, path: string) => fetchMock.mock.calls.filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method);

describe('the exam on its learning-activity page (issue 15)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('a learner sees the start card, starts, and finds the attempt again after a reload', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/exams/7/attempts' && init?.method === 'POST') return jsonResponse(201, attemptOf({ deadline: '2030-01-01T11:30:00.000Z' }));
      if (String(input) === '/api/exam-attempts/70')
        return jsonResponse(200, attemptOf({ deadline: '2030-01-01T11:30:00.000Z', now: '2030-01-01T10:20:00.000Z' }));
      return jsonResponse(404, { code: 'NOT_FOUND', message: String(input) });
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { unmount } = renderWithApp(<ExamPage activity={examActivityOf()} isTeam={false} isScoreList={false} />);
    const card = screen.getByTestId('exam-start');
    expect(within(card).getByTestId('exam-attempts')).toHaveTextContent('2 attempts allowed');
    expect(card).toHaveTextContent('1 hour 30 minutes');
    expect(card).toHaveTextContent('Any time');
    await user.click(within(card).getByText('Start the attempt').closest('button')!);
    expect(await screen.findByTestId('exam-attempt')).toBeInTheDocument();
    expect(calls('POST', '/api/exams/7/attempts')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Attempt 1' })).toHaveFocus();
    unmount();

    renderWithApp(<ExamPage activity={examActivityOf()} isTeam={false} isScoreList={false} />);
    const resume = await screen.findByText('Resume attempt 1');
    expect(screen.getByTestId('exam-attempts')).toHaveTextContent('1 of 2 used');
    await user.click(resume.closest('button')!);
    expect(await screen.findByTestId('exam-attempt')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('1:10:00');
    expect(calls('POST', '/api/exams/7/attempts')).toHaveLength(1);
  });

  it('after the last attempt: the result with score, pass mark and per-subject results, and no start button', async () => {
    rememberAttempt(7, 70);
    fetchMock.mockResolvedValue(
      jsonResponse(
        200,
        attemptOf({
          number: 2,
          status: 'graded',
          submitted_at: '2030-01-01T10:30:00.000Z',
          subjects: [SUBJECTS.true_or_false, SUBJECTS.short_answer],
          answers: [{ subject_id: 13, answer: true }],
          score: 1,
          objective_score: 1,
          max_score: 2,
          results: [
            { subject_id: 13, score: 1, feedback: null, correct: true },
            { subject_id: 15, score: 0, feedback: '<p>Try helium.</p>', correct: 'Helium' },
          ],
        }),
      ),
    );
    renderWithApp(<ExamPage activity={examActivityOf({ data: { max_attempts: 2, pass_score: 1.5 } })} isTeam={false} isScoreList={false} />);
    const result = await screen.findByTestId('exam-result');
    expect(within(result).getByTestId('result-score')).toHaveTextContent('1 / 2');
    expect(within(result).getByTestId('result-passed')).toHaveTextContent('Not passed (pass mark 1.5)');
    const second = within(result).getAllByTestId('result-subject')[1]!;
    expect(second).toHaveTextContent('0 / 1');
    expect(second).toHaveTextContent('No answer');
    expect(second).toHaveTextContent('Helium');
    expect(second).toHaveTextContent('Try helium.');
    expect(screen.getByTestId('exam-none-left')).toBeInTheDocument();
    expect(screen.queryByText('Start a new attempt')).not.toBeInTheDocument();
  });

  it('says when scores wait for grading or are not shown yet', async () => {
    rememberAttempt(7, 70);
    const finished = attemptOf({ status: 'submitted', submitted_at: '2030-01-01T10:30:00.000Z', objective_score: 1 });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...finished, results: [{ subject_id: 15, score: null, feedback: null }] }));
    const { unmount } = renderWithApp(<ExamPage activity={examActivityOf()} isTeam={false} isScoreList={false} />);
    expect(await screen.findByTestId('result-waiting')).toBeInTheDocument();
    unmount();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...finished, objective_score: null }));
    renderWithApp(<ExamPage activity={examActivityOf({ data: { show_score: 'after_publish' } })} isTeam={false} isScoreList={false} />);
    expect(await screen.findByTestId('result-hidden')).toHaveTextContent('Your score will be shown when the teacher publishes the scores.');
    expect(screen.getByText('Start a new attempt')).toBeInTheDocument();
  });

  it('a learner out of attempts is told so by the server’s 409', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { code: 'EXAM_NO_ATTEMPTS_LEFT', message: 'All 2 attempt(s) of this exam were used' }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<ExamPage activity={examActivityOf()} isTeam={false} isScoreList={false} />);
    await user.click(screen.getByText('Start the attempt').closest('button')!);
    expect(await screen.findByTestId('exam-none-left')).toHaveTextContent('You have used all the attempts allowed for this exam.');
  });

  it('the course team sees the subjects and goes to the score list by its hash', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { subjects: [], total_score: 0 }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<ExamPage activity={examActivityOf()} isTeam isScoreList={false} />, { route: '/course/2/learning-activity#/exam/7' });
    expect(await screen.findByText('This exam has no questions yet.')).toBeInTheDocument();
    await user.click(screen.getByTestId('score-list-link'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/2/learning-activity#/exam/7/score-list'));
  });
});
