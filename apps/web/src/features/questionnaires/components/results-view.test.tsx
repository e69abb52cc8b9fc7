import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuestionnaireResults } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ResultsView } from './results-view';

// Two shared cores run many suites at once: give answers from the mocked server time to land.
configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();

const results: QuestionnaireResults = {
  activity_id: 7,
  anonymous: false,
  response_count: 4,
  learner_count: 10,
  subjects: [
    {
      subject_id: 1,
      type: 'single_selection',
      description: '<p>Favourite colour?</p>',
      answered: 4,
      options: [
        { id: 'a', content: 'Red', count: 1 },
        { id: 'b', content: 'Blue', count: 3 },
      ],
    },
    {
      subject_id: 5,
      type: 'rating',
      description: '<p>How useful?</p>',
      answered: 3,
      rating: {
        min: 1,
        max: 5,
        distribution: [
          { value: 2, count: 1 },
          { value: 5, count: 2 },
        ],
        mean: 4,
      },
    },
    {
      subject_id: 6,
      type: 'matrix',
      description: '<p>Rate the parts</p>',
      answered: 4,
      matrix: {
        rows: [
          { id: 'r1', content: 'Lectures' },
          { id: 'r2', content: 'Labs' },
        ],
        columns: [
          { id: 'c1', content: 'Poor' },
          { id: 'c2', content: 'Good' },
        ],
        counts: [
          [1, 3],
          [4, 0],
        ],
      },
    },
    {
      subject_id: 3,
      type: 'text',
      description: '<p>Comments</p>',
      answered: 7,
      texts: Array.from({ length: 7 }, (_, i) => ({ text: `Answer ${i + 1}`, user: i === 0 ? { id: 9, name: 'Ada Lovelace' } : null })),
    },
  ],
};

/** The card of a subject's results, found by its text. */
const card = (text: string) => screen.getByText(text).closest<HTMLElement>('[data-testid="subject-result"]')!;
/** The rows of the counts table in a card: each row's cells' text. */
const tableRows = (element: HTMLElement, label: string) =>
  [...within(element).getByLabelText(label).querySelectorAll('tbody tr')]
    .filter((row) => !row.classList.contains('ant-table-measure-row'))
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('ResultsView (issue 15 §5)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows responses against learners, and each subject’s counts beside its chart', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, results));
    renderWithApp(<ResultsView activityId={7} canExport />);
    expect(await screen.findByText('4 of 10 learners answered')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/questionnaires/7/results');
    expect(within(screen.getByTestId('response-count')).getByText('4')).toBeInTheDocument();
    expect(within(screen.getByTestId('learner-count')).getByText('10')).toBeInTheDocument();

    const choice = card('Favourite colour?');
    expect(tableRows(choice, 'Counts of the answers to question 1')).toEqual([
      ['Red', '1', '25%'],
      ['Blue', '3', '75%'],
    ]);
    expect(within(choice).getByText('4 answered')).toBeInTheDocument();

    const rating = card('How useful?');
    expect(tableRows(rating, 'Counts of the answers to question 2')).toEqual([
      ['1', '0', '0%'],
      ['2', '1', '33%'],
      ['3', '0', '0%'],
      ['4', '0', '0%'],
      ['5', '2', '67%'],
    ]);
    expect(screen.getByTestId('rating-mean')).toHaveTextContent('Mean (1–5)4.00');

    const matrix = card('Rate the parts');
    expect(tableRows(matrix, 'Counts of the answers to question 3')).toEqual([
      ['Lectures', '1', '3'],
      ['Labs', '4', '0'],
    ]);

    // The charts (a lazily loaded chunk) are images named after their subject.
    await waitFor(() => expect(within(choice).getByRole('img', { name: 'Chart of the answers to question 1' })).toBeInTheDocument(), { timeout: 15_000 });
    expect(within(matrix).getByRole('img', { name: 'Chart of the answers to question 3' })).toBeInTheDocument();
  });

  it('pages the text answers, newest first as given, with the name when there is one', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, results));
    renderWithApp(<ResultsView activityId={7} canExport={false} />);
    await screen.findByText('Comments');
    const texts = card('Comments');
    expect(
      within(texts)
        .getAllByTestId('text-answer')
        .map((item) => item.querySelector('.ant-typography')?.textContent),
    ).toEqual(['Answer 1', 'Answer 2', 'Answer 3', 'Answer 4', 'Answer 5']);
    expect(within(texts).getByText('Ada Lovelace')).toBeInTheDocument();
    fireEvent.click(within(texts).getByTitle('2'));
    await waitFor(() => expect(within(texts).getAllByTestId('text-answer')).toHaveLength(2));
    expect(within(texts).getByText('Answer 7')).toBeInTheDocument();
    expect(screen.queryByText('Export CSV')).not.toBeInTheDocument();
  });

  it('offers the team CSV and XLSX downloads of every response', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, results));
    renderWithApp(<ResultsView activityId={7} canExport />);
    const csv = (await screen.findByText('Export CSV')).closest('a');
    const xlsx = screen.getByText('Export XLSX').closest('a');
    expect(csv).toHaveAttribute('href', '/api/questionnaires/7/results/export?format=csv');
    expect(xlsx).toHaveAttribute('href', '/api/questionnaires/7/results/export?format=xlsx');
  });

  it('says when nobody has answered yet, and when loading failed (with a retry)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...results, response_count: 0 }));
    const { unmount } = renderWithApp(<ResultsView activityId={7} canExport />);
    expect(await screen.findByText('No responses yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('subject-result')).not.toBeInTheDocument();
    unmount();

    fetchMock.mockResolvedValueOnce(jsonResponse(500, { code: 'INTERNAL', message: 'Database unavailable' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, results));
    renderWithApp(<ResultsView activityId={7} canExport />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Try again').closest('button')!);
    expect(await screen.findByText('4 of 10 learners answered')).toBeInTheDocument();
  });
});
