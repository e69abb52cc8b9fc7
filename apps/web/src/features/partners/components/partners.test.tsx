import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CoursePartnerInfo, PartnerTypeList } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { orgOf } from '../../../test/fixtures';
import { OrgPartnerTypesCard } from './org-partner-types-card';
import { CoursePartnerCard } from './course-partner-card';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
let types: PartnerTypeList;
let info: CoursePartnerInfo;
const sent: { method: string; url: string; body: unknown }[] = [];

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = String(input);
  const method = init?.method ?? 'GET';
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  if (method !== 'GET') sent.push({ method, url, body });
  if (url === '/api/org') return jsonResponse(200, orgOf({ id: 3 }));
  if (url === '/api/orgs/3/associated-partner-types') return jsonResponse(200, types);
  if (url === '/api/org/associated-partner-types' && method === 'PUT') {
    types = body as PartnerTypeList;
    return jsonResponse(200, types);
  }
  if (url === '/api/courses/7/associated-partner-info' && method === 'GET') return jsonResponse(200, info);
  if (url === '/api/courses/7/associated-partner-info') {
    if (body?.website === 'https://bad.example')
      return jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'website: unreachable', errors: { website: ['is not reachable'] } });
    info = {
      info: {
        ...(body as { partner_type: string; partner_name: string }),
        partner_type_name: types.types.find((t) => t.code === body?.partner_type)?.name ?? null,
        contact_name: (body?.contact_name as string | null) ?? null,
        contact_email: (body?.contact_email as string | null) ?? null,
        website: (body?.website as string | null) ?? null,
        description: (body?.description as string | null) ?? null,
        updated_at: '2026-12-04T10:00:00Z',
      },
    };
    return jsonResponse(method === 'POST' ? 201 : 200, info);
  }
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no such route' });
}

describe('associated partners', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input, init) => route(input, init));
    types = { types: [] };
    info = { info: null };
    sent.length = 0;
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('OrgPartnerTypesCard: empty at first; administrators add kinds, a bad code is refused on its field, the list is saved whole', async () => {
    renderWithApp(<OrgPartnerTypesCard />);
    expect(screen.getByRole('status', { name: 'Loading the kinds of partner' })).toBeInTheDocument();
    expect(await screen.findByText('No kinds of partner yet')).toBeInTheDocument();
    const actor = userEvent.setup();
    await actor.click(screen.getByRole('button', { name: /Add a kind/ }));
    await actor.type(screen.getByLabelText('Code of kind 1'), 'enterprise');
    await actor.type(screen.getByLabelText('Name of kind 1'), 'Enterprise');
    await actor.click(screen.getByRole('button', { name: /Add a kind/ }));
    await actor.type(screen.getByLabelText('Code of kind 2'), 'bad code');
    await actor.type(screen.getByLabelText('Name of kind 2'), 'Hospital');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use only letters, digits, _ and -')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await actor.clear(screen.getByLabelText('Code of kind 2'));
    await actor.type(screen.getByLabelText('Code of kind 2'), 'hospital');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/org/associated-partner-types',
      body: {
        types: [
          { code: 'enterprise', name: 'Enterprise' },
          { code: 'hospital', name: 'Hospital' },
        ],
      },
    });
    expect(await screen.findByText('Kinds of partner saved')).toBeInTheDocument();
  });

  it('OrgPartnerTypesCard: a failed load offers a retry', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('associated-partner-types') ? jsonResponse(500, { code: 'INTERNAL', message: 'Something broke' }) : route(input, init),
    );
    renderWithApp(<OrgPartnerTypesCard />);
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
  });

  it('CoursePartnerCard: says when none is recorded, and tells instructors when the organisation names no kinds', async () => {
    renderWithApp(<CoursePartnerCard courseId={7} canEdit />);
    expect(await screen.findByText('No partner is recorded for this course')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record partner' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/names no kinds of partner yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('CoursePartnerCard: records the partner (POST), shows a server field error on its field, then changes it (PUT)', async () => {
    types = { types: [{ code: 'hospital', name: 'Teaching hospital' }] };
    renderWithApp(<CoursePartnerCard courseId={7} canEdit />);
    const actor = userEvent.setup();
    await actor.click(await screen.findByRole('button', { name: 'Record partner' }));
    const dialog = await screen.findByRole('dialog');
    await actor.click(within(dialog).getByLabelText('Kind of partner'));
    await actor.click(await screen.findByTitle('Teaching hospital'));
    await actor.type(within(dialog).getByLabelText('Partner'), 'St Mary');
    await actor.type(within(dialog).getByLabelText(/Website/), 'https://bad.example');
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('is not reachable')).toBeInTheDocument();
    await actor.clear(within(dialog).getByLabelText(/Website/));
    await actor.type(within(dialog).getByLabelText(/Website/), 'https://stmary.example');
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('St Mary')).toBeInTheDocument();
    expect(screen.getByText('Teaching hospital')).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({
      method: 'POST',
      body: { partner_type: 'hospital', partner_name: 'St Mary', website: 'https://stmary.example', contact_name: null },
    });

    await actor.click(screen.getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog');
    await actor.clear(within(edit).getByLabelText('Partner'));
    await actor.type(within(edit).getByLabelText('Partner'), 'St Mary Hospital');
    await actor.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('St Mary Hospital')).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ method: 'PUT', body: { partner_name: 'St Mary Hospital' } });
  });

  it('CoursePartnerCard: members read it without an edit button', async () => {
    types = { types: [{ code: 'enterprise', name: 'Enterprise' }] };
    info = {
      info: {
        partner_type: 'enterprise',
        partner_type_name: 'Enterprise',
        partner_name: 'Acme',
        contact_name: 'Ada',
        contact_email: 'ada@acme.example',
        website: null,
        description: null,
        updated_at: '2026-12-04T10:00:00Z',
      },
    };
    renderWithApp(<CoursePartnerCard courseId={7} canEdit={false} />);
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ada@acme.example' })).toHaveAttribute('href', 'mailto:ada@acme.example');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
