import { describe, expect, it } from 'vitest';
import type { Activity } from '@atrium/contracts';
import { activityFieldErrors, bodyOfForm, formOfActivity, updateBodyOfForm } from './activity-form';
import { ApiError } from '../../../lib/api-client';

const base = { title: 'T', description: null, start_time: null, end_time: null, completion_criterion: 'viewed' as const, completion_percent: null };

describe('update body of the activity form', () => {
  it('leaves out data for types whose form edits none (imported homework, exam, forum keep theirs)', () => {
    for (const type of ['homework', 'exam', 'forum'] as const) expect(updateBodyOfForm({ ...base, type, data: {} })).not.toHaveProperty('data');
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
