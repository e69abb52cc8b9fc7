import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { InvitePopup } from './invite-popup';

const fetchMock = vi.fn<typeof fetch>();

function answer(invitable: string[], inviteAnswer: Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/authz/course-roles'))
      return jsonResponse(200, { roles: ['student', 'instructor_assistant', 'instructor'], invitable_roles: invitable, assignable_roles: [] });
    return inviteAnswer;
  });
}

describe('InvitePopup (spec §2, §6, §8)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends the e-mails without whitespace, comma-split, with the default role', async () => {
    answer(['student', 'instructor_assistant', 'instructor'], jsonResponse(200, { message: '2 invitation(s) sent' }));
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithApp(<InvitePopup courseId={7} open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Student')).toBeInTheDocument());
    await user.type(within(dialog).getByLabelText('E-mail addresses'), ' a@x.edu , b@x.edu ');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('2 invitations sent')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/course/7/invites');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ emails: ['a@x.edu', 'b@x.edu'], invite_type: 'student' });
  });

  it('counts one invitation in the singular, not "1 invitation(s) sent" (issue 20 §13)', async () => {
    answer(['student'], jsonResponse(200, { message: '1 invitation(s) sent' }));
    const user = userEvent.setup();
    renderWithApp(<InvitePopup courseId={7} open onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Student')).toBeInTheDocument());
    await user.type(within(dialog).getByLabelText('E-mail addresses'), 'a@x.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('1 invitation sent')).toBeInTheDocument();
    expect(screen.queryByText('1 invitation(s) sent')).not.toBeInTheDocument();
  });

  it('defaults to instructor_assistant when students may not be invited', async () => {
    answer(['instructor_assistant', 'instructor'], jsonResponse(200, { message: 'ok' }));
    renderWithApp(<InvitePopup courseId={7} open onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Instructor assistant')).toBeInTheDocument());
  });

  it('shows emails_not_exist on the e-mail field and stays open', async () => {
    answer(['student'], jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'No user', errors: { emails_not_exist: ['nobody@x.edu'] } }));
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithApp(<InvitePopup courseId={7} open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Student')).toBeInTheDocument());
    await user.type(within(dialog).getByLabelText('E-mail addresses'), 'nobody@x.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(await within(dialog).findByText('No user has these e-mail addresses: nobody@x.edu')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
