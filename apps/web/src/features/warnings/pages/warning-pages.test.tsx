import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route } from 'react-router';
import { DEFAULT_WARNING_RULES, USER_ROLE, type Course, type UserRole, type WarningList } from '@atrium/contracts';
import { courseOf, orgOf, userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { CourseWarningPage } from './course-warning-page';
import { LearningProgressPage, courseIdOfHash } from './learning-progress-page';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();

const list = (name: string): WarningList => ({
  items: [{ user: { id: 41, name, user_no: 'S041' }, reasons: [{ rule: 'inactive', days: null, last_sign_in_at: null }] }],
  page: 1,
  page_size: 10,
  pages: 1,
  total: 1,
  student_count: 12,
  rules: DEFAULT_WARNING_RULES,
  computed_at: '2026-11-11T12:00:00.000Z',
});
const rules = { effective: DEFAULT_WARNING_RULES, own: {} };

let role: UserRole;
let canManage: boolean;

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = String(input);
  if (url === '/api/user') return jsonResponse(200, userOf({ role, time_zone: 'UTC' }));
  if (url === '/api/org') return jsonResponse(200, orgOf());
  if (url === '/api/courses/2/header')
    return jsonResponse(200, { active_role: null, preview_as: null, inspecting: false, need_publish: false, can_review: false, can_manage: canManage });
  if (url.startsWith('/api/courses?page=1&page_size=50') && init?.method === 'POST') {
    const keyword = (JSON.parse(String(init.body)) as { keyword?: string }).keyword;
    const items = [
      courseOf({ id: 2, name: 'Databases', display_name: '', course_code: 'CS201' }),
      courseOf({ id: 5, name: 'Networks', display_name: '', course_code: 'CS301' }),
    ];
    const found = keyword ? items.filter((c) => c.name.includes(keyword)) : items;
    return jsonResponse(200, { items: found, page: 1, page_size: 50, pages: 1, total: found.length });
  }
  if (url === '/api/courses/5') return jsonResponse(200, courseOf({ id: 5, name: 'Networks', display_name: '', course_code: 'CS301' }));
  if (url.startsWith('/api/courses/2/warnings')) return jsonResponse(200, list('Ada of course 2'));
  if (url.startsWith('/api/courses/5/warnings')) return jsonResponse(200, list('Bo of course 5'));
  if (url === '/api/courses/2/warning-rules' || url === '/api/org/warning-rules') return jsonResponse(200, rules);
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}

function renderCoursePage(myRoles: Course['my_roles']) {
  return renderWithApp(<></>, {
    route: '/course/2/warning',
    path: '/nothing',
    extraRoutes: (
      <Route path="/course/:id" element={<Outlet context={courseOf({ id: 2, my_roles: myRoles })} />}>
        <Route path="warning" element={<CourseWarningPage />} />
      </Route>
    ),
  });
}

describe('early-warning pages (issue 25 item 4)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    role = USER_ROLE.instructor;
    canManage = true;
    fetchMock.mockImplementation(async (input, init) => route(input, init));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('reads the course of the hash #/{courseId}/alert-list', () => {
    expect(courseIdOfHash('#/12/alert-list')).toBe(12);
    expect(courseIdOfHash('#/12')).toBe(12);
    expect(courseIdOfHash('#/x/alert-list')).toBeNull();
    expect(courseIdOfHash('')).toBeNull();
  });

  it('the Warning tab: the instructor sees the alert list and may set the rules', async () => {
    renderCoursePage(['instructor']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Early warning' })).toBeInTheDocument();
    expect(await screen.findByText('Ada of course 2')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save rules' })).toBeInTheDocument();
  });

  it('the Warning tab: an assistant reads the rules without changing them; a student is refused', async () => {
    canManage = false;
    const { unmount } = renderCoursePage(['instructor_assistant']);
    expect(await screen.findByTestId('warning-rules-read-only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save rules' })).toBeNull();
    expect(await screen.findByText('Ada of course 2')).toBeInTheDocument();
    unmount();
    fetchMock.mockClear();

    renderCoursePage(['student']);
    expect(await screen.findByText('Access forbidden')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/warnings') || String(input).includes('/warning-rules'))).toBe(false);
  });

  it('learning progress: picking a course puts it in the hash and shows its alert list; admins get the organisation’s rules', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    role = USER_ROLE.admin;
    renderWithApp(<LearningProgressPage />, { route: '/management/learning-statistics/learning-progress' });
    expect(screen.getByRole('heading', { level: 1, name: 'Learning progress' })).toBeInTheDocument();
    expect(screen.getByTestId('warning-no-course')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click((await screen.findAllByTitle('Databases (CS201)')).find((el) => el.classList.contains('ant-select-item-option'))!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/management/learning-statistics/learning-progress#/2/alert-list'));
    expect(await screen.findByText('Ada of course 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Open the course's Warning tab" })).toHaveAttribute('href', '/course/2/warning');
    expect(await screen.findByRole('heading', { level: 2, name: 'Organization warning rules' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save rules' })).toBeInTheDocument();
  });

  it('learning progress: an address with the hash opens that course’s list; instructors get no organisation rules', async () => {
    renderWithApp(<LearningProgressPage />, { route: '/management/learning-statistics/learning-progress#/5/alert-list' });
    expect(await screen.findByText('Bo of course 5')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/user')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Organization warning rules' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/org/warning-rules')).toBe(false);
  });
});
