import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_WARNING_RULES,
  USER_ROLE,
  type CourseLearningStats,
  type LearningStudent,
  type LearningStudentsPage,
  type StudentLearningStats,
} from '@atrium/contracts';
import { courseOf, orgOf, userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { LearningProgressPage } from '../../warnings/pages/learning-progress-page';

configure({ asyncUtilTimeout: 5_000 });

const PAGE = '/management/learning-statistics/learning-progress';
const fetchMock = vi.fn<typeof fetch>();

const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    return { day, events: 10 + i, active_students: 3, completions: i % 2, completion_rate: 0.3 + i / 100 };
  });

const courseStats = (over: Partial<CourseLearningStats> = {}): CourseLearningStats => ({
  course_id: 2,
  from: '2026-10-13',
  to: '2026-11-11',
  student_count: 12,
  counted_activities: 8,
  completion_rate: 0.4567,
  days: days('2026-10-13', 30),
  videos: [{ activity_id: 70, title: 'Normal forms explained', duration_s: 600, watchers: 9, average_coverage: 0.625 }],
  results: [
    {
      activity_id: 80,
      type: 'exam',
      title: 'Midterm exam',
      max_score: 100,
      submitted_count: 11,
      graded_count: 10,
      average_score: 71.25,
      median_score: 74,
    },
    { activity_id: 81, type: 'homework', title: 'ER diagram', max_score: 20, submitted_count: 4, graded_count: 0, average_score: null, median_score: null },
  ],
  forum: { topics: 5, replies: 17, participants: 3, participation_rate: 0.25 },
  ...over,
});

const student = (over: Partial<LearningStudent> = {}): LearningStudent => ({
  user_id: 41,
  name: 'Ada Lovelace',
  user_no: 'S041',
  completed_count: 6,
  completion_rate: 0.75,
  last_active_at: '2026-11-10T15:59:00.000Z',
  video_coverage: 0.5,
  score_rate: null,
  forum_posts: 4,
  ...over,
});

const studentsPage = (page: number, items: LearningStudent[], total = 45): LearningStudentsPage => ({ items, total, page, page_size: 20 });

const studentStats = (): StudentLearningStats => ({
  course_id: 2,
  from: '2026-10-13',
  to: '2026-11-11',
  student: student(),
  days: days('2026-10-13', 30).map(({ day, events, completions }) => ({ day, events, completions })),
  activities: [
    { activity_id: 80, type: 'exam', title: 'Midterm exam', viewed: true, completed: true, video_coverage: null, score: 7.5, max_score: 10 },
    {
      activity_id: 70,
      type: 'online_video',
      title: 'Normal forms explained',
      viewed: true,
      completed: false,
      video_coverage: 0.4,
      score: null,
      max_score: null,
    },
  ],
});

/** What the statistics calls answer in a test: a status and body per route, replaced per test. */
let answers: {
  course: (url: URL) => Response;
  students: (url: URL) => Response;
  student: (url: URL) => Response;
};

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const raw = String(input);
  const url = new URL(raw, 'http://atrium.test');
  if (raw === '/api/user') return jsonResponse(200, userOf({ role: USER_ROLE.instructor, time_zone: 'UTC' }));
  if (raw === '/api/org') return jsonResponse(200, orgOf());
  if (raw.startsWith('/api/courses?page=1&page_size=100') && init?.method === 'POST')
    return jsonResponse(200, {
      items: [courseOf({ id: 2, name: 'Databases', display_name: '', course_code: 'CS201' })],
      page: 1,
      page_size: 100,
      pages: 1,
      total: 1,
    });
  if (raw === '/api/courses/2') return jsonResponse(200, courseOf({ id: 2, name: 'Databases', display_name: '', course_code: 'CS201' }));
  if (url.pathname === '/api/stat/courses/2/learning') return answers.course(url);
  if (url.pathname === '/api/stat/courses/2/learning/students') return answers.students(url);
  if (url.pathname === '/api/stat/courses/2/learning/students/41') return answers.student(url);
  if (url.pathname === '/api/courses/2/warnings')
    return jsonResponse(200, {
      items: [],
      page: 1,
      page_size: 10,
      pages: 1,
      total: 0,
      student_count: 12,
      rules: DEFAULT_WARNING_RULES,
      computed_at: '2026-11-11T12:00:00.000Z',
    });
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}

/** The statistics calls made so far whose path is `path`, as path and query. */
function calls(path: string): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.split('?')[0] === path);
}

/** The value shown under a headline figure's label. */
function figure(label: string): string {
  const term = screen.getAllByRole('term').find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent ?? '';
}

function openPage(hash: string) {
  return renderWithApp(<LearningProgressPage />, { route: `${PAGE}${hash}` });
}

describe('learning statistics pages (issue 25 item 3)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    // Only the clock is fixed (timers stay real): the default period is the 30 days ending 2026-11-11.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-11T12:00:00Z'));
    answers = {
      course: () => jsonResponse(200, courseStats()),
      students: (url) => {
        const page = Number(url.searchParams.get('page'));
        return jsonResponse(200, studentsPage(page, [student({ user_id: 100 + page, name: `Student on page ${page}` }), student()]));
      },
      student: () => jsonResponse(200, studentStats()),
    };
    fetchMock.mockImplementation(async (input, init) => route(input, init));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('#/{courseId} opens the overview: the last 30 days asked for, the headline figures and the results of the answer', async () => {
    openPage('#/2');
    expect(await screen.findByTestId('learning-overview')).toBeInTheDocument();
    expect(calls('/api/stat/courses/2/learning')).toEqual(['/api/stat/courses/2/learning?from=2026-10-13&to=2026-11-11']);
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(figure('Students')).toBe('12');
    expect(figure('Counted activities')).toBe('8');
    expect(figure('Completion rate')).toBe('45.7%');
    expect(figure('Forum participation')).toBe('25%');
    expect(screen.getByText('Students who posted: 3 · Topics: 5 · Replies: 17')).toBeInTheDocument();

    const results = screen.getByRole('table', { name: 'Exam and homework results' });
    const midterm = within(results).getByRole('row', { name: /Midterm exam/ });
    expect(
      within(midterm)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Midterm exam', 'Exam', '11', '10', '71.25', '74', '100']);
    const homework = within(results).getByRole('row', { name: /ER diagram/ });
    expect(
      within(homework)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['ER diagram', 'Homework', '4', '0', '—None', '—None', '20']);
    // Only the shown tab's data is asked for.
    expect(calls('/api/stat/courses/2/learning/students')).toEqual([]);
  });

  it('each chart is a named image with its numbers as a table, shown by "Show as table"', async () => {
    const user = userEvent.setup();
    openPage('#/2/overview');
    const videos = await screen.findByTestId('learning-videos-panel');
    expect(within(videos).getByRole('heading', { level: 3, name: 'Video coverage' })).toBeInTheDocument();
    expect(await within(videos).findByRole('img', { name: 'Average share of each video the students watched' })).toBeInTheDocument();
    // The table is there for screen readers while the chart shows (visually hidden)…
    expect(within(videos).getByRole('table', { hidden: true })).toBeInTheDocument();
    await user.click(within(videos).getByRole('switch', { name: 'Show as table' }));
    // …and takes the chart's place when asked for.
    expect(within(videos).queryByRole('img')).toBeNull();
    const table = within(videos).getByRole('table', { name: 'Video coverage' });
    expect(within(table).getByRole('row', { name: /Normal forms explained/ })).toHaveTextContent('Normal forms explained962.5%');

    const activity = screen.getByTestId('learning-activity-panel');
    expect(within(activity).getByRole('img', { name: 'Learning events and active students per day, Oct 13, 2026 to Nov 11, 2026' })).toBeInTheDocument();
    await user.click(within(activity).getByRole('switch', { name: 'Show as table' }));
    const rows = within(within(activity).getByRole('table', { name: 'Activity per day' })).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]).toHaveTextContent('Oct 13, 2026' + '10' + '3' + '0');
  });

  it('the period: a preset asks for its days; a failed answer offers a retry that loads it', async () => {
    const user = userEvent.setup();
    openPage('#/2/overview');
    await screen.findByTestId('learning-overview');
    answers.course = () => jsonResponse(500, { code: 'INTERNAL', message: 'The statistics are unavailable' });
    await user.click(screen.getByLabelText('Period: first day'));
    await user.click(await screen.findByText('Last 7 days'));
    expect(await screen.findByText('The statistics are unavailable')).toBeInTheDocument();
    expect(calls('/api/stat/courses/2/learning').at(-1)).toBe('/api/stat/courses/2/learning?from=2026-11-05&to=2026-11-11');
    answers.course = () => jsonResponse(200, courseStats({ from: '2026-11-05', days: days('2026-11-05', 7), student_count: 13 }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figure('Students')).toBe('13'));
  });

  it('empty course: no students, no activity, no videos, no exams or homework', async () => {
    answers.course = () =>
      jsonResponse(
        200,
        courseStats({
          student_count: 0,
          counted_activities: 0,
          completion_rate: 0,
          days: days('2026-10-13', 30).map((day) => ({ ...day, events: 0, active_students: 0, completions: 0, completion_rate: 0 })),
          videos: [],
          results: [],
          forum: { topics: 0, replies: 0, participants: 0, participation_rate: 0 },
        }),
      );
    openPage('#/2/overview');
    expect(await screen.findByTestId('learning-no-students')).toHaveTextContent('No students are enrolled in this course yet');
    expect(screen.getByTestId('learning-activity-empty')).toHaveTextContent('No learning activity in this period.');
    expect(screen.getByTestId('learning-completion-empty')).toBeInTheDocument();
    expect(screen.getByTestId('learning-videos-empty')).toHaveTextContent('This course has no videos.');
    expect(screen.getByTestId('learning-results-empty')).toHaveTextContent('This course has no exams or homework.');
    expect(screen.queryByRole('img', { name: /per day|over time|each video/ })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Show as table' })).toBeNull();
    expect(figure('Students')).toBe('0');
  });

  it('the students table: the Students tab, server paging and sorting by the contract’s keys, search, export links', async () => {
    const user = userEvent.setup();
    openPage('#/2/overview');
    await screen.findByTestId('learning-overview');
    await user.click(screen.getByRole('tab', { name: 'Students' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`${PAGE}#/2/students`));
    expect(await screen.findByText('Student on page 1')).toBeInTheDocument();
    expect(calls('/api/stat/courses/2/learning/students')).toEqual(['/api/stat/courses/2/learning/students?page=1&page_size=20&sort=name&order=asc']);

    const table = screen.getByRole('table', { name: "Students' learning statistics" });
    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ada LovelaceS041', '75%6 activities completed', 'Nov 10, 2026 3:59 PM', '50%', '—None', '4']);
    expect(within(ada).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `${PAGE}#/2/students/41`);

    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByText('Student on page 2')).toBeInTheDocument();
    expect(calls('/api/stat/courses/2/learning/students').at(-1)).toBe('/api/stat/courses/2/learning/students?page=2&page_size=20&sort=name&order=asc');

    // Sorting goes back to page 1, ascending then descending; from the keyboard too (Enter on the header).
    await user.click(screen.getByRole('columnheader', { name: 'Completion' }));
    await waitFor(() =>
      expect(calls('/api/stat/courses/2/learning/students').at(-1)).toBe(
        '/api/stat/courses/2/learning/students?page=1&page_size=20&sort=completion_rate&order=asc',
      ),
    );
    // A browser's Enter carries keyCode 13, which antd's header reads (user-event leaves it 0).
    const completion = screen.getByRole('columnheader', { name: 'Completion' });
    expect(completion).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(completion, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls('/api/stat/courses/2/learning/students').at(-1)).toBe(
        '/api/stat/courses/2/learning/students?page=1&page_size=20&sort=completion_rate&order=desc',
      ),
    );
    expect(screen.getByRole('columnheader', { name: 'Completion' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('columnheader', { name: 'Last active' }));
    await waitFor(() =>
      expect(calls('/api/stat/courses/2/learning/students').at(-1)).toBe(
        '/api/stat/courses/2/learning/students?page=1&page_size=20&sort=last_active_at&order=asc',
      ),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search students' }), 'Ada{Enter}');
    await waitFor(() =>
      expect(calls('/api/stat/courses/2/learning/students').at(-1)).toBe(
        '/api/stat/courses/2/learning/students?page=1&page_size=20&sort=last_active_at&order=asc&keyword=Ada',
      ),
    );

    // The export holds what the table shows: its search, in its order.
    expect(screen.getByTestId('learning-export-csv')).toHaveAttribute(
      'href',
      '/api/stat/courses/2/learning/export?format=csv&sort=last_active_at&order=asc&keyword=Ada',
    );
    expect(screen.getByTestId('learning-export-xlsx')).toHaveAttribute(
      'href',
      '/api/stat/courses/2/learning/export?format=xlsx&sort=last_active_at&order=asc&keyword=Ada',
    );
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('download');
  });

  it('the students table: empty, no match, and a refusal', async () => {
    const user = userEvent.setup();
    answers.students = () => jsonResponse(200, studentsPage(1, [], 0));
    const { unmount } = openPage('#/2/students');
    expect(await screen.findByTestId('learning-students-empty')).toHaveTextContent('This course has no students yet');
    await user.type(screen.getByRole('searchbox', { name: 'Search students' }), 'Nobody{Enter}');
    await waitFor(() => expect(screen.getByTestId('learning-students-empty')).toHaveTextContent('No student matches the search'));
    unmount();

    answers.students = () => jsonResponse(403, { code: 'FORBIDDEN', message: 'no' });
    openPage('#/2/students');
    expect(await screen.findByText('Access forbidden')).toBeInTheDocument();
  });

  it('one student: the name opens #/{courseId}/students/{userId}, its figures, days and activities; back to the table as it was', async () => {
    const user = userEvent.setup();
    openPage('#/2/students');
    await screen.findByText('Student on page 1');
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await screen.findByText('Student on page 2');
    await user.click(screen.getByRole('link', { name: 'Ada Lovelace' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`${PAGE}#/2/students/41`));
    expect(await screen.findByRole('heading', { level: 3, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(calls('/api/stat/courses/2/learning/students/41')).toEqual(['/api/stat/courses/2/learning/students/41?from=2026-10-13&to=2026-11-11']);
    expect(screen.getByRole('tab', { name: 'Students', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Student number S041')).toBeInTheDocument();
    expect(figure('Completion rate')).toBe('75%');
    expect(figure('Last active')).toBe('Nov 10, 2026 3:59 PM');
    expect(figure('Video coverage')).toBe('50%');
    expect(figure('Average score')).toBe('—None');
    expect(figure('Forum posts')).toBe('4');
    expect(screen.getByRole('heading', { level: 4, name: 'Activity per day' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /^Learning events and completions per day of Ada Lovelace/ })).toBeInTheDocument();

    const activities = screen.getByRole('table', { name: 'Activities' });
    expect(
      within(within(activities).getByRole('row', { name: /Midterm exam/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Midterm exam', 'Exam', ' Yes', ' Yes', '—None', '7.5 / 10']);
    expect(
      within(within(activities).getByRole('row', { name: /Normal forms/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Normal forms explained', 'Online video', ' Yes', ' No', '40%', '—None']);

    await user.click(screen.getByRole('link', { name: 'All students' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`${PAGE}#/2/students`));
    // The table comes back on the page it was left on.
    expect(await screen.findByText('Student on page 2')).toBeInTheDocument();
  });

  it('one student: a failed load offers a retry', async () => {
    const user = userEvent.setup();
    answers.student = () => jsonResponse(500, { code: 'INTERNAL', message: 'Something broke' });
    openPage('#/2/students/41');
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
    answers.student = () => jsonResponse(200, studentStats());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('the alert-list tab keeps its hash and shows the early-warning list', async () => {
    const user = userEvent.setup();
    openPage('#/2/alert-list');
    expect(await screen.findByRole('tab', { name: 'Alert list', selected: true })).toBeInTheDocument();
    expect(await screen.findByTestId('warnings-empty')).toBeInTheDocument();
    expect(calls('/api/stat/courses/2/learning')).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`${PAGE}#/2/overview`));
    expect(await screen.findByTestId('learning-overview')).toBeInTheDocument();
  });
});
