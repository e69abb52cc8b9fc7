import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { attemptOf } from '../test/fixtures';
import { AttemptView } from './attempt-view';

const fetchMock = vi.fn<typeof fetch>();
const calls = (method: string, path: string) => fetchMock.mock.calls.filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method);
const submitted = { id: 70, status: 'graded', submitted_at: '2030-01-01T10:10:00.000Z', max_score: 2, score: 1, objective_score: 1, passed: null };

function answerServer() {
  fetchMock.mockImplementation(async (input, init) => {
    if (init?.method === 'PUT') return jsonResponse(200, { saved: 1, saved_at: '2030-01-01T10:01:00.000Z' });
    if (init?.method === 'POST' && String(input).endsWith('/submit')) return jsonResponse(200, submitted);
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'unexpected' });
  });
}

describe('AttemptView (taking an exam, issue 15)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.useRealTimers();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('autosaves a typed answer once, after the typing stops, with the subject id and the answer as given', async () => {
    answerServer();
    const user = userEvent.setup();
    renderWithApp(<AttemptView attempt={attemptOf()} receivedAt={Date.now()} onSubmitted={() => {}} onClosed={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Neon');
    expect(screen.getByTestId('autosave-state')).toHaveAttribute('data-status', 'pending');
    await waitFor(() => expect(calls('PUT', '/api/exam-attempts/70/answers')).toHaveLength(1), { timeout: 3000 });
    expect(JSON.parse(String(calls('PUT', '/api/exam-attempts/70/answers')[0]?.[1]?.body))).toEqual({ answers: [{ subject_id: 15, answer: 'Neon' }] });
    expect(await screen.findByText(/All answers saved/)).toBeInTheDocument();
    // The map follows: question 1 answered, question 2 not.
    const map = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(map).getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Question 2, not answered' })).toBeInTheDocument();
  });

  it('resumes with the saved answers filled in', () => {
    renderWithApp(
      <AttemptView
        attempt={attemptOf({
          answers: [
            { subject_id: 15, answer: 'Argon' },
            { subject_id: 13, answer: false },
          ],
        })}
        receivedAt={Date.now()}
        onSubmitted={() => {}}
        onClosed={() => {}}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Question 1' })).toHaveValue('Argon');
    expect(screen.getByRole('radio', { name: 'False' })).toBeChecked();
  });

  it('counts down on the server clock (the browser clock is years off) and warns under 5 minutes', () => {
    const { unmount } = renderWithApp(
      <AttemptView attempt={attemptOf({ deadline: '2030-01-01T10:04:00.000Z' })} receivedAt={Date.now()} onSubmitted={() => {}} onClosed={() => {}} />,
    );
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('04:00');
    expect(timer).toHaveAttribute('data-warning', 'true');
    unmount();
    renderWithApp(
      <AttemptView attempt={attemptOf({ deadline: '2030-01-01T11:30:00.000Z' })} receivedAt={Date.now()} onSubmitted={() => {}} onClosed={() => {}} />,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('1:30:00');
    expect(screen.getByRole('timer')).toHaveAttribute('data-warning', 'false');
  });

  it('at 0 hands the attempt back to be read again (the server submits it)', async () => {
    vi.useFakeTimers();
    const onClosed = vi.fn();
    renderWithApp(
      <AttemptView attempt={attemptOf({ deadline: '2030-01-01T10:00:02.000Z' })} receivedAt={Date.now()} onSubmitted={() => {}} onClosed={onClosed} />,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('00:02');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:01');
    expect(onClosed).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
    expect(onClosed).toHaveBeenCalledExactlyOnceWith('deadline');
  });

  it('asks before submitting, naming the unanswered questions; "keep working" sends nothing', async () => {
    answerServer();
    const user = userEvent.setup();
    const onSubmitted = vi.fn();
    renderWithApp(<AttemptView attempt={attemptOf()} receivedAt={Date.now()} onSubmitted={onSubmitted} onClosed={() => {}} />);
    await user.click(screen.getByRole('button', { name: /Submit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 questions are not answered.')).toBeInTheDocument();
    expect(within(dialog).getByText('Not answered: 1, 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep working' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('saves the last answer, then submits after the confirmation', async () => {
    answerServer();
    const user = userEvent.setup();
    const onSubmitted = vi.fn();
    renderWithApp(<AttemptView attempt={attemptOf()} receivedAt={Date.now()} onSubmitted={onSubmitted} onClosed={() => {}} />);
    await user.click(screen.getByRole('radio', { name: 'True' }));
    await user.click(screen.getByRole('button', { name: /Submit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1 question is not answered.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(submitted));
    const order = fetchMock.mock.calls.map(([input, init]) => `${init?.method} ${String(input)}`);
    expect(order).toEqual(['PUT /api/exam-attempts/70/answers', 'POST /api/exam-attempts/70/submit']);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ answers: [{ subject_id: 13, answer: true }] });
  });
});
