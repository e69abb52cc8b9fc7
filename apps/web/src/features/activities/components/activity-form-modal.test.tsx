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

describe('ActivityFormModal replays of a meeting (decision 0150)', () => {
  const replay = { title: 'Week 1', url: 'https://replay.example.edu/1' };

  it('keeps the stored replays, adds one, and refuses an address that is not http(s)', async () => {
    const onSubmit = vi.fn().mockResolvedValue({});
    const onClose = vi.fn();
    renderWithApp(
      <ActivityFormModal
        courseId={1}
        activity={activity({
          type: 'lecture_live',
          title: 'Lecture',
          data: { provider: 'Campus', join_url: 'https://live.example.edu/1', replay_urls: [replay] },
        })}
        onSubmit={onSubmit}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Address of replay 1')).toHaveValue(replay.url);
    await userEvent.click(within(dialog).getByRole('button', { name: /Add a replay/ }));
    fireEvent.change(within(dialog).getByLabelText('Title of replay 2'), { target: { value: 'Week 2' } });
    fireEvent.change(within(dialog).getByLabelText('Address of replay 2'), { target: { value: 'javascript:alert(1)' } });
    await userEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('Enter an http or https address.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Address of replay 2'), { target: { value: 'https://replay.example.edu/2' } });
    await userEvent.click(saveButton(dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].data.replay_urls).toEqual([replay, { title: 'Week 2', url: 'https://replay.example.edu/2' }]);
  }, 20_000);

  it('removes a replay', async () => {
    const onSubmit = vi.fn().mockResolvedValue({});
    renderWithApp(
      <ActivityFormModal
        courseId={1}
        activity={activity({ type: 'zoom', title: 'Office hours', data: { provider: 'Zoom', join_url: 'https://zoom.us/j/1', replay_urls: [replay] } })}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove replay 1' }));
    expect(within(dialog).getByText('No replays yet.')).toBeInTheDocument();
    await userEvent.click(saveButton(dialog));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].data.replay_urls).toEqual([]);
  }, 20_000);

  it('shows the server’s error of a replay on its address', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, { code: 'VALIDATION_FAILED', message: 'x', errors: { 'replay_urls.0.url': ['Only http and https links are allowed'] } }),
      );
    renderWithApp(
      <ActivityFormModal
        courseId={1}
        activity={activity({ type: 'zoom', title: 'Office hours', data: { provider: 'Zoom', join_url: 'https://zoom.us/j/1', replay_urls: [replay] } })}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('Only http and https links are allowed')).toBeInTheDocument();
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

describe('ActivityFormModal exam settings (issue 15)', () => {
  it('shows an exam’s settings, minutes for the time limit, and sends them as data with the imported max_grade kept', async () => {
    const onSubmit = vi.fn().mockResolvedValue({});
    renderWithApp(
      <ActivityFormModal
        courseId={1}
        activity={activity({
          type: 'exam',
          title: 'Midterm',
          completion_criterion: 'submitted',
          data: { time_limit_seconds: 3600, max_attempts: 2, grade_method: 'last', show_score: 'after_publish', max_grade: 20 },
        })}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const settings = within(dialog).getByTestId('exam-settings');
    expect(within(settings).getByLabelText('Time limit')).toHaveValue('60');
    expect(within(settings).getByLabelText('Attempts allowed')).toHaveValue('2');
    expect(settings).toHaveTextContent('Last attempt');
    expect(settings).toHaveTextContent('When the scores are published');
    fireEvent.change(within(settings).getByLabelText('Time limit'), { target: { value: '' } });
    fireEvent.change(within(settings).getByLabelText('Attempts allowed'), { target: { value: '0' } });
    fireEvent.change(within(settings).getByLabelText('Passing score (points)'), { target: { value: '12' } });
    await userEvent.click(within(settings).getByRole('switch', { name: 'Shuffle questions' }));
    await userEvent.click(saveButton(dialog));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].data).toEqual({
      max_attempts: 0,
      grade_method: 'last',
      pass_score: 12,
      shuffle_subjects: true,
      shuffle_options: false,
      show_score: 'after_publish',
      show_answers: 'after_end',
      max_grade: 20,
    });
  }, 20_000);

  it('a new exam starts from the server’s defaults; the questionnaire switches stay with questionnaires', async () => {
    const onSubmit = vi.fn().mockResolvedValue({});
    renderWithApp(<ActivityFormModal courseId={1} activity={null} onSubmit={onSubmit} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Activity type' }));
    await userEvent.click(await screen.findByTitle('Exam'));
    const settings = await within(dialog).findByTestId('exam-settings');
    expect(within(settings).getByLabelText('Attempts allowed')).toHaveValue('0');
    expect(within(dialog).queryByRole('switch', { name: /anonymous/i })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Title', { exact: true }), { target: { value: 'Quiz 1' } });
    fireEvent.change(within(settings).getByLabelText('Time limit'), { target: { value: '30' } });
    await userEvent.click(saveButton(dialog));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      type: 'exam',
      title: 'Quiz 1',
      completion_criterion: 'submitted',
      data: { time_limit_seconds: 1800, max_attempts: 0, grade_method: 'highest', show_score: 'after_submit', show_answers: 'after_end' },
    });
    expect(onSubmit.mock.calls[0]![0].data).not.toHaveProperty('content');
  }, 20_000);

  it('a new questionnaire is completed by a submission, a page by a visit; a criterion chosen by hand stays', async () => {
    const onSubmit = vi.fn().mockResolvedValue({});
    renderWithApp(<ActivityFormModal courseId={1} activity={null} onSubmit={onSubmit} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const completion = () => within(dialog).getByRole('combobox', { name: 'Completed when' }).closest('.ant-select')!;
    const chooseType = async (title: string) => {
      const type = within(dialog).getByRole('combobox', { name: 'Activity type' });
      fireEvent.mouseDown(type);
      fireEvent.change(type, { target: { value: title } });
      await userEvent.click(await screen.findByTitle(title));
    };
    await chooseType('Questionnaire');
    await waitFor(() => expect(completion()).toHaveTextContent('Submitted'));
    await chooseType('Page');
    await waitFor(() => expect(completion()).toHaveTextContent('Viewed'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Completed when' }));
    await userEvent.click(await screen.findByTitle('Scored'));
    await chooseType('Exam');
    fireEvent.change(within(dialog).getByLabelText('Title', { exact: true }), { target: { value: 'Quiz 2' } });
    await userEvent.click(saveButton(dialog));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ type: 'exam', completion_criterion: 'scored' });
  }, 40_000);
});

describe('ActivityFormModal forum grading (issue 18 §1)', () => {
  it('is off by default; participation asks for the points and the posts for full points and sends them in data.grading', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithApp(
      <ActivityFormModal
        courseId={1}
        activity={activity({ type: 'forum', title: 'Class forum', data: { forum_type: 'news' } })}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const grading = within(dialog).getByTestId('forum-grading');
    expect(within(grading).getByText('Not graded')).toBeInTheDocument();
    expect(within(grading).queryByLabelText('Posts for full points')).not.toBeInTheDocument();

    await userEvent.click(within(grading).getByLabelText('Grade this forum'));
    await userEvent.click(await screen.findByTitle('On participation'));
    const posts = await within(grading).findByLabelText('Posts for full points');
    expect(within(grading).getByLabelText('Points for full participation')).toHaveValue('100');
    await userEvent.clear(posts);
    await userEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('Enter a whole number from 1 to 1000.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(posts, '4');
    await userEvent.click(saveButton(dialog));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].data).toEqual({ forum_type: 'news', grading: { type: 'participation', max_score: 100, posts_for_full: 4 } });
  }, 30_000);

  it('shows the server’s field error on the grading field', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(400, { code: 'VALIDATION_FAILED', message: 'Invalid', errors: { 'grading.max_score': ['Too big'] } }));
    renderWithApp(
      <ActivityFormModal
        courseId={1}
        activity={activity({ type: 'forum', title: 'Graded', data: { grading: { type: 'participation', max_score: 10, posts_for_full: 2 } } })}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Points for full participation')).toHaveValue('10');
    await userEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('Too big')).toBeInTheDocument();
  }, 20_000);
});
