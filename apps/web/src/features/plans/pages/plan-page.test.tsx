import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgPlan, PlanRequest } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { PlanPage } from './plan-page';
import { PlanRequestsPage } from './plan-requests-page';

configure({ asyncUtilTimeout: 5_000 });

const GiB = 1024 ** 3;
const fetchMock = vi.fn<typeof fetch>();
let state: OrgPlan;
let requests: PlanRequest[];

const request = (over: Partial<PlanRequest> = {}): PlanRequest => ({
  id: 7,
  org: { id: 1, name: 'Atrium Demo University' },
  status: 'pending',
  changes: { storage_bytes: 300 * GiB },
  reason: 'Lecture videos',
  requested_by: { id: 2, name: 'Ada Admin' },
  created_at: '2026-12-03T10:00:00Z',
  decided_by: null,
  decided_at: null,
  decision_note: null,
  ...over,
});

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = String(input);
  const method = init?.method ?? 'GET';
  const page = { page: 1, page_size: 10, pages: 1 };
  if (url === '/api/org/plan' && method === 'GET') return jsonResponse(200, state);
  if (url.startsWith('/api/org/plan/requests?')) return jsonResponse(200, { ...page, items: requests, total: requests.length });
  if (url === '/api/org/plan/requests' && method === 'POST') {
    const body = JSON.parse(String(init!.body)) as { changes: PlanRequest['changes']; reason: string };
    const made = request({ changes: body.changes, reason: body.reason });
    requests = [made, ...requests];
    state = { ...state, pending_request: made };
    return jsonResponse(201, made);
  }
  if (url.startsWith('/api/wg-admin/plan-requests?')) {
    const status = new URL(url, 'http://x').searchParams.get('status');
    const items = requests.filter((r) => !status || r.status === status);
    return jsonResponse(200, { ...page, page_size: 20, items, total: items.length });
  }
  if (url === '/api/wg-admin/plan-requests/7' && method === 'PUT') {
    const body = JSON.parse(String(init!.body)) as { decision: 'approved' | 'rejected'; note?: string };
    requests = requests.map((r) => (r.id === 7 ? { ...r, status: body.decision, decision_note: body.note ?? null } : r));
    return jsonResponse(200, requests[0]);
  }
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}
const bodiesOf = (url: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === url && init?.method !== 'GET' && init?.method)
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

describe('organisation plans (issue 24 item 3)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    state = {
      plan: {
        name: 'Campus',
        seats: 500,
        storage_bytes: 200 * GiB,
        features: { vocabulary_entries: true, team_teaching: true, cloud_classroom: false, instruction_meeting: true, online_office_preview: false },
        expires_at: '2027-06-30T23:59:59Z',
        storage_expires_at: null,
        state: 'active',
        storage_state: 'active',
        updated_at: '2026-12-01T00:00:00Z',
      },
      usage: { seats_used: 460, storage_used_bytes: 190 * GiB, courses: 12 },
      pending_request: null,
    };
    requests = [];
    fetchMock.mockImplementation(async (input, init) => route(input, init));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the plan, its usage against it and its features', async () => {
    renderWithApp(<PlanPage />);
    expect(await screen.findByText('Current plan: Campus')).toBeInTheDocument();
    expect(screen.getByText('460 of 500 user accounts')).toBeInTheDocument();
    expect(screen.getByText('190.00 GB of 200.00 GB')).toBeInTheDocument();
    expect(screen.getByText('Courses: 12')).toBeInTheDocument();
    expect(screen.getByText('2027-06-30')).toBeInTheDocument();
    const features = screen.getByRole('list', { name: 'Features' });
    expect(within(features).getAllByText('Not included')).toHaveLength(2);
    expect(screen.getByText('No requests yet.')).toBeInTheDocument();
  });

  it('applies for more storage: only what changed is sent, with the reason, and the request shows as pending', async () => {
    const user = userEvent.setup();
    renderWithApp(<PlanPage />);
    await user.click(await screen.findByRole('button', { name: 'Apply for a change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply for a plan change' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Say why the organization needs this change.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Lecture videos');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Change at least one thing before sending the request.')).toBeInTheDocument();
    expect(bodiesOf('/api/org/plan/requests')).toEqual([]);
    const storage = within(dialog).getByLabelText('Storage (GiB)');
    await user.clear(storage);
    await user.type(storage, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Apply for a plan change' })).toBeNull());
    expect(bodiesOf('/api/org/plan/requests')).toEqual([{ changes: { storage_bytes: 300 * GiB }, reason: 'Lecture videos' }]);
    const pending = await screen.findByTestId('pending-request');
    expect(within(pending).getByText('Storage: 300.00 GB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply for a change' })).toBeDisabled();
  });

  it('the operator approves a pending request with a note', async () => {
    const user = userEvent.setup();
    requests = [request()];
    renderWithApp(<PlanRequestsPage />);
    expect(await screen.findByText('Atrium Demo University')).toBeInTheDocument();
    expect(screen.getByText('Storage: 300.00 GB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the request of Atrium Demo University?' });
    await user.type(within(dialog).getByLabelText('Note to the organization (optional)'), 'Granted');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(bodiesOf('/api/wg-admin/plan-requests/7')).toEqual([{ decision: 'approved', note: 'Granted' }]));
    expect(await screen.findByText('No request is waiting for a decision.')).toBeInTheDocument();
  });
});
