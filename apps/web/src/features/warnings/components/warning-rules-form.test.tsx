import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WarningRulesAnswer } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { WarningRulesForm } from './warning-rules-form';
import type { WarningRulesScope } from '../api';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();

/** The course set its own "no sign-in" rule (10 days); the other three follow the organisation. */
const courseAnswer: WarningRulesAnswer = {
  effective: { inactive_days: 10, behind_percent: 20, missed_deadlines: 1, falling_scores: { count: 3, drop_percent: 15 } },
  own: { inactive_days: 10 },
};

let answer: WarningRulesAnswer;

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = String(input);
  if ((url === '/api/courses/2/warning-rules' || url === '/api/org/warning-rules') && (init?.method ?? 'GET') === 'GET') return jsonResponse(200, answer);
  if (url === '/api/courses/2/warning-rules' && init?.method === 'PUT') {
    const own = JSON.parse(String(init.body)) as WarningRulesAnswer['own'];
    answer = { effective: { ...courseAnswer.effective, inactive_days: 7, ...own }, own };
    return jsonResponse(200, answer);
  }
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}

/** The bodies of the PUTs sent so far. */
function puts(): unknown[] {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
}

function ruleRow(key: string): HTMLElement {
  return screen.getAllByTestId('warning-rule').find((row) => row.getAttribute('data-rule') === key)!;
}

async function renderForm(editable = true, scope: WarningRulesScope = { kind: 'course', courseId: 2 }) {
  renderWithApp(<WarningRulesForm scope={scope} editable={editable} />);
  await screen.findAllByTestId('warning-rule');
}

describe('WarningRulesForm: the early-warning rules of a course or the organisation (issue 25 item 4)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    answer = courseAnswer;
    fetchMock.mockImplementation(async (input, init) => route(input, init));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the rules in force, and which the course set and which follow the organisation', async () => {
    await renderForm();
    expect(screen.getAllByTestId('warning-rule').map((row) => row.getAttribute('data-rule'))).toEqual([
      'inactive_days',
      'behind_percent',
      'missed_deadlines',
      'falling_scores',
    ]);
    expect(screen.getByRole('switch', { name: 'No sign-in' })).toBeChecked();
    expect(screen.getByLabelText('Days')).toHaveValue('10');
    expect(screen.getByLabelText('Percentage points')).toHaveValue('20');
    expect(screen.getByLabelText('Activities')).toHaveValue('1');
    expect(screen.getByLabelText('Scores in a row')).toHaveValue('3');
    expect(screen.getByLabelText('Total drop (percentage points)')).toHaveValue('15');
    expect(within(ruleRow('inactive_days')).getByTestId('warning-rule-source')).toHaveTextContent('Set for this course');
    for (const key of ['behind_percent', 'missed_deadlines', 'falling_scores'])
      expect(within(ruleRow(key)).getByTestId('warning-rule-source')).toHaveTextContent('From the organization');
    expect(screen.getByRole('button', { name: 'Save rules' })).toBeDisabled();
  });

  it('saves the course’s own rules with the changed ones: null for a rule switched off, the new number for one edited, nothing for one left to the organisation', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('switch', { name: 'Behind schedule' }));
    expect(screen.getByLabelText('Percentage points')).toBeDisabled();
    const missed = screen.getByLabelText('Activities');
    await user.clear(missed);
    await user.type(missed, '3');
    expect(within(ruleRow('missed_deadlines')).getByText('Not saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(puts()).toEqual([{ inactive_days: 10, behind_percent: null, missed_deadlines: 3 }]));
    expect(await screen.findByText('Warning rules saved')).toBeInTheDocument();
    // The answer's rules are the form's again, now set for the course.
    await waitFor(() => expect(within(ruleRow('missed_deadlines')).getByTestId('warning-rule-source')).toHaveTextContent('Set for this course'));
    expect(screen.getByRole('switch', { name: 'Behind schedule' })).not.toBeChecked();
    expect(within(ruleRow('falling_scores')).getByTestId('warning-rule-source')).toHaveTextContent('From the organization');
    expect(screen.getByRole('button', { name: 'Save rules' })).toBeDisabled();
  });

  it('sends the falling-scores rule whole, and nothing when a switch is turned off and on again', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('switch', { name: 'Missed deadlines' }));
    await user.click(screen.getByRole('switch', { name: 'Missed deadlines' }));
    expect(screen.getByRole('button', { name: 'Save rules' })).toBeDisabled();
    const count = screen.getByLabelText('Scores in a row');
    await user.clear(count);
    await user.type(count, '4');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(puts()).toEqual([{ inactive_days: 10, falling_scores: { count: 4, drop_percent: 15 } }]));
  });

  it('puts a rule the course set back to the organisation’s by leaving it out', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(within(ruleRow('inactive_days')).getByRole('button', { name: "Use the organization's" }));
    expect(within(ruleRow('inactive_days')).getByTestId('warning-rule-source')).toHaveTextContent('Follows the organization once saved');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(puts()).toEqual([{}]));
    await waitFor(() => expect(within(ruleRow('inactive_days')).getByTestId('warning-rule-source')).toHaveTextContent('From the organization'));
    expect(screen.getByLabelText('Days')).toHaveValue('7');
  });

  it('will not save an emptied number, and discards the edits', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.clear(screen.getByLabelText('Days'));
    expect(screen.getByRole('button', { name: 'Save rules' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('Days')).toHaveValue('10');
    expect(puts()).toEqual([]);
  });

  it('shows an assistant the rules without a way to change them', async () => {
    await renderForm(false);
    expect(screen.getByTestId('warning-rules-read-only')).toHaveTextContent("Only the course's instructors can change its warning rules.");
    for (const name of ['No sign-in', 'Behind schedule', 'Missed deadlines', 'Falling scores']) expect(screen.getByRole('switch', { name })).toBeDisabled();
    expect(screen.getByLabelText('Days')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save rules' })).toBeNull();
    expect(screen.queryByRole('button', { name: "Use the organization's" })).toBeNull();
  });

  it('reads the organisation’s rules as set by it or the defaults', async () => {
    answer = { effective: { ...courseAnswer.effective, inactive_days: 7, falling_scores: null }, own: { falling_scores: null } };
    await renderForm(true, { kind: 'org' });
    expect(within(ruleRow('falling_scores')).getByTestId('warning-rule-source')).toHaveTextContent('Set by the organization');
    expect(screen.getByRole('switch', { name: 'Falling scores' })).not.toBeChecked();
    expect(within(ruleRow('inactive_days')).getByTestId('warning-rule-source')).toHaveTextContent('Default');
    expect(within(ruleRow('falling_scores')).getByRole('button', { name: 'Use the default' })).toBeInTheDocument();
  });
});
