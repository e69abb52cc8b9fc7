import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { jsonResponse, LocationProbe, renderWithApp } from '../../../test/render';
import { CoursePackageImportPopup } from './course-package-import-popup';

const fetchMock = vi.fn<typeof fetch>();
/** The machine may be busy: antd tables in jsdom render slowly. */
const SLOW = { timeout: 20_000 };

const PACKAGE = {
  id: 4,
  upload_id: 40,
  name: 'SC.mbz',
  read_error: null,
  data: {
    course_name: 'Sample Course',
    course_code: 'SC101',
    academic_year: '2024-2025',
    semester: 'Spring',
    department: 'Science',
    college: 'Science',
    spoc_course_name: null,
    instructors: ['Ada Lovelace'],
    use_count: 3,
  },
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
      if (url.pathname === '/api/course/7/moodle/import' && init?.method === 'POST')
        return jsonResponse(202, { course_id: 7, import_id: 12, status_key: 'k1' });
      if (url.pathname === '/api/course/7/sync-status') {
        if (url.searchParams.get('status_key') !== 'k1')
          return jsonResponse(200, { status: null, progress: 0, reason: null, import_id: null, status_key: null });
        statusCalls += 1;
        return jsonResponse(
          200,
          statusCalls === 1
            ? { status: 0, progress: 0.4, reason: null, import_id: 12, status_key: 'k1' }
            : { status: 1, progress: 1, reason: null, import_id: 12, status_key: 'k1' },
        );
      }
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CoursePackageImportPopup courseId={7} open onClose={() => undefined} />, {
      route: '/course/7/import',
      path: '/course/7/import',
      extraRoutes: <Route path="/course/7/imports/12" element={<LocationProbe />} />,
    });

    const row = (await screen.findByText('Sample Course')).closest('tr')!;
    for (const header of ['Academic year', 'Semester', 'Course code', 'Course name', 'College', 'Instructors', 'Use count'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
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
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input, init]) => urlOf(input).pathname === '/api/course/7/moodle/import' && init?.body === JSON.stringify({ upload_id: 40 }),
        ),
      ).toBe(true),
    );
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
      return jsonResponse(200, {
        status: 2,
        progress: 0,
        reason: 'moodle_backup.xml is missing or empty: this is not a Moodle backup',
        import_id: 13,
        status_key: 'k2',
      });
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CoursePackageImportPopup courseId={7} open onClose={() => undefined} />);
    await user.click(within((await screen.findByText('Sample Course')).closest('tr')!).getByRole('radio'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/moodle_backup.xml is missing or empty/)).toBeInTheDocument();
    expect(screen.getByText('The import failed; the course was not changed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  }, 60_000);

  it('filters by instructor (the use count column hidden while it does), defaults to 10 a page and changes the page size', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = urlOf(input);
      if (url.pathname === '/api/uploads/moodle-pkg')
        return jsonResponse(200, { ...page([PACKAGE]), total: 35, pages: 4, page_size: Number(url.searchParams.get('page_size')) });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
    });
    const lists = () => fetchMock.mock.calls.map(([input]) => urlOf(input)).filter((u) => u.pathname === '/api/uploads/moodle-pkg');
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CoursePackageImportPopup courseId={7} open onClose={() => undefined} />);
    await screen.findByText('Sample Course', {}, SLOW);
    expect(lists()[0]!.searchParams.get('page_size')).toBe('10');
    expect(lists()[0]!.searchParams.get('page')).toBe('1');
    expect(screen.getByRole('columnheader', { name: 'Use count' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filter by instructor' }), 'Ada{Enter}');
    await waitFor(() => expect(lists().some((u) => u.searchParams.get('conditions') === JSON.stringify({ instructor: 'Ada' }))).toBe(true), SLOW);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Use count' })).not.toBeInTheDocument(), SLOW);
    for (const header of ['Academic year', 'Semester', 'Course code', 'Course name', 'College', 'Instructors'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    // Keyword and instructor together.
    await user.type(screen.getByRole('searchbox', { name: /Search by course name/ }), 'sample{Enter}');
    await waitFor(
      () => expect(lists().some((u) => u.searchParams.get('conditions') === JSON.stringify({ keyword: 'sample', instructor: 'Ada' }))).toBe(true),
      SLOW,
    );
    await user.clear(screen.getByRole('searchbox', { name: 'Filter by instructor' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter by instructor' }), '{Enter}');
    expect(await screen.findByRole('columnheader', { name: 'Use count' }, SLOW)).toBeInTheDocument();

    // Spec §9 page sizes: 20 a page asks again from page 1.
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull(), SLOW);
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(lists().at(-1)!.searchParams.get('page')).toBe('2'), SLOW);
    // The table (with its pagination) is covered while it loads: wait for the page to arrive.
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull(), SLOW);
    await user.click(screen.getByRole('combobox', { name: /page size/i }));
    await user.click(await screen.findByTitle('20 / page', {}, SLOW));
    await waitFor(() => expect(lists().at(-1)!.searchParams.get('page_size')).toBe('20'), SLOW);
    expect(lists().at(-1)!.searchParams.get('page')).toBe('1');
  }, 120_000);

  it('shows the progress bar from the moment the import is asked for, before any status has come', async () => {
    let releaseStart: (() => void) | undefined;
    fetchMock.mockImplementation(async (input) => {
      const url = urlOf(input);
      if (url.pathname === '/api/uploads/moodle-pkg') return jsonResponse(200, page([PACKAGE]));
      if (url.pathname === '/api/course/7/moodle/import') {
        await new Promise<void>((resolve) => (releaseStart = resolve));
        return jsonResponse(202, { course_id: 7, import_id: 14, status_key: 'k3' });
      }
      if (url.pathname === '/api/course/7/sync-status') return new Promise<Response>(() => undefined);
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CoursePackageImportPopup courseId={7} open onClose={() => undefined} />);
    await user.click(within((await screen.findByText('Sample Course', {}, SLOW)).closest('tr')!).getByRole('radio'));
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    // The start is still on its way: the bar shows already.
    expect(await screen.findByRole('progressbar', { name: 'Import progress' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Importing the course package…')).toBeInTheDocument();
    releaseStart!();
    // The first status has not come yet either: still shown.
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => urlOf(input).searchParams.get('status_key') === 'k3')).toBe(true));
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
  }, 120_000);

  it('lets an organisation admin edit a package from its row; an instructor has no edit button', async () => {
    let role = 2;
    const puts: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = urlOf(input);
      if (url.pathname === '/api/user') return jsonResponse(200, { id: 1, role, name: 'Admin' });
      if (url.pathname === '/api/uploads/moodle-pkg') return jsonResponse(200, page([PACKAGE]));
      if (url.pathname === '/api/uploads/moodle-pkg/4' && init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return jsonResponse(200, { ...PACKAGE, data: { ...PACKAGE.data, semester: 'Autumn' } });
      }
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
    });
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderWithApp(<CoursePackageImportPopup courseId={7} open onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Sample Course' }, SLOW));
    // Both popups' titles share the test environment's fixed id, so the edit popup is found by its title text.
    const dialog = (await screen.findByText('Edit course package SC.mbz', {}, SLOW)).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByLabelText('Course name')).toHaveValue('Sample Course');
    await user.clear(within(dialog).getByLabelText('Semester'));
    await user.type(within(dialog).getByLabelText('Semester'), 'Autumn');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1), SLOW);
    expect(puts[0]).toMatchObject({
      course_name: 'Sample Course',
      course_code: 'SC101',
      semester: 'Autumn',
      academic_year: '2024-2025',
      instructors: ['Ada Lovelace'],
    });
    expect(await screen.findByText('The course package was saved.', {}, SLOW)).toBeInTheDocument();
    // The selection is untouched by the edit button.
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    unmount();

    role = 0;
    renderWithApp(<CoursePackageImportPopup courseId={7} open onClose={() => undefined} />);
    await screen.findByText('Sample Course', {}, SLOW);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === '/api/user').length).toBeGreaterThanOrEqual(2), SLOW);
    expect(screen.queryByRole('button', { name: 'Edit Sample Course' })).not.toBeInTheDocument();
  }, 120_000);
});
