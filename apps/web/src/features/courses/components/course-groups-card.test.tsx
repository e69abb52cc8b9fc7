import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { CourseGroupsCard } from './course-groups-card';

const fetchMock = vi.fn<typeof fetch>();
const students = [
  { id: 21, name: 'Grace Hopper', user_no: 'S021' },
  { id: 22, name: 'Alan Turing', user_no: 'S022' },
];

describe('CourseGroupsCard', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists groups with members and creates one with chosen students; a taken name shows on the field', async () => {
    let posts = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/course/7/students')) return jsonResponse(200, { students });
      if (url === '/api/courses/7/groups' && init?.method === 'POST') {
        posts += 1;
        return posts === 1
          ? jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'a group of this name exists', errors: { name: ['a group of this name exists'] } })
          : jsonResponse(200, { message: 'created', group: { id: 4, name: 'Lab B', members: [students[1]] } });
      }
      if (url.startsWith('/api/courses/7/groups')) return jsonResponse(200, { groups: [{ id: 3, name: 'Lab A', members: [students[0]] }] });
      return jsonResponse(404, {});
    });
    renderWithApp(<CourseGroupsCard courseId={7} canEdit />);
    expect(await screen.findByText('Lab A')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    const actor = userEvent.setup();
    await actor.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog');
    await actor.type(within(dialog).getByLabelText('Group name'), 'Lab A');
    await actor.click(within(dialog).getByLabelText('Members'));
    await actor.click(await screen.findByTitle('Alan Turing (S022)'));
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('a group of this name exists')).toBeInTheDocument();
    await actor.clear(within(dialog).getByLabelText('Group name'));
    await actor.type(within(dialog).getByLabelText('Group name'), 'Lab B');
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toBe(2));
    const body = JSON.parse(String(fetchMock.mock.calls.filter(([u, i]) => String(u) === '/api/courses/7/groups' && i?.method === 'POST')[1]?.[1]?.body));
    expect(body).toEqual({ name: 'Lab B', member_ids: [22] });
  });

  it('shows no edit buttons to those who may only read', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { groups: [{ id: 3, name: 'Lab A', members: [] }] }));
    renderWithApp(<CourseGroupsCard courseId={7} canEdit={false} />);
    expect(await screen.findByText('Lab A')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit group Lab A' })).toBeNull();
  });
});
