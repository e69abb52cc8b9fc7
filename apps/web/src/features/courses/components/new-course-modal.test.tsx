import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { jsonResponse, LocationProbe, renderWithApp } from '../../../test/render';
import { NewCourseModal } from './new-course-modal';

const fetchMock = vi.fn<typeof fetch>();

async function fillAndCreate() {
  const actor = userEvent.setup();
  const dialog = screen.getByRole('dialog');
  await actor.type(within(dialog).getByLabelText('Course name'), '  Compilers ');
  await actor.type(within(dialog).getByLabelText('Course code'), 'CS330');
  await actor.type(within(dialog).getByLabelText('Semester'), 'Autumn');
  await actor.click(within(dialog).getByRole('button', { name: 'Create' }));
}

describe('NewCourseModal', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('creates the course with the typed fields and opens it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 12, name: 'Compilers' }));
    renderWithApp(<NewCourseModal open onClose={() => {}} />, {
      route: '/user/courses',
      path: '/user/courses',
      extraRoutes: <Route path="/course/:id" element={<LocationProbe />} />,
    });
    await fillAndCreate();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/12'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/course');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Compilers', course_code: 'CS330', semester: 'Autumn' });
  });

  it('shows the server field errors under their fields', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Check the course', errors: { course_code: ['This course code is already used'] } }),
    );
    renderWithApp(<NewCourseModal open onClose={() => {}} />);
    await fillAndCreate();
    expect(await screen.findByText('This course code is already used')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /Check the course/ })).not.toBeInTheDocument();
  });

  it('shows the server message when no field is named', async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { code: 'FORBIDDEN', message: 'Only instructors may create courses' }));
    renderWithApp(<NewCourseModal open onClose={() => {}} />);
    await fillAndCreate();
    expect(await screen.findByText('Only instructors may create courses')).toBeInTheDocument();
  });

  it('requires a name and a course code', async () => {
    renderWithApp(<NewCourseModal open onClose={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Enter the course name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the course code.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
