import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Activity } from '@atrium/contracts';
import { ApiError } from '../../../lib/api-client';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ActivityFormModal } from './activity-form-modal';

const activity = (over: Partial<Activity>): Activity => ({
  id: 5,
  course_id: 1,
  module_id: 2,
  type: 'online_video',
  title: 'Mice',
  is_published: false,
  start_time: null,
  end_time: null,
  completion_criterion: 'viewed',
  completion_percent: null,
  sort: 1,
  is_completed: false,
  access: 'open',
  description: null,
  data: {},
  uploads: [],
  can_guest_preview: false,
  refuse_forward_seeking: false,
  ...over,
});

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    jsonResponse(200, { maxUploadBytes: 1e9, checkUploadExtension: true, maxLevelInUploadFolder: 5, maxFileCountInUploadFolder: 500 }),
  );
});
afterEach(() => vi.restoreAllMocks());

const saveButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Save' });

describe('ActivityFormModal validation', () => {
  it('asks for a title before calling the server', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<ActivityFormModal courseId={1} activity={activity({ type: 'web_link', title: '' })} onSubmit={onSubmit} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('Enter a title.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Enter a link.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  }, 20_000);

  it('refuses a javascript: web link on the link field', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<ActivityFormModal courseId={1} activity={activity({ type: 'web_link', title: 'Docs' })} onSubmit={onSubmit} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Link'), { target: { value: 'javascript:alert(1)' } });
    await userEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('Enter a link starting with http:// or https://.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  }, 20_000);

  it('flags an unsupported online video link on the original-URL field (spec §5)', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<ActivityFormModal courseId={1} activity={activity({})} onSubmit={onSubmit} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Original URL'), { target: { value: 'https://example.org/movie.mp4' } });
    await userEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('This is not a supported online video link.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  }, 20_000);

  it('shows the server 400 field errors on their fields and keeps the popup open', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, { code: 'VALIDATION', message: 'Invalid', errors: { url: ['Not a supported online video link'], title: ['Title taken'] } }),
      );
    const onClose = vi.fn();
    renderWithApp(<ActivityFormModal courseId={1} activity={activity({})} onSubmit={onSubmit} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Original URL'), { target: { value: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } });
    await userEvent.click(saveButton(dialog));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ title: 'Mice', data: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, upload_ids: [] });
    expect(await within(dialog).findByText('Not a supported online video link')).toBeInTheDocument();
    expect(within(dialog).getByText('Title taken')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  }, 20_000);

  it('sends the meeting fields and closes after a successful save', async () => {
    const onSubmit = vi.fn().mockResolvedValue({});
    const onClose = vi.fn();
    renderWithApp(
      <ActivityFormModal
        courseId={1}
        activity={activity({ type: 'zoom', title: 'Office hours', data: { provider: 'Zoom', join_url: 'https://zoom.us/j/1' } })}
        onSubmit={onSubmit}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(saveButton(dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      type: 'zoom',
      data: { provider: 'Zoom', join_url: 'https://zoom.us/j/1', meeting_start_time: null, meeting_end_time: null },
    });
  }, 20_000);
});

describe('ActivityFormModal guest link (spec §6)', () => {
  it('shows the guest link to copy only while guest preview is on', async () => {
    renderWithApp(
      <ActivityFormModal
        courseId={1}
        activity={activity({ id: 42, type: 'material', title: 'Files', is_published: true, can_guest_preview: true })}
        onSubmit={vi.fn()}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const link = await within(dialog).findByTestId('guest-link');
    expect(link).toHaveTextContent(`${window.location.origin}/guest/activities/42`);
    expect(within(dialog).getByRole('button', { name: 'Copy the guest link' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Visitors may preview' }));
    await waitFor(() => expect(within(dialog).queryByTestId('guest-link')).toBeNull());
  }, 20_000);

  it('a new activity says the link comes after saving', async () => {
    renderWithApp(<ActivityFormModal courseId={1} activity={null} onSubmit={vi.fn()} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Activity type' }));
    await userEvent.click(await screen.findByTitle('Material'));
    await userEvent.click(await within(dialog).findByRole('switch', { name: 'Visitors may preview' }));
    expect(await within(dialog).findByTestId('guest-link-pending')).toHaveTextContent('The guest link appears here once the activity is saved.');
    expect(within(dialog).queryByTestId('guest-link')).toBeNull();
  }, 20_000);
});
