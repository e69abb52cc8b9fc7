import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourseHeaderState } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { courseOf } from '../../../test/fixtures';
import { CourseHeaderControls } from './course-header-controls';

const fetchMock = vi.fn<typeof fetch>();

const course = courseOf({ my_roles: ['instructor'] });
const header: CourseHeaderState = { active_role: null, preview_as: null, inspecting: false, need_publish: true, can_review: false, can_manage: true };

describe('CourseHeaderControls (spec §4, §6, §8)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('asks can-unpublished first and shows its message without unpublishing', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { can_unpublished: false, message: 'Students have started studying' }));
    const user = userEvent.setup();
    renderWithApp(<CourseHeaderControls course={course} header={header} />);
    await user.click(screen.getByRole('switch', { name: 'Published' }));
    expect(await screen.findByText('Students have started studying')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/courses/3/can-unpublished']);
  });

  it('shows the first message of errors.published when the publish call fails', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('can-unpublished')
        ? jsonResponse(200, { can_unpublished: true, message: null })
        : jsonResponse(409, { code: 'CANNOT_UNPUBLISH', message: 'whole', errors: { published: ['first reason', 'second'] } }),
    );
    const user = userEvent.setup();
    renderWithApp(<CourseHeaderControls course={course} header={header} />);
    await user.click(screen.getByRole('switch', { name: 'Published' }));
    expect(await screen.findByText('first reason')).toBeInTheDocument();
  });

  it('validates before switching to lite: a failed check shows the server message and opens no confirmation', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { can_switch: false, message: 'Remove the assistants first' }));
    const user = userEvent.setup();
    renderWithApp(<CourseHeaderControls course={course} header={header} />);
    await user.click(screen.getByRole('button', { name: 'Switch to lite course' }));
    expect(await screen.findByText('Remove the assistants first')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Switch to a lite course?' })).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('hides publish controls when the course-need-publish toggle is off', () => {
    renderWithApp(<CourseHeaderControls course={course} header={{ ...header, need_publish: false }} />);
    expect(screen.queryByRole('switch', { name: 'Published' })).not.toBeInTheDocument();
  });
});
