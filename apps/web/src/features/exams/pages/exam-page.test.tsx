import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompletedTag, studyCompletenessOf } from '../../../test/completion-probe';
import { jsonResponse, renderWithApp } from '../../../test/render';
import type { MyAttempts } from '@atrium/contracts';
import { StudyPanel } from '../../courses/components/study-panel';
import { SUBJECTS, attemptOf, examActivityOf } from '../test/fixtures';
import { ExamPage } from './exam-page';

// Two shared cores run many suites at once: give answers from the mocked server time to land.
configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
/** `GET /api/exams/7/my-attempts` with these attempts (2 allowed; used counts them). */
const mine = (attempts: MyAttempts['attempts'], over: Partial<MyAttempts> = {}): MyAttempts => ({
  attempts,
  attempts_allowed: 2,
  attempts_used: attempts.length,
  in_progress_id: null,
  exam_score: null,
  ...over,
});
const past = (over: Partial<MyAttempts['attempts'][number]> = {}): MyAttempts['attempts'][number] => ({
  id: 70,
  number: 1,
  status: 'graded',
  started_at: '2030-01-01T10:00:00.000Z',
  deadline: null,
  submitted_at: over.status === 'in_progress' ? null : '2030-01-01T10:30:00.000Z',
  max_score: 2,
  score: null,
  ...over,
});
const calls = (method: string, path: string) => fetchMock.mock.calls.filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method);

describe('the exam on its learning-activity page (issue 15)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('a learner sees the start card, starts, and finds the attempt again after a reload (the server’s my-attempts, no browser memory)', async () => {
    let started = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/exams/7/my-attempts')
        return jsonResponse(200, started ? mine([past({ status: 'in_progress', deadline: '2030-01-01T11:30:00.000Z' })], { in_progress_id: 70 }) : mine([]));
      if (url === '/api/exams/7/attempts' && init?.method === 'POST') {
        started = true;
        return jsonResponse(201, attemptOf({ deadline: '2030-01-01T11:30:00.000Z' }));
      }
      if (url === '/api/exam-attempts/70') return jsonResponse(200, attemptOf({ deadline: '2030-01-01T11:30:00.000Z', now: '2030-01-01T10:20:00.000Z' }));
      return jsonResponse(404, { code: 'NOT_FOUND', message: url });
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { unmount } = renderWithApp(<ExamPage activity={examActivityOf()} isTeam={false} isScoreList={false} />);
    const card = await screen.findByTestId('exam-start');
    expect(within(card).getByTestId('exam-attempts')).toHaveTextContent('2 attempts allowed');
    expect(card).toHaveTextContent('1 hour 30 minutes');
    expect(card).toHaveTextContent('Any time');
    expect(within(card).queryByTestId('exam-my-attempts')).toBeNull();
    await user.click(within(card).getByText('Start the attempt').closest('button')!);
    expect(await screen.findByTestId('exam-attempt')).toBeInTheDocument();
    expect(calls('POST', '/api/exams/7/attempts')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Attempt 1' })).toHaveFocus();
    unmount();
    expect(window.localStorage.length).toBe(0);

    renderWithApp(<ExamPage activity={examActivityOf()} isTeam={false} isScoreList={false} />);
    const resume = await screen.findByText('Resume attempt 1');
    expect(screen.getByTestId('exam-attempts')).toHaveTextContent('1 of 2 used');
    // The time left runs on the server's clock of the attempt as read.
    expect(await screen.findByText('1:10:00')).toBeInTheDocument();
    expect(within(screen.getByTestId('exam-my-attempts')).getByText('In progress')).toBeInTheDocument();
    await user.click(resume.closest('button')!);
    expect(await screen.findByTestId('exam-attempt')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('1:10:00');
    expect(calls('POST', '/api/exams/7/attempts')).toHaveLength(1);
  });

  it('submitting completes the exam and the course on screen without a reload: the completed tag and the completion popup', async () => {
    let isSubmitted = false;
    const inProgress = attemptOf({ subjects: [SUBJECTS.true_or_false] });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/exams/7/my-attempts')
        return jsonResponse(200, isSubmitted ? mine([past({ score: 1 })]) : mine([past({ status: 'in_progress' })], { in_progress_id: 70 }));
      if (url === '/api/exam-attempts/70')
        return jsonResponse(200, isSubmitted ? { ...inProgress, status: 'graded', submitted_at: '2030-01-01T10:10:00.000Z', score: 1 } : inProgress);
      if (url === '/api/exam-attempts/70/answers') return jsonResponse(200, { saved: 1, saved_at: '2030-01-01T10:01:00.000Z' });
      if (url === '/api/exam-attempts/70/submit') {
        isSubmitted = true;
        return jsonResponse(200, {
          id: 70,
          status: 'graded',
          submitted_at: '2030-01-01T10:10:00.000Z',
          max_score: 1,
          score: 1,
          objective_score: 1,
          passed: null,
        });
      }
      if (url === '/api/activities/7') return jsonResponse(200, examActivityOf({ is_completed: isSubmitted }));
      if (url === '/api/courses/2/study-completeness') return jsonResponse(200, studyCompletenessOf(isSubmitted ? 100 : 50, { id: 7, title: 'Midterm' }));
      return jsonResponse(404, { code: 'NOT_FOUND', message: url });
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(
      <>
        <StudyPanel courseId={2} />
        <CompletedTag activityId={7} />
        <ExamPage activity={examActivityOf()} isTeam={false} isScoreList={false} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('study-panel')).toHaveTextContent('Study completeness: 50%'));
    await user.click((await screen.findByText('Resume attempt 1')).closest('button')!);
    await user.click(await screen.findByRole('radio', { name: 'True' }));
    await user.click(screen.getByRole('button', { name: /Submit/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('activity-completed-tag')).toBeInTheDocument();
    expect(await screen.findByText('Congratulations!')).toBeInTheDocument();
    expect(screen.getByTestId('study-panel')).toHaveTextContent('Study completeness: 100%');
  });

  it('after the last attempt: every attempt with its score, the exam’s score, the latest result, and no start button', async () => {
    const latest = attemptOf({
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
    });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/exams/7/my-attempts')
        return jsonResponse(
          200,
          mine([past({ id: 69, number: 1, status: 'graded', score: 2 }), past({ id: 70, number: 2, status: 'graded', score: 1 })], { exam_score: 2 }),
        );
      if (url === '/api/exam-attempts/70') return jsonResponse(200, latest);
      if (url === '/api/exam-attempts/69') return jsonResponse(200, { ...latest, id: 69, number: 1, score: 2 });
      return jsonResponse(404, { code: 'NOT_FOUND', message: url });
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<ExamPage activity={examActivityOf({ data: { max_attempts: 2, pass_score: 1.5 } })} isTeam={false} isScoreList={false} />);
    const result = await screen.findByTestId('exam-result');
    expect(within(result).getByRole('heading')).toHaveTextContent('Attempt 2: result');
    expect(within(result).getByTestId('result-score')).toHaveTextContent('1 / 2');
    expect(within(result).getByTestId('result-passed')).toHaveTextContent('Not passed (passing score 1.5)');
    const second = within(result).getAllByTestId('result-subject')[1]!;
    expect(second).toHaveTextContent('0 / 1');
    expect(second).toHaveTextContent('No answer');
    expect(second).toHaveTextContent('Helium');
    expect(second).toHaveTextContent('Try helium.');
    expect(screen.getByTestId('exam-attempts')).toHaveTextContent('2 of 2 used');
    expect(screen.getByTestId('exam-score')).toHaveTextContent('2 / 2');
    expect(screen.getByText('Exam score (highest attempt)')).toBeInTheDocument();
    expect(screen.getAllByTestId('my-attempt-score').map((e) => e.textContent)).toEqual(['2 / 2', '1 / 2']);
    expect(screen.getByTestId('exam-none-left')).toBeInTheDocument();
    expect(screen.queryByText('Start a new attempt')).not.toBeInTheDocument();
    // An earlier attempt's result is one click away.
    await user.click(screen.getByLabelText('View the result of attempt 1'));
    await waitFor(() => expect(within(screen.getByTestId('exam-result')).getByRole('heading')).toHaveTextContent('Attempt 1: result'));
    expect(within(screen.getByTestId('exam-result')).getByTestId('result-score')).toHaveTextContent('2 / 2');
  });

  it('says when scores wait for grading or are not shown yet', async () => {
    const finished = attemptOf({ status: 'submitted', submitted_at: '2030-01-01T10:30:00.000Z', objective_score: 1 });
    let answer: unknown = { ...finished, results: [{ subject_id: 15, score: null, feedback: null }] };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/exams/7/my-attempts') return jsonResponse(200, mine([past({ status: 'submitted' })]));
      if (url === '/api/exam-attempts/70') return jsonResponse(200, answer);
      return jsonResponse(404, { code: 'NOT_FOUND', message: url });
    });
    const { unmount } = renderWithApp(<ExamPage activity={examActivityOf()} isTeam={false} isScoreList={false} />);
    expect(await screen.findByTestId('result-waiting')).toBeInTheDocument();
    expect(within(screen.getByTestId('exam-my-attempts')).getByText('Waiting for grading')).toBeInTheDocument();
    expect(screen.getByTestId('exam-score')).toHaveTextContent('Not shown yet');
    unmount();
    answer = { ...finished, objective_score: null };
    renderWithApp(<ExamPage activity={examActivityOf({ data: { show_score: 'after_publish' } })} isTeam={false} isScoreList={false} />);
    expect(await screen.findByTestId('result-hidden')).toHaveTextContent('Your score will be shown when the teacher publishes the scores.');
    expect(screen.getByText('Start a new attempt')).toBeInTheDocument();
  });

  it('a learner out of attempts is told so by the server’s 409', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/exams/7/my-attempts'
        ? jsonResponse(200, mine([]))
        : jsonResponse(409, { code: 'EXAM_NO_ATTEMPTS_LEFT', message: 'All 2 attempt(s) of this exam were used' }),
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<ExamPage activity={examActivityOf()} isTeam={false} isScoreList={false} />);
    await user.click((await screen.findByText('Start the attempt')).closest('button')!);
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
