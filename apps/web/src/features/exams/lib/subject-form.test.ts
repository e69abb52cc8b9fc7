import { describe, expect, it } from 'vitest';
import { formValuesOf, subjectBodyOf, subjectFieldOf, subjectFormProblems } from './subject-form';

describe('the subject form', () => {
  it('sends only the fields of the chosen type', () => {
    const values = { ...formValuesOf(null, 'short_answer'), description: '<p>Say hi</p>', score: 2, accepted: [' hello ', '', 'hi'], case_sensitive: true };
    const noMedia = { upload_ids: [], play_limit: false, play_limit_times: 0 };
    expect(subjectBodyOf(values)).toEqual({
      type: 'short_answer',
      description: '<p>Say hi</p>',
      score: 2,
      case_sensitive: true,
      answers: [['hello', 'hi']],
      ...noMedia,
    });
    const blank = { ...formValuesOf(null, 'fill_in_blank'), description: '<p>[[1]] and [[2]]</p>', blanks: [['a'], ['b', 'B ']] };
    expect(subjectBodyOf(blank)).toMatchObject({ type: 'fill_in_blank', answers: [['a'], ['b', 'B']] });
    expect(subjectBodyOf(blank)).not.toHaveProperty('options');
    expect(subjectBodyOf({ ...formValuesOf(null, 'description'), score: 5 })).toEqual({
      type: 'description',
      description: '',
      score: 0,
      case_sensitive: false,
      ...noMedia,
    });
  });

  it('a random subject is its category, count and points of each, without text or media', () => {
    const values = { ...formValuesOf(null, 'random'), description: '<p>ignored</p>', category_id: 5, count: 3.4, score: 2, upload_ids: [9] };
    expect(subjectBodyOf(values)).toEqual({ type: 'random', description: '', score: 2, case_sensitive: false, category_id: 5, count: 3 });
    expect(subjectFormProblems({ ...formValuesOf(null, 'random'), category_id: null })).toEqual([{ name: 'category_id', key: 'form.categoryRequired' }]);
  });

  it('sends media with a play limit of at least one play, and the category only for the bank', () => {
    const values = { ...formValuesOf(null, 'essay'), description: '<p>Listen</p>', upload_ids: [9, 10], play_limit: true, play_limit_times: 0, category_id: 4 };
    expect(subjectBodyOf(values)).toMatchObject({ upload_ids: [9, 10], play_limit: true, play_limit_times: 1 });
    expect(subjectBodyOf(values)).not.toHaveProperty('category_id');
    expect(subjectBodyOf(values, 'bank')).toMatchObject({ category_id: 4 });
    expect(subjectBodyOf({ ...values, upload_ids: [] })).toMatchObject({ upload_ids: [], play_limit: false, play_limit_times: 0 });
    expect(formValuesOf(null, 'essay', { category_id: 7 }).category_id).toBe(7);
  });

  it('marks options and prompts that hold markup for the rich-text editor, and never sends the mark', () => {
    const subject = {
      id: 1,
      activity_id: 7,
      category_id: null,
      type: 'single_selection' as const,
      description: '',
      score: 1,
      sort: 1,
      options: [
        { id: 'a', content: '<p>x<sup>2</sup></p>', is_answer: true },
        { id: 'b', content: 'x + 2', is_answer: false },
      ],
      upload_ids: [],
      play_limit: false,
      play_limit_times: 0,
    };
    const values = formValuesOf(subject, 'single_selection');
    expect(values.options?.map((o) => o.rich)).toEqual([true, false]);
    expect(subjectBodyOf(values).options).toEqual([
      { content: '<p>x<sup>2</sup></p>', is_answer: true },
      { content: 'x + 2', is_answer: false },
    ]);
  });

  it('puts each server field error on the field it names', () => {
    const single = subjectFieldOf('single_selection');
    expect(single('options.1.content')).toEqual(['options', 1, 'content']);
    expect(single('options')).toBe('options');
    expect(single('score')).toBe('score');
    expect(single('answers')).toBeNull();
    expect(subjectFieldOf('fill_in_blank')('answers.1.0')).toEqual(['blanks', 1]);
    expect(subjectFieldOf('fill_in_blank')('answers')).toBe('blanks');
    expect(subjectFieldOf('short_answer')('answers.0.3')).toBe('accepted');
    expect(subjectFieldOf('matching')('pairs[0].answer')).toEqual(['pairs', 0, 'answer']);
    expect(subjectFieldOf('matching')('distractors.2')).toBe('distractors');
    expect(single('body')).toBeNull();
    expect(single('category_id')).toBe('category_id');
    expect(single('upload_ids.0')).toBe('upload_ids');
    expect(single('play_limit_times')).toBe('play_limit_times');
  });

  it('catches what the server would refuse before sending', () => {
    const options = [
      { content: 'A', is_answer: true },
      { content: 'B', is_answer: true },
    ];
    expect(subjectFormProblems({ ...formValuesOf(null, 'single_selection'), options })).toEqual([{ name: 'options', key: 'form.optionsOneRight' }]);
    expect(subjectFormProblems({ ...formValuesOf(null, 'multiple_selection'), options })).toEqual([]);
    expect(subjectFormProblems({ ...formValuesOf(null, 'fill_in_blank'), description: '<p>[[1]]</p>', blanks: [['a'], ['b']] })).toEqual([
      { name: 'description', key: 'form.blanksUnmarked' },
    ]);
  });
});
