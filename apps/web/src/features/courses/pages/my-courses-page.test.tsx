import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import type { Course, CoursePage } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { MyCoursesPage, StudiosPage } from './my-courses-page';

const fetchMock = vi.fn<typeof fetch>();
const instructor = {
  id: 2,
  userNo: 'T1',
  user_name: 'ivan',
  name: 'Ivan',
  role: 0,
  org: { id: 1, name: 'Demo' },
  department: null,
  email: null,
  mobilePhone: null,
  time_zone: null,
};

function course(id: number, name: string, courseType = 0): Course {
  return {
    id,
    name,
    display_name: '',
    course_code: `C${id}`,
    course_type: courseType,
    academic_year: { name: '2026-2027' },
    semester: { name: 'Autumn' },
    department: null,
    instructors: [],
    instructors_names: 'Ivan',
    course_attributes: { published: true, student_count: 0, data: { review_status: 'unreviewed' } },
    imported_from: null,
    lite: false,
    recommended: false,
    course_outline: null,
    start_date: null,
    end_date: null,
    deleted: false,
    my_roles: ['instructor'],
    hasAiAbility: false,
    created_at: '2026-09-01T00:00:00.000Z',
  };
}
const pageOf = (items: Course[]): CoursePage => ({ items, page: 1, page_size: 10, pages: 1, total: items.length });

/** The query of every `GET /api/user/courses` sent so far. */
const listQueries = () =>
  fetchMock.mock.calls
    .map(([u]) => String(u))
    .filter((u) => u.startsWith('/api/user/courses'))
    .map((u) => Object.fromEntries(new URL(u, 'http://x').searchParams));

describe('my course lists', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/user/courses')) {
        const q = new URL(url, 'http://x').searchParams;
        if (q.get('status') === 'archived') return jsonResponse(200, pageOf([course(9, 'Old physics')]));
        if (q.get('course_type') === '7') return jsonResponse(200, pageOf([course(5, 'Design studio', 7)]));
        return jsonResponse(200, pageOf([course(3, 'Physics')]));
      }
      if (url === '/api/user/course-terms') return jsonResponse(200, { academic_years: ['2026-2027', '2025-2026'], semesters: ['Autumn', 'Spring'] });
      if (url === '/api/user') return jsonResponse(200, instructor);
      if (url === '/api/course' && init?.method === 'POST') return jsonResponse(201, { ...course(12, 'Capstone studio', 7) });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists current courses, then archived ones and a term, keeping the filters in the URL', async () => {
    renderWithApp(<MyCoursesPage />, { route: '/user/courses?page=2' });
    expect(await screen.findByRole('link', { name: 'Physics' })).toBeInTheDocument();
    expect(listQueries()[0]).toMatchObject({ status: 'current', page: '2' });
    expect(listQueries()[0]).not.toHaveProperty('course_type');

    const actor = userEvent.setup();
    await actor.click(screen.getByRole('tab', { name: 'Archived' }));
    expect(await screen.findByRole('link', { name: 'Old physics' })).toBeInTheDocument();
    // A filter change goes back to page 1.
    expect(screen.getByTestId('location')).toHaveTextContent('/user/courses?status=archived');

    await actor.click(screen.getByRole('combobox', { name: 'Academic year' }));
    await actor.click(await screen.findByTitle('2025-2026'));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ status: 'archived', academic_year: '2025-2026', page: '1' }));
    expect(screen.getByTestId('location')).toHaveTextContent('academic_year=2025-2026');
  });

  it('lists my studios and creates a new one as a course of type 7', async () => {
    renderWithApp(<StudiosPage />, { route: '/user/studios', extraRoutes: <Route path="/course/:id" element={<p>course page</p>} /> });
    expect(await screen.findByRole('heading', { name: 'My studios' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Design studio' })).toBeInTheDocument();
    expect(listQueries()[0]).toMatchObject({ course_type: '7', status: 'current' });

    const actor = userEvent.setup();
    await actor.click(await screen.findByRole('button', { name: 'New studio' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New studio')).toBeInTheDocument();
    await actor.type(within(dialog).getByLabelText('Course name'), 'Capstone studio');
    await actor.type(within(dialog).getByLabelText('Course code'), 'ST2');
    await actor.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('course page')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([u, i]) => String(u) === '/api/course' && i?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Capstone studio', course_code: 'ST2', course_type: 7 });
  });
});
