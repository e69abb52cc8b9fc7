import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ApiError } from '../../../lib/api-client';
import { dueStateOf, homeworkDataOfForm, homeworkFormOfData, homeworkSettingsOf, isScoreError, submitErrorKeyOf } from './homework-settings';

const NOW = Date.parse('2030-01-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('homework settings (HomeworkDataSchema)', () => {
  it('fills what is absent with HOMEWORK_DEFAULTS and ignores data that does not fit', () => {
    expect(homeworkSettingsOf({})).toMatchObject({ submission_type: 'both', max_files: 10, max_file_size: 200 * 1024 * 1024, group_mode: false });
    expect(homeworkSettingsOf({ submission_type: 'nonsense' }).submission_type).toBe('both');
  });

  it('the form shows MB and dates and stores bytes and ISO times, an imported max_grade carried through', () => {
    const data = {
      due_date: '2030-01-05T10:00:00.000Z',
      cut_off_date: null,
      submission_type: 'file',
      max_files: 3,
      max_file_size: 5 * 1024 * 1024,
      max_grade: 20,
    };
    const form = homeworkFormOfData(data);
    expect(form).toMatchObject({ max_file_size_mb: 5, max_files: 3, submission_type: 'file', max_grade: 20 });
    expect(form.due_date?.toISOString()).toBe('2030-01-05T10:00:00.000Z');
    expect(homeworkDataOfForm(form)).toEqual({ ...data, group_mode: false, attachment_upload_ids: [] });
    expect(homeworkDataOfForm({ max_file_size_mb: null, max_files: null, due_date: dayjs('2030-01-05T10:00:00.000Z') })).toMatchObject({
      max_files: 10,
      max_file_size: 200 * 1024 * 1024,
      due_date: '2030-01-05T10:00:00.000Z',
    });
  });
});

describe('dueStateOf: the tag beside the due date', () => {
  it('counts days, then hours, then minutes down to the due date', () => {
    expect(dueStateOf(at(3 * 86_400_000 + 5_000), null, NOW)).toEqual({ kind: 'dueIn', unit: 'day', count: 3 });
    expect(dueStateOf(at(5 * 3_600_000), null, NOW)).toEqual({ kind: 'dueIn', unit: 'hour', count: 5 });
    expect(dueStateOf(at(20_000), null, NOW)).toEqual({ kind: 'dueIn', unit: 'minute', count: 1 });
  });
  it('is overdue after the due date until the cut-off, closed after the cut-off, nothing without dates', () => {
    expect(dueStateOf(at(-1000), at(86_400_000), NOW)).toEqual({ kind: 'overdue' });
    expect(dueStateOf(at(-2000), at(-1000), NOW)).toEqual({ kind: 'closed' });
    expect(dueStateOf(null, null, NOW)).toBeNull();
  });
});

describe('refusals', () => {
  it('each hand-in error code has its own message; 400s name the files or the text', () => {
    expect(submitErrorKeyOf(new ApiError(409, { code: 'HOMEWORK_CLOSED' }))).toBe('errors.HOMEWORK_CLOSED');
    expect(submitErrorKeyOf(new ApiError(400, { code: 'HOMEWORK_EMPTY' }))).toBe('errors.HOMEWORK_EMPTY');
    expect(submitErrorKeyOf(new ApiError(400, { code: 'VALIDATION_FAILED', errors: { upload_ids: ['File x is larger'] } }))).toBe('errors.files');
    expect(submitErrorKeyOf(new ApiError(500, { code: 'INTERNAL' }))).toBeNull();
  });
  it('recognises the spec’s homework.scoreError refusal', () => {
    expect(isScoreError(new ApiError(400, { code: 'VALIDATION_FAILED', errors: { score: ['homework.scoreError'] } }))).toBe(true);
    expect(isScoreError(new ApiError(400, { code: 'VALIDATION_FAILED', errors: { feedback: ['too long'] } }))).toBe(false);
  });
});
