import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { SUBJECTS, attemptOf } from '../test/fixtures';
import { ScoreList } from './score-list';

const fetchMock = vi.fn<typeof fetch>();
const requests = (method: string, prefix: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input).startsWith(prefix) && (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({ url: String(input), body: init?.body }));

const row = (over: object) => ({
  id: 70,
  number: 1,
  user: { id: 5, name: 'Ada Lovelace', user_no: 'S001' },
  status: 'submitted',
  started_at: '2030-01-01T10:00:00.000Z',
  submitted_at: '2030-01-01T10:20:00.000Z',
  score: null,
  objective_score: 2,
  max_score: 7,
  ungraded: 1,
  ...over,
});
const list = {
  attempts: [row({}), row({ id: 71, number: 2, user: { id: 6, name: 'Alan Turing', user_no: null }, status: 'graded', score: 6.5, ungraded: 0 })],
  page: 1,
  page_size: 20,
  pages: 1,
  total: 2,
  scores_published_at: null,
};
const review = attemptOf({
  status: 'submitted',
  subjects: [SUBJECTS.single_selection, SUBJECTS.essay],
  answers: [
    { subject_id: 11, answer: 'o1' },
    { subject_id: 18, answer: '<p>Rayleigh scattering</p>' },
  ],
  max_score: 7,
  objective_score: 2,
  results: [
    { subject_id: 11, score: 2, feedback: null, correct: 'o1' },
    { subject_id: 18, score: null, feedback: null },
  ],
});

function serve(grades: () => Response = () => jsonResponse(200, review)) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/exams/7/score-list')) return jsonResponse(200, list);
    if (url === '/api/exam-attempts/70/review') return jsonResponse(200, review);
    if (url === '/api/exam-attempts/70/grades' && method === 'PUT') return grades();
    if (url === '/api/exams/7/scores/publish') return jsonResponse(200, { scores_published_at: '2030-01-02T00:00:00.000Z', attempts: 2 });
    return jsonResponse(404, { code: 'NOT_FOUND', message: url });
  });
}

describe('the exam score list (issue 15, #/exam/{id}/score-list)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows a page of attempts with learner, user number, attempt, status, score / max and answers to grade', async () => {
    serve();
    renderWithApp(<ScoreList activityId={7} backTo="#/exam/7" />);
    const ada = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    expect(requests('GET', '/api/exams/7/score-list')[0]?.url).toBe('/api/exams/7/score-list?page=1&page_size=20');
    const submittedAt = dayjs('2030-01-01T10:20:00.000Z').format('YYYY.MM.DD HH:mm');
    expect([...ada.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Ada Lovelace',
      'S001',
      '1',
      'Submitted',
      submittedAt,
      '2 so far / 7',
      '1',
      'Grade',
    ]);
    const alan = screen.getByText('Alan Turing').closest('tr')!;
    expect(alan).toHaveTextContent('6.5 / 7');
    expect(alan).toHaveTextContent('Graded');
    expect(within(alan).getAllByRole('cell')[1]).toHaveTextContent('—');
  });

  it('filters by status and searches by name or user number, from page 1', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<ScoreList activityId={7} backTo="#/exam/7" />);
    await screen.findByText('Ada Lovelace');
    fireEvent.mouseDown(screen.getByLabelText('Status', { selector: 'input' }));
    fireEvent.click(await screen.findByTitle('Graded'));
    await waitFor(() => expect(requests('GET', '/api/exams/7/score-list').at(-1)?.url).toBe('/api/exams/7/score-list?page=1&page_size=20&status=graded'));
    await user.type(screen.getByLabelText('Search learners'), 'S00{Enter}');
    await waitFor(() =>
      expect(requests('GET', '/api/exams/7/score-list').at(-1)?.url).toBe('/api/exams/7/score-list?page=1&page_size=20&status=graded&keyword=S00'),
    );
  });

  it('shows a whole class on one page: sizes up to the server’s 500', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { ...list, pages: 30, total: 600 }));
    renderWithApp(<ScoreList activityId={7} backTo="#/exam/7" />);
    await screen.findByText('Ada Lovelace');
    fireEvent.mouseDown(screen.getByText('20 / page'));
    fireEvent.click(await screen.findByTitle('500 / page'));
    await waitFor(() => expect(requests('GET', '/api/exams/7/score-list').at(-1)?.url).toBe('/api/exams/7/score-list?page=1&page_size=500'));
    // Above 100 rows the table renders only the rows in view (virtual); the rows and their grade buttons are the same.
    await waitFor(() => expect(document.querySelector('[data-testid="exam-score-list"] .ant-table-tbody-virtual')).not.toBeNull());
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByLabelText('Grade attempt 2 of Alan Turing')).toBeEnabled();
  }, 60_000);

  it('grades in a drawer: the answer, the right answer, a score per subject and feedback, saved as grades', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<ScoreList activityId={7} backTo="#/exam/7" />);
    await user.click(await screen.findByLabelText('Grade attempt 1 of Ada Lovelace'));
    const essay = (await screen.findAllByTestId('grade-subject')).find((s) => s.dataset.subjectId === '18')!;
    expect(essay).toHaveTextContent('Rayleigh scattering');
    expect(essay).toHaveTextContent('Needs a score');
    const choice = screen.getAllByTestId('grade-subject').find((s) => s.dataset.subjectId === '11')!;
    expect(within(choice).getByText('Right answer').closest('tr')).toHaveTextContent('Mars');
    expect(within(choice).getByLabelText('Score (at most 2)')).toHaveValue('2');
    await user.type(within(essay).getByLabelText('Score (at most 5)'), '4.5');
    await user.type(within(essay).getByLabelText('Feedback'), 'Good, but say why.');
    await user.click(screen.getByText('Save grades').closest('button')!);
    await waitFor(() => expect(requests('PUT', '/api/exam-attempts/70/grades')).toHaveLength(1));
    expect(JSON.parse(String(requests('PUT', '/api/exam-attempts/70/grades')[0]?.body))).toEqual({
      grades: [
        { subject_id: 11, score: 2, feedback: null },
        { subject_id: 18, score: 4.5, feedback: 'Good, but say why.' },
      ],
    });
  });

  it('shows the server’s score error on that subject', async () => {
    serve(() => jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'At most 5 point(s)', errors: { 'grades[1].score': ['At most 5 point(s)'] } }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<ScoreList activityId={7} backTo="#/exam/7" />);
    await user.click(await screen.findByLabelText('Grade attempt 1 of Ada Lovelace'));
    const essay = (await screen.findAllByTestId('grade-subject')).find((s) => s.dataset.subjectId === '18')!;
    await user.type(within(essay).getByLabelText('Score (at most 5)'), '5');
    await user.click(screen.getByText('Save grades').closest('button')!);
    expect(await within(essay).findByText('At most 5 point(s)')).toBeInTheDocument();
  });

  it('publishes the scores after confirmation', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<ScoreList activityId={7} backTo="#/exam/7" />);
    await screen.findByText('Ada Lovelace');
    await user.click(screen.getByText('Publish scores').closest('button')!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Learners will see their scores');
    expect(requests('POST', '/api/exams/7/scores/publish')).toHaveLength(0);
    await user.click(within(dialog).getByText('Publish scores').closest('button')!);
    await waitFor(() => expect(requests('POST', '/api/exams/7/scores/publish')).toHaveLength(1));
    expect(await screen.findByText('Scores published to 2 learners.')).toBeInTheDocument();
  });
});
