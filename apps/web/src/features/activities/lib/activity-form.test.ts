import { describe, expect, it } from 'vitest';
import type { Activity } from '@atrium/contracts';
import { activityFieldErrors, activityFieldName, bodyOfForm, formOfActivity, updateBodyOfForm } from './activity-form';
import { ApiError } from '../../../lib/api-client';

const base = { title: 'T', description: null, start_time: null, end_time: null, completion_criterion: 'viewed' as const, completion_percent: null };

describe('update body of the activity form', () => {
  it('leaves out data for types whose form edits none (a classroom keeps its own)', () => {
    expect(updateBodyOfForm({ ...base, type: 'classroom', data: {} })).not.toHaveProperty('data');
  });
  it('sends a forum’s grading (null when off), keeping an imported forum’s Moodle type and old discussions', () => {
    const stored = { forum_type: 'news', discussions: [{ name: 'Old', posts: [] }], grading: { type: 'participation', max_score: 10, posts_for_full: 4 } };
    const form = formOfActivity({ ...base, id: 3, type: 'forum', data: stored } as unknown as Activity);
    expect(form.data?.grading).toEqual({ type: 'participation', max_score: 10, posts_for_full: 4 });
    expect(updateBodyOfForm(bodyOfForm(form)).data).toEqual(stored);
    const off = bodyOfForm({ ...form, data: { ...form.data, grading: { type: 'none', max_score: 10, posts_for_full: 4 } } });
    expect(off.data).toEqual({ forum_type: 'news', discussions: stored.discussions, grading: null });
    expect(activityFieldName('grading.posts_for_full')).toEqual(['data', 'grading', 'posts_for_full']);
  });
  it('sends a homework’s settings: its form edits all of them, an imported max_grade and attachments carried through', () => {
    const body = bodyOfForm({
      type: 'homework',
      title: 'Essay',
      completion_criterion: 'submitted',
      data: { submission_type: 'file', max_files: 3, max_file_size_mb: 5, group_mode: true, attachment_upload_ids: [8], max_grade: 20 },
    });
    expect(body.data).toMatchObject({
      submission_type: 'file',
      max_files: 3,
      max_file_size: 5 * 1024 * 1024,
      group_mode: true,
      attachment_upload_ids: [8],
      max_grade: 20,
    });
    expect(updateBodyOfForm(body).data).toEqual(body.data);
  });
  it('sends the data of types whose form edits it, without the type', () => {
    const body = updateBodyOfForm({ ...base, type: 'page', data: { content: '<p>x</p>' } });
    expect(body).toMatchObject({ data: { content: '<p>x</p>' } });
    expect(body).not.toHaveProperty('type');
    expect(updateBodyOfForm({ ...base, type: 'web_link', data: { url: 'https://a.example' } }).data).toEqual({ url: 'https://a.example' });
    expect(updateBodyOfForm({ ...base, type: 'material', data: { copyright_notice: '© A' } }).data).toEqual({ copyright_notice: '© A' });
  });
});

describe('activity form: copyright notice, no forward seeking, guest preview', () => {
  it('file types send the copyright notice in data and both switches; other types send none of them', () => {
    const body = bodyOfForm({
      type: 'material',
      title: ' Clip ',
      completion_criterion: 'viewed',
      uploads: [],
      refuse_forward_seeking: true,
      can_guest_preview: true,
      data: { copyright_notice: '  © Atrium  ' },
    });
    expect(body).toMatchObject({
      title: 'Clip',
      data: { copyright_notice: '© Atrium' },
      refuse_forward_seeking: true,
      can_guest_preview: true,
      upload_ids: [],
    });
    expect(bodyOfForm({ type: 'scorm', title: 'S', completion_criterion: 'viewed', data: { copyright_notice: ' ' } })).toMatchObject({
      data: { copyright_notice: null },
      refuse_forward_seeking: false,
      can_guest_preview: false,
    });
    const page = bodyOfForm({
      type: 'page',
      title: 'P',
      completion_criterion: 'viewed',
      refuse_forward_seeking: true,
      data: { content: '<p>x</p>', copyright_notice: 'no' },
    });
    expect(page.data).toEqual({ content: '<p>x</p>' });
    expect(page).not.toHaveProperty('refuse_forward_seeking');
  });

  it('an activity being edited fills the fields back, and their 400 errors land on them', () => {
    const values = formOfActivity({
      type: 'material',
      title: 'Clip',
      data: { copyright_notice: '© A' },
      can_guest_preview: true,
      refuse_forward_seeking: false,
      uploads: [],
    } as unknown as Activity);
    expect(values).toMatchObject({ can_guest_preview: true, refuse_forward_seeking: false, data: { copyright_notice: '© A' } });
    const error = new ApiError(400, { code: 'VALIDATION_FAILED', message: 'bad', errors: { copyright_notice: ['too long'], refuse_forward_seeking: ['bad'] } });
    expect(activityFieldErrors(error).fields).toEqual([
      { name: ['data', 'copyright_notice'], errors: ['too long'] },
      { name: ['refuse_forward_seeking'], errors: ['bad'] },
    ]);
  });
});

describe('activity form: exam settings (issue 15, ExamDataSchema)', () => {
  const exam = (data: Record<string, unknown>) =>
    ({
      ...base,
      id: 9,
      course_id: 1,
      module_id: 1,
      type: 'exam',
      is_published: false,
      sort: 1,
      is_completed: false,
      access: 'open',
      data,
      uploads: [],
    }) as unknown as Activity;

  it('sends the time limit in seconds, attempts (0: unlimited), grade method, pass mark, shuffling and visibility; an empty limit or pass mark is none', () => {
    const body = bodyOfForm({
      type: 'exam',
      title: 'Midterm',
      completion_criterion: 'submitted',
      data: {
        time_limit_minutes: 90,
        max_attempts: 2,
        grade_method: 'average',
        pass_score: 60,
        shuffle_subjects: true,
        shuffle_options: false,
        show_score: 'after_publish',
        show_answers: 'never',
      },
    });
    expect(body.data).toEqual({
      time_limit_seconds: 5400,
      max_attempts: 2,
      grade_method: 'average',
      pass_score: 60,
      shuffle_subjects: true,
      shuffle_options: false,
      show_score: 'after_publish',
      show_answers: 'never',
    });
    const none = bodyOfForm({ type: 'exam', title: 'Quiz', completion_criterion: 'submitted', data: { time_limit_minutes: null, pass_score: null } });
    expect(none.data).toEqual({
      max_attempts: 0,
      grade_method: 'highest',
      pass_score: null,
      shuffle_subjects: false,
      shuffle_options: false,
      show_score: 'after_submit',
      show_answers: 'after_end',
    });
    expect(updateBodyOfForm(none)).toHaveProperty('data');
  });

  it('an exam being edited shows its settings (seconds as minutes) and keeps the imported max_grade it does not show', () => {
    const values = formOfActivity(
      exam({ time_limit_seconds: 2700, max_attempts: 3, grade_method: 'last', pass_score: 5, show_score: 'after_end', max_grade: 10 }),
    );
    expect(values.data).toMatchObject({
      time_limit_minutes: 45,
      max_attempts: 3,
      grade_method: 'last',
      pass_score: 5,
      shuffle_subjects: false,
      show_score: 'after_end',
      show_answers: 'after_end',
      max_grade: 10,
    });
    expect(bodyOfForm({ ...values, completion_criterion: 'submitted' }).data).toMatchObject({ time_limit_seconds: 2700, max_grade: 10 });
    expect(formOfActivity(exam({})).data).toMatchObject({ time_limit_minutes: null, max_attempts: 0, grade_method: 'highest' });
  });

  it('puts the server’s errors about exam data on their fields (the time limit on the minutes)', () => {
    expect(activityFieldName('data.time_limit_seconds')).toEqual(['data', 'time_limit_minutes']);
    expect(activityFieldName('max_attempts')).toEqual(['data', 'max_attempts']);
    expect(activityFieldName('data.show_answers')).toEqual(['data', 'show_answers']);
  });
});
