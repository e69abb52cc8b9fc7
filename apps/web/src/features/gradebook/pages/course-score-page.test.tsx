import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route } from 'react-router';
import type { Gradebook } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { CourseScorePage } from './course-score-page';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
const calls = (method: string, path: string) => fetchMock.mock.calls.filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method);

const ITEMS: Gradebook['items'] = [
  { activity_id: 7, title: 'Midterm', type: 'exam', max_score: 20, weight: 1, category_id: null, published: true, published_at: '2099-01-05T10:00:00.000Z' },
  { activity_id: 9, title: 'Essay', type: 'homework', max_score: 100, weight: 2, category_id: null, published: false, published_at: null },
];

const teamBook: Gradebook = {
  items: ITEMS,
  categories: [],
  rows: [
    { user_id: 5, name: 'Student Two', user_no: 'S002', scores: { '7': 15, '9': 87 }, total: 82.5 },
    { user_id: 6, name: 'Student Three', user_no: 'S003', scores: { '7': 18.5, '9': null }, total: 92.5 },
  ],
  can_manage: true,
};

/** The course page hands its course to the score page through the outlet context. */
function renderScorePage() {
  return renderWithApp(<></>, {
    route: '/course/2/score',
    path: '/nothing',
    extraRoutes: (
      <Route path="/course/:id" element={<Outlet context={{ id: 2, name: 'CS101' }} />}>
        <Route path="score" element={<CourseScorePage />} />
      </Route>
    ),
  });
}

describe('the course gradebook /course/{id}/score (issue 16 §3)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('the team sees one row per learner, one column per graded activity with its state, and the total', async () => {
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/courses/2/scores' ? jsonResponse(200, teamBook) : jsonResponse(404, {})));
    renderScorePage();
    const table = await screen.findByTestId('gradebook-team');
    const headers = within(table).getAllByTestId('grade-item-header');
    expect(headers[0]).toHaveTextContent('Midterm');
    expect(headers[0]).toHaveTextContent('out of 20');
    expect(headers[0]).toHaveTextContent('Published');
    expect(headers[1]).toHaveTextContent('Essay');
    expect(headers[1]).toHaveTextContent('weight 2');
    expect(headers[1]).toHaveTextContent('Not published');
    const two = within(table).getByText('Student Two').closest('tr')!;
    expect(
      within(two)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Student TwoS002', '15', '87', '82.5%']);
    const three = within(table).getByText('Student Three').closest('tr')!;
    expect(
      within(three)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Student ThreeS003', '18.5', '—', '92.5%']);
    expect(screen.getByTestId('export-xlsx')).toHaveAttribute('href', '/api/courses/2/scores/export?format=xlsx');
    expect(screen.getByTestId('export-csv')).toHaveAttribute('href', '/api/courses/2/scores/export?format=csv');
  });

  it('Import sends the chosen sheet and lists every bad cell when the server refuses it', async () => {
    let refuse = true;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/courses/2/scores') return jsonResponse(200, teamBook);
      if (url === '/api/courses/2/scores/import?format=xlsx' && init?.method === 'POST')
        return refuse
          ? jsonResponse(400, { code: 'VALIDATION_FAILED', message: '1 problem(s)', errors: { file: ['row 3, Midterm (20): Give a number from 0 to 20'] } })
          : jsonResponse(200, { rows: 2, updated: 3, errors: [] });
      return jsonResponse(404, {});
    });
    renderScorePage();
    await screen.findByTestId('gradebook-team');
    // rc-upload replaces its input after each choice: find it each time.
    const input = () => document.querySelector<HTMLInputElement>('input[type=file][accept=".xlsx,.csv"]')!;
    const sheet = new File([new Uint8Array([80, 75, 3, 4])], 'scores.xlsx');
    await userEvent.upload(input(), sheet);
    expect(await screen.findByTestId('import-errors')).toHaveTextContent('row 3, Midterm (20): Give a number from 0 to 20');
    const sent = calls('POST', '/api/courses/2/scores/import?format=xlsx');
    expect(sent).toHaveLength(1);
    expect(sent[0]![1]!.body).toBe(sheet);
    refuse = false;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button'));
    await waitFor(() => expect(screen.queryByTestId('import-errors')).not.toBeInTheDocument());
    await userEvent.upload(input(), new File([new Uint8Array([80, 75, 3, 4])], 'scores-fixed.xlsx'));
    await waitFor(() => expect(calls('POST', '/api/courses/2/scores/import?format=xlsx')).toHaveLength(2));
    expect(await screen.findByText('3 scores imported from 2 rows')).toBeInTheDocument();
  });

  it('a column’s menu publishes its scores after confirming', async () => {
    let published = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/courses/2/scores') return jsonResponse(200, { ...teamBook, items: ITEMS.map((i) => (i.activity_id === 9 ? { ...i, published } : i)) });
      if (url === '/api/courses/2/grade-items/9/publish' && init?.method === 'POST') {
        published = true;
        return jsonResponse(200, { ...ITEMS[1], published: true });
      }
      return jsonResponse(404, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScorePage();
    await user.click(await screen.findByRole('button', { name: 'Options of Essay' }));
    await user.click(await screen.findByText('Publish scores'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Publish the scores of Essay?');
    await user.click(within(dialog).getByRole('button', { name: 'Publish scores' }));
    await waitFor(() => expect(calls('POST', '/api/courses/2/grade-items/9/publish')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('grade-item-header')[1]).toHaveTextContent('Published'));
    expect(screen.getAllByTestId('grade-item-header')[1]).not.toHaveTextContent('Not published');
  });

  it('a learner sees only their own published scores and total', async () => {
    const mine: Gradebook = {
      items: [ITEMS[0]!],
      categories: [],
      rows: [{ user_id: 5, name: 'Student Two', user_no: 'S002', scores: { '7': 15 }, total: 75 }],
      can_manage: false,
    };
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/courses/2/scores' ? jsonResponse(200, mine) : jsonResponse(404, {})));
    renderScorePage();
    const view = await screen.findByTestId('gradebook-learner');
    expect(screen.getByRole('heading', { name: 'My scores' })).toBeInTheDocument();
    expect(within(view).getByText('Midterm')).toBeInTheDocument();
    expect(within(view).getByText('15 / 20')).toBeInTheDocument();
    expect(within(view).getByText('75')).toBeInTheDocument();
    expect(within(view).queryByText('Essay')).toBeNull();
    expect(screen.queryByTestId('export-xlsx')).toBeNull();
    expect(screen.queryByRole('button', { name: /Options of/ })).toBeNull();
  });

  it('a learner with nothing published sees the empty state', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { items: [], categories: [], rows: [{ user_id: 5, name: 'Student Two', user_no: null, scores: {}, total: null }], can_manage: false }),
    );
    renderScorePage();
    expect(await screen.findByTestId('gradebook-learner-empty')).toHaveTextContent('No scores have been published yet.');
  });
});
