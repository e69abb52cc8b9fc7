import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { OrgSettingsPage } from './org-settings-page';

const fetchMock = vi.fn<typeof fetch>();
const user = (role: number) => ({
  id: 1,
  userNo: 'A1',
  user_name: 'admin',
  name: 'Ada Admin',
  role,
  org: { id: 9, name: 'Northwind' },
  department: null,
  email: null,
  mobilePhone: null,
  time_zone: null,
});
const org = (zone: string) => ({
  id: 9,
  name: 'Northwind',
  time_zone: zone,
  toggles: { timetable: true, meeting: true, instruction_meeting: true, cloud_classroom: true, vocabulary_entries: false, chat_group: false },
  office_preview: { wps_preview: true, yz_office_preview: false, aliyun: false, private_wps: false },
});

function serve(role: number, put: (body: { time_zone: string }) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/user') return jsonResponse(200, user(role));
    if (url === '/api/org') return jsonResponse(200, org('Asia/Shanghai'));
    if (url === '/api/org/time-zone' && init?.method === 'PUT') return put(JSON.parse(String(init.body)));
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'not found' });
  });
}
const puts = () => fetchMock.mock.calls.filter(([u, i]) => String(u) === '/api/org/time-zone' && i?.method === 'PUT');

async function choose(zone: string) {
  const actor = userEvent.setup();
  const box = screen.getByLabelText('Organization time zone');
  await actor.click(box);
  await actor.paste(zone);
  await actor.click(await screen.findByTitle(new RegExp(`\\) ${zone.replace('/', '\\/')}$`)));
  await actor.click(screen.getByText('Save'));
}

describe('organisation settings: time zone (decision 0020)', { timeout: 120_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("an administrator sees the organisation's zone and saves another", async () => {
    serve(2, (body) => jsonResponse(200, org(body.time_zone)));
    renderWithApp(<OrgSettingsPage />);
    expect(await screen.findByText('Northwind: settings')).toBeInTheDocument();
    const field = screen.getByLabelText('Organization time zone').closest('.ant-select') as HTMLElement;
    expect(within(field).getByText(/\) Asia\/Shanghai$/)).toBeInTheDocument();
    await choose('Asia/Taipei');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toEqual({ time_zone: 'Asia/Taipei' });
    expect(await screen.findByText('Time zone saved')).toBeInTheDocument();
  });

  it("shows the server's time_zone error on the field", async () => {
    serve(2, () =>
      jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'time_zone: not a known IANA time zone', errors: { time_zone: ['not a known IANA time zone'] } }),
    );
    renderWithApp(<OrgSettingsPage />);
    await screen.findByText('Northwind: settings');
    await choose('Europe/Paris');
    expect((await screen.findAllByText('not a known IANA time zone')).length).toBeGreaterThan(0);
  });

  it('a non-administrator is told the page is not theirs and gets no form', async () => {
    serve(0, () => jsonResponse(403, { code: 'FORBIDDEN', message: 'no' }));
    renderWithApp(<OrgSettingsPage />);
    expect(await screen.findByText('Only organization administrators change the organization’s settings.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Organization time zone')).toBeNull();
  });
});
