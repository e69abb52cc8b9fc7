import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EnrolmentSyncPlan } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ItriSyncButton } from './itri-sync-button';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
const plan = (dryRun: boolean): EnrolmentSyncPlan => ({
  provider: 'itri',
  dry_run: dryRun,
  rows_read: 3,
  add: [{ course_id: 7, course_code: 'CS101', user_id: 9, user_no: 'S009', role: 'student' }],
  kept: 1,
  skipped: [{ line: 4, reason: 'other_course', course_code: 'CS999', user_no: 'S010' }],
  applied: dryRun ? 0 : 1,
});

describe('ItriSyncButton', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('previews the course’s ITRI sync (to add, kept, skipped with reasons), then applies it', async () => {
    const bodies: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/courses/7/sync-itri-enrollments' || init?.method !== 'PUT') return jsonResponse(404, {});
      const body = JSON.parse(String(init.body)) as { dry_run: boolean };
      bodies.push(body);
      return jsonResponse(200, plan(body.dry_run));
    });
    renderWithApp(<ItriSyncButton courseId={7} />);
    const actor = userEvent.setup();
    await actor.click(screen.getByRole('button', { name: 'Sync from ITRI' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Nothing has changed yet: this is what the sync would do.')).toBeInTheDocument();
    expect(within(dialog).getByText('S009')).toBeInTheDocument();
    expect(within(dialog).getByText("Another course's row")).toBeInTheDocument();
    expect(bodies).toEqual([{ dry_run: true }]);
    await actor.click(within(dialog).getByRole('button', { name: /Add 1 enrol/ }));
    expect(await within(dialog).findByText(/Done: 1 enrol/)).toBeInTheDocument();
    await waitFor(() => expect(bodies).toEqual([{ dry_run: true }, { dry_run: false }]));
  });

  it('says ITRI is not connected, and who connects it, when the organisation has no connector', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, {
        code: 'CONNECTOR_NOT_CONFIGURED',
        message: 'No ITRI connector is configured',
        errors: { provider: ['No ITRI connector is configured'] },
      }),
    );
    renderWithApp(<ItriSyncButton courseId={7} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sync from ITRI' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('ITRI is not connected')).toBeInTheDocument();
    expect(within(dialog).getByText(/connects ITRI in the organi[sz]ation settings/)).toBeInTheDocument();
  });
});
