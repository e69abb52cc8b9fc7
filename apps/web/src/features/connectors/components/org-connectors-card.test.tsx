import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectorList, EnrolmentSyncPlan } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { OrgConnectorsCard } from './org-connectors-card';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
let list: ConnectorList;
const URL_A = 'https://urp.campus.example/enrolments.csv';

const plan = (dryRun: boolean): EnrolmentSyncPlan => ({
  provider: 'urp',
  dry_run: dryRun,
  rows_read: 4,
  add: [{ course_id: 2, course_code: 'CS201', user_id: 9, user_no: 'S009', role: 'student' }],
  kept: 1,
  skipped: [{ line: 4, reason: 'unknown_user', course_code: 'CS201', user_no: 'S404' }],
  applied: dryRun ? 0 : 1,
});

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url === '/api/org/connectors' && method === 'GET') return jsonResponse(200, list);
  if (url === '/api/org/connectors/urp' && method === 'PUT') {
    const body = JSON.parse(String(init!.body)) as { url: string; token?: string | null };
    if (!body.url.startsWith('http'))
      return jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'url: is not an address', errors: { url: ['is not an address'] } });
    const connector = {
      provider: 'urp' as const,
      url: body.url,
      has_token: body.token !== null && body.token !== undefined,
      updated_at: '2026-12-03T10:00:00Z',
    };
    list = { items: [{ provider: 'urp', connector }, list.items[1]!] };
    return jsonResponse(200, connector);
  }
  if (url === '/api/courses/sync_from_urp' && method === 'POST')
    return jsonResponse(200, plan((JSON.parse(String(init!.body)) as { dry_run: boolean }).dry_run));
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}
const bodiesOf = (url: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input) === url && init?.method !== 'GET').map(([, init]) => JSON.parse(String(init!.body)) as unknown);

describe('OrgConnectorsCard (issue 24 item 4)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    list = {
      items: [
        { provider: 'urp', connector: null },
        { provider: 'itri', connector: null },
      ],
    };
    fetchMock.mockImplementation(async (input, init) => route(input, init));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('connects URP: the address field shows the server’s error, then saves with the token', async () => {
    const user = userEvent.setup();
    renderWithApp(<OrgConnectorsCard />);
    const urp = await screen.findByTestId('connector-urp');
    expect(within(urp).getByText('Not connected')).toBeInTheDocument();
    expect(within(urp).queryByRole('button', { name: 'Preview sync' })).toBeNull();
    await user.click(within(urp).getByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect URP' });
    await user.type(within(dialog).getByLabelText('Address of the enrollment file'), 'campus');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('is not an address')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Address of the enrollment file'));
    await user.type(within(dialog).getByLabelText('Address of the enrollment file'), URL_A);
    await user.type(within(dialog).getByLabelText('Access token'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Connect URP' })).toBeNull());
    expect(bodiesOf('/api/org/connectors/urp').at(-1)).toEqual({ url: URL_A, token: 'secret-1' });
    expect(await within(screen.getByTestId('connector-urp')).findByText('Connected')).toBeInTheDocument();
    expect(within(screen.getByTestId('connector-urp')).getByText(URL_A)).toBeInTheDocument();
  });

  it('previews the URP sync without changing anything, then applies it on request', async () => {
    const user = userEvent.setup();
    list = { items: [{ provider: 'urp', connector: { provider: 'urp', url: URL_A, has_token: true, updated_at: '2026-12-03T10:00:00Z' } }, list.items[1]!] };
    renderWithApp(<OrgConnectorsCard />);
    await user.click(await screen.findByRole('button', { name: 'Preview sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync enrollments from URP' });
    expect(await within(dialog).findByText('Nothing has changed yet: this is what the sync would do.')).toBeInTheDocument();
    expect(bodiesOf('/api/courses/sync_from_urp')).toEqual([{ dry_run: true }]);
    const toAdd = within(dialog).getByRole('table', { name: 'Enrollments to add' });
    expect(within(toAdd).getByText('S009')).toBeInTheDocument();
    expect(within(toAdd).getByText('Student')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('table', { name: 'Rows that change nothing' })).getByText('No user with this number')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 enrollment' }));
    expect(await within(dialog).findByText('Done: 1 enrollment was added.')).toBeInTheDocument();
    expect(bodiesOf('/api/courses/sync_from_urp')).toEqual([{ dry_run: true }, { dry_run: false }]);
  });
});
