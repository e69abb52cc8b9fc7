import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { CourseImportBar } from './course-import-bar';

const fetchMock = vi.fn<typeof fetch>();

function courseWith(status: 0 | 1 | 2 | undefined): Course {
  return {
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
    course_attributes: { published: true, student_count: 0, data: { review_status: 'unreviewed', ...(status === undefined ? {} : { course_importer_status: status }) } },
    imported_from: status === undefined ? null : { source: 'moodle', import_id: 12, upload_id: 40, name: 'SC.mbz' },
    lite: false,
    recommended: false,
    course_outline: null,
    start_date: null,
    end_date: null,
    deleted: false,
    my_roles: ['instructor'],
    hasAiAbility: false,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

const urlOf = (input: Parameters<typeof fetch>[0]) => new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');

describe('CourseImportBar (spec §4 course package import status)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('undefined: the import button opens the package popup, and a backup can be uploaded directly', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { items: [], page: 1, page_size: 10, pages: 0, total: 0, start: 0, end: 0 }));
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CourseImportBar course={courseWith(undefined)} />);
    expect(screen.getByRole('button', { name: /Upload a Moodle backup \(\.mbz\)/ })).toBeInTheDocument();
    expect(screen.getByTestId('mbz-upload-input')).toHaveAttribute('accept', '.mbz');
    // Nothing runs: no polling.
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === '/api/course/7/sync-status')).toBe(false);
    await user.click(screen.getByRole('button', { name: /Import course package/ }));
    expect(await screen.findByRole('dialog', { name: 'Course package import' })).toBeInTheDocument();
  });

  it('2: the failure is told and the import button is back', () => {
    renderWithApp(<CourseImportBar course={courseWith(2)} />);
    expect(screen.getByText('The last import failed; the course was not changed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Import course package/ })).toBeInTheDocument();
  });

  it('0: polls sync-status with a progress bar until it is non-zero, then tells the success', async () => {
    let calls = 0;
    fetchMock.mockImplementation(async (input) => {
      expect(urlOf(input).pathname).toBe('/api/course/7/sync-status');
      calls += 1;
      return jsonResponse(200, calls === 1 ? { status: 0, progress: 0.4, reason: null, import_id: 12, status_key: 'k' } : { status: 1, progress: 1, reason: null, import_id: 12, status_key: 'k' });
    });
    renderWithApp(<CourseImportBar course={courseWith(0)} />);
    expect(screen.queryByRole('button', { name: /Import course package/ })).not.toBeInTheDocument();
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(await screen.findByText('40%')).toBeInTheDocument();
    expect(bar).toBeInTheDocument();
    expect(await screen.findByText('The course package was imported.', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(calls).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('1: the success message with the link to the last report, no import button', () => {
    renderWithApp(<CourseImportBar course={courseWith(1)} />);
    expect(screen.getByText('The course package SC.mbz was imported.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the import report' })).toHaveAttribute('href', '/course/7/imports/12');
    expect(screen.queryByRole('button', { name: /Import course package/ })).not.toBeInTheDocument();
  });
});
