import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarEvent } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { EventEditor } from './event-editor';

const fetchMock = vi.fn<typeof fetch>();
const courses = [
  { id: 7, name: 'Compilers', role: 'instructor' },
  { id: 8, name: 'Databases', role: 'instructor_assistant' },
  { id: 9, name: 'Poetry', role: 'student' },
];

function serve() {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/courses/7/groups'))
      return jsonResponse(200, { groups: [{ id: 3, name: 'Lab A', members: [{ id: 21, name: 'Grace', user_no: 'T021' }] }] });
    if (url.startsWith('/api/courses/8/groups')) return jsonResponse(200, { groups: [{ id: 4, name: 'Lab B', members: [] }] });
    if (url.startsWith('/api/course/')) return jsonResponse(200, { students: [] });
    if (url === '/api/calendar-events' && init?.method === 'POST') return jsonResponse(200, { message: 'created', calendar_event: {} });
    if (url.startsWith('/api/calendar-events/') && init?.method === 'PUT') return jsonResponse(200, { message: 'updated', calendar_event: {} });
    return jsonResponse(200, {});
  });
}
const saved = (path: string, method: string) => fetchMock.mock.calls.filter(([u, i]) => String(u) === path && i?.method === method);

/** The search input of the antd Select labelled `label` (the radio "Courses" has the same text). */
const selectOf = (dialog: HTMLElement, label: string) => dialog.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);

/** Opens an antd multiple Select by its label and clicks the option with `title`. */
async function choose(actor: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, title: string) {
  await actor.click(selectOf(dialog, label)!);
  await actor.click(await screen.findByTitle(title, {}, { timeout: 5000 }));
}

describe('event editor: course targets (spec §3, §5)', { timeout: 120_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('addresses a subset of the courses I teach, with groups of each; students only within one course', async () => {
    serve();
    renderWithApp(<EventEditor open event={null} userRole={0} courses={courses} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const actor = userEvent.setup();
    await actor.click(within(dialog).getByLabelText('Title'));
    await actor.paste('Exam week');
    await actor.click(within(dialog).getByRole('radio', { name: 'Courses' }));
    await choose(actor, dialog, 'Courses', 'Compilers');
    // One course: its students can be picked.
    expect(await within(dialog).findByText(/^Students/)).toBeInTheDocument();
    await choose(actor, dialog, 'Courses', 'Databases');
    expect(screen.queryByTitle('Poetry')).toBeNull();
    await waitFor(() => expect(within(dialog).queryByText(/^Students/)).toBeNull());
    await choose(actor, dialog, 'Groups (only their members)', 'Databases: Lab B (0 members)');
    await actor.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(saved('/api/calendar-events', 'POST')).toHaveLength(1));
    expect(JSON.parse(String(saved('/api/calendar-events', 'POST')[0]?.[1]?.body))).toMatchObject({
      title: 'Exam week',
      target_type: 'course',
      target_data: { course_id: 7, course_ids: [7, 8], all_courses: false, user_ids: [], group_ids: [4] },
    });
  });

  it('"all my courses" hides the course choice and sends no courses; an edited event shows its courses', async () => {
    serve();
    const event: CalendarEvent = {
      id: 12,
      title: 'Reading week',
      all_day: false,
      start_time: '2027-03-01T02:00:00.000Z',
      end_time: '2027-03-01T03:00:00.000Z',
      color: null,
      editable: true,
      uploads: [],
      description: null,
      location: null,
      target_type: 'course',
      target_data: { course_id: 7, course_ids: [7, 8], user_ids: [], group_ids: [], all_courses: false },
      alert_id: null,
      send_email_alert: false,
      tag: null,
      created_by: { id: 1, name: 'Ada' },
    };
    renderWithApp(<EventEditor open event={event} userRole={0} courses={courses} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    // The edited event's values reach the form after its first render.
    const field = await waitFor(() => {
      const select = selectOf(dialog, 'Courses')?.closest<HTMLElement>('.ant-select');
      expect(select).toBeTruthy();
      expect(within(select!).getByText('Compilers')).toBeInTheDocument();
      return select!;
    });
    expect(within(field).getByText('Databases')).toBeInTheDocument();
    const actor = userEvent.setup();
    await actor.click(within(dialog).getByText('All my courses'));
    expect(selectOf(dialog, 'Courses')).toBeNull();
    await actor.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(saved('/api/calendar-events/12', 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(saved('/api/calendar-events/12', 'PUT')[0]?.[1]?.body)).target_data).toEqual({
      course_id: null,
      course_ids: [],
      all_courses: true,
      user_ids: [],
      group_ids: [],
    });
  });
});
