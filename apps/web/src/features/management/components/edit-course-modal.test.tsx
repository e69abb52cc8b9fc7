import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_ROLE, type Course } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { useCurrentUser } from '../../auth/api';
import { EditCourseModal } from './edit-course-modal';

const fetchMock = vi.fn<typeof fetch>();

const course: Course = {
  id: 7,
  name: 'Biology',
  display_name: 'Biology',
  course_code: 'BIO',
  course_type: 7,
  academic_year: null,
  semester: null,
  department: null,
  instructors: [],
  instructors_names: '',
  course_attributes: { published: true, student_count: 0, data: { review_status: 'unreviewed' } },
  imported_from: null,
  lite: false,
  recommended: false,
  course_outline: null,
  start_date: null,
  end_date: null,
  deleted: false,
  my_roles: [],
  hasAiAbility: false,
  created_at: '2026-11-01T00:00:00.000Z',
};

/** The server: the signed-in user of `role`, and `PUT /api/courses/7` echoing the change. */
function serve(role: number) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/user') return jsonResponse(200, { id: 1, name: 'Ada', user_name: 'ada', role, org_id: 1 });
    if (url === '/api/courses/7' && init?.method === 'PUT') return jsonResponse(200, { ...course, ...JSON.parse(String(init.body)) });
    return jsonResponse(200, {});
  });
}

/** Shows the signed-in user's role once the modal's user query has it. */
function UserProbe() {
  const { data } = useCurrentUser();
  return data ? <span data-testid="user-role">{data.role}</span> : null;
}

const puts = () =>
  fetchMock.mock.calls
    .filter(([u, i]) => String(u) === '/api/courses/7' && i?.method === 'PUT')
    .map(([, i]) => JSON.parse(String(i?.body)) as Record<string, unknown>);

describe('EditCourseModal: the course’s hasAiAbility (spec §3, §6)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('an org admin switches the AI panels on; the edit sends hasAiAbility', async () => {
    serve(USER_ROLE.admin);
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithApp(<EditCourseModal course={course} onClose={onClose} />);
    const toggle = await screen.findByRole('switch', { name: 'AI question and quiz panels' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({ name: 'Biology', hasAiAbility: true });
  });

  it('an instructor sees no switch and the edit leaves hasAiAbility alone', async () => {
    serve(USER_ROLE.instructor);
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithApp(
      <>
        <EditCourseModal course={course} onClose={onClose} />
        <UserProbe />
      </>,
    );
    await screen.findByRole('dialog');
    // The signed-in user is known (an instructor): the form has settled.
    expect(await screen.findByTestId('user-role')).toHaveTextContent(String(USER_ROLE.instructor));
    expect(screen.queryByRole('switch')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts()[0]).not.toHaveProperty('hasAiAbility');
  });
});
