import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Activity } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ActivityFormModal } from '../../activities/components/activity-form-modal';
import { updateBodyOfForm, type bodyOfForm } from '../../activities/lib/activity-form';

// Two shared cores run many suites at once: give answers from the mocked server time to land.
configure({ asyncUtilTimeout: 5_000 });

const activity: Activity = {
  id: 7,
  course_id: 1,
  module_id: 2,
  type: 'questionnaire',
  title: 'Course feedback',
  is_published: true,
  start_time: null,
  end_time: null,
  completion_criterion: 'submitted',
  completion_percent: null,
  sort: 1,
  is_completed: false,
  access: 'open',
  description: null,
  data: { anonymous: false, show_results: true },
  uploads: [],
  can_guest_preview: false,
  refuse_forward_seeking: false,
};

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, {}));
});
afterEach(() => vi.restoreAllMocks());

describe('the activity form of a questionnaire (issue 15 §5 data.anonymous, data.show_results)', () => {
  it('shows both switches with the stored values and sends them in data', async () => {
    const onSubmit = vi.fn<(body: ReturnType<typeof bodyOfForm>) => Promise<unknown>>(async () => undefined);
    renderWithApp(<ActivityFormModal courseId={1} activity={activity} onSubmit={onSubmit} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const anonymous = within(dialog).getByLabelText('Anonymous');
    const showResults = within(dialog).getByLabelText('Show results to learners');
    expect(anonymous).not.toBeChecked();
    expect(showResults).toBeChecked();
    fireEvent.click(anonymous);
    fireEvent.click(within(dialog).getByText('Save').closest('button')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0];
    expect(body.data).toEqual({ anonymous: true, show_results: true });
    // An update keeps them (the form edits this type's data).
    expect(updateBodyOfForm(body).data).toEqual({ anonymous: true, show_results: true });
  }, 30_000);
});
