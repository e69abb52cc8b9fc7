import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_WARNING_RULES, type WarningList as WarningListData } from '@atrium/contracts';
import { orgOf, userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { WarningList } from './warning-list';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();

/** A course of 30 students, two of them flagged: one by inactivity, schedule and deadlines, one by every rule. */
const sample: WarningListData = {
  items: [
    {
      user: { id: 41, name: 'Ada Lovelace', user_no: 'S041' },
      reasons: [
        { rule: 'inactive', days: 10, last_sign_in_at: '2026-11-01T09:00:00.000Z' },
        { rule: 'behind_schedule', completeness: 33, expected: 66 },
      ],
    },
    {
      user: { id: 42, name: 'Quiet Quentin', user_no: 'S042' },
      reasons: [
        { rule: 'inactive', days: null, last_sign_in_at: null },
        {
          rule: 'missed_deadlines',
          activities: [
            { id: 7, title: 'Essay', end_time: '2026-11-10T15:59:00.000Z' },
            { id: 8, title: 'Reading', end_time: '2026-11-08T08:00:00.000Z' },
          ],
        },
        { rule: 'falling_scores', scores: [90, 70, 50] },
      ],
    },
  ],
  page: 1,
  page_size: 10,
  pages: 1,
  total: 2,
  student_count: 30,
  rules: DEFAULT_WARNING_RULES,
  computed_at: '2026-11-11T12:00:00.000Z',
};

let answer: (url: URL) => Response;

function route(input: RequestInfo | URL): Response {
  const url = new URL(String(input), 'http://localhost');
  // The reader's zone is UTC, so the times below read as they are written.
  if (url.pathname === '/api/user') return jsonResponse(200, userOf({ role: 0, time_zone: 'UTC' }));
  if (url.pathname === '/api/org') return jsonResponse(200, orgOf({ time_zone: 'UTC' }));
  if (url.pathname === '/api/courses/2/warnings') return answer(url);
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}

/** The query strings of every alert-list call made so far. */
function listCalls(): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/courses/2/warnings')
    .map((url) => url.searchParams);
}

describe('WarningList: the alert list of a course (issue 25 item 4)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    answer = () => jsonResponse(200, sample);
    fetchMock.mockImplementation(async (input) => route(input));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows each flagged student by name and number with every reason in words, how many need attention and when it was computed', async () => {
    renderWithApp(<WarningList courseId={2} />);
    const rows = await screen.findAllByRole('row');
    // The header row, then one row per student.
    expect(rows).toHaveLength(3);
    const [ada, quentin] = [rows[1]!, rows[2]!];
    expect(within(ada).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(ada).getByText('S041')).toBeInTheDocument();
    const adaReasons = within(ada).getAllByTestId('warning-reason');
    expect(adaReasons.map((r) => r.getAttribute('data-rule'))).toEqual(['inactive', 'behind_schedule']);
    expect(adaReasons[0]).toHaveTextContent('No sign-in');
    expect(adaReasons[0]).toHaveTextContent('No sign-in for 10 days');
    await waitFor(() => expect(adaReasons[0]).toHaveTextContent('(last signed in Nov 1, 2026 9:00 AM)'));
    expect(adaReasons[1]).toHaveTextContent('Behind scheduleCompleteness 33% — the schedule expects 66%');

    const quentinReasons = within(quentin).getAllByTestId('warning-reason');
    expect(quentinReasons[0]).toHaveTextContent(/^No sign-inNever signed in$/);
    const missed = quentinReasons[1]!;
    expect(missed).toHaveTextContent('Missed 2 deadlines:');
    expect(
      within(missed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Essay (ended Nov 10, 2026 3:59 PM)', 'Reading (ended Nov 8, 2026 8:00 AM)']);
    expect(within(missed).getAllByRole('listitem')[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-10T15:59:00.000Z');
    expect(quentinReasons[2]).toHaveTextContent('Falling scoresScores falling: 90% → 70% → 50%');

    expect(screen.getByTestId('warnings-summary')).toHaveTextContent('2 of 30 students need attention');
    expect(screen.getByTestId('warnings-computed-at')).toHaveTextContent('Computed Nov 11, 2026 12:00 PM');
    expect(listCalls()[0]?.toString()).toBe('page=1&page_size=10');
  });

  it('reads one day and one deadline in the singular, and one flagged student too', async () => {
    answer = () =>
      jsonResponse(200, {
        ...sample,
        total: 1,
        items: [
          {
            user: { id: 43, name: 'Una', user_no: 'S043' },
            reasons: [
              { rule: 'inactive', days: 1, last_sign_in_at: null },
              { rule: 'missed_deadlines', activities: [{ id: 7, title: 'Essay', end_time: '2026-11-10T15:59:00.000Z' }] },
            ],
          },
        ],
      });
    renderWithApp(<WarningList courseId={2} />);
    const reasons = await screen.findAllByTestId('warning-reason');
    expect(reasons[0]).toHaveTextContent(/^No sign-inNo sign-in for 1 day$/);
    expect(reasons[1]).toHaveTextContent('Missed 1 deadline:');
    expect(screen.getByTestId('warnings-summary')).toHaveTextContent('1 of 30 students needs attention');
  });

  it('asks the server for one rule’s students when filtered, from the first page', async () => {
    const user = userEvent.setup();
    answer = (url) => {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(200, { ...sample, total: 25, pages: 3, page, items: page === 2 ? [sample.items[1]!] : sample.items });
    };
    renderWithApp(<WarningList courseId={2} />);
    await screen.findByText('Ada Lovelace');
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(listCalls().at(-1)?.toString()).toBe('page=2&page_size=10'));
    await waitFor(() => expect(screen.queryByText('Ada Lovelace')).toBeNull());

    expect(screen.getByRole('radiogroup', { name: 'Show students flagged by' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Falling scores' }));
    await waitFor(() => expect(listCalls().at(-1)?.toString()).toBe('page=1&page_size=10&rule=falling_scores'));
    await user.click(screen.getByRole('radio', { name: 'All rules' }));
    await waitFor(() => expect(listCalls().at(-1)?.toString()).toBe('page=1&page_size=10'));
  });

  it('says so when no student needs attention, and when the rule filtered on flags nobody', async () => {
    const user = userEvent.setup();
    answer = () => jsonResponse(200, { ...sample, items: [], total: 0 });
    renderWithApp(<WarningList courseId={2} />);
    expect(await screen.findByTestId('warnings-empty')).toHaveTextContent('No student needs attention');
    expect(screen.getByTestId('warnings-summary')).toHaveTextContent('0 of 30 students need attention');
    expect(screen.queryByText('Every warning rule is turned off, so no student is flagged.')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Missed deadlines' }));
    await waitFor(() => expect(screen.getByTestId('warnings-empty')).toHaveTextContent('No student is flagged by this rule'));
  });

  it('tells that every rule is off', async () => {
    answer = () =>
      jsonResponse(200, { ...sample, items: [], total: 0, rules: { inactive_days: null, behind_percent: null, missed_deadlines: null, falling_scores: null } });
    renderWithApp(<WarningList courseId={2} />);
    expect(await screen.findByText('Every warning rule is turned off, so no student is flagged.')).toBeInTheDocument();
  });

  it('shows a skeleton while loading, then the server’s failure with a retry that asks again', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => {};
    answer = () => jsonResponse(500, { code: 'INTERNAL', message: 'The statistics are unavailable' });
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/courses/2/warnings') && listCalls().length === 1 ? new Promise<Response>((resolve) => (release = resolve)) : route(input),
    );
    renderWithApp(<WarningList courseId={2} />);
    expect(await screen.findByTestId('warnings-loading')).toHaveAttribute('aria-busy', 'true');
    release(jsonResponse(500, { code: 'INTERNAL', message: 'The statistics are unavailable' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('The statistics are unavailable')).toBeInTheDocument();
    expect(screen.queryByTestId('warnings-loading')).toBeNull();
    answer = () => jsonResponse(200, sample);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('shows the refusal when the reader is not of the course team', async () => {
    answer = () => jsonResponse(403, { code: 'FORBIDDEN', message: 'no' });
    renderWithApp(<WarningList courseId={2} />);
    expect(await screen.findByText('Access forbidden')).toBeInTheDocument();
  });
});
