import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarEvent, Meeting } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { CalendarZoneContext, fromZoneWall, toZoneWall } from '../lib/zone';
import { EventEditor } from './event-editor';
import { MeetingPopup } from './meeting-popup';

const fetchMock = vi.fn<typeof fetch>();
const me = { id: 1, name: 'Ada Lovelace', user_no: 'T001' };
const courses = [{ id: 7, name: 'Compilers', role: 'instructor' }];
const people = [
  { id: 21, name: 'Grace Hopper', user_no: 'T021' },
  { id: 22, name: 'Alan Turing', user_no: 'T022' },
];

/** A stand-in XMLHttpRequest answering the upload's PUT with the finished upload. */
class FakeXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  upload = { onprogress: null as null | ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send() {
    setTimeout(() => {
      this.status = 200;
      this.responseText = JSON.stringify({ id: 55, name: 'handout.pdf', size: 5, status: 'processing' });
      this.onload?.();
    }, 0);
  }
}

function routes(extra: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/user/search')) {
      const keywords = new URL(url, 'http://x').searchParams.get('keywords') ?? '';
      return jsonResponse(200, { users: people.filter((p) => p.name.toLowerCase().includes(keywords.toLowerCase())) });
    }
    if (url.startsWith('/api/courses/7/groups')) return jsonResponse(200, { groups: [{ id: 3, name: 'Lab A', members: [people[0]] }] });
    if (url.startsWith('/api/course/7/students')) return jsonResponse(200, { students: [] });
    if (url.startsWith('/api/uploads/settings'))
      return jsonResponse(200, { maxUploadBytes: 1_000_000, checkUploadExtension: true, maxLevelInUploadFolder: 5, maxFileCountInUploadFolder: 500 });
    if (url === '/api/uploads') return jsonResponse(200, { id: 55, name: 'handout.pdf', size: 5, upload_url: '/api/uploads/55/content', status: 'created' });
    return jsonResponse(200, { message: 'ok' });
  });
}
const bodyOf = (path: string) => JSON.parse(String(fetchMock.mock.calls.find(([u, i]) => String(u) === path && i?.method !== 'GET' && i?.body)?.[1]?.body));

/**
 * Picks an option of an antd Select: opens it, types, waits until the search for the whole
 * text has answered and the option shows, clicks it, and waits until the field shows the choice.
 */
async function pick(actor: ReturnType<typeof userEvent.setup>, box: HTMLElement, typed: string, option: string) {
  await actor.click(box);
  if (typed) {
    await actor.type(box, typed);
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes(`keywords=${typed}`))).toBe(true), { timeout: 5000 });
  }
  const found = await screen.findByTitle(option, {}, { timeout: 5000 });
  await actor.click(found);
  const field = box.closest('.ant-select') as HTMLElement;
  await waitFor(() => expect(within(field).getAllByText(option).length).toBeGreaterThan(0), { timeout: 5000 });
}

describe('calendar pickers', { timeout: 90_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('the meeting popup sends the chosen host, participants (user search) and course', async () => {
    routes();
    renderWithApp(<MeetingPopup open meeting={null} orgId={9} me={me} courses={courses} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const actor = userEvent.setup();
    await actor.type(within(dialog).getByLabelText('Title'), 'Planning');
    expect(within(dialog).getByText('Ada Lovelace (T001)')).toBeInTheDocument();
    await pick(actor, within(dialog).getByRole('combobox', { name: 'Host' }), 'grace', 'Grace Hopper (T021)');
    await pick(actor, within(dialog).getByRole('combobox', { name: 'Participants' }), 'alan', 'Alan Turing (T022)');
    await pick(actor, within(dialog).getByRole('combobox', { name: 'Course' }), '', 'Compilers');
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u) === '/api/calendar-meeting' && i?.method === 'POST')).toBe(true));
    const body = bodyOf('/api/calendar-meeting');
    expect(body).toMatchObject({ title: 'Planning', participant_ids: [22], course_id: 7, scope_org_ids: '9', data: { host_user: { id: 21 } } });
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/user/search?keywords=grace'))).toBe(true);
  });

  it("shows an editable meeting's participants by name and the server's participant error on the field", async () => {
    routes((url) =>
      url.startsWith('/api/calendar-meeting/4')
        ? jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'unknown participants', errors: { participant_ids: ['unknown participants'] } })
        : undefined,
    );
    const meeting: Meeting = {
      id: 4,
      title: 'Rejected review',
      kind: 'meeting',
      start_time: '2027-03-01T02:00:00.000Z',
      end_time: '2027-03-01T03:00:00.000Z',
      data: {
        description: null,
        live_config: { live_addr: null },
        join_url: null,
        replay_address: [],
        audit_status: 'reject',
        host_user: { id: 1, name: 'Ada Lovelace', user_no: 'T001', mobile_phone: null },
      },
      scope_org_ids: '9',
      participant_ids: [21],
      participants: [people[0]!],
      course_id: null,
      teaching_unit: null,
      room: null,
      editable: true,
      form_editable: true,
      is_started: false,
      is_ended: false,
    };
    renderWithApp(<MeetingPopup open meeting={meeting} orgId={9} me={me} courses={courses} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Grace Hopper (T021)')).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText('unknown participants')).length).toBeGreaterThan(0);
    expect(bodyOf('/api/calendar-meeting/4')).toMatchObject({ participant_ids: [21], data: { host_user: { id: 1 } } });
  });

  it('the event editor addresses a course group and attaches an uploaded file', async () => {
    routes();
    renderWithApp(<EventEditor open event={null} userRole={0} courses={courses} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const actor = userEvent.setup();
    await actor.type(within(dialog).getByLabelText('Title'), 'Lab session');
    await actor.click(within(dialog).getByRole('radio', { name: 'Courses' }));
    await pick(actor, within(dialog).getByRole('combobox', { name: 'Courses' }), '', 'Compilers');
    await pick(actor, await within(dialog).findByRole('combobox', { name: 'Groups (only their members)' }), '', 'Lab A (1 member)');
    fireEvent.change(within(dialog).getByTestId('upload-input'), { target: { files: [new File(['hello'], 'handout.pdf', { type: 'application/pdf' })] } });
    expect(await within(dialog).findByText('handout.pdf', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('upload-folder-input') && within(dialog).queryByRole('button', { name: /folder/i })).toBeNull();
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u) === '/api/calendar-events' && i?.method === 'POST')).toBe(true));
    expect(bodyOf('/api/calendar-events')).toMatchObject({
      title: 'Lab session',
      target_type: 'course',
      target_data: { course_id: 7, group_ids: [3] },
      upload_ids: [55],
    });
    expect(bodyOf('/api/uploads')).toMatchObject({ name: 'handout.pdf', parent_type: 'user' });
  });

  it('editing an event shows its attachments; removing one leaves it out of upload_ids', async () => {
    routes();
    const event: CalendarEvent = {
      id: 8,
      title: 'Reading week',
      all_day: false,
      start_time: '2027-03-01T02:00:00.000Z',
      end_time: '2027-03-01T03:00:00.000Z',
      color: null,
      editable: true,
      uploads: [
        { id: 31, name: 'chapter1.pdf' },
        { id: 32, name: 'chapter2.pdf' },
      ],
      description: null,
      location: null,
      target_type: 'self',
      target_data: {},
      alert_id: null,
      send_email_alert: false,
      tag: null,
      created_by: { id: 1, name: 'Ada Lovelace' },
    };
    renderWithApp(<EventEditor open event={event} userRole={0} courses={courses} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('chapter1.pdf')).toBeInTheDocument();
    const actor = userEvent.setup();
    await actor.click(within(dialog).getByRole('button', { name: 'Remove chapter1.pdf' }));
    expect(within(dialog).queryByText('chapter1.pdf')).toBeNull();
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u) === '/api/calendar-events/8' && i?.method === 'PUT')).toBe(true));
    expect(bodyOf('/api/calendar-events/8')).toMatchObject({ upload_ids: [32] });
  });

  it('popups show and save wall-clock times in the calendar zone, not the browser zone', async () => {
    routes();
    // 02:00Z is 10:00 in Taipei and 11:00 in Tokyo
    expect(toZoneWall('2027-03-01T02:00:00Z', 'Asia/Taipei').format('HH:mm')).toBe('10:00');
    expect(fromZoneWall(toZoneWall('2027-03-01T02:00:00Z', 'Asia/Tokyo'), 'Asia/Tokyo')).toBe('2027-03-01T02:00:00.000Z');
    const event = {
      id: 9,
      title: 'Zoned',
      all_day: false,
      start_time: '2027-03-01T02:00:00.000Z',
      end_time: '2027-03-01T03:00:00.000Z',
      color: null,
      editable: true,
      uploads: [],
      description: null,
      location: null,
      target_type: 'self',
      target_data: {},
      alert_id: null,
      send_email_alert: false,
      tag: null,
      created_by: { id: 1, name: 'Ada' },
    } satisfies CalendarEvent;
    renderWithApp(
      <CalendarZoneContext.Provider value="Asia/Tokyo">
        <EventEditor open event={event} userRole={0} courses={courses} onClose={() => {}} />
      </CalendarZoneContext.Provider>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('2027.03.01 11:00')).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u) === '/api/calendar-events/9' && i?.method === 'PUT')).toBe(true));
    expect(bodyOf('/api/calendar-events/9')).toMatchObject({ start_time: '2027-03-01T02:00:00.000Z', end_time: '2027-03-01T03:00:00.000Z' });
  });
});
