import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { Meeting } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { dateRangeFilter, ManagementMeetingsPage } from '../pages/management-meetings-page';
import { MeetingPopup } from './meeting-popup';

const fetchMock = vi.fn<typeof fetch>();
const me = { id: 1, name: 'Ada Lovelace', user_no: 'T001' };
const courses = [{ id: 7, name: 'Compilers' }];

function meetingOf(patch: Partial<Meeting> = {}, data: Partial<Meeting['data']> = {}): Meeting {
  return {
    id: 4,
    title: 'Curriculum review',
    kind: 'meeting',
    start_time: '2027-03-01T02:00:00.000Z',
    end_time: '2027-03-01T03:00:00.000Z',
    data: {
      description: 'Plans',
      live_config: { live_addr: null },
      join_url: 'https://meet.example/4',
      replay_address: [],
      audit_status: 'pending',
      host_user: { id: 5, name: 'Grace Hopper', user_no: 'T005', mobile_phone: null },
      ...data,
    },
    scope_org_ids: '9',
    participant_ids: [21],
    participants: [{ id: 21, name: 'Alan Turing', user_no: 'T021' }],
    course_id: 7,
    teaching_unit: null,
    room: 'A101',
    editable: true,
    form_editable: false,
    is_started: false,
    is_ended: false,
    ...patch,
  };
}

const calls = (method: string, path: string) => fetchMock.mock.calls.filter(([u, i]) => String(u).startsWith(path) && (i?.method ?? 'GET') === method);
const lastBody = (method: string, path: string) => JSON.parse(String(calls(method, path).at(-1)?.[1]?.body));

describe('meeting review and replay addresses (spec §4 audit_status)', { timeout: 120_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('an admin approves a pending meeting from its popup with the whole body, keeping host, participants and course', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'updated', meeting: meetingOf({}, { audit_status: 'agree' }) }));
    const onClose = vi.fn();
    renderWithApp(<MeetingPopup open meeting={meetingOf()} orgId={9} me={me} courses={courses} canReview onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(within(dialog).getByLabelText('Approve Curriculum review'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(lastBody('PUT', '/api/calendar-meeting/4')).toEqual({
      title: 'Curriculum review',
      kind: 'meeting',
      start_time: '2027-03-01T02:00:00.000Z',
      end_time: '2027-03-01T03:00:00.000Z',
      data: {
        description: 'Plans',
        live_config: { live_addr: null },
        join_url: 'https://meet.example/4',
        replay_address: [],
        host_user: { id: 5 },
        audit_status: 'agree',
      },
      scope_org_ids: '9',
      participant_ids: [21],
      course_id: 7,
      teaching_unit: null,
      room: 'A101',
    });
  });

  it('rejecting asks first; non-admins, started-and-approved and teaching-team meetings get no review buttons', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'updated', meeting: meetingOf({}, { audit_status: 'reject' }) }));
    const view = renderWithApp(<MeetingPopup open meeting={meetingOf()} orgId={9} me={me} courses={courses} canReview onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const actor = userEvent.setup();
    await actor.click(within(dialog).getByLabelText('Reject Curriculum review'));
    expect(calls('PUT', '/api/calendar-meeting/4')).toHaveLength(0);
    await actor.click(within(document.querySelector('.ant-popconfirm') as HTMLElement).getByText('Reject'));
    await waitFor(() => expect(calls('PUT', '/api/calendar-meeting/4')).toHaveLength(1));
    expect(lastBody('PUT', '/api/calendar-meeting/4').data).toMatchObject({ audit_status: 'reject', host_user: { id: 5 } });
    view.unmount();

    for (const [meeting, canReview] of [
      [meetingOf(), false],
      [meetingOf({ editable: false, is_started: true }, { audit_status: 'agree' }), true],
      [meetingOf({ kind: 'instruction', form_editable: true }, { audit_status: 'agree' }), true],
    ] as const) {
      const v = renderWithApp(<MeetingPopup open meeting={meeting} orgId={9} me={me} courses={courses} canReview={canReview} onClose={() => {}} />);
      const d = await screen.findByRole('dialog');
      expect(within(d).queryByText('Approve')).toBeNull();
      expect(within(d).queryByText('Reject')).toBeNull();
      v.unmount();
    }
  });

  it('replay addresses of an editable meeting can be changed, added and removed', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'updated', meeting: meetingOf() }));
    const meeting = meetingOf(
      { form_editable: true },
      { audit_status: 'reject', replay_address: ['https://replay.example/old', 'https://replay.example/gone'] },
    );
    renderWithApp(<MeetingPopup open meeting={meeting} orgId={9} me={me} courses={courses} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const actor = userEvent.setup();
    const first = within(dialog).getByLabelText('Recording address 1');
    expect(first).toHaveValue('https://replay.example/old');
    // Pasted rather than typed: each keystroke re-renders the whole form.
    const replace = async (box: HTMLElement, text: string) => {
      await actor.clear(box);
      await actor.click(box);
      await actor.paste(text);
    };
    await replace(first, 'https://replay.example/new');
    await actor.click(within(dialog).getByLabelText('Remove recording address 2'));
    await actor.click(within(dialog).getByText('Add a recording address'));
    await replace(within(dialog).getByLabelText('Recording address 2'), 'not a link');
    await actor.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Enter a web address (https://…)')).toBeInTheDocument();
    expect(calls('PUT', '/api/calendar-meeting/4')).toHaveLength(0);
    await replace(within(dialog).getByLabelText('Recording address 2'), 'https://replay.example/extra');
    await actor.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(calls('PUT', '/api/calendar-meeting/4')).toHaveLength(1));
    expect(lastBody('PUT', '/api/calendar-meeting/4').data.replay_address).toEqual(['https://replay.example/new', 'https://replay.example/extra']);
  });
});

describe('management meeting overview', { timeout: 120_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  function serve(items: Meeting[]) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/user')
        return jsonResponse(200, {
          id: 1,
          userNo: 'A1',
          user_name: 'admin',
          name: 'Ada Admin',
          role: 2,
          org: { id: 9, name: 'Org' },
          department: null,
          email: null,
          mobilePhone: null,
          time_zone: 'Asia/Tokyo',
        });
      if (url === '/api/org')
        return jsonResponse(200, {
          id: 9,
          name: 'Org',
          time_zone: 'Europe/London',
          toggles: { timetable: true, meeting: true, instruction_meeting: true, cloud_classroom: true, vocabulary_entries: false, chat_group: false },
          office_preview: { wps_preview: true, yz_office_preview: false, aliyun: false, private_wps: false },
        });
      if (url.startsWith('/api/management/calendar-meeting')) return jsonResponse(200, { items, page: 1, page_size: 10, pages: 1, total: items.length });
      if (url.startsWith('/api/calendar-meeting/') && init?.method === 'PUT') return jsonResponse(200, { message: 'updated', meeting: items[0] });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'not found' });
    });
  }

  it("shows times in the user's zone, filters by kind and dates, and approves a row", async () => {
    serve([meetingOf()]);
    renderWithApp(<ManagementMeetingsPage />);
    // 02:00Z is 11:00 in Tokyo (the user's zone), whatever the browser's.
    expect(await screen.findByText('2027.03.01 11:00')).toBeInTheDocument();
    expect(screen.getByText('2027.03.01 12:00')).toBeInTheDocument();
    expect(screen.getByText('Times in Asia/Tokyo')).toBeInTheDocument();
    const actor = userEvent.setup();
    await actor.click(screen.getByLabelText('Kind'));
    await actor.click(await screen.findByTitle('Cloud classroom'));
    await waitFor(() => expect(lastBody('POST', '/api/management/calendar-meeting')).toEqual({ kind: 'cloud_classroom' }));

    const from = document.querySelector<HTMLInputElement>('input[placeholder="From"]');
    const to = document.querySelector<HTMLInputElement>('input[placeholder="To"]');
    await actor.click(from!);
    await actor.type(from!, '2027.03.01{Enter}');
    await actor.type(to!, '2027.03.02{Enter}');
    // Whole days in Tokyo: 1 March 00:00 JST to 3 March 00:00 JST.
    await waitFor(() =>
      expect(lastBody('POST', '/api/management/calendar-meeting')).toEqual({
        kind: 'cloud_classroom',
        start: '2027-02-28T15:00:00.000Z',
        end: '2027-03-02T15:00:00.000Z',
      }),
    );

    await actor.click(screen.getByLabelText('Approve Curriculum review'));
    await waitFor(() => expect(calls('PUT', '/api/calendar-meeting/4')).toHaveLength(1));
    expect(lastBody('PUT', '/api/calendar-meeting/4').data).toMatchObject({ audit_status: 'agree', host_user: { id: 5 } });
  });

  it('a cleared date range drops start and end', () => {
    expect(dateRangeFilter(null, 'Asia/Tokyo')).toEqual({ start: undefined, end: undefined });
    expect(dateRangeFilter([dayjs('2027-03-01'), null], 'UTC')).toEqual({ start: '2027-03-01T00:00:00.000Z', end: undefined });
  });
});
