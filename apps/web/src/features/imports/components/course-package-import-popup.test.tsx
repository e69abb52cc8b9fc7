import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { jsonResponse, LocationProbe, renderWithApp } from '../../../test/render';
import { CoursePackageImportPopup } from './course-package-import-popup';

const fetchMock = vi.fn<typeof fetch>();

const PACKAGE = {
  id: 4,
  upload_id: 40,
  name: 'SC.mbz',
  read_error: null,
  data: { course_name: 'Sample Course', course_code: 'SC101', academic_year: '2024-2025', semester: 'Spring', department: 'Science', college: 'Science', spoc_course_name: null, instructors: ['Ada Lovelace'], use_count: 3 },
};

function page(items: unknown[]) {
  return { items, page: 1, page_size: 10, pages: 1, total: items.length, start: items.length ? 1 : 0, end: items.length };
}

function urlOf(input: Parameters<typeof fetch>[0]): URL {
  return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
}

describe('CoursePackageImportPopup (spec §2, §4)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists packages with the spec columns, searches by keyword, imports the radio-selected one, shows progress, then the report', async () => {
    let statusCalls = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = urlOf(input);
      if (url.pathname === '/api/uploads/moodle-pkg') {
        const conditions = url.searchParams.get('conditions');
        return jsonResponse(200, page(conditions && JSON.parse(conditions).keyword === 'nothing' ? [] : [PACKAGE]));
      }
      if (url.pathname === '/api/course/7/moodle/import' && init?.method === 'POST') return jsonResponse(202, { course_id: 7, import_id: 12, status_key: 'k1' });
      if (url.pathname === '/api/course/7/sync-status') {
        if (url.searchParams.get('status_key') !== 'k1') return jsonResponse(200, { status: null, progress: 0, reason: null, import_id: null, status_key: null });
        statusCalls += 1;
        return jsonResponse(200, statusCalls === 1 ? { status: 0, progress: 0.4, reason: null, import_id: 12, status_key: 'k1' } : { status: 1, progress: 1, reason: null, import_id: 12, status_key: 'k1' });
      }
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CoursePackageImportPopup courseId={7} open onClose={() => undefined} />, { route: '/course/7/import', path: '/course/7/import', extraRoutes: <Route path="/course/7/imports/12" element={<LocationProbe />} /> });

    const row = (await screen.findByText('Sample Course')).closest('tr')!;
    for (const header of ['Academic year', 'Semester', 'Course code', 'Course name', 'College', 'Instructors', 'Use count']) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(row).getByText('SC101')).toBeInTheDocument();
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: /Search by course name/ }), 'nothing{Enter}');
    expect(await screen.findByText(/No course packages yet/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).searchParams.get('conditions') === JSON.stringify({ keyword: 'nothing' }))).toBe(true);
    await user.clear(screen.getByRole('searchbox', { name: /Search by course name/ }));
    await user.type(screen.getByRole('searchbox', { name: /Search by course name/ }), '{Enter}');

    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await user.click(within((await screen.findByText('Sample Course')).closest('tr')!).getByRole('radio'));
    await user.click(importButton);
    await waitFor(() => expect(fetchMock.mock.calls.some(([input, init]) => urlOf(input).pathname === '/api/course/7/moodle/import' && init?.body === JSON.stringify({ upload_id: 40 }))).toBe(true));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    // Polled again (every 3000 ms) until the status is no longer 0; then the success message and the report.
    expect(await screen.findByText('The course package was imported.', {}, { timeout: 6000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/7/imports/12'));
  }, 60_000);

  it('shows the failure reason when the import ends with status 2', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = urlOf(input);
      if (url.pathname === '/api/uploads/moodle-pkg') return jsonResponse(200, page([PACKAGE]));
      if (url.pathname === '/api/course/7/moodle/import') return jsonResponse(202, { course_id: 7, import_id: 13, status_key: 'k2' });
      return jsonResponse(200, { status: 2, progress: 0, reason: 'moodle_backup.xml is missing or empty: this is not a Moodle backup', import_id: 13, status_key: 'k2' });
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CoursePackageImportPopup courseId={7} open onClose={() => undefined} />);
    await user.click(within((await screen.findByText('Sample Course')).closest('tr')!).getByRole('radio'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/moodle_backup.xml is missing or empty/)).toBeInTheDocument();
    expect(screen.getByText('The import failed; the course was not changed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  }, 60_000);
});
