import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { Course } from '@atrium/contracts';
import { api } from '../../../lib/api-client';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { SYNC_POLL_MS } from '../api';
import { CourseImportBar } from './course-import-bar';

/** Stands for the course page: the bar shows the course as loaded; the bar's reload (spec §4 status 1) must load it again. */
function CoursePage() {
  const course = useQuery({ queryKey: ['probe', 'course', 7], queryFn: () => api.get<Course>('/api/courses/7') });
  return course.data ? <CourseImportBar course={course.data} /> : null;
}

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
    course_attributes: {
      published: true,
      student_count: 0,
      data: { review_status: 'unreviewed', ...(status === undefined ? {} : { course_importer_status: status }) },
    },
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

const urlOf = (input: Parameters<typeof fetch>[0]) =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');

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
  }, 20_000);

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
      return jsonResponse(
        200,
        calls === 1
          ? { status: 0, progress: 0.4, reason: null, import_id: 12, status_key: 'k' }
          : { status: 1, progress: 1, reason: null, import_id: 12, status_key: 'k' },
      );
    });
    renderWithApp(<CourseImportBar course={courseWith(0)} />);
    expect(screen.queryByRole('button', { name: /Import course package/ })).not.toBeInTheDocument();
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(await screen.findByText('40%')).toBeInTheDocument();
    expect(bar).toBeInTheDocument();
    expect(await screen.findByText('The course package was imported.', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(calls).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('0: asks sync-status every 3000 ms, not sooner, until it is 1; then the course is reloaded and shows the success', async () => {
    // Only intervals are faked (React Query's refetchInterval runs on setInterval); timeouts stay real so React and React Query hand over their updates.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const answers = [
        { status: 0, progress: 0.2 },
        { status: 0, progress: 0.6 },
        { status: 1, progress: 1 },
      ];
      let clock = 0;
      const statusAt: number[] = [];
      let courseCalls = 0;
      fetchMock.mockImplementation(async (input) => {
        const path = urlOf(input).pathname;
        if (path === '/api/courses/7') {
          courseCalls += 1;
          return jsonResponse(200, courseWith(statusAt.length >= answers.length ? 1 : 0));
        }
        expect(path).toBe('/api/course/7/sync-status');
        const answer = answers[Math.min(statusAt.length, answers.length - 1)]!;
        statusAt.push(clock);
        return jsonResponse(200, { ...answer, reason: null, import_id: 12, status_key: 'k' });
      });
      renderWithApp(<CoursePage />);
      // Moves the fake clock, then lets the answered fetches settle (real time: their answers and React's updates run on timeouts).
      const advance = async (ms: number) => {
        clock += ms;
        await act(() => vi.advanceTimersByTimeAsync(ms));
        await act(() => new Promise<void>((resolve) => setTimeout(resolve, 30)));
      };
      await waitFor(() => expect(screen.getByText('20%')).toBeInTheDocument());
      expect(statusAt).toEqual([0]);
      await advance(SYNC_POLL_MS - 1);
      expect(statusAt).toEqual([0]);
      await advance(1);
      expect(statusAt).toEqual([0, SYNC_POLL_MS]);
      await waitFor(() => expect(screen.getByText('60%')).toBeInTheDocument());
      await advance(SYNC_POLL_MS - 1);
      expect(statusAt).toEqual([0, SYNC_POLL_MS]);
      expect(courseCalls).toBe(1);
      await advance(1);
      expect(statusAt.slice(0, 3)).toEqual([0, SYNC_POLL_MS, 2 * SYNC_POLL_MS]);
      // Status 1: the success message, and the course is loaded again (spec §4 "reloads"): it now says 1, so the bar shows the done state.
      await waitFor(() => expect(screen.getByText('The course package was imported.')).toBeInTheDocument());
      await waitFor(() => expect(courseCalls).toBe(2));
      expect(await screen.findByText('The course package SC.mbz was imported.')).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      // Polling has stopped (the reload may have asked once more at the same instant).
      const asked = statusAt.length;
      await advance(SYNC_POLL_MS * 5);
      expect(statusAt).toHaveLength(asked);
      expect(statusAt.every((at) => at <= 2 * SYNC_POLL_MS)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  }, 20_000);

  it('1: the success message with the link to the last report, and the import controls stay for another package (issue 20 §13)', () => {
    renderWithApp(<CourseImportBar course={courseWith(1)} />);
    expect(screen.getByText('The course package SC.mbz was imported.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the import report' })).toHaveAttribute('href', '/course/7/imports/12');
    expect(screen.getByRole('button', { name: /Import course package/ })).toBeEnabled();
    expect(screen.getByLabelText('Upload a Moodle backup (.mbz)')).toBeInTheDocument();
  });
});
