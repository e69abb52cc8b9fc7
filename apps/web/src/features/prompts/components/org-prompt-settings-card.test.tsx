import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { OrgPromptSettingsCard } from './org-prompt-settings-card';

const fetchMock = vi.fn<typeof fetch>();
const current = { force_mobile_binding: false, require_email_verification: true, password_max_age_days: null, pre_task_url: null };

describe('OrgPromptSettingsCard (/management/org-settings)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the settings, saves empty fields as null, and puts the server’s errors on their fields', async () => {
    let puts = 0;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        puts += 1;
        const body = JSON.parse(String(init.body)) as typeof current;
        return puts === 1
          ? jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Check', errors: { password_max_age_days: ['at most 3650 days'] } })
          : jsonResponse(200, body);
      }
      return jsonResponse(200, current);
    });
    renderWithApp(<OrgPromptSettingsCard />);
    const actor = userEvent.setup();
    const force = await screen.findByRole('switch', { name: 'Require a bound mobile phone' });
    expect(force).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Ask users to verify their e-mail' })).toBeChecked();
    await actor.click(force);
    await actor.type(screen.getByLabelText('Password expires after (days)'), '90');
    await actor.type(screen.getByLabelText('Pre-task address'), 'ftp://nope');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an address starting with http:// or https://.')).toBeInTheDocument();
    expect(puts).toBe(0);
    await actor.clear(screen.getByLabelText('Pre-task address'));
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('at most 3650 days')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account prompt settings saved.')).toBeInTheDocument();
    const bodies = fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT').map(([u, i]) => [String(u), JSON.parse(String(i?.body)) as unknown]);
    expect(bodies[1]).toEqual([
      '/api/org/prompt-settings',
      { force_mobile_binding: true, require_email_verification: true, password_max_age_days: 90, pre_task_url: null },
    ]);
  });

  it('an error with retry when the settings cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { code: 'INTERNAL', message: 'down' })).mockResolvedValue(jsonResponse(200, current));
    renderWithApp(<OrgPromptSettingsCard />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Require a bound mobile phone' })).toBeInTheDocument());
  });
});
