import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TIMETABLE_SAVED_COLOR, type Timetable } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { EventEditor } from './event-editor';
import { TimetablePopup } from './timetable-popup';

const fetchMock = vi.fn<typeof fetch>();
const courses = [{ id: 7, name: 'Compilers', role: 'instructor' }];
const occurrence: Timetable = {
  id: 3,
  course_id: 7,
  course_title: 'Compilers',
  instructors_names: ['Ada'],
  start_time: '2027-01-18T01:00:00.000Z',
  end_time: '2027-01-18T03:00:00.000Z',
  repeat_type: 'week',
  repeat_frequency: 1,
  repeat_weekly_days: '1,3',
  repeat_end_date: '2027-02-28',
  editable: true,
  location: 'Hall B',
  description: null,
  color: TIMETABLE_SAVED_COLOR,
  origin_repeat_type: 'week',
  course_end_date: null,
  series_start_time: '2027-01-04T01:00:00.000Z',
};

describe('calendar popups', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('editing a weekly lesson defaults to "this lesson" and saves it as a single lesson (spec §4, §5)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'updated', timetable: null }));
    renderWithApp(<TimetablePopup open occurrence={occurrence} courses={courses} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'This lesson' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Notify the course' })).not.toBeChecked();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/calendar-timetables/3');
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      course_id: 7,
      repeat_type: 'no_repeat',
      update_scope: 'current',
      update_target_time: occurrence.start_time,
      color: TIMETABLE_SAVED_COLOR,
      send_ntf: false,
    });
    expect(body).not.toHaveProperty('repeat_weekly_days');
    expect(body).not.toHaveProperty('repeat_end_date');
    expect(body).not.toHaveProperty('repeat_frequency');
  });

  it('shows a repeat_weekly_days error of the server on the weekly-days field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Check the timetable', errors: { repeat_weekly_days: ['choose at least one weekday'] } }),
    );
    renderWithApp(<TimetablePopup open occurrence={occurrence} courses={courses} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const actor = userEvent.setup();
    await actor.click(within(dialog).getByRole('radio', { name: 'This and following lessons' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('choose at least one weekday')).length).toBeGreaterThan(0);
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ repeat_type: 'week', repeat_frequency: 1, repeat_weekly_days: '1,3', update_scope: 'current_and_after' });
  });

  it("a course event with no course shows the server's 'data required' on the course field", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/calendar-events') && !url.includes('users'))
        return jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'data required', errors: { target_data_course_id: ['data required'] } });
      return jsonResponse(200, {});
    });
    renderWithApp(<EventEditor open event={null} userRole={0} courses={courses} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const actor = userEvent.setup();
    await actor.type(within(dialog).getByLabelText('Title'), 'Quiz');
    await actor.click(within(dialog).getByRole('radio', { name: 'Courses' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('data required')).length).toBeGreaterThan(0);
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/calendar-events');
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body).toMatchObject({ title: 'Quiz', target_type: 'course', target_data: { course_id: null, all_courses: false }, alert_id: null });
    expect(Date.parse(body.end_time) - Date.parse(body.start_time)).toBe(3_600_000);
    expect(new Date(body.start_time).getMinutes()).toBe(0);
  });
});
