import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { CourseHeaderState } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { courseOf } from '../../../test/fixtures';
import { CourseHeader } from './course-header';

const fetchMock = vi.fn<typeof fetch>();

const course = courseOf();
const header: CourseHeaderState = { active_role: null, preview_as: null, inspecting: false, need_publish: true, can_review: false, can_manage: false };

/** Answers the header state given and an empty body to every other call the header makes. */
function serve(state: CourseHeaderState) {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path.startsWith('/api/courses/3/header')) return jsonResponse(200, state);
    if (path.startsWith('/api/courses/3/study-completeness'))
      return jsonResponse(200, {
        last_activity: null,
        study_completeness: 0,
        last_update_completeness_time: null,
        can_view: true,
        forbidden_reason: null,
        start_time: null,
        end_time: null,
        completion_popup_seen: false,
      });
    return jsonResponse(200, {});
  });
}

async function tabNames(): Promise<string[]> {
  await screen.findByRole('tab', { name: 'Content' });
  return screen.getAllByRole('tab').map((tab) => tab.textContent ?? '');
}

describe('CourseHeader tabs (issue 20 §13: only what the person may open)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows a student no Enrolments or Warning tab, which the server refuses them', async () => {
    serve(header);
    renderWithApp(<CourseHeader course={course} />, { route: '/course/3' });
    await screen.findByText('Compilers');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/courses/3/header'))).toBe(true);
    const names = await tabNames();
    expect(names).toContain('Content');
    expect(names).toContain('Forum');
    expect(names).not.toContain('Enrollments');
    expect(names).not.toContain('Warning');
  });

  it('shows an assistant both team tabs', async () => {
    serve(header);
    renderWithApp(<CourseHeader course={{ ...course, my_roles: ['instructor_assistant'] }} />, { route: '/course/3' });
    const names = await tabNames();
    expect(names).toContain('Enrollments');
    expect(names).toContain('Warning');
  });

  it('shows an organisation admin with no course role both team tabs once the header says they manage the course', async () => {
    serve({ ...header, can_manage: true });
    renderWithApp(<CourseHeader course={{ ...course, my_roles: [] }} />, { route: '/course/3' });
    expect(await screen.findByRole('tab', { name: 'Enrollments' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Warning' })).toBeInTheDocument();
  });

  it('hides the team tabs from an instructor previewing as a student', async () => {
    serve({ ...header, can_manage: true, preview_as: 'student' });
    renderWithApp(<CourseHeader course={{ ...course, my_roles: ['instructor'] }} />, { route: '/course/3' });
    expect(await screen.findByText('Compilers')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('tab', { name: 'Enrollments' })).not.toBeInTheDocument());
    expect(screen.queryByRole('tab', { name: 'Warning' })).not.toBeInTheDocument();
  });
});
