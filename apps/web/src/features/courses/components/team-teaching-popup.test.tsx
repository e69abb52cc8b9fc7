import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { TeamTeachingPopup } from './team-teaching-popup';

const fetchMock = vi.fn<typeof fetch>();

describe('TeamTeachingPopup (spec §7, §8)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('flags the missing organisation, department and users each on its own, and sends nothing', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { orgs: [{ id: 1, name: 'Atrium Demo University' }] }));
    const user = userEvent.setup();
    renderWithApp(<TeamTeachingPopup courseId={4} open onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose an organization.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a department.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one instructor.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/toggle-opened-orgs?toggle=org_team_teaching']);
  });

  it('says so when the organisation has team teaching off', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { orgs: [] }));
    renderWithApp(<TeamTeachingPopup courseId={4} open onClose={vi.fn()} />);
    expect(await screen.findByText('Team teaching is not enabled for your organization.')).toBeInTheDocument();
  });
});
