import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CoursePackageItem } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { CoursePackageEditPopup } from './course-package-edit-popup';

const fetchMock = vi.fn<typeof fetch>();
const SLOW = { timeout: 20_000 };

const ITEM: CoursePackageItem = {
  id: 4,
  upload_id: 40,
  name: 'SC.mbz',
  read_error: null,
  read_error_code: null,
  read_error_params: null,
  data: {
    course_name: 'Sample Course',
    course_code: 'SC101',
    academic_year: null,
    semester: 'Spring',
    department: null,
    college: 'Science',
    spoc_course_name: null,
    instructors: ['Ada Lovelace'],
    use_count: 3,
  },
};

describe('CoursePackageEditPopup (spec §3: package metadata editable by admins)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('requires the course name, sends the edited fields (empty ones as null, added instructors) and closes', async () => {
    const bodies: unknown[] = [];
    fetchMock.mockImplementation(async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return jsonResponse(200, ITEM);
    });
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CoursePackageEditPopup item={ITEM} onClose={onClose} />);
    const name = await screen.findByLabelText('Course name', {}, SLOW);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the course name.', {}, SLOW)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(name, 'Sample Course II');
    await user.clear(screen.getByLabelText('Semester'));
    await user.type(screen.getByLabelText('Academic year'), '2025-2026');
    await user.type(screen.getByRole('combobox', { name: 'Instructors' }), 'Grace Hopper{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1), SLOW);
    expect(bodies[0]).toEqual({
      course_name: 'Sample Course II',
      course_code: 'SC101',
      academic_year: '2025-2026',
      semester: null,
      college: 'Science',
      department: null,
      instructors: ['Ada Lovelace', 'Grace Hopper'],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
  }, 120_000);

  it('shows the server field error on its field and stays open', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Invalid', errors: { course_code: ['Too long'] } }));
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CoursePackageEditPopup item={ITEM} onClose={onClose} />);
    await screen.findByLabelText('Course name', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long', {}, SLOW)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  }, 120_000);
});
