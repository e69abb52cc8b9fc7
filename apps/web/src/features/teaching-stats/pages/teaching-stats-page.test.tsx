import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_ROLE, type TeachingCourse, type TeachingPerson, type TeachingStats, type UserRole } from '@atrium/contracts';
import { courseOf, orgOf, userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { TeachingStatsPage } from './teaching-stats-page';

configure({ asyncUtilTimeout: 5_000 });

const PAGE = '/management/learning-statistics/teaching';
const fetchMock = vi.fn<typeof fetch>();

const turnaround = (graded: number, median: number | null, p90: number | null) => ({ graded, median_hours: median, p90_hours: p90 });
const NONE = turnaround(0, null, null);
const NO_TURNAROUND = { homework: NONE, exam: NONE, all: NONE };

const person = (over: Partial<TeachingPerson>): TeachingPerson => ({
  user_id: 1,
  name: 'Someone',
  courses: 1,
  actions: {},
  actions_total: 0,
  content_created: 0,
  turnaround: { homework: NONE, exam: NONE, all: NONE },
  waiting: { homework: 0, exam: 0 },
  ...over,
});

const course = (over: Partial<TeachingCourse> = {}): TeachingCourse => ({
  course_id: 2,
  name: 'Databases',
  course_code: 'CS201',
  actions: { 'exam.graded': 1, 'homework.graded': 3, 'lesson.planned': 1 },
  actions_total: 5,
  content_created: 3,
  turnaround: { homework: turnaround(3, 6, 20.4), exam: turnaround(1, 10, 10), all: turnaround(4, 8, 19.8) },
  waiting: { homework: 1, exam: 1 },
  members: [
    {
      user_id: 11,
      name: 'Ines Instructor',
      roles: ['instructor'],
      actions: { 'exam.graded': 1, 'homework.graded': 2, 'lesson.planned': 1 },
      actions_total: 4,
      content_created: 2,
      turnaround: { homework: turnaround(2, 13, 21.8), exam: turnaround(1, 10, 10), all: turnaround(3, 10, 21.2) },
    },
    {
      user_id: 12,
      name: 'Abe Assistant',
      roles: ['instructor_assistant'],
      actions: { 'homework.graded': 1 },
      actions_total: 1,
      content_created: 1,
      turnaround: { homework: turnaround(1, 6, 6), exam: NONE, all: turnaround(1, 6, 6) },
    },
  ],
  ...over,
});

const stats = (over: Partial<TeachingStats> = {}): TeachingStats => {
  const courses = over.courses ?? [course()];
  const team = courses[0]?.members ?? [];
  return {
    from: '2026-10-13',
    to: '2026-11-11',
    scope: 'own_courses',
    actions_available: true,
    courses,
    members: [
      person({
        user_id: 12,
        name: 'Abe Assistant',
        actions: { 'homework.graded': 1 },
        actions_total: 1,
        content_created: 1,
        turnaround: team[1]?.turnaround ?? NO_TURNAROUND,
      }),
      person({
        user_id: 11,
        name: 'Ines Instructor',
        actions: { 'exam.graded': 1, 'homework.graded': 2, 'lesson.planned': 1 },
        actions_total: 4,
        content_created: 2,
        turnaround: team[0]?.turnaround ?? NO_TURNAROUND,
        waiting: { homework: 1, exam: 1 },
      }),
    ],
    totals: {
      actions: courses[0]?.actions ?? {},
      actions_total: 5,
      content_created: 3,
      turnaround: courses[0]?.turnaround ?? { homework: NONE, exam: NONE, all: NONE },
      waiting: { homework: 1, exam: 1 },
    },
    ...over,
  };
};

let role: UserRole;
/** The courses the management list answers, paged and searched as the server does. */
let managed: ReturnType<typeof courseOf>[];
let answer: () => Response | Promise<Response>;

function route(input: RequestInfo | URL, init?: RequestInit): Response | Promise<Response> {
  const url = String(input);
  if (url === '/api/user') return jsonResponse(200, userOf({ role, time_zone: 'UTC' }));
  if (url === '/api/org') return jsonResponse(200, orgOf());
  if (url.startsWith('/api/courses?') && init?.method === 'POST') {
    const params = new URL(url, 'http://x').searchParams;
    const [page, pageSize] = [Number(params.get('page')), Number(params.get('page_size'))];
    const keyword = (JSON.parse(String(init.body)) as { keyword?: string }).keyword;
    const found = keyword ? managed.filter((c) => c.name.includes(keyword)) : managed;
    const items = found.slice((page - 1) * pageSize, page * pageSize);
    return jsonResponse(200, { items, page, page_size: pageSize, pages: Math.max(1, Math.ceil(found.length / pageSize)), total: found.length });
  }
  const one = /^\/api\/courses\/(\d+)$/.exec(url);
  const known = one && managed.find((c) => c.id === Number(one[1]));
  if (known) return jsonResponse(200, known);
  if (url.startsWith('/api/stat/teaching?')) return answer();
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}

const teachingCalls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/stat/teaching?'));

describe('teaching statistics page (issue 25 item 5)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    role = USER_ROLE.instructor;
    managed = [
      courseOf({ id: 2, name: 'Databases', display_name: '', course_code: 'CS201' }),
      courseOf({ id: 5, name: 'Networks', display_name: '', course_code: 'CS301' }),
    ];
    answer = () => jsonResponse(200, stats());
    fetchMock.mockImplementation(async (input, init) => route(input, init));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows an instructor’s figures: the headline, a row per team member, the courses and no research export', async () => {
    renderWithApp(<TeachingStatsPage />, { route: PAGE });
    expect(screen.getByRole('heading', { level: 1, name: 'Teaching statistics' })).toBeInTheDocument();
    const headline = await screen.findByTestId('teaching-headline');
    expect(within(headline).getByText('Teaching actions').closest('.ant-statistic')).toHaveTextContent('5');
    expect(within(headline).getByText('Median grading time').closest('.ant-statistic')).toHaveTextContent('8 hr');
    expect(within(headline).getByText('Waiting to be graded').closest('.ant-statistic')).toHaveTextContent('2');

    // The 30 days ending today by default.
    const [first] = teachingCalls();
    const params = new URL(first!, 'http://x').searchParams;
    expect(params.get('course_id')).toBeNull();
    expect(Date.parse(`${params.get('to')}T00:00:00Z`) - Date.parse(`${params.get('from')}T00:00:00Z`)).toBe(29 * 86_400_000);

    const members = screen.getByTestId('teaching-members');
    const ines = within(members).getByText('Ines Instructor').closest('tr')!;
    expect(ines).toHaveTextContent('Exams graded: 1');
    expect(ines).toHaveTextContent('Homework graded: 2');
    // An action the interface does not name keeps its own.
    expect(ines).toHaveTextContent('lesson.planned: 1');
    expect(ines).toHaveTextContent('10 hr');
    expect(ines).toHaveTextContent('21.2 hr');
    expect(ines).toHaveTextContent('3 graded');
    expect(ines).toHaveTextContent('Homework 1 · Exams 1');
    expect(within(members).getByText('Abe Assistant').closest('tr')).toHaveTextContent('6 hr');

    // One course: its row is open onto its team, with their roles.
    const team = await screen.findByTestId('teaching-course-members-2');
    expect(within(team).getByText('Team of Databases')).toBeInTheDocument();
    expect(within(team).getByText('Abe Assistant').closest('tr')).toHaveTextContent('Teaching assistant');
    expect(screen.getByTestId('teaching-courses')).toHaveTextContent('Databases (CS201)');

    expect(screen.queryByTestId('research-export')).toBeNull();
    expect(screen.queryByTestId('teaching-actions-elsewhere')).toBeNull();
  });

  it('draws the grading turnaround as an image with a name, its numbers in a table for screen readers', async () => {
    renderWithApp(<TeachingStatsPage />, { route: PAGE });
    const chart = await screen.findByRole('img', {
      name: 'Bar chart of the median and 90th-percentile grading time, in hours, of 2 team members',
    });
    expect(chart).toBeInTheDocument();
    // Hidden from sight (the test set-up hides `.visually-hidden` entirely, hence `hidden: true`), there for screen readers.
    const table = screen.getByText('Grading time from hand-in to grade, per team member', { selector: 'caption' }).closest('table')!;
    expect(table).toHaveClass('visually-hidden');
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual(['Team memberGradedMedian90th percentile', 'Abe Assistant16 hr6 hr', 'Ines Instructor310 hr21.2 hr']);
  });

  it('narrows to one course through the course filter', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<TeachingStatsPage />, { route: PAGE });
    await screen.findByTestId('teaching-headline');
    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click((await screen.findAllByTitle('Networks (CS301)')).find((el) => el.classList.contains('ant-select-item-option'))!);
    await waitFor(() => expect(teachingCalls().some((url) => new URL(url, 'http://x').searchParams.get('course_id') === '5')).toBe(true));
  });

  it('reaches every course of a long list: the next page loads as the open list scrolls, and a search asks the server', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    role = USER_ROLE.admin;
    answer = () => jsonResponse(200, stats({ scope: 'organisation' }));
    managed = Array.from({ length: 120 }, (_, i) =>
      courseOf({ id: 100 + i, name: `Course ${String(i + 1).padStart(3, '0')}`, display_name: '', course_code: `C${i + 1}` }),
    );
    const courseCalls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/courses?'));
    renderWithApp(<TeachingStatsPage />, { route: PAGE });
    await screen.findByTestId('teaching-headline');
    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await waitFor(() => expect(courseCalls()).toEqual(['/api/courses?page=1&page_size=50']));
    await screen.findAllByTitle('Course 001 (C1)');
    const holder = document.querySelector('.ant-select-dropdown .ant-select-dropdown-list-holder')!;
    expect(holder).not.toBeNull();
    fireEvent.scroll(holder, { target: { scrollTop: 10_000 } });
    await waitFor(() => expect(courseCalls()).toContain('/api/courses?page=2&page_size=50'));
    fireEvent.scroll(holder, { target: { scrollTop: 20_000 } });
    await waitFor(() => expect(courseCalls()).toContain('/api/courses?page=3&page_size=50'));
    // All 120 are loaded: no fourth page is asked for.
    fireEvent.scroll(holder, { target: { scrollTop: 30_000 } });
    await user.keyboard('Course 120');
    await user.click((await screen.findAllByTitle('Course 120 (C120)')).find((el) => el.classList.contains('ant-select-item-option'))!);
    await waitFor(() => expect(teachingCalls().some((url) => new URL(url, 'http://x').searchParams.get('course_id') === '219')).toBe(true));
    expect(courseCalls().filter((url) => url.includes('page=4'))).toEqual([]);
  });

  it('gives organisation admins the research export, whose address follows the format and streams chosen', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    role = USER_ROLE.admin;
    answer = () => jsonResponse(200, stats({ scope: 'organisation' }));
    renderWithApp(<TeachingStatsPage />, { route: PAGE });
    expect(await screen.findByRole('heading', { level: 2, name: 'Instructors' })).toBeInTheDocument();
    const panel = await screen.findByTestId('research-export');
    const link = within(panel).getByRole('link', { name: /Download/ });
    const href = () => new URL(link.getAttribute('href')!, 'http://x');
    expect(href().pathname).toBe('/api/stat/research-activity/export');
    expect(href().searchParams.get('format')).toBe('csv');
    expect(href().searchParams.get('streams')).toBe('research_activity');
    expect(href().searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await user.click(within(panel).getByRole('radio', { name: 'JSON file' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Include learning activity' }));
    expect(href().searchParams.get('format')).toBe('json');
    expect(href().searchParams.get('streams')).toBe('research_activity,learning_activity');
    expect(within(panel).getByRole('radiogroup', { name: 'Format' })).toBeInTheDocument();
  });

  it('says so when the statistics server runs apart, and when nothing was graded', async () => {
    const idle = course({
      actions: {},
      actions_total: 0,
      turnaround: { homework: NONE, exam: NONE, all: NONE },
      members: course().members.map((m) => ({ ...m, actions: {}, actions_total: 0, turnaround: { homework: NONE, exam: NONE, all: NONE } })),
    });
    answer = () =>
      jsonResponse(200, {
        ...stats({ courses: [idle], actions_available: false }),
        members: [person({ user_id: 11, name: 'Ines Instructor' })],
      });
    renderWithApp(<TeachingStatsPage />, { route: PAGE });
    expect(await screen.findByTestId('teaching-actions-elsewhere')).toHaveTextContent('kept by the separate statistics server');
    expect(screen.getByTestId('teaching-turnaround-empty')).toHaveTextContent('Nothing was graded in this period.');
    expect(screen.queryByRole('img', { name: /Bar chart/ })).toBeNull();
  });

  it('shows loading, then an empty state for an instructor who teaches nothing', async () => {
    let release: (response: Response) => void = () => {};
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    renderWithApp(<TeachingStatsPage />, { route: PAGE });
    expect(await screen.findByRole('status', { name: 'Loading the teaching statistics' })).toBeInTheDocument();
    await waitFor(() => expect(teachingCalls()).toHaveLength(1));
    release(jsonResponse(200, stats({ courses: [], members: [] })));
    expect(await screen.findByTestId('teaching-empty')).toHaveTextContent('You are not teaching any course yet.');
  });

  it('shows a failure with a retry that loads the figures', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    answer = () => jsonResponse(500, { code: 'INTERNAL', message: 'Something broke' });
    renderWithApp(<TeachingStatsPage />, { route: PAGE });
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
    answer = () => jsonResponse(200, stats());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('teaching-headline')).toBeInTheDocument();
  });

  it('answers a refused call (a student who reaches the address) with the forbidden result', async () => {
    role = USER_ROLE.student;
    answer = () => jsonResponse(403, { code: 'FORBIDDEN', message: 'The management area is for instructors and administrators' });
    renderWithApp(<TeachingStatsPage />, { route: PAGE });
    expect(await screen.findByText('Access forbidden')).toBeInTheDocument();
  });
});
